/**
 * The item sheet's context for every item type (templates/sheets/item/*.hbs): the stored fields (inputs in
 * edit mode, values in play mode) and the values the engine derives from them (`weaponDerived`,
 * `spellDerived`, `armorDerived`, `featDerived`, `powerDerived`, `gearDerived`), never worked out here.
 */
import {
  DAMAGE_KINDS,
  DAMAGE_KIND_LABELS,
  FEAT_KEYS,
  FEAT_RULES,
  NO_OWNER,
  WEAPON_PROPERTIES,
  armorDerived,
  featDerived,
  gearDerived,
  powerDerived,
  spellDerived,
  weaponDerived,
  type I18nKey,
  type Message,
} from "../../engine/index.ts";
import { checkboxField, numberField, selectField, textField, withHint, type FieldContext } from "./sheet-field.ts";
import type { ItemSheetInput, SheetItemOf, SheetMode } from "./sheet-input.ts";
import type { ItemValue } from "./item-rows.ts";
import {
  ACTION_KIND_LABELS,
  AREA_LABELS,
  ARMOR_CATEGORY_LABELS,
  BATTLE_ACTION_LABELS,
  POWER_KIND_LABELS,
  PROPERTY_LABELS,
  SPELL_CASTING_ACTION_LABELS,
  SPELL_USE_LABELS,
  ITEM_TYPE_LABELS,
  choicesOf,
} from "./sheet-labels.ts";

export interface ItemSheetContext {
  readonly mode: SheetMode;
  readonly editing: boolean;
  readonly modeToggle: { readonly label: Message; readonly pressed: string; readonly shown: boolean };
  readonly header: { readonly name: string; readonly img: string | null; readonly typeLabel: Message };
  readonly itemFields: readonly FieldContext[];
  readonly derived: readonly ItemValue[];
  readonly hasDerived: boolean;
  readonly description: { readonly html: string; readonly empty: boolean };
}

const v = (key: I18nKey, value: string | number | null, words: readonly Message[] = []): ItemValue => ({
  label: { key },
  value: value === null ? "—" : String(value),
  words,
});
/** DR-1: the damage kinds as choices, in family order (a kind without a label shows as itself). */
const DAMAGE_KIND_CHOICES = DAMAGE_KINDS.flatMap((value) => {
  const label = DAMAGE_KIND_LABELS[value];
  return label === undefined ? [] : [{ value, label }];
});
const damageKindField = (mode: SheetMode, value: string): FieldContext =>
  selectField(mode, "system.damageKind", "TEMPO.SHEET.Item.DamageKind", value, DAMAGE_KIND_CHOICES);
/** OSH-2: the statuses a hit applies, and whether an unbroken overshield lets them through. */
const statusFields = (mode: SheetMode, s: { statuses: string; statusesBypassShield: boolean }): FieldContext[] => [
  textField(mode, "system.statuses", "TEMPO.SHEET.Item.Statuses", s.statuses),
  checkboxField(mode, "system.statusesBypassShield", "TEMPO.SHEET.Item.StatusesBypassShield", s.statusesBypassShield),
];
const yesNo = (flag: boolean): Message[] => [{ key: flag ? "TEMPO.SHEET.Yes" : "TEMPO.SHEET.No" }];
/** An action kind the engine derives, in words ("—" for none). */
const kind = (key: I18nKey, value: keyof typeof ACTION_KIND_LABELS | null): ItemValue =>
  value === null ? v(key, null) : v(key, "", [{ key: ACTION_KIND_LABELS[value] }]);

function weapon(mode: SheetMode, item: SheetItemOf<"weapon">, input: ItemSheetInput) {
  const s = item.stats;
  const d = weaponDerived(s, input.owner ?? NO_OWNER);
  const fields = [
    textField(mode, "system.damage", "TEMPO.SHEET.Item.Damage", s.damage),
    damageKindField(mode, s.damageKind),
    ...WEAPON_PROPERTIES.map((p) => checkboxField(mode, `system.properties.${p}`, PROPERTY_LABELS[p], s.properties[p])),
    numberField(mode, "system.apCost", "TEMPO.SHEET.Item.ApCost", s.apCost),
    checkboxField(mode, "system.constantDamage", "TEMPO.SHEET.Item.ConstantDamage", s.constantDamage),
    numberField(mode, "system.speed", "TEMPO.SHEET.Item.Speed", s.speed),
    textField(mode, "system.group", "TEMPO.SHEET.Item.Group", s.group),
    // SEG-16 (ruling): empty is null, not part of a routine unless natural; the engine refuses 0 or a fraction.
    withHint(
      numberField(mode, "system.routineAttacks", "TEMPO.SHEET.Item.RoutineAttacks", s.routineAttacks, undefined, 1),
      "TEMPO.SHEET.Item.RoutineAttacksHint",
    ),
    ...statusFields(mode, s),
  ];
  const derived = [
    v("TEMPO.SHEET.Item.LadderLevel", d.ladderLevel),
    v("TEMPO.SHEET.Item.Delay", d.delay),
    v("TEMPO.SHEET.Item.TwoHanded", d.twoHanded === null ? null : `${d.twoHanded.damage} / ${d.twoHanded.delay}`),
    v("TEMPO.SHEET.Item.CanCleave", "", yesNo(d.canCleave)),
    v("TEMPO.SHEET.Item.CanCharge", "", yesNo(d.canCharge)),
    v("TEMPO.SHEET.Item.Charged", d.charged === null ? null : `${d.charged.damage} / ${d.charged.delay}`),
    v("TEMPO.SHEET.Item.Swings", d.swingsPerAction),
  ];
  return { fields, derived };
}

function spell(mode: SheetMode, item: SheetItemOf<"spell">) {
  const s = item.stats;
  const d = spellDerived(s);
  const fields = [
    numberField(mode, "system.slotLevel", "TEMPO.SHEET.Item.SlotLevel", s.slotLevel),
    numberField(mode, "system.castingTime", "TEMPO.SHEET.Item.CastingTime", s.castingTime),
    selectField(
      mode,
      "system.castingAction",
      "TEMPO.SHEET.Item.CastingAction",
      s.castingAction,
      choicesOf(SPELL_CASTING_ACTION_LABELS),
    ),
    textField(mode, "system.damage", "TEMPO.SHEET.Item.Damage", s.damage),
    damageKindField(mode, s.damageKind),
    selectField(mode, "system.area.shape", "TEMPO.SHEET.Item.AreaShape", s.area.shape, choicesOf(AREA_LABELS)),
    numberField(mode, "system.area.size", "TEMPO.SHEET.Item.AreaSize", s.area.size),
    checkboxField(mode, "system.concentration", "TEMPO.SHEET.Item.Concentration", s.concentration),
    textField(mode, "system.save.ability", "TEMPO.SHEET.Item.SaveAbility", s.save.ability),
    numberField(mode, "system.save.dc", "TEMPO.SHEET.Item.SaveDc", s.save.dc),
    selectField(mode, "system.use", "TEMPO.SHEET.Item.SpellUse", s.use, choicesOf(SPELL_USE_LABELS)),
    textField(mode, "system.shieldCondition", "TEMPO.SHEET.Item.ShieldCondition", s.shieldCondition),
    ...statusFields(mode, s),
  ];
  const derived = [
    v("TEMPO.SHEET.Item.Delay", d.delay),
    v("TEMPO.SHEET.Item.ResolvesIn", d.resolvesInSegment),
    v("TEMPO.SHEET.Item.CastingSeconds", d.castingSeconds),
  ];
  return { fields, derived };
}

function armor(mode: SheetMode, item: SheetItemOf<"armor">) {
  const s = item.stats;
  const d = armorDerived(s);
  const fields = [
    selectField(mode, "system.category", "TEMPO.SHEET.Item.Category", s.category, choicesOf(ARMOR_CATEGORY_LABELS)),
    numberField(mode, "system.acBonus", "TEMPO.SHEET.Item.AcBonus", s.acBonus),
    numberField(mode, "system.armor", "TEMPO.SHEET.Item.Armor", s.armor),
    numberField(mode, "system.dr.physical", "TEMPO.SHEET.Dr.physical", s.dr.physical),
    numberField(mode, "system.dr.elemental", "TEMPO.SHEET.Dr.elemental", s.dr.elemental),
    numberField(mode, "system.dr.arcane", "TEMPO.SHEET.Dr.arcane", s.dr.arcane),
    checkboxField(mode, "system.equipped", "TEMPO.SHEET.Item.Equipped", s.equipped),
  ];
  return { fields, derived: [kind("TEMPO.SHEET.Item.DonCost", d.donCost)] };
}

function feat(mode: SheetMode, item: SheetItemOf<"feat">) {
  const d = featDerived(item.stats);
  const featChoices = FEAT_KEYS.map((value) => ({ value, label: FEAT_RULES[value].label }));
  return {
    fields: [selectField(mode, "system.feat", "TEMPO.SHEET.Item.Feat", item.stats.feat, featChoices)],
    derived: [v("TEMPO.SHEET.Item.Rule", d.rule)],
  };
}

function power(mode: SheetMode, item: SheetItemOf<"power">) {
  const s = item.stats;
  const d = powerDerived(s);
  const fields = [
    selectField(mode, "system.kind", "TEMPO.SHEET.Item.PowerKind", s.kind, choicesOf(POWER_KIND_LABELS)),
    numberField(mode, "system.squares", "TEMPO.SHEET.Item.Squares", s.squares),
    checkboxField(mode, "system.provokes", "TEMPO.SHEET.Item.Provokes", s.provokes),
    checkboxField(mode, "system.straightLine", "TEMPO.SHEET.Item.StraightLine", s.straightLine),
    selectField(mode, "system.action", "TEMPO.SHEET.Item.BattleAction", s.action, choicesOf(BATTLE_ACTION_LABELS)),
  ];
  return { fields, derived: [kind("TEMPO.SHEET.Item.Spends", d.spends), v("TEMPO.SHEET.Item.Feet", d.feet)] };
}

function gear(mode: SheetMode, item: SheetItemOf<"gear">) {
  const s = item.stats;
  const d = gearDerived(s);
  const fields = [
    numberField(mode, "system.quantity", "TEMPO.SHEET.Item.Quantity", s.quantity),
    numberField(mode, "system.weight", "TEMPO.SHEET.Item.Weight", s.weight),
    numberField(mode, "system.uses.value", "TEMPO.SHEET.Item.UsesLeft", s.uses.value),
    numberField(mode, "system.uses.max", "TEMPO.SHEET.Item.UsesMax", s.uses.max),
  ];
  return {
    fields,
    derived: [kind("TEMPO.SHEET.Item.UseCost", d.useCost), v("TEMPO.SHEET.Item.Spent", "", yesNo(d.spent))],
  };
}

function partsOf(input: ItemSheetInput): { fields: FieldContext[]; derived: ItemValue[] } {
  const { item, mode } = input;
  switch (item.type) {
    case "weapon":
      return weapon(mode, item, input);
    case "spell":
      return spell(mode, item);
    case "armor":
      return armor(mode, item);
    case "feat":
      return feat(mode, item);
    case "power":
      return power(mode, item);
    case "gear":
      return gear(mode, item);
  }
}

export function buildItemSheetContext(input: ItemSheetInput): ItemSheetContext {
  const { item, mode } = input;
  const { fields, derived } = partsOf(input);
  return {
    mode,
    editing: mode === "edit",
    modeToggle: {
      label: { key: mode === "edit" ? "TEMPO.SHEET.Mode.ToPlay" : "TEMPO.SHEET.Mode.ToEdit" },
      pressed: mode === "edit" ? "true" : "false",
      shown: input.editable,
    },
    header: { name: item.name, img: item.img, typeLabel: { key: ITEM_TYPE_LABELS[item.type] } },
    itemFields: fields,
    derived,
    hasDerived: derived.length > 0,
    description: { html: item.description, empty: item.description.trim() === "" },
  };
}
