/**
 * The dice the count track waits for (CNT-2, CNT-5) follow from the state instead of being stored: every
 * creature not yet rolled owes its initiative once the encounter has started, and every creature not yet
 * separated from a tie partner on the round being prepared owes a contest total. A request's id names
 * the creature's slot and which total it is ("contest-12-2": slot 12's second contest total), so the same
 * roll keeps the same id from one state to the next, and a new round asking 300 creatures for contests
 * writes nothing per creature (issue 8).
 */
import type { DiceRequest } from "../contract.ts";
import type { PendingRollBase } from "../shared/linear-commands.ts";
import { COUNT_ROLL_REASONS, countRoll, recordAt } from "./state.ts";
import { trackRound } from "./walk.ts";
import { contestSlots } from "./ties.ts";
import type { CountState } from "./types.ts";
import { vectorEntries } from "../shared/persistent-vector.ts";

/** A roll the track waits for: its request id, whose slot, initiative or contest. */
export interface CountNeed {
  readonly id: string;
  readonly slot: number;
  readonly contest: boolean;
}

/** A roll the track waits for, with its request and the totals its formula can give. */
export interface CountOpenRoll extends PendingRollBase {
  readonly slot: number;
}

/**
 * CNT-2, CNT-5: the rolls the track waits for: initiative for everyone not rolled (once started, in
 * roster order), then the contests of the round under way or waiting to start, in track order (and of a
 * later round whose contests were asked for first, see `contestRound`). O(n).
 */
export function countNeeds(state: CountState): CountNeed[] {
  if (state.status === "setup") return [];
  const needs: CountNeed[] = [];
  // Issue 17: the roster is read out once, for the initiative owed and for the ties (ties.ts).
  const records = vectorEntries(state.combatants);
  // Slot by slot (roster order); a count is null whatever the round, so records are read as stored.
  for (let slot = 0; slot < records.length; slot++) {
    const c = records[slot];
    if (c !== undefined && c !== null && c.count === null) needs.push({ id: `init-${slot}`, slot, contest: false });
  }
  if (state.status === "rolling") return needs;
  const round = trackRound(state);
  const ties = contestSlots(state, records, round);
  if (state.contestRound > round) {
    const asked = new Set(ties);
    for (const slot of contestSlots(state, records, state.contestRound)) if (!asked.has(slot)) ties.push(slot);
  }
  // The n-th contest total of slot 12 is "contest-12-n".
  for (const slot of ties) {
    const record = records[slot];
    if (record !== undefined && record !== null)
      needs.push({ id: `contest-${slot}-${record.contest.length + 1}`, slot, contest: true });
  }
  return needs;
}

/** The request a need stands for, with its legal totals (CNT-2: "1d20 - bonus", CNT-5: "1d20 + bonus"). */
export function openRoll(state: CountState, need: CountNeed): CountOpenRoll | null {
  const c = recordAt(state, need.slot);
  if (c === null) return null;
  const reason = need.contest ? COUNT_ROLL_REASONS.contest : COUNT_ROLL_REASONS.initiative;
  return { ...countRoll(need.id, c, reason), slot: need.slot };
}

function requestsOf(state: CountState, needs: readonly CountNeed[]): DiceRequest[] {
  const requests: DiceRequest[] = [];
  for (const need of needs) {
    const roll = openRoll(state, need);
    if (roll !== null) requests.push(roll.request);
  }
  return requests;
}

/** The dice requests the track waits for (see `countNeeds`). */
export function countRequests(state: CountState): DiceRequest[] {
  return requestsOf(state, countNeeds(state));
}

/** The requests `after` waits for beyond `before` (what was open before the step): what a step asks to roll. */
export function newRequests(before: readonly CountNeed[], after: CountState): DiceRequest[] {
  const needs = countNeeds(after);
  if (before.length === 0) return requestsOf(after, needs);
  const known = new Set<string>();
  for (const need of before) known.add(need.id);
  return requestsOf(
    after,
    needs.filter((need) => !known.has(need.id)),
  );
}
