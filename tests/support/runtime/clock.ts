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
 * - `threadMs`: the main thread alone, the one a GM's page runs its scripts on (`threadCpuMs` below: its
 *   time on a CPU).
 * A measure inside another counts once. Off unless a bench turns it on (`enabled`): reading a CPU clock
 * is a system call, and at two calls per document change it was a fifth of the race fuzz's time.
 */
import { openSync, readSync } from "node:fs";

/** The process's CPU time in ms (every thread). */
export function processCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The calling thread's two `/proc/thread-self/schedstat` fields (ns): on a CPU, waiting for one; null: no such file. */
const readSchedstat: (() => readonly [number, number]) | null = (() => {
  let fd: number;
  try {
    fd = openSync("/proc/thread-self/schedstat", "r");
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(64);
  return () => {
    const fields = buffer.toString("latin1", 0, readSync(fd, buffer, 0, buffer.length, 0)).split(" ");
    return [Number(fields[0]), Number(fields[1])] as const;
  };
})();

/**
 * The main thread's time on a CPU in ms, exact to a few microseconds: the first field of Linux's
 * per-thread `/proc/thread-self/schedstat` ("time spent on the cpu", ns; kernel docs
 * Documentation/scheduler/sched-stats.rst), read right after `process.cpuUsage()`. Alone, that field moves
 * only when the scheduler updates a running thread's time (its tick, ~4 ms steps measured here, or a
 * switch); `getrusage(RUSAGE_SELF)`, which `process.cpuUsage()` calls, first brings the calling thread's
 * time up to date (Linux kernel/sched/cputime.c `thread_group_cputime` calls `task_sched_runtime` for the
 * current task only, since commit a1eb1411b4e4, "sched/cputime: Improve scalability by not accounting thread
 * group tasks pending runtime", 2016), so the field read next is the thread's own time to that instant. Node's `process.threadCpuUsage()` (v23.9+) is not in Node 20.
 *
 * Measured here (2 cores): a 5 ms busy loop reads 4.95-4.98 ms; a 5 ms `Atomics.wait` sleep reads under 0.1 ms
 * once warm (`threadAwakeMs` reads 5.1 ms for both). A click's own code does not sleep; the main thread did, inside
 * 1-2 % of clicks, for up to several ms: `perf record -e context-switches -g` showed it blocked in
 * `pthread_cond_signal` inside `NodePlatform::CallOnWorkerThread` as V8 queued an optimizing compile job,
 * waiting for the task queue's lock while one of Node's four V8 worker threads held it and the other three
 * compiled on the second core. That wait is the platform's, not Tempo's time on a CPU; the bench prints the
 * thread's sleeps apart (`threadAwakeMs`). Where the file is absent: the process's time, more, never less.
 */
export function threadCpuMs(): number {
  if (readSchedstat === null) return processCpuMs();
  process.cpuUsage();
  return readSchedstat()[0] / 1e6;
}

/**
 * The main thread's time awake in ms: wall time (`performance.now()`) minus the time it waited on a run
 * queue for a CPU (schedstat's second field, "time spent waiting on a runqueue", exact once the thread runs
 * again). It counts the thread's time on a CPU and its sleeps (a wait for a lock or another thread); the
 * bench prints what it adds to `threadCpuMs` as the click's sleeps. Absent file: `processCpuMs`.
 */
export function threadAwakeMs(): number {
  if (readSchedstat === null) return processCpuMs();
  return performance.now() - readSchedstat()[1] / 1e6;
}

let depth = 0;

/**
 * What one `measure` costs outside the span it books (its clock readings, the bookkeeping), on both
 * clocks, found once by timing empty measures: the bench's own cost, booked as the model's, not Tempo's.
 */
let measureCost: { process: number; thread: number } | null = null;
function ownCost(): { process: number; thread: number } {
  if (measureCost !== null) return measureCost;
  measureCost = { process: 0, thread: 0 };
  const runs = 2_000;
  const [model, modelThread] = [modelClock.ms, modelClock.threadMs];
  const [process0, thread0] = [processCpuMs(), threadCpuMs()];
  for (let i = 0; i < runs; i++) modelClock.measure(() => undefined);
  const [thread1, process1] = [threadCpuMs(), processCpuMs()];
  measureCost = {
    process: Math.max(0, (process1 - process0 - (modelClock.ms - model)) / runs),
    thread: Math.max(0, (thread1 - thread0 - (modelClock.threadMs - modelThread)) / runs),
  };
  [modelClock.ms, modelClock.threadMs] = [model, modelThread];
  return measureCost;
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
  /**
   * A second page whose own time the bench also wants (a player's, while the GM's is measured; null:
   * none): what runs on that client, minus the model's work inside it, adds to `watchedMs` (main thread).
   * It is still booked as the model's for the measured user, as every other client's work is.
   */
  watchedUser: null as string | null,
  /** The watched user's page's own main-thread ms so far (see `watchedUser`). */
  watchedMs: 0,
  /** Runs `fn`, another client's work when `userId` is not the measured user's (see `measuredUser`). */
  elsewhere<T>(userId: string, fn: () => T): T {
    if (!this.enabled || this.measuredUser === null || userId === this.measuredUser) return fn();
    if (userId !== this.watchedUser || depth > 0) return this.measure(fn);
    const cost = ownCost();
    const [thread0, model0, process0, modelProcess0] = [threadCpuMs(), this.threadMs, processCpuMs(), this.ms];
    try {
      return fn();
    } finally {
      // The model's own work inside (its measures ran, depth 0) is already on `threadMs`; the rest is the page's.
      const own = threadCpuMs() - thread0 - (this.threadMs - model0) + cost.thread;
      this.watchedMs += own;
      this.threadMs += own;
      this.ms += processCpuMs() - process0 - (this.ms - modelProcess0) + cost.process;
    }
  },
  measure<T>(fn: () => T): T {
    if (!this.enabled || depth > 0) return fn();
    const cost = ownCost();
    depth++;
    const process0 = processCpuMs();
    const thread0 = threadCpuMs();
    try {
      return fn();
    } finally {
      this.threadMs += threadCpuMs() - thread0 + cost.thread;
      this.ms += processCpuMs() - process0 + cost.process;
      depth--;
    }
  },
};
