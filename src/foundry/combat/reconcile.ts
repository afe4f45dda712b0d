/**
 * When a GM becomes the active GM (its `ready`, or another GM leaving: `userConnected`), it reconciles
 * every Tempo combat once, in the combat's writer queue (issue 17): the roster, `defeated` flags and
 * the statuses the engine keeps, changed while no GM was connected, reach the engine in ONE Combat
 * write (reconcile-step.ts says what is reconciled and by which rules), with no notice to anyone.
 * Nothing written while no GM was there is lost. Then core's fields are put back to the engine's
 * where they differ (`restoreCoreFields`). A GM who becomes the active GM as its page loads first waits
 * for another connected GM's copy of the secret records (gm-replica.ts `replicaSettled`), so it neither
 * tells of missing secrets it is about to receive nor steps a combat from the published state alone.
 */
import { isActiveGm } from "./active-gm.ts";
import { replicaSettled } from "./gm-replica.ts";
import { reconcileStep } from "./reconcile-step.ts";
import { settleBaseCombatants } from "./join-requests.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { writeStep } from "./write-step.ts";
import { mirrorChanges, mirrorCombatants } from "./mirror-combatants.ts";
import { corePositionOf } from "./core-position.ts";
import { inWriterQueue } from "./writer-queue.ts";
import { TEMPO_ROLLBACK } from "./tempo-write.ts";
import { showNotice } from "../notice.ts";
import { historyIsEmpty, readStoredCombat } from "../../engine/index.ts";
import type { TempoCombatModel } from "../data/combat/combat-model.ts";

/**
 * Whether this GM's client runs a started combat from the document alone: its browser holds no GM half
 * for it (secret-store.ts: the storage was cleared, another browser) and the document keeps no history.
 */
function secretsMissing(model: TempoCombatModel | null): boolean {
  if (model === null || model.state === null || model.cachedStored !== null) return false;
  const stored = readStoredCombat(model);
  return model.host.started(model.state) && stored !== null && historyIsEmpty(stored) && model.seq > 0;
}

/** Whether this client's user was the active GM when last looked at (per client page). */
const wasActive = new WeakMap<object, boolean>();

async function reconcileCombat(combat: Combat.Implementation): Promise<void> {
  // Issue 18, the returning-GM race: another GM's copy of the records may be on its way (gm-replica.ts).
  await replicaSettled();
  // Issue 18: a GM taking over without the GM's half of a running combat is told, once (secret-store.ts).
  if (secretsMissing(tempoModelOf(combat)))
    showNotice({ key: "TEMPO.NOTICES.SecretsMissing", data: { combat: combat.name || (combat.id ?? "") } });
  await settleBaseCombatants(combat);
  const found = reconcileStep(combat);
  if (found !== null) await writeStep(combat, found.host, found.step);
  await restoreCoreFields(combat);
}

/**
 * Core's turn, round, initiative and defeated put back to the engine's where they differ (issue 17
 * race fuzz): a player's `turn` written while no GM was connected has nobody to roll it back, and a
 * GM that another GM took over from writes its step's Combat update but not the Combatant mirror
 * after it (write-step.ts). Run by the active GM in the combat's writer queue: when it takes over,
 * and when another GM's late Tempo write reaches it (documents/combat.ts).
 */
export async function restoreCoreFields(combat: Combat.Implementation): Promise<void> {
  const now = tempoModelOf(combat);
  if (now === null || now.state === null || !isActiveGm()) return;
  // Issue 18: the published state's round and turn (core-position.ts).
  const { round, turn } = corePositionOf(now, now.state);
  if (combat.turn !== turn || combat.round !== round)
    await combat.update({ turn, round } as Combat.UpdateData, { [TEMPO_ROLLBACK]: true } as never);
  await mirrorCombatants(combat, mirrorChanges(combat, now.host, now.state));
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
