/**
 * PHS-7: which of the battle turn's actions using an item from the sheet is.
 *
 * **Ruling (PHS-7, issue 19):** the rule names Attack and Activate Item. Using a weapon is the Attack
 * (rolled through the attack flow). Activate Item is using any other item a creature can use: a spell (cast),
 * a gear item (a potion, a scroll, a tool; with charges or without) and a battle power whose action is
 * Activate Item. Armor, feats and movement powers are not used as a battle action (a movement power is the
 * movement phase's, PHS-5; a battle power used as Defend, Disengage or Delay is that action of the tracker).
 * What the item then does (its effect) is for the GM to apply: the rule spends the action.
 *
 * **Ruling (PHS-7, issue 19):** activating a gear item that has charges (`uses.max` above 0) uses one of them;
 * with none left it cannot be activated (refused before the action is spent, nothing written). Gear with no
 * charges, spells and powers use none. Undoing the step that activated it gives the charge back (redo takes
 * it again): the step whose undo takes the creature's battle action back from Activate Item, in the same
 * battle turn of the same round (`activationUndoMove`). An undo that goes back past a later step (the next
 * creature's turn) leaves the item as it is: the activation itself still stands.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { PhaseState, PhaseUseAction } from "../initiative/phase/types.ts";
import type { GearStats, ItemType, PowerStats } from "./item-types.ts";

/** The battle action using the item is, or null when it is not used as one (`power`: a power's stats). */
export function itemBattleUse(type: ItemType, power: PowerStats | null): PhaseUseAction | null {
  switch (type) {
    case "weapon":
      return "attack";
    case "spell":
    case "gear":
      return "activateItem";
    case "power":
      return power !== null && power.kind === "battle" && power.action === "activateItem" ? "activateItem" : null;
    default:
      return null;
  }
}

/**
 * PHS-7 (the ruling above): the charges a gear item keeps after one activation, or null when it has none
 * to use (no charges at all, or not gear); refused when every charge is used.
 */
export function chargesAfterActivation(gear: GearStats | null): Result<number | null> {
  if (gear === null || gear.uses.max <= 0) return ok(null);
  if (gear.uses.value <= 0) return err("TEMPO.ERRORS.Item.NoChargesLeft", { max: gear.uses.max });
  return ok(gear.uses.value - 1);
}

/** What an undo (`refund`) or a redo (`respend`) does to one creature's activation (the ruling above). */
export interface ActivationMove {
  readonly combatantId: string;
  readonly round: number;
  readonly move: "refund" | "respend";
}

function battleTurn(state: unknown): Pick<PhaseState, "round" | "phase" | "current" | "turnAction"> | null {
  if (typeof state !== "object" || state === null) return null;
  const s = state as Partial<PhaseState>;
  return typeof s.round === "number" && s.phase === "battle" && typeof s.current === "string"
    ? (s as PhaseState)
    : null;
}

/**
 * PHS-7: whether a phase step from `before` to `after` (an undo, `undone`, or a redo, `redone`) takes back
 * or takes again an Activate Item of the creature whose battle turn it is; null otherwise.
 */
export function activationUndoMove(
  before: unknown,
  after: unknown,
  events: readonly { readonly type: string }[],
): ActivationMove | null {
  const undone = events.some((e) => e.type === "undone");
  const redone = events.some((e) => e.type === "redone");
  const from = battleTurn(before);
  const to = battleTurn(after);
  if ((!undone && !redone) || from === null || to === null) return null;
  if (from.current !== to.current || from.round !== to.round || from.current === null) return null;
  const [was, now] = undone ? [from.turnAction, to.turnAction] : [to.turnAction, from.turnAction];
  if (was !== "activateItem" || now !== null) return null;
  return { combatantId: from.current, round: from.round, move: undone ? "refund" : "respend" };
}

/**
 * PHS-7 (the ruling above): the charges a gear item holds after an undo gives its activation's charge back
 * (`refund`: one more, at most its maximum) or a redo takes it again (`respend`: one fewer, at least 0); null
 * when the item keeps no charges (`uses.max` 0 or less, or values that are not numbers).
 */
export function chargesAfterActivationMove(
  uses: { readonly value: unknown; readonly max: unknown } | null,
  move: ActivationMove["move"],
): number | null {
  if (uses === null || typeof uses.value !== "number" || typeof uses.max !== "number" || uses.max <= 0) return null;
  return Math.min(uses.max, Math.max(0, uses.value + (move === "refund" ? 1 : -1)));
}
