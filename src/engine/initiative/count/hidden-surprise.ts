/**
 * CNT-4, issue 18 item 5: a surprise round in which only hidden creatures act gives nothing away. The
 * encounter without them has no surprise round: it starts at round 1 (or waits for round 1's contests).
 * **Ruling:** while such a surprise round is under way (its turns, its end step, or its own contests,
 * which only hidden creatures roll), the players' copy shows round 1, as the encounter without the
 * hidden creatures would: its contests still out, a hidden creature acting (no visible row marked), or,
 * in the surprise round's end step, round 1 about to start with nobody acting yet. Not round 1's first
 * turn: round 1 may open with a hidden creature again (a creature with surprise is on count 0 in round 1,
 * CNT-4), and the players' acting mark would go back from a visible creature to a hidden one, its owner
 * refused by the GM for a turn the copy showed a click early. So the mark only moves forward. The GM's
 * copy keeps the surprise round. Round 1's contests are asked for as soon as the surprise round is chosen
 * (track.ts `afterInitiative`), so a player is asked for them at the same moment in both.
 *
 * The Combat update's events tell the same (`asShownInHiddenSurprise`): no round 0, no surprise end step,
 * a hidden creature's turn told in round 1, and round 1's start told once, when the players' copy shows
 * it begin.
 */
import { vectorValues } from "../shared/persistent-vector.ts";
import { anyContest } from "./ties.ts";
import { currentId } from "./track.ts";
import type { CountEvent, CountState } from "./types.ts";
import { roundCount } from "./walk.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
interface Hidden {
  has(id: string): boolean;
}

/** Whether `state` is in a surprise round (turns, end step or contests) in which every creature acting is hidden. */
export function hiddenSurpriseRound(state: CountState, hidden: Hidden): boolean {
  const surprise =
    (state.round === 0 && (state.status === "turns" || state.status === "end")) ||
    (state.status === "contest" && state.upcomingRound === 0);
  if (!surprise) return false;
  return vectorValues(state.combatants).every((c) => roundCount(c, 0) === null || hidden.has(c.id));
}

/**
 * The players' copy of a surprise round only hidden creatures act in: round 1 waiting for its contests,
 * or round 1 under way: a hidden creature acting now stays the one acting (no visible row is marked, as
 * while a hidden creature acts in any round), and in the end step nobody acts yet; `state` itself in any
 * other case.
 */
export function withoutHiddenSurpriseRound(state: CountState, hidden: Hidden): CountState {
  if (!hiddenSurpriseRound(state, hidden)) return state;
  const walk = { count: -1, scan: -1, queued: [] } as const;
  if (anyContest(state, 1)) {
    return { ...state, ...walk, status: "contest", round: -1, upcomingRound: 1, current: null };
  }
  const current = state.status === "turns" ? state.current : null;
  return { ...state, ...walk, status: "turns", round: 1, upcomingRound: -1, current };
}

/** An event as the Combat update carries it (host events: a type and its fields). */
interface Told {
  readonly type: string;
}

/** The events that move the track, which a step in such a surprise round tells as the players' copy shows. */
const TRACK_EVENTS: ReadonlySet<string> = new Set([
  "roundStarted",
  "roundEnded",
  "endStep",
  "turnStarted",
  "turnEnded",
]);

/** A step of the count track as every client may be told it: its states before and after, whole and published. */
export interface CountStepShown {
  readonly before: CountState;
  readonly whole: CountState;
  readonly shown: CountState;
  /** The published form of `before` (asked for only in a step into, within or out of such a round). */
  shownBefore(): CountState;
  readonly hidden: Hidden;
}

/**
 * CNT-4 ruling (file comment): the events of a step into, within or out of a surprise round only hidden
 * creatures act in, as the players' copy tells it. The track's own events (round and turn starts and ends,
 * the end step) are told from the published states before and after the step, where the engine told the
 * first of them (else after the others); every other event is kept. `events` itself in any other step, and
 * in an undo or redo (which tells no turn: core's fields and the turn-event ledger follow it).
 */
export function asShownInHiddenSurprise(events: readonly Told[], step: CountStepShown): readonly Told[] {
  if (!hiddenSurpriseRound(step.before, step.hidden) && !hiddenSurpriseRound(step.whole, step.hidden)) return events;
  if (events.some((e) => e.type === "undone" || e.type === "redone")) return events;
  const at = events.findIndex((e) => TRACK_EVENTS.has(e.type));
  const kept = events.filter((e) => !TRACK_EVENTS.has(e.type));
  const told = trackEvents(step.shownBefore(), step.shown);
  // Every event before the first of the track's is kept: the track's events go in at its index.
  const place = at < 0 ? kept.length : at;
  return [...kept.slice(0, place), ...told, ...kept.slice(place)];
}

/** Where a copy of the track stands: a round under way (turns or end step), who acts. */
function standing(s: CountState): { live: boolean; end: boolean; round: number; current: string | null } {
  return {
    live: s.status === "turns" || s.status === "end",
    end: s.status === "end",
    round: s.round,
    current: currentId(s),
  };
}

/** The track's events that take a copy from `from` to `to`: the turn that ends, the round that starts, what comes. */
function trackEvents(from: CountState, to: CountState): CountEvent[] {
  const b = standing(from);
  const a = standing(to);
  const sameRound = b.live && a.live && b.round === a.round;
  const out: CountEvent[] = [];
  if (b.current !== null && !(sameRound && a.current === b.current))
    out.push({ type: "turnEnded", round: b.round, combatantId: b.current });
  if (a.live && !sameRound) out.push({ type: "roundStarted", round: a.round });
  if (a.current !== null && !(sameRound && b.current === a.current))
    out.push({ type: "turnStarted", round: a.round, combatantId: a.current });
  if (a.end && !(sameRound && b.end)) out.push({ type: "endStep", round: a.round });
  return out;
}
