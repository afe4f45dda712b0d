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
 */
import { vectorValues } from "../shared/persistent-vector.ts";
import { anyContest } from "./ties.ts";
import type { CountState } from "./types.ts";
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
