import type { Message, TimelineEntry } from "../../engine/index.ts";
import type { CombatantSnapshot } from "./combatant-snapshot.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";

/** CNT-3: counts 0..19, then the end step at 20. */
export const COUNT_TRACK_LENGTH = 21;
const END_STEP = 20;

/** One count on the track: the ruler cell and the rows that sit on it. */
export interface CountSlotContext {
  readonly count: number;
  readonly label: Message;
  readonly isEndStep: boolean;
  readonly active: boolean;
  readonly rows: readonly TrackerRowContext[];
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
  readonly empty: boolean;
}

export interface CountTrackInput {
  readonly round: number;
  readonly timeline: readonly TimelineEntry[];
  readonly combatants: readonly CombatantSnapshot[];
  readonly viewerIsGM: boolean;
}

/**
 * The count track's template context. Rows keep the timeline's order inside a count (the engine's
 * order, CNT-5 ties included); the view never re-sorts them.
 */
export function buildCountTrackContext(input: CountTrackInput): CountTrackContext {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const rowsByCount = new Map<number, TrackerRowContext[]>();
  for (const entry of input.timeline) {
    const row = buildTrackerRow(entry, byId, input.viewerIsGM);
    if (row === null) continue;
    const count = Math.min(END_STEP, Math.max(0, entry.position));
    const list = rowsByCount.get(count) ?? [];
    list.push(row);
    rowsByCount.set(count, list);
  }
  const ruler: CountSlotContext[] = [];
  for (let count = 0; count < COUNT_TRACK_LENGTH; count++) {
    const rows = rowsByCount.get(count) ?? [];
    const isEndStep = count === END_STEP;
    const active = rows.some((r) => r.active);
    const occupied = rows.some((r) => r.kind !== "boundary");
    ruler.push({
      count,
      label: isEndStep ? { key: "TEMPO.COMBAT.Track.EndStep" } : { key: "TEMPO.COMBAT.Track.Count", data: { count } },
      isEndStep,
      active,
      rows,
      occupied,
      cssClass: [isEndStep ? "is-end-step" : "", active ? "is-active" : "", occupied ? "is-occupied" : ""]
        .filter((c) => c !== "")
        .join(" "),
    });
  }
  const slots = ruler.filter((slot) => slot.rows.length > 0);
  return {
    round: input.round,
    roundLabel: input.round === 0 ? { key: "TEMPO.COMBAT.Track.SurpriseRound" } : { key: "TEMPO.COMBAT.Track.Round", data: { round: input.round } },
    ruler,
    slots,
    empty: !slots.some((slot) => slot.occupied),
  };
}
