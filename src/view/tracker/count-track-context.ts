import {
  COUNT_END_STEP,
  countPositionLabel,
  countTrackerFactsOf,
  type CountTrackerFacts,
  type Message,
  type TimelineEntry,
} from "../../engine/index.ts";
import { countDeclareControl } from "./count-declare.ts";
import { END_STEP_NOTE, contestNote, pendingNote, tieNote, trackExplanation, turnNotes } from "./count-notes.ts";
import { countReactControl } from "./count-react.ts";
import type { NoteContext } from "./row-extras.ts";
import { initiativeVisibleTo, type TrackerScope } from "./tracker-input.ts";
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
  /** What happens on this count, in words (CNT-5 a tie contest, CNT-11/CNT-14 the end step). */
  readonly notes: readonly NoteContext[];
  readonly cssClass: string;
}

export interface CountTrackContext {
  readonly round: number;
  readonly roundLabel: Message;
  /** What the round under way means (CNT-4 the surprise round, CNT-5 contests to roll), or null. */
  readonly explanation: Message | null;
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
  const facts = countTrackerFactsOf(host, state);
  // CNT-5: while a round waits for its contests, the track shows that round (not as a later one).
  const thisRound = facts?.contestRound ?? Math.max(0, round);
  const rowOf = (entry: TimelineEntry) => countRow(entry, scope, facts, thisRound);
  let endStepNow = false;
  for (const entry of host.timeline(state)) {
    const count = Math.min(COUNT_END_STEP, Math.max(0, entry.position));
    if (entry.round > thisRound) {
      // CNT-9: due in a later round; drawing it on this round's counts would be wrong.
      const row = rowOf(entry);
      if (row === null) continue;
      const key = `${entry.round}:${count}`;
      const slot = later.get(key) ?? { round: entry.round, count, rows: [] };
      slot.rows.push(row);
      later.set(key, slot);
      continue;
    }
    if (entry.kind === "boundary") {
      boundaries.add(count);
      endStepNow ||= entry.active;
      continue;
    }
    const row = rowOf(entry);
    if (row === null) continue;
    const list = rowsByCount.get(count) ?? [];
    list.push(row);
    rowsByCount.set(count, list);
  }
  const ruler: CountSlotContext[] = [];
  for (let count = 0; count < RULER_LENGTH; count++) {
    const isEndStep = count === COUNT_END_STEP;
    const tie = tieNote(rowsByCount.get(count) ?? []);
    const rows = withTieNotes(scope, rowsByCount.get(count) ?? [], tie !== null, facts);
    const active = rows.some((r) => r.active) || (isEndStep && endStepNow);
    const notes = isEndStep ? [END_STEP_NOTE] : tie === null ? [] : [tie];
    const occupied = rows.length > 0;
    ruler.push({
      count,
      label: isEndStep ? { key: "TEMPO.COMBAT.Count.EndStep" } : countPositionLabel(count),
      isEndStep,
      active,
      rows,
      boundary: boundaries.has(count),
      occupied,
      notes,
      cssClass: [isEndStep ? "is-end-step" : "", active ? "is-active" : "", occupied ? "is-occupied" : ""]
        .filter((c) => c !== "")
        .join(" "),
    });
  }
  const slots = ruler.filter((slot) => slot.occupied || slot.boundary);
  return {
    round,
    roundLabel: roundLabel(round),
    explanation: trackExplanation(facts),
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

/**
 * A row with what the count track tells on it: a pending action's owner and landing count (CNT-6, CNT-9),
 * a turn's idle drop and surprise (CNT-13, CNT-4), and the count owner's Declare and React (CNT-6, CNT-12).
 */
function countRow(
  entry: TimelineEntry,
  scope: TrackerScope,
  facts: CountTrackerFacts | null,
  thisRound: number,
): TrackerRowContext | null {
  const first = entry.combatantId !== null && !scope.withActions.has(entry.combatantId);
  const row = buildTrackerRow(entry, scope);
  if (row === null || facts === null || row.combatantId === null) return row;
  const notes =
    row.kind === "pending"
      ? [pendingNote(entry, row.name, thisRound)]
      : row.kind === "turn"
        ? turnNotes(facts, row.combatantId)
        : [];
  return { ...row, notes, actions: first ? ownerControls(scope, facts, row) : row.actions };
}

/**
 * The count owner's actions now, on the first row of each creature: a player's on every row it owns; the
 * GM's on the acting creature's row and, to react, on rows whose creature has something pending.
 */
function ownerControls(
  scope: TrackerScope,
  facts: CountTrackerFacts,
  row: TrackerRowContext,
): TrackerRowContext["actions"] {
  const id = row.combatantId;
  if (id === null) return row.actions;
  const { input } = scope;
  const acting = scope.current === id;
  const owned = input.viewer.isGM || scope.byId.get(id)?.owned === true;
  if (!owned) return row.actions;
  const declare = input.viewer.isGM && !acting ? [] : [countDeclareControl(input, id)];
  const reacts = !input.viewer.isGM || acting || facts.pendingOf(id).length > 0;
  const react = reacts ? [countReactControl(input, id)] : [];
  const end = row.actions.filter((a) => a.action === "endTurn");
  return [...row.actions.filter((a) => a.action !== "endTurn"), ...declare, ...react, ...end];
}

/** CNT-5: on a count with a tie contest, each turn row says its kept contest totals (or that it still rolls). */
function withTieNotes(
  scope: TrackerScope,
  rows: readonly TrackerRowContext[],
  tied: boolean,
  facts: CountTrackerFacts | null,
): TrackerRowContext[] {
  if (!tied || facts === null) return [...rows];
  return rows.map((row) => {
    // Issue 18: a contest total tells the creature's count, so only those who may see its count read it.
    const c = row.combatantId === null ? undefined : scope.byId.get(row.combatantId);
    const shown = c !== undefined && initiativeVisibleTo(scope.input, c);
    const tie = row.kind === "turn" && row.combatantId !== null && shown ? contestNote(facts, row.combatantId) : null;
    return tie === null ? row : { ...row, notes: [tie, ...row.notes] };
  });
}
