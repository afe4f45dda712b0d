/**
 * ACT-ROT: spending a rotation action before an attack or a cast (attack-flow.ts), as the sheet's own
 * action buttons do: the engine's `use` command for the actor's creature, given through the combat's
 * entry point.
 */
import type { RotationTask } from "../../engine/index.ts";
import { rotationUseCommand } from "../../view/sheets/rotation-uses.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";

/** False (with the engine's reason shown, nothing written) when the use is refused or there is no combat. */
export async function spendRotationUse(actor: Actor.Implementation, task: RotationTask): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null) return false;
  return sendSheetCommand(found.combat, rotationUseCommand(found.combatantId, task));
}
