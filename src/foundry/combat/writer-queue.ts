/**
 * One writer, in order (issue 17): the active GM's client is the only one that writes a Tempo
 * combat's state, and it does so through one FIFO queue per combat. A job starts when the one before
 * it has finished (its writes broadcast and applied here), so every step is computed on the state the
 * previous one wrote; background work (roster sync, status sync, effect tracking, rollbacks) goes
 * through the same queue as the commands. A failed job does not stop the ones after it.
 *
 * A job must not wait for another job of the same combat (it would wait for itself): code inside a
 * job calls the unqueued functions (`runCommand`, `writeStep`) directly.
 *
 * The key is this page's (page-key.ts): the queue belongs to one client page.
 */
import { pageKey } from "../page-key.ts";
import { NotActiveGm } from "./active-gm.ts";

const queues = new Map<string, Promise<unknown>>();

export function inWriterQueue<T>(combat: Combat.Implementation, job: () => Promise<T>): Promise<T> {
  const key = pageKey(combat.id ?? "");
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(job);
  const settled = run.catch((error: unknown) => {
    // A GM another took over from drops its writes (active-gm.ts): expected, not a failure.
    if (!(error instanceof NotActiveGm)) console.error("Tempo | a combat write failed", error);
  });
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** Waits until this client's queue for `combat` is empty (tests, and the Quench batches). */
export async function writerQueueIdle(combat: Combat.Implementation): Promise<void> {
  await queues.get(pageKey(combat.id ?? ""));
}
