/**
 * ACT-ROT: spending a rotation action before an attack or a cast (attack-flow.ts), as the sheet's own
 * action buttons do: the engine's `use` command for the actor's creature, given through the combat's
 * entry point. AP-2: an attack with a constant-damage weapon is checked before its roll (one roll per
 * rotation) and given after it, with the targets it hit (engine damage/constant-damage.ts).
 */
import type { ConstantUse, Message, RotationTask } from "../../engine/index.ts";
import { rotationUseCommand } from "../../view/sheets/rotation-uses.ts";
import { refusal } from "../../view/tracker/tracker-controls.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";

/** False (with the engine's reason shown, nothing written) when the use is refused or there is no combat. */
export async function spendRotationUse(
  actor: Actor.Implementation,
  task: RotationTask,
  constant?: ConstantUse,
): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null) return false;
  return sendSheetCommand(found.combat, rotationUseCommand(found.combatantId, task, constant));
}

/**
 * ACT-ROT, AP-2: the engine's reason the creature cannot attack now (no Full action left, its
 * constant-damage weapon `constantItem` rolled this rotation already …), or null. Tried on the state
 * with the command the attack would send, so nothing is rolled for an attack that would be refused.
 */
export function rotationAttackRefusal(actor: Actor.Implementation, constantItem: string | null): Message | null {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (found === null || input === null) return null;
  const constant = constantItem === null ? undefined : { item: constantItem, hits: [] };
  return refusal(input, rotationUseCommand(found.combatantId, "attack", constant));
}
