/**
 * The stored form of a segment state (issue 17): this round's schedule is not stored as 600 turn
 * records (52 KB at 300 combatants) but rebuilt from the group rolls and declarations when the state is
 * read (`segmentBuiltSchedule`, the function that built it). What differs from the rebuilt list — turns
 * moved by a delay (SEG-6), a failed casting (SEG-10), a newcomer, a departure, a declaration changed
 * after the build — is stored as it is:
 * `schedule: { runs }`, each run either `"a-b"` (turns a … b − 1 of the rebuilt list, in order) or one
 * turn record. `packSegmentState` checks that the runs give the schedule back and stores the list
 * whole otherwise, so reading is always exact. A schedule kept from an earlier round is stored whole.
 */
import type { StoreMemo } from "../../storage/store-memo.ts";
import type { Json } from "../../storage/stored-json.ts";
import { scheduled } from "./draft.ts";
import { segmentBuiltSchedule } from "./round-schedule.ts";
import type { SegmentEntry, SegmentState } from "./types.ts";

type Run = string | SegmentEntry;

/**
 * Each entry's JSON, worked out once per entry object where the host keeps a memo (issue 17: a turn
 * step keeps the schedule's entries, and packing compares a thousand of them); entries are never
 * changed in place.
 */
function textOf(entry: SegmentEntry, memo: StoreMemo | undefined): string {
  let text = memo?.entryTexts.get(entry);
  if (text === undefined) {
    text = JSON.stringify(entry);
    memo?.entryTexts.set(entry, text);
  }
  return text;
}

function runsOf(schedule: readonly SegmentEntry[], built: readonly SegmentEntry[], memo: StoreMemo | undefined): Run[] {
  const at = new Map(built.map((e, i) => [e.key, i]));
  const runs: Run[] = [];
  let from = -1;
  let to = -1;
  const flush = () => {
    if (from >= 0) runs.push(`${from}-${to}`);
    from = -1;
  };
  for (const entry of schedule) {
    const j = at.get(entry.key);
    const same = j !== undefined && textOf(built[j] as SegmentEntry, memo) === textOf(entry, memo);
    if (same && from >= 0 && j === to) to = j + 1;
    else if (same) {
      flush();
      from = j;
      to = j + 1;
    } else {
      flush();
      runs.push(entry);
    }
  }
  flush();
  return runs;
}

function scheduleOf(runs: readonly unknown[], built: readonly SegmentEntry[]): SegmentEntry[] | null {
  const out: SegmentEntry[] = [];
  for (const run of runs) {
    if (typeof run !== "string") {
      out.push(run as SegmentEntry);
      continue;
    }
    const [a, b] = run.split("-").map(Number);
    if (a === undefined || b === undefined || !Number.isInteger(a) || !Number.isInteger(b) || b > built.length)
      return null;
    for (let i = a; i < b; i++) out.push(built[i] as SegmentEntry);
  }
  return out;
}

function rebuilt(state: SegmentState): SegmentEntry[] | null {
  try {
    return segmentBuiltSchedule(state);
  } catch {
    return null; // a damaged state: left for parseSegmentState to refuse
  }
}

/** The stored form of `state`. */
export function packSegmentState(state: SegmentState, memo?: StoreMemo): Json {
  const whole = state as unknown as { readonly [key: string]: Json };
  if (!scheduled(state) || state.schedule.length === 0) return whole;
  const built = rebuilt(state);
  if (built === null) return whole;
  const runs = runsOf(state.schedule, built, memo);
  // The runs give the schedule back by construction (each run's entries read the same as the
  // schedule's); the check stays, entry by entry, each entry's text worked out once.
  const back = scheduleOf(runs, built);
  if (back === null || back.length !== state.schedule.length) return whole;
  if (back.some((entry, i) => textOf(entry, memo) !== textOf(state.schedule[i] as SegmentEntry, memo))) return whole;
  return { ...whole, schedule: { runs: runs as unknown as Json } };
}

/** A stored segment state with its schedule rebuilt (other values as they are). */
export function unpackSegmentState(value: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const packed = value.schedule;
  if (typeof packed !== "object" || packed === null || Array.isArray(packed)) return value;
  const runs = (packed as { readonly runs?: unknown }).runs;
  if (!Array.isArray(runs)) return value;
  const built = rebuilt({ ...value, schedule: [] } as unknown as SegmentState);
  const schedule = built === null ? null : scheduleOf(runs, built);
  return schedule === null ? value : { ...value, schedule };
}
