/**
 * What the active GM's client makes of a write to combatants that Tempo did not make itself (core's
 * tracker, a sheet, a macro, a player's client), after the write:
 * - `defeated` (the GM's, or an owner's): the engine's `defeat` / `revive` (DEF-1) when the engine
 *   does not hold it so already; when the engine refuses, the flag goes back to the engine's, with
 *   the engine's reason;
 * - `initiative` written by a GM (core's tracker lets the GM type it): the engine's `setInitiative`
 *   (for `count` the value is the count), at once, with any dice it asks for; the engine's value is
 *   then mirrored (the count track may place it elsewhere). A cleared value or one the ruleset
 *   refuses goes back to the engine's, with the reason;
 * - `initiative` written by a player: back to the engine's (guard.ts).
 * Tempo's own writes (mirror, rollbacks, group membership) are the engine's already and start nothing, so no write
 * ever answers itself.
 */
import type { HostCommand, Message } from "../../engine/index.ts";
import { guardCombatantUpdate } from "./guard.ts";
import { runCommand } from "./run-command.ts";
import { tellUser } from "./tell-user.ts";
import { isActiveGm } from "./active-gm.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { isTempoWrite, TEMPO_ROLLBACK } from "./tempo-write.ts";

type Change = Readonly<Record<string, unknown>>;

/** Runs `command`; on a refusal puts the field back to the engine's and tells the writer why. */
async function toEngine(
  combat: Combat.Implementation,
  command: HostCommand,
  id: string,
  field: "defeated" | "initiative",
  userId: string,
): Promise<void> {
  const result = await runCommand(combat, command);
  if (result.ok) return;
  await restore(combat, id, field, userId, result.error);
}

async function restore(
  combat: Combat.Implementation,
  id: string,
  field: "defeated" | "initiative",
  userId: string,
  reason: Message,
): Promise<void> {
  const model = tempoModelOf(combat);
  const combatant = combat.combatants.get(id);
  // Issue 17: a GM another took over from writes nothing; the new active GM restores core's fields.
  if (model === null || model.state === null || combatant === undefined || !isActiveGm()) return;
  const value = field === "defeated" ? model.host.defeated(model.state, id) : model.host.initiative(model.state, id);
  if (combatant[field] === value) return;
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: id, [field]: value }], { [TEMPO_ROLLBACK]: true } as never);
  tellUser(userId, reason);
}

export async function answerCombatantWrites(
  combat: Combat.Implementation,
  changes: readonly Change[],
  options: unknown,
  userId: string,
): Promise<void> {
  if (isTempoWrite(options)) return;
  const byGm = game.users.get(userId)?.isGM ?? false;
  for (const change of changes) {
    const id = change._id;
    const model = tempoModelOf(combat);
    if (typeof id !== "string" || model === null || model.state === null) continue;
    if (typeof change.defeated === "boolean" && change.defeated !== model.host.defeated(model.state, id)) {
      await toEngine(combat, { type: change.defeated ? "defeat" : "revive", combatantId: id }, id, "defeated", userId);
    }
    if (!byGm || !("initiative" in change)) continue;
    const value = change.initiative;
    const after = tempoModelOf(combat);
    if (after === null || after.state === null || value === after.host.initiative(after.state, id)) continue;
    if (typeof value !== "number") {
      await restore(combat, id, "initiative", userId, { key: "TEMPO.NOTICES.InitiativeRolledBack" });
      continue;
    }
    await toEngine(combat, { type: "setInitiative", combatantId: id, value }, id, "initiative", userId);
  }
  if (!byGm) await guardCombatantUpdate(combat, changes, userId);
}
