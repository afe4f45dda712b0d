/**
 * Whether a user may give a command in a combat as far as ownership goes (engine: command-access.ts):
 * the one check for a command a player sends on the system socket (queries.ts) and for the command of
 * a player's pending card that a GM resolves (issue 18: a GM's click must not give a player's card GM
 * rights, chat/card-actions.ts). `rollInitiative` is checked for every combatant it names.
 */
import { checkCommandAccess, ok, type HostCommand, type Result } from "../../engine/index.ts";
import { tempoModelOf } from "./tempo-model.ts";

export function commandAccessFor(
  combat: Combat.Implementation,
  command: HostCommand,
  user: User.Implementation,
): Result<true> {
  const now = tempoModelOf(combat);
  const current = now === null || now.state === null ? null : now.host.current(now.state);
  const ids =
    command.type === "rollInitiative" ? (command as unknown as { combatantIds?: unknown }).combatantIds : null;
  const named = Array.isArray(ids) ? ids : [null];
  for (const id of named) {
    const access = checkCommandAccess(
      typeof id === "string" ? { ...command, combatantId: id } : command,
      {
        isGM: user.isGM,
        owns: (combatantId) => combat.combatants.get(combatantId)?.testUserPermission(user, "OWNER") ?? false,
      },
      current,
    );
    if (!access.ok) return access;
  }
  return ok(true);
}
