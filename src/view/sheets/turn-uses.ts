/**
 * STD-6, PHS-7: what an attack or a cast from the sheet (or the hotbar macro) spends in a combat whose
 * ruleset keeps a budget the attack flow pays before it rolls: the engine command the flow gives first.
 * Rotation's (ACT-ROT) is its `use` for an attack or a cast (rotation-uses.ts); count and segment declare
 * their attacks on the track instead (their declarations are the budget), so they have none here.
 */
import { standardUseKind, type HostCommand, type RulesetId, type SpellStats } from "../../engine/index.ts";
import { rotationUseCommand } from "./rotation-uses.ts";

/** STD-6: the standard kinds a creature spends on its own turn with `use`. */
export type StandardUseKind = "action" | "quickAction" | "interaction";

/** STD-6: the command that spends the creature's Action, Quick Action or Interaction. */
export function standardUseCommand(combatantId: string, kind: StandardUseKind): HostCommand {
  return { type: "use", combatantId, kind };
}

/** PHS-7: the command that spends the battle turn's one action as Activate Item (a cast, a gear item …). */
export function activateItemCommand(combatantId: string): HostCommand {
  return { type: "battleAction", combatantId, action: "activateItem" };
}

/** A cast: the spell's stats the spending reads (null: an attack with a weapon). */
export type CastUse = Pick<SpellStats, "castingAction"> | null;

/**
 * The command an attack (`cast` null) or a cast spends first, or null when the ruleset spends nothing
 * through the attack flow. STD-6: the Action, or the Quick Action for a spell cast as one (engine
 * `standardUseKind`). PHS-7: the battle turn's one action (Attack; a cast is Activate Item). ACT-ROT,
 * AP-1: a Full action (all of an attack's swings).
 */
export function attackUseCommand(ruleset: RulesetId, combatantId: string, cast: CastUse): HostCommand | null {
  const spell = cast !== null;
  switch (ruleset) {
    case "standard":
      return standardUseCommand(combatantId, standardUseKind(cast));
    case "phase":
      return spell ? activateItemCommand(combatantId) : { type: "battleAction", combatantId, action: "attack" };
    case "rotation":
      return rotationUseCommand(combatantId, spell ? "castSpell" : "attack");
    default:
      return null;
  }
}
