import { COUNT_END_STEP, countPositionLabel, type Message } from "../../engine/index.ts";
import type { TrackerScope } from "./tracker-input.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";

/** CNT-3: the ruler shows counts 0..19, then the end step at 20. */
const RULER_LENGTH = COUNT_END_STEP + 1;

/** One count on the track: the ruler cell and the rows that sit on it. */
export interface CountSlotContext {
  readonly count: number;
  readonly label: Message;
  readonly isEndStep: boolean;
  readonly active: boolean;
  /** Creatures and pending actions on this count (a boundary such as the end step is not a row). */
  readonly rows: readonly TrackerRowContext[];
  /** A boundary (the end step) sits on this count. */
  readonly boundary: boolean;
  readonly occupied: boolean;
  readonly cssClass: string;
}

export interface CountTrackContext {
  readonly round: number;
  readonly roundLabel: Message;
  /** Every count 0..20, for the ruler. */
  readonly ruler: readonly CountSlotContext[];
  /** Only the counts something sits on, in track order, for the list. */
  readonly slots: readonly CountSlotContext[];
  /** CNT-9: pending actions that carried past 19 into a later round, in resolution order. */
  readonly later: readonly LaterSlotContext[];
  readonly empty: boolean;
}

/** A count in a later round with the pending actions due on it (CNT-9). */
export interface LaterSlotContext {
  readonly key: string;
  readonly label: Message;
  readonly rows: readonly TrackerRowContext[];
}

/**
 * The count track's template context. Rows keep the timeline's order inside a count (the engine's
 * order, CNT-5 ties included); the view never re-sorts them.
 */
export function buildCountTrackContext(scope: TrackerScope): CountTrackContext {
  const { host, state } = scope.input;
  // CNT-4: before the first round the engine's round is −1 (rolling) or 0 (surprise); core's round says 0.
  const round = host.started(state) ? countRound(scope) : -1;
  const rowsByCount = new Map<number, TrackerRowContext[]>();
  const boundaries = new Set<number>();
  const later = new Map<string, { round: number; count: number; rows: TrackerRowContext[] }>();
  const thisRound = Math.max(0, round);
  for (const entry of host.timeline(state)) {
    const count = Math.min(COUNT_END_STEP, Math.max(0, entry.position));
    if (entry.round > thisRound) {
      // CNT-9: due in a later round; drawing it on this round's counts would be wrong.
      const row = buildTrackerRow(entry, scope);
      if (row === null) continue;
      const key = `${entry.round}:${count}`;
      const slot = later.get(key) ?? { round: entry.round, count, rows: [] };
      slot.rows.push(row);
      later.set(key, slot);
      continue;
    }
    if (entry.kind === "boundary") {
      boundaries.add(count);
      continue;
    }
    const row = buildTrackerRow(entry, scope);
    if (row === null) continue;
    const list = rowsByCount.get(count) ?? [];
    list.push(row);
    rowsByCount.set(count, list);
  }
  const ruler: CountSlotContext[] = [];
  for (let count = 0; count < RULER_LENGTH; count++) {
    const rows = rowsByCount.get(count) ?? [];
    const isEndStep = count === COUNT_END_STEP;
    const active = rows.some((r) => r.active);
    const occupied = rows.length > 0;
    ruler.push({
      count,
      label: isEndStep ? { key: "TEMPO.COMBAT.Count.EndStep" } : countPositionLabel(count),
      isEndStep,
      active,
      rows,
      boundary: boundaries.has(count),
      occupied,
      cssClass: [isEndStep ? "is-end-step" : "", active ? "is-active" : "", occupied ? "is-occupied" : ""]
        .filter((c) => c !== "")
        .join(" "),
    });
  }
  const slots = ruler.filter((slot) => slot.occupied || slot.boundary);
  return {
    round,
    roundLabel: roundLabel(round),
    ruler,
    slots,
    later: [...later].map(([key, slot]) => ({
      key,
      label: { key: "TEMPO.COMBAT.Track.LaterCount", data: { round: slot.round, count: slot.count } },
      rows: slot.rows,
    })),
    empty: !slots.some((slot) => slot.occupied),
  };
}

/** CNT-4: round 0 is the surprise round; before the first round the track is still being rolled. */
function roundLabel(round: number): Message {
  if (round < 0) return { key: "TEMPO.COMBAT.Track.NotStarted" };
  if (round === 0) return { key: "TEMPO.COMBAT.Track.SurpriseRound" };
  return { key: "TEMPO.COMBAT.Track.Round", data: { round } };
}

/**
 * CNT-4: the track's round: −1 while initiative is still being rolled (the host's round says 0 then, as
 * core's does), 0 for the surprise round, then 1, 2, …
 */
function countRound(scope: TrackerScope): number {
  const round = scope.input.host.round(scope.input.state);
  return round === 0 && scope.current === null && scope.rolling.size > 0 ? -1 : round;
}
