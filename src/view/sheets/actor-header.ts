/**
 * The actor sheet's header and attributes parts: name, hit points and the overshield as a second bar
 * (OSH-1), the three DR kinds (DR-1) with the world's DR-2 setting, and the statistics the world's
 * ruleset reads (sheet-ruleset.ts). Derived values are the engine's (`deriveActorValues`), never worked
 * out here.
 */
import {
  ACTOR_SIDES,
  DR_FAMILIES,
  MOVEMENT_MODES,
  SKILL_IDS,
  deriveActorValues,
  formatAac0,
  monsterSaveRow,
  type ActorDerived,
  type CarriedWeapon,
  type DrFamily,
  type HostSide,
  type I18nKey,
  type Message,
  type WornArmor,
} from "../../engine/index.ts";
import { ABILITY_LABELS, ACTOR_TYPE_LABELS, DEFENSE_LABELS, SKILL_LABELS, SPEED_LABELS } from "./sheet-labels.ts";
import { notationField, numberField, selectField, signedText, textField, type FieldContext } from "./sheet-field.ts";
import type { ActorSheetInput, SheetMode } from "./sheet-input.ts";
import { RULESET_SHEETS } from "./sheet-ruleset.ts";

export interface BarContext {
  readonly label: Message;
  readonly value: number;
  readonly max: number;
  /** "7 / 10": the bar's numbers in words, so the bar never speaks by length or colour alone. */
  readonly text: string;
  readonly fields: readonly FieldContext[];
}

const SIDE_CHOICE_LABELS: Readonly<Record<HostSide, I18nKey>> = {
  pc: "TEMPO.SHEET.SideChoice.pc",
  ally: "TEMPO.SHEET.SideChoice.ally",
  enemy: "TEMPO.SHEET.SideChoice.enemy",
};

export interface DrContext {
  readonly kind: DrFamily;
  readonly field: FieldContext;
}

export interface ActorHeaderContext {
  readonly name: string;
  readonly img: string | null;
  readonly typeLabel: Message;
  readonly editing: boolean;
  readonly hp: BarContext;
  /** OSH-1: shown when the actor has an overshield (or in edit mode, to give it one). */
  readonly overshield: (BarContext & { readonly effect: FieldContext; readonly condition: FieldContext }) | null;
  readonly overshieldDr: readonly DrContext[];
  readonly dr: readonly DrContext[];
  /** DR-2: "per hit" or "per attack". */
  readonly drMode: Message;
}

export interface ActorAttributesContext {
  readonly initiative: { readonly label: Message; readonly value: string };
  readonly abilities: readonly FieldContext[];
  readonly defenses: readonly FieldContext[];
  readonly stats: readonly FieldContext[];
  readonly skills: readonly FieldContext[];
  readonly speeds: readonly FieldContext[];
  readonly hasSkills: boolean;
  readonly hasSpeeds: boolean;
  /** SEG-14: the owner may roll the hit points its hit dice give (Xd8 + X·Y), or null. */
  readonly rollHitPoints: { readonly label: Message } | null;
}

const DR_LABELS: Readonly<Record<DrContext["kind"], I18nKey>> = {
  physical: "TEMPO.SHEET.Dr.physical",
  elemental: "TEMPO.SHEET.Dr.elemental",
  arcane: "TEMPO.SHEET.Dr.arcane",
};

/** The actor's derived values, as the actor model's prepareDerivedData writes them (src/foundry/data/actor). */
export function actorDerivedOf(input: ActorSheetInput): ActorDerived {
  const weapons: CarriedWeapon[] = [];
  const armor: WornArmor[] = [];
  for (const item of input.items) {
    if (item.type === "weapon")
      weapons.push({ id: item.id, apCost: item.stats.apCost, constantDamage: item.stats.constantDamage });
    if (item.type === "armor") armor.push({ acBonus: item.stats.acBonus, equipped: item.stats.equipped });
  }
  const actions = input.actor.actions;
  return deriveActorValues(input.actor.stats, {
    drMode: input.drMode,
    weapons,
    armor,
    ...(actions ? { actions } : {}),
  });
}

function bar(label: I18nKey, value: number, max: number, fields: readonly FieldContext[]): BarContext {
  return { label: { key: label }, value, max, text: `${value} / ${max}`, fields };
}

function drList(
  input: ActorSheetInput,
  prefix: string,
  values: Readonly<Record<DrContext["kind"], number>>,
): DrContext[] {
  return DR_FAMILIES.map((kind) => ({
    kind,
    field: numberField(input.mode, `${prefix}.${kind}`, DR_LABELS[kind], values[kind], String(values[kind]), 0),
  }));
}

export function buildActorHeader(input: ActorSheetInput): ActorHeaderContext {
  const { stats } = input.actor;
  const mode = input.mode;
  const o = stats.overshield;
  const hasShield = o.effect !== "" || o.max > 0;
  const shieldBar = bar("TEMPO.SHEET.Overshield", o.value, o.max, [
    numberField(mode, "system.overshield.value", "TEMPO.SHEET.Value", o.value),
    numberField(mode, "system.overshield.max", "TEMPO.SHEET.Max", o.max),
  ]);
  return {
    name: input.actor.name,
    img: input.actor.img,
    typeLabel: { key: ACTOR_TYPE_LABELS[input.actor.type] },
    editing: mode === "edit",
    hp: bar("TEMPO.SHEET.Hp", stats.hp.value, stats.hp.max, [
      numberField(mode, "system.hp.value", "TEMPO.SHEET.Value", stats.hp.value),
      numberField(mode, "system.hp.max", "TEMPO.SHEET.Max", stats.hp.max),
    ]),
    overshield:
      hasShield || mode === "edit"
        ? {
            ...shieldBar,
            effect: textField(mode, "system.overshield.effect", "TEMPO.SHEET.OvershieldEffect", o.effect),
            condition: textField(mode, "system.overshield.condition", "TEMPO.SHEET.OvershieldCondition", o.condition),
          }
        : null,
    overshieldDr: hasShield || mode === "edit" ? drList(input, "system.overshield.dr", o.dr) : [],
    dr: drList(input, "system.dr", stats.dr),
    drMode: { key: input.drMode === "perAttack" ? "TEMPO.SHEET.DrMode.perAttack" : "TEMPO.SHEET.DrMode.perHit" },
  };
}

/** SEG-14: what enhanced hit dice give, read only: saves, hit points, morale. */
function hitDiceFields(derived: ActorDerived): FieldContext[] {
  const hd = derived.hitDice;
  if (hd === null) return [];
  const row = monsterSaveRow(hd.saveHitDice);
  const saves = numberField("play", "derived.saveHitDice", "TEMPO.SHEET.SavesAs", hd.saveHitDice);
  return [
    row.ok
      ? {
          ...saves,
          shownMessage: {
            key: "TEMPO.SHEET.SavesAsRow",
            data: { hd: hd.saveHitDice, row: row.value.label, target: row.value.target },
          },
        }
      : saves,
    textField("play", "derived.hitPoints", "TEMPO.SHEET.HitDiceHp", hd.hitPoints),
    numberField("play", "derived.moraleBonus", "TEMPO.SHEET.Morale", hd.moraleBonus, signedText(hd.moraleBonus)),
  ];
}

function aac0Text(aac0: number | null): string {
  return aac0 === null ? "" : formatAac0(aac0);
}

/** SEG-12: edit sets the AC without armour; play shows the AC attacks use, with what the armour gives. */
function descendingAcField(mode: SheetMode, base: number, derived: ActorDerived): FieldContext {
  const field = numberField(mode, "system.defenses.descendingAc", DEFENSE_LABELS.descendingAc, base);
  const { ac, bonus } = derived.descendingAc;
  if (mode === "edit" || bonus === 0) return { ...field, shown: String(ac) };
  return {
    ...field,
    shownMessage: { key: "TEMPO.SHEET.Defense.WornAc", data: { ac, base, bonus: signedText(bonus) } },
  };
}

export function buildActorAttributes(input: ActorSheetInput, derived: ActorDerived): ActorAttributesContext {
  const { stats } = input.actor;
  const mode = input.mode;
  const spec = RULESET_SHEETS[input.ruleset];
  const mod = (name: string, label: I18nKey, value: number) => numberField(mode, name, label, value, signedText(value));
  const extra: FieldContext[] = [];
  if (spec.ap) extra.push(numberField(mode, "system.ap.max", "TEMPO.SHEET.Ap", stats.ap.max, String(stats.ap.max), 0));
  if (spec.criticalThreshold)
    extra.push(numberField(mode, "system.criticalThreshold", "TEMPO.SHEET.CriticalThreshold", stats.criticalThreshold));
  if (spec.tier) extra.push(numberField(mode, "system.tier", "TEMPO.SHEET.Tier", stats.tier));
  if (spec.atk) extra.push(mod("system.atk", "TEMPO.SHEET.Atk", stats.atk));
  if (spec.hitDice) {
    extra.push(
      numberField(mode, "system.level", "TEMPO.SHEET.Level", stats.level),
      textField(mode, "system.hitDice", "TEMPO.SHEET.HitDice", stats.hitDice),
      // SEG-12: the AAC0 it attacks with is derived (hit dice row, else its class table's); edit sets the class
      // one. Both in the seed's notation ("20*"), which the sheet parses (sheets/aac0-input.ts).
      notationField(mode, "system.aac0", "TEMPO.SHEET.Aac0", aac0Text(mode === "edit" ? stats.aac0 : derived.aac0)),
    );
    if (mode === "play") extra.push(...hitDiceFields(derived));
  }
  if (spec.dexReaction)
    extra.push(mod("system.initiative.dexReaction", "TEMPO.SHEET.DexReaction", stats.initiative.dexReaction));
  if (input.ruleset === "rotation")
    extra.push(mod("system.initiative.modifier", "TEMPO.SHEET.InitiativeModifier", stats.initiative.modifier));
  if (input.actor.type === "npc" || mode === "edit")
    extra.push(
      selectField(mode, "system.side", "TEMPO.SHEET.Side", stats.side ?? "", [
        { value: "", label: "TEMPO.SHEET.SideChoice.auto" },
        ...ACTOR_SIDES.map((side) => ({ value: side, label: SIDE_CHOICE_LABELS[side] })),
      ]),
    );
  const skills: FieldContext[] = [];
  if (spec.skills) {
    for (const id of SKILL_IDS) skills.push(mod(`system.skills.${id}`, SKILL_LABELS[id], stats.skills[id]));
    stats.weaponSkills.forEach((w, i) =>
      skills.push({
        ...mod(`system.weaponSkills.${i}.bonus`, "TEMPO.SHEET.WeaponSkill", w.bonus),
        label: { key: "TEMPO.SHEET.WeaponSkillOf", data: { group: w.group } },
      }),
    );
  }
  const speeds = spec.speeds
    ? MOVEMENT_MODES.map((id) =>
        numberField(mode, `system.speeds.${id}`, SPEED_LABELS[id], stats.speeds[id], String(stats.speeds[id]), 0),
      )
    : [];
  return {
    initiative: { label: { key: "TEMPO.SHEET.Initiative" }, value: signedText(derived.initiative[input.ruleset]) },
    abilities: spec.abilities.map((id) => mod(`system.abilities.${id}`, ABILITY_LABELS[id], stats.abilities[id])),
    defenses: spec.defenses.map((id) =>
      id === "descendingAc"
        ? descendingAcField(mode, stats.defenses.descendingAc, derived)
        : numberField(mode, `system.defenses.${id}`, DEFENSE_LABELS[id], stats.defenses[id]),
    ),
    stats: extra,
    skills,
    speeds,
    hasSkills: skills.length > 0,
    hasSpeeds: speeds.length > 0,
    rollHitPoints:
      spec.hitDice && mode === "play" && input.editable && derived.hitDice !== null
        ? { label: { key: "TEMPO.SHEET.RollHitPoints", data: { formula: derived.hitDice.hitPoints } } }
        : null,
  };
}
