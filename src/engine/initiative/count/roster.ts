/**
 * Commands that start the encounter, feed dice back and change who is on the track: start, rolls,
 * next, join, leave, defeat, revive, set initiative, unconscious / conscious (CNT-14), surprise (CNT-4).
 * Each works at any moment, mid-round included.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import type { RollResult } from "../contract.ts";
import { dropPending } from "./actions.ts";
import { COUNT_END_STEP, COUNT_LAST } from "./delay.ts";
import { trackedCount } from "./order.ts";
import { openRoll, type CountNeed } from "./requests.ts";
import {
  COUNT_ROLL_REASONS,
  getCombatant,
  presentCombatants,
  putCombatant,
  recordAt,
  slotOf,
  upToDate,
  validateCombatantInput,
  type CountOut,
} from "./state.ts";
import { countIn, trackRound } from "./walk.ts";
import { placeTies, removeTie } from "./ties.ts";
import { dropSecretsLevelWith } from "./hidden-ties.ts";
import {
  advance,
  afterInitiative,
  beginRound,
  currentId,
  keepTurns,
  lowerIdleCounts,
  placeAhead,
  savesIfLast,
  settle,
} from "./track.ts";
import type { CountCombatant, CountCombatantInput, CountState } from "./types.ts";
import { vectorPush, vectorSet, vectorUpdate } from "../shared/persistent-vector.ts";

/** CNT-2: starts the encounter; every creature not yet rolled owes its 1d20 (requests.ts). */
export function start(state: CountState, out: CountOut): Result<CountState> {
  if (state.status !== "setup") return err("TEMPO.ERRORS.Count.AlreadyStarted");
  if (presentCombatants(state).length === 0) return err("TEMPO.ERRORS.Count.NoCombatants");
  out.events.push({ type: "combatStarted" });
  return ok(settle({ ...state, status: "rolling" }, out));
}

/** CNT-3: ends the turn under way and steps on; after the end step the next round starts (CNT-13 first). */
export function next(state: CountState, out: CountOut): Result<CountState> {
  if (state.status === "setup") return err("TEMPO.ERRORS.Count.NotStarted");
  if (state.status === "rolling" || state.status === "contest") return err("TEMPO.ERRORS.Count.AwaitingRolls");
  if (state.status === "end") {
    // CNT-3: after the end step a new round starts at 0; CNT-13 first lowers idle creatures' counts.
    out.events.push({ type: "roundEnded", round: state.round });
    lowerIdleCounts(state, out);
    return ok(beginRound(state, state.round + 1, out));
  }
  const id = currentId(state);
  const c = id === null ? null : getCombatant(state, id);
  let s = state;
  if (c !== null) {
    out.events.push({ type: "turnEnded", round: s.round, combatantId: c.id });
    s = savesIfLast(s, c, out, true);
  }
  return ok(advance(s, state.count, out));
}

/**
 * CNT-2, CNT-5: dice come back as the totals of the formulas asked for: an initiative total
 * ("1d20 - bonus") is the creature's result and count, a contest total ("1d20 + bonus") is kept and
 * moves the creature in the tie order. `needs` are the rolls the state waits for (requests.ts).
 */
export function rolls(
  state: CountState,
  results: readonly RollResult[],
  needs: readonly CountNeed[],
  out: CountOut,
): Result<CountState> {
  if (!Array.isArray(results) || results.length === 0) return err("TEMPO.ERRORS.Count.NoResults");
  const open = new Map(needs.map((need) => [need.id, need]));
  const seen = new Set<string>();
  const answered: { slot: number; reason: string; total: number; secret: boolean }[] = [];
  for (const result of results) {
    if (typeof result !== "object" || result === null) return err("TEMPO.ERRORS.Count.NoResults");
    const need = open.get(result.requestId);
    const roll = need === undefined ? null : openRoll(state, need);
    if (roll === null || seen.has(result.requestId)) {
      return err("TEMPO.ERRORS.Count.UnknownRequest", { id: shown(result.requestId) });
    }
    seen.add(result.requestId);
    if (!Number.isInteger(result.total) || result.total < roll.min || result.total > roll.max) {
      return err("TEMPO.ERRORS.Count.InvalidRoll", { total: shown(result.total) });
    }
    answered.push({
      slot: roll.slot,
      reason: roll.request.reason,
      total: result.total + 0,
      secret: result.secret === true,
    });
  }
  // Records are collected first and written back in one go: the opening rolls come ten thousand at once.
  const round = trackRound(state);
  const updated = new Map<number, CountCombatant>();
  const contested: number[] = [];
  const counted: number[] = [];
  for (const { slot, reason, total, secret } of answered) {
    const stored = updated.get(slot) ?? recordAt(state, slot);
    if (stored === null) continue;
    if (reason === COUNT_ROLL_REASONS.contest) {
      // CNT-5: the contest total (1d20 + bonus) is kept for the encounter; a secret one is marked so
      // (issue 18 item 5: hidden-ties.ts). Issue 17: brought up to date in the same copy (a round's
      // contests answer most of a thousand records, each behind by the round just begun).
      const secretContest = secret ? stored.secretContest + 1 : 0;
      const contest = [...stored.contest, total];
      const c: CountCombatant =
        round <= stored.countRound
          ? { ...stored, contest, secretContest }
          : { ...stored, count: countIn(stored, round), countRound: round, contest, secretContest };
      updated.set(slot, c);
      contested.push(slot);
      out.events.push({ type: "contestRolled", combatantId: c.id, total });
    } else {
      const c = upToDate(stored, round);
      // CNT-2: the result (1d20 − bonus) is the count; CNT-4: below 0 is tracked as 0, and only an opening
      // roll can give surprise.
      const count = Math.min(COUNT_LAST, trackedCount(total));
      updated.set(slot, { ...c, result: state.round === -1 ? total : null, count });
      counted.push(slot);
      out.events.push({ type: "initiativeRolled", combatantId: c.id, total, count });
    }
  }
  let s: CountState = {
    ...state,
    combatants: vectorUpdate(state.combatants, [...updated.values()], (c) => slotOf(state, c.id) ?? -1),
  };
  // Issue 18: a creature placed mid-encounter is not ordered against a secret total (hidden-ties.ts).
  const freed = dropSecretsLevelWith(s, counted);
  s = keepTurns(state, placeTies(freed.state, [...contested, ...freed.dropped]));
  return ok(settle(s, out));
}

/** CNT-2: a creature joins mid-encounter; once started it owes its roll and takes its place when it comes back. */
export function join(state: CountState, input: CountCombatantInput, out: CountOut): Result<CountState> {
  const record = validateCombatantInput(input);
  if (!record.ok) return record;
  if (getCombatant(state, input.id) !== null) return err("TEMPO.ERRORS.Count.DuplicateCombatant", { id: input.id });
  const slot = state.combatants.size;
  const s: CountState = {
    ...state,
    combatants: vectorPush(state.combatants, record.value),
    slots: { ...state.slots, [input.id]: slot },
  };
  out.events.push({ type: "combatantJoined", combatantId: input.id });
  return ok(placeTies(s, [slot]));
}

/** CNT-6: a creature leaves with its pending actions; if it was acting, the next turn starts. */
export function leave(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  const slot = slotOf(state, id);
  if (c === null || slot === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  const wasCurrent = currentId(state) === id;
  let s = dropPending(state, c, out);
  const { [id]: _gone, ...slots } = s.slots;
  s = removeTie(
    { ...s, combatants: vectorSet(s.combatants, slot, null), slots, queued: s.queued.filter((q) => q !== id) },
    slot,
  );
  out.events.push({ type: "combatantLeft", combatantId: id });
  // The turn passes on, as if the one who left had ended it.
  if (wasCurrent) s = advance({ ...s, current: null }, s.count, out);
  return ok(settle(s, out));
}

/**
 * Issue 17: every one of `ids` (none acting now) leaves in one pass while turns go on, settled once
 * (host/public-order.ts takes the hidden creatures out so); null where one is unknown or acting, or
 * while initiative or contests are rolled, and they leave one by one.
 */
export function leaveAll(state: CountState, ids: readonly string[]): CountState | null {
  const left = new Set(ids);
  if (left.size !== ids.length || state.status !== "turns") return null;
  const current = currentId(state);
  const out: CountOut = { events: [] };
  let s = state;
  for (const id of ids) {
    const c = getCombatant(s, id);
    const slot = slotOf(s, id);
    if (c === null || slot === null || id === current) return null;
    s = dropPending(s, c, out);
    s = removeTie({ ...s, combatants: vectorSet(s.combatants, slot, null) }, slot);
  }
  // Issue 18: a copy less the ones who left (the others' keys in their order), not the record rebuilt
  // entry by entry (a pair per creature, ~0.25 ms at 1,000); a copy keeps "__proto__" an own key.
  const slots: Record<string, number> = { ...s.slots };
  for (const id of left) Reflect.deleteProperty(slots, id);
  return settle({ ...s, slots, queued: s.queued.filter((q) => !left.has(q)) }, out);
}

/**
 * DEF-1: a defeated creature keeps its place and data; the track skips it.
 * **Ruling:** the creature whose turn it is can no longer finish it: its turn ends (`turnEnded`, before
 * `combatantDefeated`, as when it leaves) and the track steps on to the next creature that can act, in
 * the same step, as `next` would (pending actions due on the counts between resolve on the way).
 */
export function defeat(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Count.AlreadyDefeated", { id });
  const acting = currentId(state) === id;
  if (acting) out.events.push({ type: "turnEnded", round: state.round, combatantId: id });
  out.events.push({ type: "combatantDefeated", combatantId: id });
  // DEF-1: it keeps its place and data; the track skips it.
  const s = putCombatant(state, { ...c, defeated: true });
  return ok(settle(acting ? advance({ ...s, current: null }, s.count, out) : s, out));
}

/** DEF-1: a revived creature acts again, this round too if its place is still ahead (CNT-5 ties follow). */
export function revive(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Count.NotDefeated", { id });
  out.events.push({ type: "combatantRevived", combatantId: id });
  return ok(settle(putCombatant(state, { ...c, defeated: false }), out));
}

/** CNT-2, CNT-4: the GM sets a count (below 0 tracked as 0); mid-round nobody loses or repeats a turn. */
export function setInitiative(state: CountState, id: string, value: number, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!Number.isInteger(value) || value > COUNT_LAST || value < -100) {
    return err("TEMPO.ERRORS.Count.InvalidCount", { value: shown(value) });
  }
  if (c.unconscious) return err("TEMPO.ERRORS.Count.Unconscious", { id });
  const count = trackedCount(value);
  out.events.push({ type: "initiativeSet", combatantId: id, value: count });
  // Before the first round the value is the roll's result, so it can give surprise (CNT-4).
  const result = state.round === -1 ? value + 0 : c.result;
  const set = putCombatant(state, { ...c, result, count });
  // Issue 18: nor is a creature the GM sets onto a count (hidden-ties.ts).
  const freed = dropSecretsLevelWith(set, [slotOf(state, id) ?? -1]);
  return ok(settle(keepTurns(state, placeTies(freed.state, freed.dropped)), out));
}

/** CNT-14: an unconscious creature sits at count 20 and takes no turn. */
export function knockOut(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (c.unconscious) return err("TEMPO.ERRORS.Count.Unconscious", { id });
  if (c.count === null) return err("TEMPO.ERRORS.Count.NotRolled", { id });
  // DEF-1's ruling (`defeat`) holds for CNT-14 too: the creature acting now falls and its turn passes on.
  const acting = currentId(state) === id;
  if (acting) out.events.push({ type: "turnEnded", round: state.round, combatantId: id });
  out.events.push({ type: "combatantUnconscious", combatantId: id });
  const s = putCombatant(state, { ...c, unconscious: true, count: COUNT_END_STEP });
  return ok(settle(acting ? advance({ ...s, current: null }, s.count, out) : s, out));
}

/**
 * CNT-14: it takes count 20 − bonus at once, and acts this round if that count is still ahead of the turn
 * under way: after an earlier turn too, as a new turn with a fresh action (its reaction stays used, CNT-12).
 */
export function wake(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!c.unconscious) return err("TEMPO.ERRORS.Count.NotUnconscious", { id });
  const count = Math.min(COUNT_LAST, trackedCount(COUNT_END_STEP - c.bonus));
  out.events.push({ type: "consciousnessRegained", combatantId: id, count });
  let woken: CountCombatant = { ...c, unconscious: false, count };
  const again = state.status === "turns" && state.round >= 1 && woken.turnRound === state.round;
  if (again && currentId(state) !== id && placeAhead(state, woken)) woken = { ...woken, actedRound: -1, turnRound: -1 };
  return ok(settle(putCombatant(state, woken), out));
}

/** CNT-4: before the first round the GM marks a creature surprised (no actions or reactions in the surprise round). */
export function markSurprised(state: CountState, id: string, surprised: boolean, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (state.round !== -1 || state.status === "turns" || state.status === "end")
    return err("TEMPO.ERRORS.Count.TooLate");
  out.events.push({ type: "surpriseMarked", combatantId: id, surprised: surprised === true });
  return ok(rechooseFirstRound(putCombatant(state, { ...c, surprised: surprised === true }), out));
}

/** CNT-4 (setting "GM declares"): before the first round the GM declares a surprise round, or takes it back. */
export function declareSurprise(state: CountState, value: boolean, out: CountOut): Result<CountState> {
  if (state.options.surprise !== "declared") return err("TEMPO.ERRORS.Count.SurpriseIsAutomatic");
  if (state.round !== -1 || state.status === "turns" || state.status === "end")
    return err("TEMPO.ERRORS.Count.TooLate");
  out.events.push({ type: "surpriseDeclared", value: value === true });
  return ok(rechooseFirstRound({ ...state, surpriseDeclared: value === true }, out));
}

/** CNT-4: while the first contests are out, a change to who has surprise decides the first round anew. */
function rechooseFirstRound(state: CountState, out: CountOut): CountState {
  return state.status === "contest" && state.round === -1 ? afterInitiative(state, out) : state;
}
