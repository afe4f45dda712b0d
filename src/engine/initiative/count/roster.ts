/**
 * Commands that start the encounter, feed dice back and change who is on the track: start, rolls,
 * next, join, leave, defeat, revive, set initiative, unconscious / conscious (CNT-14), surprise (CNT-4).
 * Each works at any moment, mid-round included.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { dropPending } from "./actions.ts";
import { COUNT_END_STEP, COUNT_TRACK_LENGTH } from "./delay.ts";
import { trackedCount } from "./order.ts";
import {
  COUNT_ROLL_REASONS,
  countRoll,
  getCombatant,
  presentCombatants,
  putCombatant,
  requestRolls,
  validateCombatantInput,
  type CountOut,
} from "./state.ts";
import {
  advance,
  afterInitiative,
  beginRound,
  currentId,
  lowerIdleCounts,
  requestTiesFor,
  reschedule,
  retryContests,
  savesIfLast,
  settle,
} from "./track.ts";
import type { CountCombatant, CountCombatantInput, CountState } from "./types.ts";
import { vectorGet, vectorPush, vectorSet, vectorUpdate } from "../shared/persistent-vector.ts";

const running = (s: CountState): boolean => s.status === "turns" || s.status === "end";

/** CNT-2: starts the encounter; every creature not yet rolled is asked for its 1d20. */
export function start(state: CountState, out: CountOut): Result<CountState> {
  if (state.status !== "setup") return err("TEMPO.ERRORS.Count.AlreadyStarted");
  const present = presentCombatants(state);
  if (present.length === 0) return err("TEMPO.ERRORS.Count.NoCombatants");
  out.events.push({ type: "combatStarted" });
  const unrolled = present.filter((c) => c.count === null);
  const s = requestRolls({ ...state, status: "rolling" }, unrolled, COUNT_ROLL_REASONS.initiative, out);
  return ok(settle(s, out));
}

/** CNT-3: ends the turn under way and steps on; after the end step the next round starts (CNT-13 first). */
export function next(state: CountState, out: CountOut): Result<CountState> {
  if (state.status === "setup") return err("TEMPO.ERRORS.Count.NotStarted");
  if (state.status === "rolling" || state.status === "contest") return err("TEMPO.ERRORS.Count.AwaitingRolls");
  if (state.status === "end") {
    // CNT-3: after the end step a new round starts at 0; CNT-13 first lowers idle creatures' counts.
    out.events.push({ type: "roundEnded", round: state.round });
    return ok(beginRound(lowerIdleCounts(state, out), state.round + 1, out));
  }
  const turn = state.order[state.cursor];
  let s = state;
  if (turn !== undefined) {
    const c = getCombatant(s, turn.id);
    if (c !== null) {
      out.events.push({ type: "turnEnded", round: s.round, combatantId: c.id });
      s = savesIfLast(s, c, out, true);
    }
  }
  return ok(advance(s, turn?.count ?? -1, out));
}

/**
 * CNT-2, CNT-5: dice come back as the totals of the formulas asked for: an initiative total
 * ("1d20 - bonus") is the creature's result and count, a contest total ("1d20 + bonus") is kept.
 */
export function rolls(
  state: CountState,
  results: readonly { requestId: string; total: number }[],
  out: CountOut,
): Result<CountState> {
  if (!Array.isArray(results) || results.length === 0) return err("TEMPO.ERRORS.Count.NoResults");
  const open = new Map(state.requests.map((r) => [r.id, r]));
  const seen = new Set<string>();
  // Records are collected first and written back in one go: the opening rolls come ten thousand at once.
  const updated = new Map<number, CountCombatant>();
  const answered: { readonly slot: number; readonly reason: string; readonly total: number }[] = [];
  for (const result of results) {
    if (typeof result !== "object" || result === null) return err("TEMPO.ERRORS.Count.NoResults");
    const request = open.get(result.requestId);
    if (request === undefined || seen.has(result.requestId)) {
      return err("TEMPO.ERRORS.Count.UnknownRequest", { id: shown(result.requestId) });
    }
    seen.add(result.requestId);
    const slot = request.combatantId === null ? undefined : state.slots[request.combatantId];
    const c = slot === undefined ? null : vectorGet(state.combatants, slot);
    if (slot === undefined || c === null) continue;
    // The totals the request's formula can give (the bonus is fixed for the encounter).
    const { min, max } = countRoll(request.id, c, request.reason);
    if (!Number.isInteger(result.total) || result.total < min || result.total > max) {
      return err("TEMPO.ERRORS.Count.InvalidRoll", { total: shown(result.total) });
    }
    answered.push({ slot, reason: request.reason, total: result.total + 0 });
  }
  const changed: string[] = [];
  let onlyContests = true;
  for (const { slot, reason, total } of answered) {
    const c = updated.get(slot) ?? vectorGet(state.combatants, slot);
    if (c === null) continue;
    if (reason === COUNT_ROLL_REASONS.contest) {
      // CNT-5: the contest total (1d20 + bonus) is kept for the encounter.
      updated.set(slot, { ...c, contest: [...c.contest, total] });
      out.events.push({ type: "contestRolled", combatantId: c.id, total });
    } else {
      onlyContests = false;
      // CNT-2: the result (1d20 − bonus) is the count; CNT-4: below 0 is tracked as 0 (the result keeps the surprise).
      const count = Math.min(COUNT_TRACK_LENGTH - 1, trackedCount(total));
      updated.set(slot, { ...c, result: total, count });
      out.events.push({ type: "initiativeRolled", combatantId: c.id, total, count });
    }
    changed.push(c.id);
  }
  let s: CountState = {
    ...state,
    requests: state.requests.filter((r) => !seen.has(r.id)),
    combatants: writeBack(state, updated),
  };
  if (running(s)) {
    for (const id of changed) s = requestTiesFor(reschedule(s, id), id, out);
  }
  // CNT-5: a batch of contest dice for the waiting round re-sorts only the blocks it can reorder.
  if (onlyContests && s.status === "contest" && s.upcomingRound >= 0) return ok(retryContests(s, changed, out));
  return ok(settle(s, out));
}

/** Writes changed records back in one pass over the paths they sit on (each node copied once). */
function writeBack(state: CountState, updated: ReadonlyMap<number, CountCombatant>): CountState["combatants"] {
  return vectorUpdate(state.combatants, [...updated.values()], (c) => state.slots[c.id] ?? -1);
}

/** CNT-2: a creature joins mid-encounter and rolls; it takes its place when the roll comes back. */
export function join(state: CountState, input: CountCombatantInput, out: CountOut): Result<CountState> {
  const record = validateCombatantInput(input);
  if (!record.ok) return record;
  if (getCombatant(state, input.id) !== null) return err("TEMPO.ERRORS.Count.DuplicateCombatant", { id: input.id });
  const slot = state.combatants.size;
  let s: CountState = {
    ...state,
    combatants: vectorPush(state.combatants, record.value),
    slots: { ...state.slots, [input.id]: slot },
  };
  out.events.push({ type: "combatantJoined", combatantId: input.id });
  // It rolls like everyone else (CNT-2) and takes its place when the roll comes back.
  if (s.status !== "setup") s = requestRolls(s, [record.value], COUNT_ROLL_REASONS.initiative, out);
  return ok(s);
}

/** CNT-6: a creature leaves with its pending actions; if it was acting, the next turn starts. */
export function leave(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  const wasCurrent = currentId(state) === id;
  const turn = state.order[state.cursor];
  let s = dropPending(state, c, out);
  const slot = s.slots[id] ?? -1;
  const { [id]: _gone, ...slots } = s.slots;
  s = {
    ...s,
    combatants: vectorSet(s.combatants, slot, null),
    slots,
    requests: s.requests.filter((r) => r.combatantId !== id),
  };
  out.events.push({ type: "combatantLeft", combatantId: id });
  const at = s.order.findIndex((t) => t.id === id);
  if (at !== -1) {
    s = {
      ...s,
      order: s.order.filter((_, i) => i !== at),
      cursor: at <= s.cursor && s.status === "turns" ? s.cursor - 1 : s.cursor,
    };
    if (s.status === "end") s = { ...s, cursor: s.order.length };
  }
  // The turn passes on, as if the one who left had ended it.
  if (wasCurrent && turn !== undefined) s = advance(s, turn.count, out);
  return ok(settle(s, out));
}

/** DEF-1: a defeated creature keeps its place and data; the track skips it. */
export function defeat(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Count.AlreadyDefeated", { id });
  out.events.push({ type: "combatantDefeated", combatantId: id });
  // DEF-1: it keeps its place and data; the track skips it.
  return ok(settle(putCombatant(state, { ...c, defeated: true }), out));
}

/** DEF-1: a revived creature acts again, this round too if its place is still ahead (CNT-5 ties asked). */
export function revive(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Count.NotDefeated", { id });
  out.events.push({ type: "combatantRevived", combatantId: id });
  let s = putCombatant(state, { ...c, defeated: false });
  if (running(s)) s = requestTiesFor(s, id, out);
  return ok(settle(s, out));
}

/** CNT-2, CNT-4: the GM sets a count (below 0 tracked as 0); mid-round nobody loses or repeats a turn. */
export function setInitiative(state: CountState, id: string, value: number, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!Number.isInteger(value) || value > COUNT_TRACK_LENGTH - 1 || value < -100) {
    return err("TEMPO.ERRORS.Count.InvalidCount", { value: shown(value) });
  }
  if (c.unconscious) return err("TEMPO.ERRORS.Count.Unconscious", { id });
  const count = trackedCount(value);
  out.events.push({ type: "initiativeSet", combatantId: id, value: count });
  // Before the first round the value is the roll's result, so it can give surprise (CNT-4).
  const result = state.round === -1 ? value + 0 : c.result;
  let s = putCombatant(state, { ...c, result, count });
  s = {
    ...s,
    requests: s.requests.filter((r) => !(r.combatantId === id && r.reason === COUNT_ROLL_REASONS.initiative)),
  };
  if (running(s)) s = requestTiesFor(reschedule(s, id), id, out);
  return ok(settle(s, out));
}

/** CNT-14: an unconscious creature sits at count 20 and takes no turn. */
export function knockOut(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (c.unconscious) return err("TEMPO.ERRORS.Count.Unconscious", { id });
  if (c.count === null) return err("TEMPO.ERRORS.Count.NotRolled", { id });
  out.events.push({ type: "combatantUnconscious", combatantId: id });
  let s = putCombatant(state, { ...c, unconscious: true, count: COUNT_END_STEP });
  if (running(s)) s = reschedule(s, id);
  return ok(settle(s, out));
}

/** CNT-14: it takes count 20 − bonus at once, and acts this round if that count is still ahead. */
export function wake(state: CountState, id: string, out: CountOut): Result<CountState> {
  const c = getCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id });
  if (!c.unconscious) return err("TEMPO.ERRORS.Count.NotUnconscious", { id });
  const count = Math.min(COUNT_TRACK_LENGTH - 1, trackedCount(COUNT_END_STEP - c.bonus));
  out.events.push({ type: "consciousnessRegained", combatantId: id, count });
  let s = putCombatant(state, { ...c, unconscious: false, count });
  if (running(s)) s = requestTiesFor(reschedule(s, id, true), id, out);
  return ok(settle(s, out));
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
