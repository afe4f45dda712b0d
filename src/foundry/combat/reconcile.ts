/**
 * When a GM becomes the active GM (its `ready`, or another GM leaving: `userConnected`), it reconciles
 * every Tempo combat once, in the combat's writer queue (issue 17): combatants created or deleted
 * while no GM was connected join or leave the engine, and a `defeated` flag written meanwhile becomes
 * the engine's `defeat` / `revive` as if written now (combatant-writes.ts; who wrote it is not known
 * any more, so it is taken as the GM's). Nothing written while no GM was there is lost.
 */
import { answerCombatantWrites } from "./combatant-writes.ts";
import { isActiveGm } from "./active-gm.ts";
import { syncRosterCreated, syncRosterDeleted } from "./roster-sync.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { inWriterQueue } from "./writer-queue.ts";

/** Whether this client's user was the active GM when last looked at (per client page). */
const wasActive = new WeakMap<object, boolean>();

async function reconcileCombat(combat: Combat.Implementation): Promise<void> {
  await syncRosterCreated(combat);
  await syncRosterDeleted(combat);
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) return;
  const state = model.state;
  const changes = combat.combatants.contents
    .filter((c) => c.id !== null && c.defeated !== model.host.defeated(state, c.id))
    .map((c) => ({ _id: c.id, defeated: c.defeated }));
  if (changes.length > 0) await answerCombatantWrites(combat, changes, {}, game.user.id);
}

export function reconcileCombats(): Promise<unknown> {
  const combats = (game.combats.contents as Combat.Implementation[]).filter((c) => tempoModelOf(c) !== null);
  return Promise.all(combats.map((combat) => inWriterQueue(combat, () => reconcileCombat(combat))));
}

function check(): void {
  const active = isActiveGm();
  const before = wasActive.get(game.user) ?? false;
  wasActive.set(game.user, active);
  if (active && !before) void reconcileCombats();
}

export function registerReconcile(): void {
  Hooks.once("ready", check);
  Hooks.on("userConnected", check);
}
