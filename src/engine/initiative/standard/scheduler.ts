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
 * - DEF-1 defeated creatures keep their place and are skipped (`turnSkipped`). **Ruling:** defeating
 *   the creature whose turn it is ends its turn and starts the next creature's in the same step, as a
 *   `next` would (delayed creatures re-enter first at the round's end); see `defeatOnWalk`.
 *
 * Ruling, Delay (RULES is silent; issue 8 asks for it; as a d20 GM knows it):
 * - `delay` is given for the acting creature, before it acts (the engine does not see actions spent;
 *   the table keeps to it). It steps out of the order (`delayed`; its turn has started, so no
 *   `turnEnded`) and the next creature's turn starts. Refused when nobody after it can act this round.
 * - `act` re-enters it: its turn starts right after the acting creature's turn ends (after any creature
 *   already re-entering there, in the order they said so). Its initiative becomes that place: the total
 *   of the creature it now follows, with that creature's delay rank + 1, so it sorts after it on equal
 *   totals in later rounds too (`delayEnded`, `initiativeSet`).
 * - At the end of the round at the latest: when the last creature's turn ends, the delayed creatures
 *   still able to act re-enter, in their old order, before the round ends (`delayEnded`, forced).
 * - A delay is once a round: a creature that re-entered cannot delay again in the same round. Its turn
 *   starts twice in that round and ends once, as a phase or segment delay does (turn-event-plan.ts).
 * - A delayed creature that is defeated stays out; its delay is over when the round ends.
 *
 * Ruling, Ready (the same sources):
 * - `ready` is given for the acting creature with a trigger text (1–200 characters): it readies one
 *   action and its turn ends (`readied`, then `turnEnded`). It keeps the readied action until its next
 *   turn starts (or its slot is passed over, DEF-1: `readyLapsed`).
 * - `trigger` resolves it at once, outside the order (`readyTriggered`): it is the creature's Reaction
 *   (STD-6), which the host's action tracker spends on that event (actions/standard-actions.ts) and
 *   checks before it gives the command. A defeated creature cannot trigger; its place does not change.
 *
 * - Changes at any moment: a new total for a creature that has not acted moves it within the rest of the
 *   round (it keeps its turn); for one that has acted it takes effect next round (no second turn). When
 *   the acting creature leaves, its turn ends and the next one starts. A creature that leaves and joins
 *   again under the same id is a newcomer. `setInitiative` discards the creature's tie-breakers and its
 *   delay rank; a delayed creature stays delayed.
 *
 * Mid-round changes never cost or repeat a turn: see shared/round-order.ts for the split at `turnIndex`.
 * A turn step writes one index and shares the order array (O(1) amortised, skipping defeated ones);
 * the order is sorted again at a round start only when a mid-round change left it unsorted.
 * Changes (join, leave, defeat, revive, setInitiative, rolls) are O(n): they copy the combatant record
 * and the order array, and look for ties. At 10,000 combatants that is 3–10 ms per change
 * (bench/standard.bench.ts). Delay and Ready facts are records keyed by id (state.ts), so `delay`,
 * `ready` and `trigger` write a few keys; `act` moves one id, which rewrites the ids between its old
 * and new place (the turns taken since it delayed), and the next round start sorts again.
 */
import { err, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { dispatchLinear, matchRollResults, setDefeatedIn } from "../shared/linear-commands.ts";
import { defeatOnWalk, leaveOrder } from "../shared/turn-walk.ts";
import type { RollResult, Scheduler, Transition } from "../contract.ts";
import { noNegativeZero } from "../shared/highest-first.ts";
import { insertAt, own, removeAt, sortedInsertIndex, without } from "../shared/round-order.ts";
import { act, delay, ready, trigger } from "./delay-ready.ts";
import { cancelRolls, place, requestRoll, resortRemaining, settle, slotAgain } from "./roster.ts";
import { STANDARD_ROUND_SECONDS, validStandardId, type StandardCombatant, type StandardState } from "./state.ts";
import { standardTimeline } from "./timeline.ts";
import { use } from "./uses.ts";
import type { StandardCommand, StandardEvent, StandardStep } from "./types.ts";
import { comparator, finish, lapseSkipped, passOn, reenterAtRoundEnd, setCombatant, WALK } from "./walk.ts";

export type { StandardCommand, StandardEvent } from "./types.ts";

type Step = StandardStep;

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

/** STD-4: ends the acting creature's turn; refused before the start and while initiative is rolled. */
function next(state: StandardState): Result<Transition<StandardState, StandardEvent>> {
  if (state.status === "setup") return err("TEMPO.ERRORS.Standard.NotStarted");
  if (state.status === "rolling") return err("TEMPO.ERRORS.Standard.WaitingForRolls");
  const step: Step = { state, events: [], requests: [] };
  const passed = passOn(step, state.order[state.turnIndex] ?? null, "TEMPO.ERRORS.Standard.NobodyCanAct");
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
  next = { ...next, delayRank: without(next.delayRank, combatantId) };
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
    delayed: without(base.delayed, combatantId),
    reentered: without(base.reentered, combatantId),
    delayRank: without(base.delayRank, combatantId),
    readied: without(base.readied, combatantId),
  };
  const step: Step = { state: stripped, events: [], requests: [] };
  const walking = base.status === "running";
  // The acting creature leaving ends its turn: delayed creatures re-enter if it was the round's last.
  if (walking && base.order[base.turnIndex] === combatantId) reenterAtRoundEnd(step);
  leaveOrder(WALK, step, combatantId, walking, "TEMPO.ERRORS.Standard.NobodyCanAct");
  lapseSkipped(step);
  settle(step);
  return finish(step);
}

const KEYS = {
  unknownCombatant: "TEMPO.ERRORS.Standard.UnknownCombatant",
  alreadyDefeated: "TEMPO.ERRORS.Standard.AlreadyDefeated",
  notDefeated: "TEMPO.ERRORS.Standard.NotDefeated",
  unknownCommand: "TEMPO.ERRORS.Standard.UnknownCommand",
  nobodyCanAct: "TEMPO.ERRORS.Standard.NobodyCanAct",
} as const;

/** DEF-1: marks a creature defeated; the acting one's turn ends and the next creature's starts (ruling above). */
function defeat(state: StandardState, combatantId: string): Result<Transition<StandardState, StandardEvent>> {
  const marked = setDefeatedIn<StandardState, StandardCombatant>(state, combatantId, true, KEYS);
  if (!marked.ok) return marked;
  const step: Step = { state: marked.value.state, events: [], requests: [] };
  const acting = standardCurrent(state) === combatantId;
  defeatOnWalk(WALK, step, combatantId, acting, KEYS.nobodyCanAct, reenterAtRoundEnd);
  lapseSkipped(step);
  return finish(step);
}

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
      delay: (c) => delay(state, c.combatantId),
      act: (c) => act(state, c.combatantId),
      ready: (c) => ready(state, c.combatantId, c.trigger),
      trigger: (c) => trigger(state, c.combatantId),
      use: (c) => use(state, c.combatantId, c.kind),
    },
    KEYS,
    (c) => defeat(state, c.combatantId),
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
