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
 * time, and the clicks it fell in are reported (`gcInside`). Old-generation (mark-compact) work is left
 * where V8 puts it.
 */
import { PerformanceObserver } from "node:perf_hooks";
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
const collections: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ start: entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ["gc"] });

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
