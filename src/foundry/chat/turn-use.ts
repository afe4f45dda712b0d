/**
 * STD-6, PHS-7: an attack or a cast in a combat spends from the creature's budget before it rolls
 * (view/sheets/turn-uses.ts says what), through the combat's one entry point, as the sheet's buttons do.
 * The refusal is asked first, so no dialog opens and nothing rolls for an attack that would be refused.
 * Rotation's constant-damage weapons keep their own path (rotation-use.ts).
 */
import type { Message, RulesetId } from "../../engine/index.ts";
import { attackUseCommand, type CastUse } from "../../view/sheets/turn-uses.ts";
import { refusal } from "../../view/tracker/tracker-controls.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";

/**
 * True when the use was given or the ruleset spends nothing here; false (the reason shown) when refused.
 * `cast`: the spell cast (STD-6: a Quick Action spell spends the Quick Action), null for an attack.
 */
export async function spendAttackUse(actor: Actor.Implementation, ruleset: RulesetId, cast: CastUse): Promise<boolean> {
  const found = actorCombatOf(actor);
  const command = found === null ? null : attackUseCommand(ruleset, found.combatantId, cast);
  if (found === null || command === null) return true;
  return sendSheetCommand(found.combat, command);
}

/** The engine's reason the creature cannot spend an attack now, or null (it may, or nothing is spent). */
export function attackUseRefusal(actor: Actor.Implementation, ruleset: RulesetId, cast: CastUse): Message | null {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  const command = found === null ? null : attackUseCommand(ruleset, found.combatantId, cast);
  return input === null || command === null ? null : refusal(input, command);
}
