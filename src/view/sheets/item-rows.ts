/**
 * One owned item as a row of the actor sheet (inventory and spells parts): its name, the few values the
 * world's ruleset reads (the weapon's die and delay, speed or swings; the spell's delay or casting time),
 * and its buttons. Values come from the engine's item functions (`weaponDerived`, `spellDerived`) with the
 * owner's AP, as the item models' prepareDerivedData computes them.
 */
import {
  itemBattleUse,
  spellDerived,
  weaponDerived,
  type ItemOwner,
  type Message,
  type RulesetId,
} from "../../engine/index.ts";
import { refusal, trackerControl, type ControlContext } from "../tracker/tracker-controls.ts";
import { attacksThroughCombat } from "../chat/item-attack.ts";
import { ITEM_TYPE_LABELS, PROPERTY_LABELS } from "./sheet-labels.ts";
import { attackCommand, castCommand } from "./sheet-commands.ts";
import { attackUseCommand } from "./turn-uses.ts";
import type { ActorSheetInput, SheetItem, SheetItemOf } from "./sheet-input.ts";
import { RULESET_SHEETS } from "./sheet-ruleset.ts";
import { activateItemCommand } from "./turn-uses.ts";

export interface ItemValue {
  readonly label: Message;
  readonly value: string;
  /** Localized words shown after the value (property names, "yes"). */
  readonly words: readonly Message[];
}

export interface ItemRowContext {
  readonly id: string;
  readonly name: string;
  readonly img: string | null;
  readonly type: SheetItem["type"];
  readonly typeLabel: Message;
  readonly values: readonly ItemValue[];
  /**
   * Attack or cast (the attack flow): declared in a count/segment combat (null outside one), rolled at
   * once in the other rulesets; null for other items and read-only sheets.
   */
  readonly use: ControlContext | null;
  /** Edit mode: open and delete buttons. */
  readonly editing: boolean;
  readonly editable: boolean;
}

const value = (key: `TEMPO.${string}`, text: string | number, words: readonly Message[] = []): ItemValue => ({
  label: { key },
  value: String(text),
  words,
});

function ownerOf(input: ActorSheetInput): ItemOwner {
  // The same numbers src/foundry/data/item/item-owner.ts reads from the owner (AP-1: system.ap.max).
  return { ap: input.actor.stats.ap.max, primaryModifier: null };
}

function weaponValues(ruleset: RulesetId, item: SheetItemOf<"weapon">, owner: ItemOwner): ItemValue[] {
  const derived = weaponDerived(item.stats, owner);
  const out = [value("TEMPO.SHEET.Item.Damage", item.stats.damage)];
  if (derived.properties.length > 0)
    out.push(
      value(
        "TEMPO.SHEET.Item.Properties",
        "",
        derived.properties.map((p) => ({ key: PROPERTY_LABELS[p] })),
      ),
    );
  const timing = RULESET_SHEETS[ruleset].weaponTiming;
  if (timing === "delay") {
    out.push(value("TEMPO.SHEET.Item.Delay", derived.delay));
    if (derived.twoHanded !== null)
      out.push(value("TEMPO.SHEET.Item.TwoHanded", `${derived.twoHanded.damage} / ${derived.twoHanded.delay}`));
  }
  if (timing === "speed") out.push(value("TEMPO.SHEET.Item.Speed", item.stats.speed));
  if (timing === "swings") {
    out.push(value("TEMPO.SHEET.Item.ApCost", item.stats.apCost ?? "—"));
    out.push(value("TEMPO.SHEET.Item.Swings", derived.swingsPerAction ?? "—"));
  }
  return out;
}

function spellValues(ruleset: RulesetId, item: SheetItemOf<"spell">): ItemValue[] {
  const derived = spellDerived(item.stats);
  const out = [value("TEMPO.SHEET.Item.SlotLevel", item.stats.slotLevel)];
  const timing = RULESET_SHEETS[ruleset].spellTiming;
  if (timing === "delay") out.push(value("TEMPO.SHEET.Item.Delay", derived.delay));
  if (timing === "castingTime") out.push(value("TEMPO.SHEET.Item.CastingTime", derived.resolvesInSegment));
  if (item.stats.damage !== "") out.push(value("TEMPO.SHEET.Item.Damage", item.stats.damage));
  if (item.stats.concentration) out.push(value("TEMPO.SHEET.Item.Concentration", "", [{ key: "TEMPO.SHEET.Yes" }]));
  return out;
}

function otherValues(item: SheetItem): ItemValue[] {
  switch (item.type) {
    case "armor":
      return [
        value("TEMPO.SHEET.Item.AcBonus", item.stats.acBonus),
        value("TEMPO.SHEET.Item.Equipped", "", [{ key: item.stats.equipped ? "TEMPO.SHEET.Yes" : "TEMPO.SHEET.No" }]),
        value("TEMPO.SHEET.Item.Armor", item.stats.armor),
        value(
          "TEMPO.SHEET.Item.Dr",
          `${item.stats.dr.physical} / ${item.stats.dr.elemental} / ${item.stats.dr.arcane}`,
        ),
      ];
    case "gear":
      return [
        value("TEMPO.SHEET.Item.Quantity", item.stats.quantity),
        ...(item.stats.uses.max > 0
          ? [value("TEMPO.SHEET.Item.Uses", `${item.stats.uses.value} / ${item.stats.uses.max}`)]
          : []),
      ];
    case "power":
      return item.stats.kind === "movement"
        ? [value("TEMPO.SHEET.Item.Squares", item.stats.squares)]
        : [value("TEMPO.SHEET.Item.BattleAction", item.stats.action)];
    default:
      return [];
  }
}

/** The item buttons' action: the attack flow (src/foundry/chat/attack-flow.ts), as the hotbar macro. */
export const USE_ITEM_ACTION = "useItem";

/**
 * Attack with the weapon or cast the spell: in a `count` or `segment` combat it declares the action on
 * the track (CNT-6, SEG-2), refused with the engine's reason when the rules say no now; elsewhere
 * (standard, phase, rotation) it rolls at once on the user's targets, in a combat after spending what
 * the attack costs (STD-6's Action, PHS-7's battle action, ACT-ROT's Full action: turn-uses.ts), so the
 * button is refused with the engine's reason when that spending would be (the click is refused then
 * too, attack-flow.ts). AP-2's constant-damage weapons keep their own check (one roll a rotation) at the
 * click. A spell with no damage has nothing to roll there, so no button.
 */
function useControl(input: ActorSheetInput, item: SheetItem): ControlContext | null {
  if (item.type === "gear" || (item.type === "power" && item.stats.kind === "battle"))
    return activateControl(input, item);
  if (item.type === "power") return powerControl(input, item);
  if (!input.editable || (item.type !== "weapon" && item.type !== "spell")) return null;
  const weapon = item.type === "weapon";
  const label = weapon ? "TEMPO.SHEET.Action.Attack" : "TEMPO.SHEET.Action.Cast";
  const icon = weapon ? "fa-solid fa-khanda" : "fa-solid fa-wand-sparkles";
  // The button says which item: "Attack with Longsword".
  const named: Message = {
    key: weapon ? "TEMPO.SHEET.Action.AttackWith" : "TEMPO.SHEET.Action.CastWith",
    data: { name: item.name },
  };
  const combat = input.combat;
  if (!attacksThroughCombat(input.ruleset)) {
    if (item.type === "spell" && item.stats.damage.trim() === "") return null;
    const extra = combat === null ? {} : { combatantId: combat.combatantId };
    const constant = item.type === "weapon" && item.stats.constantDamage;
    const spend =
      combat === null || constant
        ? null
        : attackUseCommand(input.ruleset, combat.combatantId, weapon ? null : item.stats);
    const why = combat === null || spend === null ? null : refusal(combat.input, spend);
    return { ...trackerControl(USE_ITEM_ACTION, label, icon, why, extra), label: named };
  }
  if (combat === null) return null;
  const owned = combat.input.combatants.find((c) => c.id === combat.combatantId);
  if (owned === undefined || !(combat.input.viewer.isGM || owned.owned)) return null;
  const command =
    item.type === "weapon"
      ? attackCommand(input.ruleset, combat.combatantId, item.stats)
      : castCommand(input.ruleset, combat.combatantId, item.stats);
  if (command === null) return null;
  const control = trackerControl(USE_ITEM_ACTION, label, icon, refusal(combat.input, command), {
    combatantId: combat.combatantId,
    command,
  });
  return { ...control, label: named };
}

/**
 * PHS-5: "Move with Walk": a movement power chosen for the creature's movement slot (the GM checks it is
 * the slot and the round's first power, src/foundry/canvas/move-choices.ts), in a phase combat only.
 */
function powerControl(input: ActorSheetInput, item: SheetItemOf<"power">): ControlContext | null {
  const combat = input.combat;
  if (!input.editable || input.ruleset !== "phase" || item.stats.kind !== "movement" || combat === null) return null;
  const named: Message = { key: "TEMPO.SHEET.Action.MoveWith", data: { name: item.name } };
  const control = trackerControl(USE_ITEM_ACTION, "TEMPO.SHEET.Action.MoveWith", "fa-solid fa-person-walking", null, {
    combatantId: combat.combatantId,
  });
  return { ...control, label: named };
}

/**
 * PHS-7: "Activate Healing Potion": a gear item or an Activate Item battle power used as the battle turn's
 * one action (engine items/battle-use.ts), in a phase combat only, for the creature's owner or the GM;
 * drawn disabled with the engine's reason outside its battle turn or once its action is taken.
 */
function activateControl(input: ActorSheetInput, item: SheetItemOf<"gear" | "power">): ControlContext | null {
  const combat = input.combat;
  if (!input.editable || input.ruleset !== "phase" || combat === null) return null;
  if (itemBattleUse(item.type, item.type === "power" ? item.stats : null) !== "activateItem") return null;
  const owned = combat.input.combatants.find((c) => c.id === combat.combatantId);
  if (owned === undefined || !(combat.input.viewer.isGM || owned.owned)) return null;
  const command = activateItemCommand(combat.combatantId);
  const control = trackerControl(
    USE_ITEM_ACTION,
    "TEMPO.SHEET.Action.Activate",
    "fa-solid fa-hand-sparkles",
    refusal(combat.input, command),
    { combatantId: combat.combatantId, command },
  );
  return { ...control, label: { key: "TEMPO.SHEET.Action.ActivateWith", data: { name: item.name } } };
}

export function buildItemRow(input: ActorSheetInput, item: SheetItem): ItemRowContext {
  const values =
    item.type === "weapon"
      ? weaponValues(input.ruleset, item, ownerOf(input))
      : item.type === "spell"
        ? spellValues(input.ruleset, item)
        : otherValues(item);
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    typeLabel: { key: ITEM_TYPE_LABELS[item.type] },
    values,
    use: useControl(input, item),
    editing: input.mode === "edit",
    editable: input.editable,
  };
}
