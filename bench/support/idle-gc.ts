/**
 * The garbage collector's idle-time work between a GM's clicks, as Chrome schedules it, and the
 * collections that still land inside a click.
 *
 * Chrome's task scheduler knows when the page is idle and V8 spends that time on collection: a
 * young-generation collection (scavenge) is done in an idle period when the young generation is close
 * to full, so that it does not fall inside the next task ("Getting garbage collection for free",
 * https://v8.dev/blog/free-garbage-collection; Degenbaev et al., "Idle-Time Garbage-Collection
 * Scheduling", CACM 59(10), 2016). A GM clicks at a human pace, seconds apart: the page is idle between
 * clicks. Node has no such scheduler, so a scavenge falls wherever the young generation fills, inside a
 * click as often as not. The bench does what Chrome's idle time would: between clicks (not timed), when
 * less room is left in the young generation than four times the last click's allocation (1 MiB at
 * least), it runs one scavenge. A collection that still falls inside a click is counted in the click's
 * time, and the clicks it fell in are reported (`gcInside`).
 *
 * Old generation: V8 marks it incrementally and concurrently, and ends a cycle with a finalization task
 * and a short mark-compact pause. Chrome also does this work in idle time: V8's idle-time handler
 * (`GCIdleTimeHandler`, actions `kIncrementalStep` and `kFullGC`; idle periods of at most 50 ms,
 * `kMaxScheduledIdleTime`) and "Getting garbage collection for free" above. Here a cycle's finalization
 * ran as a V8 foreground task inside whatever click was awaiting when marking finished, because the bench
 * goes straight from one click to the next where a GM takes seconds. So while a marking cycle is under way
 * (a GC entry of kind NODE_PERFORMANCE_GC_INCREMENTAL with no mark-compact since), the bench waits up to
 * twenty idle periods (one second) of real time before the next click (`pauseWhileMarking`), and V8 finishes
 * the cycle then if it can; nothing is forced, and a cycle still under way goes on into the click and counts
 * there.
 */
import { PerformanceObserver, constants } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// `gc` is exposed only with --expose-gc; setting the flag at run time and reading `gc` from a new
// context is the Node docs' way without a command-line flag (v8.setFlagsFromString).
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as (options: { type: "minor" | "major" }) => void;

const MIN_ROOM = 1 << 20;
let lastAllocation = 0;
let usedBefore = 0;

function youngGeneration(): { used: number; available: number } {
  const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  return { used: space?.space_used_size ?? 0, available: space?.space_available_size ?? Infinity };
}

/** Collections seen, with their start (performance.now()) and duration, ms. */
const collections: { start: number; duration: number; kind: number }[] = [];
/** Whether an incremental marking cycle has begun (its GC entry seen) and no mark-compact ended it yet. */
let marking = false;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { readonly detail?: { readonly kind?: number } }).detail?.kind;
    collections.push({ start: entry.startTime, duration: entry.duration, kind: kind ?? 0 });
    if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) marking = true;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) marking = false;
  }
}).observe({ entryTypes: ["gc"] });

/** The longest idle period a browser gives at once (W3C Cooperative Scheduling of Background Tasks, 4.4). */
const IDLE_PERIOD_MS = 50;

/**
 * The idle periods between two clicks the bench gives a marking cycle: twenty, one second, where a GM takes
 * seconds. One period was too short on a slow host: a cycle's marking of a heap this size went on past it,
 * and its final mark-compact pause (37 ms, phase at 1,000) fell inside the click after.
 */
const IDLE_PERIODS = 20;

/**
 * The real time between two clicks, while a marking cycle is under way: up to `IDLE_PERIODS` idle periods,
 * for V8's concurrent marking to finish and its finalization task to run, as they would in the seconds a
 * GM takes between clicks (nothing is forced; a cycle not done by then goes on into the click).
 */
export async function pauseWhileMarking(): Promise<void> {
  const end = performance.now() + IDLE_PERIODS * IDLE_PERIOD_MS;
  while (marking && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * The GC work of the idle period before a click: a scavenge if the next click would likely fill the young
 * generation (`idleTime`), then, while a marking cycle is under way, its wait (`pauseWhileMarking`). In that
 * order: a scavenge that promotes the old generation past V8's limit starts a marking cycle, whose steps
 * and finalization then ran inside the click that came right after it, where Chrome would have gone on in
 * the next idle periods. The observer of collections reports the cycle's start a task later (perf_hooks
 * delivers its entries asynchronously), hence the timer before the wait.
 */
export async function idleCollection(): Promise<void> {
  idleTime();
  await new Promise((resolve) => setTimeout(resolve, 1));
  await pauseWhileMarking();
}

/** Between clicks: a scavenge now if the next click would likely fill the young generation. */
export function idleTime(): void {
  if (youngGeneration().available < 4 * Math.max(lastAllocation, MIN_ROOM)) collect({ type: "minor" });
  usedBefore = youngGeneration().used;
}

/** After a click: how much it allocated in the young generation (when no collection emptied it meanwhile). */
export function clickDone(): void {
  const used = youngGeneration().used;
  if (used >= usedBefore) lastAllocation = used - usedBefore;
}

/** Whether a collection started between `from` and `to` (performance.now() times). Read after the observer ran. */
export function gcInside(from: number, to: number): boolean {
  return collections.some((c) => c.start >= from && c.start < to);
}

/** Node's names for the kinds of collection (perf_hooks `constants.NODE_PERFORMANCE_GC_*`). */
const KINDS: Readonly<Record<number, string>> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

/** The collections that started between `from` and `to`, each as its kind and pause (`--slowest`). */
export function gcInsideText(from: number, to: number): string {
  return collections
    .filter((c) => c.start >= from && c.start < to)
    .map((c) => `${KINDS[c.kind] ?? `kind ${c.kind}`} ${c.duration.toFixed(2)} ms`)
    .join(", ");
}
