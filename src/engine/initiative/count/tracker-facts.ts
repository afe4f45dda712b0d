/**
 * What the count tracker explains where it happens (issue 9): the surprise round (CNT-4), tie contests
 * (CNT-5), the idle drop (CNT-13), a creature's pending actions and whether it is casting (CNT-6, CNT-10,
 * CNT-12). Read from the state, nothing decided again in the view: one creature is O(1), so a tracker of
 * 300 creatures reads them all in O(n).
 */
import { countIn, hasSurprise, trackRound } from "./walk.ts";
import { countPendingActionsOf, getCombatant } from "./state.ts";
import type { CountPendingAction, CountState, CountStatus } from "./types.ts";
import { vectorGetById } from "../shared/persistent-vector.ts";

/**
 * CNT-13: a creature that spent no action in a round lowers its count by its bonus from the next round.
 * `lowered`: it happened at the start of this round (told until its turn comes); `next`: in the end step,
 * the count it will hold next round.
 */
export type CountIdleDrop =
  | { readonly when: "lowered"; readonly bonus: number; readonly count: number }
  | { readonly when: "next"; readonly from: number; readonly to: number };

export interface CountCreatureFacts {
  readonly id: string;
  /** CNT-5: its contest totals, kept for the encounter (empty until it first tied). */
  readonly contest: readonly number[];
  /** CNT-4: its opening result was 0 or below. */
  readonly hasSurprise: boolean;
  /** CNT-4: marked surprised by the GM. */
  readonly surprised: boolean;
  readonly idle: CountIdleDrop | null;
  /** CNT-10. */
  readonly casting: boolean;
  /** CNT-12: its reaction this round is used. */
  readonly reactionUsed: boolean;
}

export interface CountTrackerFacts {
  readonly status: CountStatus;
  /** The round under way (0: the surprise round, −1 before the first). */
  readonly round: number;
  /** CNT-4: the surprise round is under way. */
  readonly surpriseRound: boolean;
  /** CNT-5: the round that waits for its tie contests, or null. */
  readonly contestRound: number | null;
  /** One creature's facts, or null when it is not on the track. */
  creature(id: string): CountCreatureFacts | null;
  /** CNT-6: its pending actions, in declaration order. */
  pendingOf(id: string): readonly CountPendingAction[];
}

/** CNT-13, as `countIn` applies it: the drop told now, or null. */
function idleDrop(state: CountState, id: string): CountIdleDrop | null {
  const stored = vectorGetById(state.slots, state.combatants, id);
  if (stored === null || stored.defeated || stored.unconscious || stored.bonus <= 0) return null;
  const round = trackRound(state);
  if (state.status === "end") {
    // The end step: the creature had its turn, spent nothing, and holds a lower count next round.
    const c = getCombatant(state, id);
    if (c === null || c.turnRound !== round || c.actedRound === round) return null;
    const from = countIn(c, round);
    const to = countIn(c, round + 1);
    return from !== null && to !== null && to < from ? { when: "next", from, to } : null;
  }
  const last = round - 1;
  // Idle in the last round and its turn not yet come in this one (CNT-13 never follows the surprise round).
  if (last < 1 || stored.turnRound !== last || stored.actedRound === last) return null;
  const before = stored.countRound === last ? stored.count : null;
  const count = countIn(stored, round);
  // Brought up to date earlier this round, the count it left cannot be read: 0 may not be a drop.
  if (count === null || (before !== null ? count >= before : count === 0)) return null;
  return { when: "lowered", bonus: stored.bonus, count };
}

/** CNT-4, CNT-5, CNT-10, CNT-12, CNT-13: the count tracker's facts. */
export function countTrackerFacts(state: CountState): CountTrackerFacts {
  return {
    status: state.status,
    round: state.round,
    surpriseRound: state.round === 0 && (state.status === "turns" || state.status === "end"),
    contestRound: state.status === "contest" ? state.upcomingRound : null,
    creature: (id) => {
      const c = getCombatant(state, id);
      if (c === null) return null;
      return {
        id,
        contest: c.contest,
        hasSurprise: hasSurprise(c),
        surprised: c.surprised,
        idle: idleDrop(state, id),
        casting: c.casting !== null,
        reactionUsed: c.reactedRound === state.round,
      };
    },
    pendingOf: (id) => countPendingActionsOf(state, id),
  };
}
