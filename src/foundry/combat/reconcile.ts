/**
 * When a GM becomes the active GM (its `ready`, or another GM leaving: `userConnected`), it reconciles
 * every Tempo combat once, in the combat's writer queue (issue 17): the roster, `defeated` flags and
 * the statuses the engine keeps, changed while no GM was connected, reach the engine in ONE Combat
 * write (reconcile-step.ts says what is reconciled and by which rules), with no notice to anyone.
 * Nothing written while no GM was there is lost.
 */
import { isActiveGm } from "./active-gm.ts";
import { reconcileStep } from "./reconcile-step.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { writeStep } from "./write-step.ts";
import { inWriterQueue } from "./writer-queue.ts";

/** Whether this client's user was the active GM when last looked at (per client page). */
const wasActive = new WeakMap<object, boolean>();

async function reconcileCombat(combat: Combat.Implementation): Promise<void> {
  const found = reconcileStep(combat);
  if (found !== null) await writeStep(combat, found.host, found.step);
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
