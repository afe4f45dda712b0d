/**
 * The active GM's check of writes players may make directly (core lets players set a combat's
 * `turn` and `round`, and an owner write its combatant's `initiative`, `system`, `flags` and
 * `defeated`). What the engine did not decide is rolled back and the player told why. This never
 * relies on hidden buttons or on the player's own `_preUpdate`: it runs on the GM's client after
 * the write, so it holds whatever client the player uses.
 *
 * Allowed as written: `system` (the facts a ruleset reads at the next join), `flags`, and `defeated`
 * (which becomes the engine's defeat or revive, combatant-writes.ts). A GM's `turn`/`round` goes back
 * too; a GM's `initiative` becomes the engine's set initiative (combatant-writes.ts).
 */
import { isActiveGm } from "./active-gm.ts";
import { tellUser } from "./tell-user.ts";
import { TEMPO_ROLLBACK } from "./tempo-write.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { corePositionOf } from "./core-position.ts";

/** Marks a rollback, which the GM's client takes as the engine's already (tempo-write.ts). */
export { TEMPO_ROLLBACK } from "./tempo-write.ts";

function byGm(userId: string): boolean {
  return game.users.get(userId)?.isGM ?? false;
}

/**
 * `turn` / `round` written directly (a player's client, or a GM's macro): back to the engine's. No
 * engine command sets the turn; the GM moves it with the Tempo commands and core's methods.
 */
export async function guardCombatUpdate(
  combat: Combat.Implementation,
  changed: { readonly turn?: unknown; readonly round?: unknown },
  userId: string,
): Promise<void> {
  const model = tempoModelOf(combat);
  // Issue 17: a GM another took over from writes nothing; the new active GM restores core's fields.
  if (model === null || model.state === null || !isActiveGm()) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  // Issue 18: the published state's round and turn, which every client may read (core-position.ts).
  const { round, turn } = corePositionOf(model, model.state);
  if (combat.turn === turn && combat.round === round) return;
  await combat.update({ turn, round } as Combat.UpdateData, { [TEMPO_ROLLBACK]: true } as never);
  tellUser(userId, { key: "TEMPO.NOTICES.TurnRolledBack" });
}

/**
 * A combatant's `initiative` written by its owner: not taken. Every client shows the engine's value
 * whatever the source holds (combatant-model.ts derives it, issue 17); the source goes back to null,
 * Tempo's stored value, and the owner is told.
 */
export async function guardCombatantUpdate(
  combat: Combat.Implementation,
  changes: readonly Readonly<Record<string, unknown>>[],
  userId: string,
): Promise<void> {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null || byGm(userId) || !isActiveGm()) return;
  const fixes: { _id: string; initiative: null }[] = [];
  for (const change of changes) {
    const id = change._id;
    if (typeof id !== "string" || !("initiative" in change)) continue;
    if (combat.combatants.get(id)?._source.initiative !== null) fixes.push({ _id: id, initiative: null });
  }
  if (fixes.length === 0) return;
  await combat.updateEmbeddedDocuments("Combatant", fixes, { [TEMPO_ROLLBACK]: true } as never);
  tellUser(userId, { key: "TEMPO.NOTICES.InitiativeRolledBack" });
}
