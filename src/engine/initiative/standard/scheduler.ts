/**
 * The `standard` scheduler (seeds/001, RULES §2): d20 + DEX, highest first, 5-second rounds.
 *
 * - STD-1 `start` asks for one "1d20 + DEX" roll per creature (the request carries the modifier so
 *   the chat card shows it; the adapter feeds back the total).
 * - STD-2 ties: higher DEX first; still tied, a kept tie-breaker: the level creatures roll 1d20 and
 *   keep it for the encounter, again only while they are still level (the engine never rolls, so a
 *   "random" tie-breaker is a dice request like any other). Until it arrives they stand by id.
 * - STD-3 a creature joining a running combat rolls, is slotted in by its total, and cannot react
 *   (`standardCanReact`) until its first turn starts. If its slot has already passed this round, its
 *   first turn is next round.
 * - STD-4 round N starts when the first creature of the order starts its turn: `roundStarted` comes
 *   right before that `turnStarted`. `turnStarted`/`turnEnded` carry the round, which is what STD-5's
 *   duration logic anchors on (the originator's turn is second 0, its next turn second 5).
 * - DEF-1 defeated creatures keep their place and are skipped (`turnSkipped`). Defeating the creature
 *   whose turn it is does not end the turn: the GM ends it with `next`.
 *
 * - Changes at any moment: a new total for a creature that has not acted moves it within the rest of the
 *   round (it keeps its turn); for one that has acted it takes effect next round (no second turn). When
 *   the acting creature leaves, its turn ends and the next one starts. A creature that leaves and joins
 *   again under the same id is a newcomer. `setInitiative` discards the creature's tie-breakers.
 *
 * Mid-round changes never cost or repeat a turn: see shared/round-order.ts for the split at `turnIndex`.
 * A turn step writes one index and shares the order array (O(1) amortised, skipping defeated ones);
 * the order is sorted again at a round start only when a mid-round change left it unsorted.
 * Changes (join, leave, defeat, revive, setInitiative, rolls) are O(n): they copy the combatant record
 * and the order array, and look for ties. At 10,000 combatants that is 3–10 ms per change
 * (bench/standard.bench.ts). Sharing the record's entries would need a persistent map instead of the
 * plain JSON record stored in `Combat.system`; with the order array copied anyway it would not make a
 * change sub-linear, so it is left as it is.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { d20Roll, dispatchLinear, matchRollResults } from "../shared/linear-commands.ts";
import {
  canActIn,
  leaveOrder,
  nextTurn,
  skipSlots,
  type TurnSkipped,
  type TurnWalk,
  type WalkStep,
} from "../shared/turn-walk.ts";
import type { CommonCommand, CommonEvent, DiceRequest, RollResult, Scheduler, Transition } from "../contract.ts";
import { compareIds, contestRollsNeeded, noNegativeZero } from "../shared/highest-first.ts";
import { compareStandardOrder } from "./order.ts";
import {
  insertAt,
  nextActiveIndex,
  own,
  passedSlotIndex,
  removeAt,
  sortedInsertIndex,
  without,
} from "../shared/round-order.ts";
import {
  STANDARD_ROLL_REASONS,
  STANDARD_ROUND_SECONDS,
  validStandardId,
  type StandardCombatant,
  type StandardPendingRoll,
  type StandardState,
} from "./state.ts";
import { standardTimeline } from "./timeline.ts";

export type StandardCommand =
  | CommonCommand
  /** STD-3: a creature enters the fray; it rolls 1d20 + `dexBonus` once combat has started. */
  | { readonly type: "join"; readonly combatantId: string; readonly dexBonus: number };

export type StandardEvent =
  | CommonEvent
  /** DEF-1: a defeated creature's slot came and was passed over. */
  | TurnSkipped;

/** A transition under construction: events and requests accumulate, the state is replaced. */
interface Step {
  state: StandardState;
  readonly events: StandardEvent[];
  readonly requests: DiceRequest[];
}

function comparator(state: StandardState): (a: string, b: string) => number {
  const combatants = state.combatants;
  return (a, b) => {
    const x = own(combatants, a);
    const y = own(combatants, b);
    return x === undefined || y === undefined ? compareIds(a, b) : compareStandardOrder(x, y);
  };
}

/** Every combatant with an initiative, sorted. O(n log n); once per round at most. */
function sortedOrder(state: StandardState): string[] {
  const ids = Object.keys(state.combatants).filter((id) => own(state.combatants, id)?.initiative !== null);
  return ids.sort(comparator(state));
}

function setCombatant(state: StandardState, combatant: StandardCombatant): StandardState {
  return { ...state, combatants: { ...state.combatants, [combatant.id]: combatant } };
}

function requestRoll(step: Step, combatant: StandardCombatant, kind: StandardPendingRoll["kind"]): void {
  // STD-1: 1d20 + DEX; STD-2: a plain 1d20 tie-breaker.
  const modifier = kind === "initiative" ? combatant.dexBonus : 0;
  const roll = d20Roll(`std-${step.state.nextRequest}`, combatant.id, null, modifier, STANDARD_ROLL_REASONS[kind]);
  step.state = {
    ...step.state,
    rolls: [...step.state.rolls, { ...roll, kind }],
    nextRequest: step.state.nextRequest + 1,
  };
  step.requests.push(roll.request);
}

/** Drops the dice requests of one combatant (it left, or its initiative was set by hand). */
function cancelRolls(
  state: StandardState,
  combatantId: string,
  kinds: readonly StandardPendingRoll["kind"][],
): StandardState {
  const rolls = state.rolls.filter((r) => r.request.combatantId !== combatantId || !kinds.includes(r.kind));
  return rolls.length === state.rolls.length ? state : { ...state, rolls };
}

/** Marks the start of `order[index]`'s turn: STD-3's "first turn" happens here. */
function beginTurn(step: WalkStep<StandardState>, index: number): void {
  const state = step.state;
  const id = state.order[index];
  if (id === undefined) return;
  const firstTurnDue = without(state.firstTurnDue, id);
  step.state = { ...state, turnIndex: index, firstTurnDue };
  step.events.push({ type: "turnStarted", round: state.round, combatantId: id });
}

/**
 * STD-4: the next round starts with its first creature's turn. Sorts again only when the last round's
 * changes left the order unsorted. Returns false (and changes nothing) when nobody can act.
 */
function startNextRound(step: WalkStep<StandardState>): boolean {
  const state = step.state;
  const order = state.resort ? sortedOrder(state) : state.order;
  const first = nextActiveIndex(order, 0, canActIn(state.combatants));
  if (first < 0) return false;
  if (state.round > 0) step.events.push({ type: "roundEnded", round: state.round });
  const round = state.round + 1;
  step.events.push({ type: "roundStarted", round });
  step.state = { ...state, round, order, resort: false };
  skipSlots(step, 0, first, round);
  beginTurn(step, first);
  return true;
}

/** STD-4, DEF-1: how the shared turn walk (shared/turn-walk.ts) runs a standard combat. */
const WALK: TurnWalk<StandardState> = {
  nextRoundOrder: (state) => (state.resort ? sortedOrder(state) : state.order),
  startNextRound,
  beginTurn,
};

/** STD-3: slots a combatant that just got its initiative into a running order. */
function place(state: StandardState, id: string): StandardState {
  const compare = comparator(state);
  const current = state.order[state.turnIndex];
  if (current !== undefined && compare(id, current) > 0) {
    const index = sortedInsertIndex(state.order, state.turnIndex + 1, state.order.length, id, compare);
    return { ...state, order: insertAt(state.order, index, id) };
  }
  // Its slot has passed this round (or nobody is acting): it waits for the next round.
  const end = Math.min(Math.max(state.turnIndex, 0), state.order.length);
  const index = passedSlotIndex(state.order, end, id, compare);
  return {
    ...state,
    order: insertAt(state.order, index, id),
    turnIndex: state.turnIndex + (index <= state.turnIndex ? 1 : 0),
  };
}

/** STD-3: takes a newcomer that has not started a turn out of the order and slots it in again. */
function slotAgain(state: StandardState, id: string): StandardState {
  const index = state.order.indexOf(id);
  if (index < 0 || index === state.turnIndex) return state;
  const removed = {
    ...state,
    order: removeAt(state.order, index),
    turnIndex: index < state.turnIndex ? state.turnIndex - 1 : state.turnIndex,
  };
  return place(removed, id);
}

/** After tie-breakers changed keys mid-round: sort the part not yet acted, and the rest next round. */
function resortRemaining(state: StandardState): StandardState {
  const split = state.turnIndex + 1;
  const rest = state.order.slice(split).sort(comparator(state));
  return { ...state, order: [...state.order.slice(0, split), ...rest], resort: true };
}

/**
 * Asks for the tie-breakers still needed (STD-2) and starts round 1 once every roll is in.
 * O(n): run after commands that change initiative, never after a turn step.
 */
function settle(step: Step): void {
  const state = step.state;
  if (state.status === "setup") return;
  const waiting = new Set(state.rolls.filter((r) => r.kind === "tieBreak").map((r) => r.request.combatantId));
  const entries = [];
  for (const id of Object.keys(state.combatants)) {
    const c = own(state.combatants, id);
    if (c === undefined || c.initiative === null) continue;
    entries.push({ id, tieKey: `${c.initiative}|${c.dexBonus}`, contest: c.tieBreak });
  }
  const needed = contestRollsNeeded(entries);
  // A tie that went away (a creature left or got a new total) needs no tie-breaker any more.
  const stillNeeded = new Set(needed);
  const rolls = state.rolls.filter((r) => r.kind !== "tieBreak" || stillNeeded.has(r.request.combatantId ?? ""));
  if (rolls.length !== state.rolls.length) step.state = { ...step.state, rolls };
  for (const id of needed) {
    const c = own(step.state.combatants, id);
    if (c !== undefined && !waiting.has(id)) requestRoll(step, c, "tieBreak");
  }
  if (step.state.status === "rolling" && step.state.rolls.length === 0) {
    step.state = { ...step.state, status: "running", order: sortedOrder(step.state), turnIndex: -1, resort: false };
    if (!startNextRound(step)) step.state = { ...step.state, turnIndex: step.state.order.length };
  }
}

function finish(step: Step): Result<Transition<StandardState, StandardEvent>> {
  return ok({ state: step.state, events: step.events, requests: step.requests });
}

function start(state: StandardState): Result<Transition<StandardState, StandardEvent>> {
  if (state.status !== "setup") return err("TEMPO.ERRORS.Standard.AlreadyStarted");
  const ids = Object.keys(state.combatants);
  if (ids.length === 0) return err("TEMPO.ERRORS.Standard.NoCombatants");
  const step: Step = { state: { ...state, status: "rolling" }, events: [{ type: "combatStarted" }], requests: [] };
  for (const id of ids) {
    const c = own(state.combatants, id);
    if (c !== undefined && c.initiative === null) requestRoll(step, c, "initiative");
  }
  settle(step);
  return finish(step);
}

function next(state: StandardState): Result<Transition<StandardState, StandardEvent>> {
  const step: Step = { state, events: [], requests: [] };
  const passed = nextTurn(WALK, step, {
    notStarted: "TEMPO.ERRORS.Standard.NotStarted",
    waitingForRolls: "TEMPO.ERRORS.Standard.WaitingForRolls",
    nobodyCanAct: "TEMPO.ERRORS.Standard.NobodyCanAct",
  });
  return passed.ok ? finish(step) : passed;
}

function join(
  state: StandardState,
  combatantId: string,
  dexBonus: number,
): Result<Transition<StandardState, StandardEvent>> {
  if (!validStandardId(combatantId)) return err("TEMPO.ERRORS.Standard.InvalidId");
  if (Object.hasOwn(state.combatants, combatantId)) {
    return err("TEMPO.ERRORS.Standard.DuplicateCombatant", { id: combatantId });
  }
  if (!Number.isInteger(dexBonus)) return err("TEMPO.ERRORS.Standard.InvalidModifier", { id: combatantId });
  const combatant: StandardCombatant = {
    id: combatantId,
    dexBonus: noNegativeZero(dexBonus),
    initiative: null,
    tieBreak: [],
    defeated: false,
  };
  const step: Step = {
    state: setCombatant(state, combatant),
    events: [{ type: "combatantJoined", combatantId }],
    requests: [],
  };
  if (state.status === "running") {
    step.state = { ...step.state, firstTurnDue: { ...step.state.firstTurnDue, [combatantId]: state.round } };
  }
  if (state.status !== "setup") requestRoll(step, combatant, "initiative");
  return finish(step);
}

function rolls(state: StandardState, results: readonly RollResult[]): Result<Transition<StandardState, StandardEvent>> {
  const matched = matchRollResults(state.rolls, results, {
    unknownRequest: "TEMPO.ERRORS.Standard.UnknownRequest",
    outOfRange: "TEMPO.ERRORS.Standard.RollOutOfRange",
  });
  if (!matched.ok) return matched;
  const step: Step = { state: { ...state, rolls: matched.value.open }, events: [], requests: [] };
  let tieBreaks = false;
  const newcomers: string[] = [];
  for (const { pending, total } of matched.value.answered) {
    const combatant = own(step.state.combatants, pending.request.combatantId ?? "");
    if (combatant === undefined) continue;
    if (pending.kind === "tieBreak") {
      tieBreaks = true;
      // Only this round's newcomers: one that joined earlier has had this round's slot since it started.
      if (own(step.state.firstTurnDue, combatant.id) === step.state.round) newcomers.push(combatant.id);
      step.state = setCombatant(step.state, { ...combatant, tieBreak: [...combatant.tieBreak, total] });
      continue;
    }
    step.state = setCombatant(step.state, { ...combatant, initiative: total });
    step.events.push({ type: "initiativeSet", combatantId: combatant.id, value: total });
    if (step.state.status === "running") step.state = place(step.state, combatant.id);
  }
  if (tieBreaks && step.state.status === "running") {
    step.state = resortRemaining(step.state);
    // STD-3: a newcomer was slotted provisionally while level: its tie-breaker decides whether its slot
    // has passed this round. It has not started a turn, so moving it costs or repeats nobody's turn.
    for (const id of newcomers) step.state = slotAgain(step.state, id);
  }
  settle(step);
  return finish(step);
}

function setInitiative(
  state: StandardState,
  combatantId: string,
  value: number,
): Result<Transition<StandardState, StandardEvent>> {
  const combatant = own(state.combatants, combatantId);
  if (combatant === undefined) return err("TEMPO.ERRORS.Standard.UnknownCombatant", { id: shown(combatantId) });
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return err("TEMPO.ERRORS.Standard.InvalidInitiative", { id: shown(combatantId) });
  }
  const initiative = noNegativeZero(value);
  // A new total makes the old tie-breakers meaningless: they were rolled against other creatures.
  const updated: StandardCombatant = { ...combatant, initiative, tieBreak: [] };
  let next = cancelRolls(state, combatantId, ["initiative", "tieBreak"]);
  if (next.status === "running") {
    const index = next.order.indexOf(combatantId);
    if (index < 0) {
      next = place(setCombatant(next, updated), combatantId);
    } else if (index > next.turnIndex) {
      // Not acted yet this round: it moves within the rest of the round, so it keeps its turn.
      const removed = { ...setCombatant(next, updated), order: removeAt(next.order, index) };
      const at = sortedInsertIndex(
        removed.order,
        removed.turnIndex + 1,
        removed.order.length,
        combatantId,
        comparator(removed),
      );
      // It may now sort ahead of creatures that already acted: sort everyone at the next round.
      next = { ...removed, order: insertAt(removed.order, at, combatantId), resort: true };
    } else {
      // Acted (or acting) this round: it keeps this round's slot and moves at the next round.
      next = { ...setCombatant(next, updated), resort: true };
    }
  } else {
    next = setCombatant(next, updated);
  }
  const step: Step = { state: next, events: [{ type: "initiativeSet", combatantId, value: initiative }], requests: [] };
  settle(step);
  return finish(step);
}

function leave(state: StandardState, combatantId: string): Result<Transition<StandardState, StandardEvent>> {
  if (own(state.combatants, combatantId) === undefined)
    return err("TEMPO.ERRORS.Standard.UnknownCombatant", { id: shown(combatantId) });
  const base = cancelRolls(state, combatantId, ["initiative", "tieBreak"]);
  const stripped: StandardState = {
    ...base,
    combatants: without(base.combatants, combatantId),
    firstTurnDue: without(base.firstTurnDue, combatantId),
  };
  const step: Step = { state: stripped, events: [], requests: [] };
  leaveOrder(WALK, step, combatantId, base.status === "running", "TEMPO.ERRORS.Standard.NobodyCanAct");
  settle(step);
  return finish(step);
}

const KEYS = {
  unknownCombatant: "TEMPO.ERRORS.Standard.UnknownCombatant",
  alreadyDefeated: "TEMPO.ERRORS.Standard.AlreadyDefeated",
  notDefeated: "TEMPO.ERRORS.Standard.NotDefeated",
  unknownCommand: "TEMPO.ERRORS.Standard.UnknownCommand",
} as const;

function apply(state: StandardState, command: StandardCommand): Result<Transition<StandardState, StandardEvent>> {
  // Commands can come from a player's query: anything that is not a command object is refused.
  return dispatchLinear<
    StandardState,
    StandardState["combatants"][string],
    StandardCommand,
    Result<Transition<StandardState, StandardEvent>>
  >(
    state,
    command,
    {
      start: () => start(state),
      next: () => next(state),
      join: (c) => join(state, c.combatantId, c.dexBonus),
      rolls: (c) => rolls(state, c.results),
      setInitiative: (c) => setInitiative(state, c.combatantId, c.value),
      leave: (c) => leave(state, c.combatantId),
    },
    KEYS,
  );
}

/** STD-4: the creature acting now, or null (not started, rolling initiative, nobody able to act). */
export function standardCurrent(state: StandardState): string | null {
  if (state.status !== "running") return null;
  return state.order[state.turnIndex] ?? null;
}

/**
 * STD-3: whether a creature may take a Reaction now. A creature that joined a running combat cannot
 * until its first turn has started; defeated creatures cannot (DEF-1).
 */
export function standardCanReact(state: StandardState, combatantId: string): boolean {
  const combatant = own(state.combatants, combatantId);
  if (combatant === undefined || combatant.defeated) return false;
  return !Object.hasOwn(state.firstTurnDue, combatantId);
}

/** STD-1..4, DEF-1: the `standard` scheduler (see the file comment). */
export const standardScheduler: Scheduler<StandardState, StandardCommand, StandardEvent> & {
  /** STD-4: seconds per round, for world time (TIME-1) and durations (STD-5). */
  readonly roundSeconds: number;
  readonly canReact: (state: StandardState, combatantId: string) => boolean;
} = {
  id: "standard",
  roundSeconds: STANDARD_ROUND_SECONDS,
  apply,
  timeline: standardTimeline,
  current: standardCurrent,
  pending: (state) => state.rolls.map((r) => r.request),
  canReact: standardCanReact,
};
