/**
 * Time the runtime model spends doing Foundry's own work (the server's permission check and diff,
 * copying messages, cleaning data models, merging sources): what Foundry would spend too, not Tempo.
 * The host-step bench subtracts it from a click's CPU time to get Tempo's own time.
 *
 * Measured as CPU time, on the clocks the bench measures the click with: wall time also counts the
 * other processes of a shared machine, so subtracting it took more than the model's work from Tempo's
 * (a median below zero on a loaded machine). Two clocks (bench/host-step.bench.ts says why):
 * - `ms`: the whole process (`process.cpuUsage`, which the Node docs say "may end up being greater than
 *   actual elapsed time if multiple CPU cores are performing work for this process": V8's background
 *   threads count too);
 * - `threadMs`: the main thread alone, the one a GM's page runs its scripts on (`threadCpuMs` below).
 * A measure inside another counts once. Off unless a bench turns it on (`enabled`): reading a CPU clock
 * is a system call, and at two calls per document change it was a fifth of the race fuzz's time.
 */
import { openSync, readSync } from "node:fs";

/** The process's CPU time in ms (every thread). */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * The main thread's own CPU time in ms: `process.threadCpuUsage()` where Node has it (added in v23.9.0,
 * Node docs "process.threadCpuUsage": "the user and system CPU time usage of the current worker thread"),
 * else Linux's per-thread `/proc/thread-self/schedstat` (its first field: nanoseconds the thread spent
 * on a CPU; kernel docs, Documentation/scheduler/sched-stats.rst), read through one descriptor kept open;
 * else, where neither exists, the process's time (`processCpuMs`), which counts more, never less.
 */
export const threadCpuMs: () => number = (() => {
  const threadUsage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (typeof threadUsage === "function")
    return () => {
      const used = threadUsage.call(process);
      return (used.user + used.system) / 1000;
    };
  let fd: number;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return processCpuMs;
  }
  const buffer = Buffer.alloc(64);
  return () => {
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString("latin1", 0, read).split(" ")[0]) / 1e6;
  };
})();

let depth = 0;

/**
 * The main thread's time for the two process-clock readings a measure makes (found once): they are
 * the measure's own cost, not Tempo's, and lie outside the thread clock's span, so they count as the model's.
 */
let processReadsMs: number | null = null;
function processReadCost(): number {
  if (processReadsMs !== null) return processReadsMs;
  const start = threadCpuMs();
  for (let i = 0; i < 1_000; i++) processCpuMs();
  return (processReadsMs = ((threadCpuMs() - start) / 1_000) * 2);
}

export const modelClock = {
  /** The model's process CPU time, ms. */
  ms: 0,
  /** The model's main-thread CPU time, ms. */
  threadMs: 0,
  enabled: false,
  /**
   * The user whose client the bench measures (null: every client's work counts). The runtime model runs
   * every client in one process: what another client (a connected owner's) runs as a message reaches it
   * is that client's, on its own machine, and counts as the model's (`elsewhere`).
   */
  measuredUser: null as string | null,
  /** Runs `fn`, another client's work when `userId` is not the measured user's (see `measuredUser`). */
  elsewhere<T>(userId: string, fn: () => T): T {
    return this.enabled && this.measuredUser !== null && userId !== this.measuredUser ? this.measure(fn) : fn();
  },
  measure<T>(fn: () => T): T {
    if (!this.enabled || depth > 0) return fn();
    depth++;
    const readCost = processReadCost();
    const process0 = processCpuMs();
    const thread0 = threadCpuMs();
    try {
      return fn();
    } finally {
      this.threadMs += threadCpuMs() - thread0 + readCost;
      this.ms += processCpuMs() - process0;
      depth--;
    }
  },
};
