/**
 * Delay and Ready in a standard combat (the rulings in scheduler.ts's header). Each command writes a few
 * keys of the state's records; `act` also moves one id within the order.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import type { Transition } from "../contract.ts";
import { nextActiveIndex, own, without } from "../shared/round-order.ts";
import { canActIn } from "../shared/turn-walk.ts";
import { settle } from "./roster.ts";
import { STANDARD_TRIGGER_MAX_LENGTH, type StandardCombatant, type StandardState } from "./state.ts";
import type { StandardEvent, StandardStep } from "./types.ts";
import { finish, passOn, reenter } from "./walk.ts";

type Outcome = Result<Transition<StandardState, StandardEvent>>;

const NOBODY_CAN_ACT = "TEMPO.ERRORS.Standard.NobodyCanAct";

function known(state: StandardState, id: string): Result<StandardCombatant> {
  const combatant = own(state.combatants, id);
  return combatant === undefined ? err("TEMPO.ERRORS.Standard.UnknownCombatant", { id: shown(id) }) : ok(combatant);
}

/** Delay and Ready are given on the creature's own turn, while the round is under way. */
function acting(state: StandardState, id: string): Result<StandardCombatant> {
  const combatant = known(state, id);
  if (!combatant.ok) return combatant;
  if (state.status !== "running" || state.order[state.turnIndex] !== id) {
    return err("TEMPO.ERRORS.Standard.NotTheirTurn", { id });
  }
  return combatant;
}

/**
 * Delay: the acting creature steps out of this round's order. Refused when it already re-entered from a
 * delay this round (a delay is once a round) and when nobody after it can act this round (there is no
 * one to wait for: it would re-enter at once).
 */
export function delay(state: StandardState, id: string): Outcome {
  const combatant = acting(state, id);
  if (!combatant.ok) return combatant;
  if (own(state.reentered, id) === state.round) return err("TEMPO.ERRORS.Standard.AlreadyDelayed", { id });
  if (nextActiveIndex(state.order, state.turnIndex + 1, canActIn(state.combatants)) < 0) {
    return err("TEMPO.ERRORS.Standard.NobodyToWaitFor", { id });
  }
  const step: StandardStep = {
    state: { ...state, delayed: { ...state.delayed, [id]: state.round } },
    events: [{ type: "delayed", round: state.round, combatantId: id }],
    requests: [],
  };
  const passed = passOn(step, null, NOBODY_CAN_ACT);
  return passed.ok ? finish(step) : passed;
}

/** Delay: a delayed creature re-enters; its turn starts when the acting creature's turn ends. */
export function act(state: StandardState, id: string): Outcome {
  const combatant = known(state, id);
  if (!combatant.ok) return combatant;
  if (own(state.delayed, id) === undefined) return err("TEMPO.ERRORS.Standard.NotDelaying", { id });
  if (combatant.value.defeated) return err("TEMPO.ERRORS.Standard.CannotAct", { id });
  const step: StandardStep = { state, events: [], requests: [] };
  reenter(step, id, false);
  // Its new total may tie another creature's (STD-2).
  settle(step);
  return finish(step);
}

/** Ready: a trigger is a short non-empty text, kept as written (trimmed). */
function triggerText(value: unknown): Result<string> {
  if (typeof value !== "string")
    return err("TEMPO.ERRORS.Standard.InvalidTrigger", { max: STANDARD_TRIGGER_MAX_LENGTH });
  const trigger = value.trim();
  return trigger.length === 0 || trigger.length > STANDARD_TRIGGER_MAX_LENGTH
    ? err("TEMPO.ERRORS.Standard.InvalidTrigger", { max: STANDARD_TRIGGER_MAX_LENGTH })
    : ok(trigger);
}

/** Ready: the acting creature readies an action for `trigger` and its turn ends. */
export function ready(state: StandardState, id: string, trigger: unknown): Outcome {
  const combatant = acting(state, id);
  if (!combatant.ok) return combatant;
  const text = triggerText(trigger);
  if (!text.ok) return text;
  const step: StandardStep = {
    state: { ...state, readied: { ...state.readied, [id]: { trigger: text.value, round: state.round } } },
    events: [{ type: "readied", round: state.round, combatantId: id, trigger: text.value }],
    requests: [],
  };
  const passed = passOn(step, id, NOBODY_CAN_ACT);
  return passed.ok ? finish(step) : passed;
}

/**
 * Ready: the trigger happened and the readied action resolves now. It is a Reaction (STD-6): the host's
 * action tracker spends it on `readyTriggered` and refuses the command first when none is left.
 */
export function trigger(state: StandardState, id: string): Outcome {
  const combatant = known(state, id);
  if (!combatant.ok) return combatant;
  const readied = own(state.readied, id);
  if (readied === undefined) return err("TEMPO.ERRORS.Standard.NothingReadied", { id });
  if (combatant.value.defeated) return err("TEMPO.ERRORS.Standard.CannotReact", { id });
  return ok({
    state: { ...state, readied: without(state.readied, id) },
    events: [{ type: "readyTriggered", round: state.round, combatantId: id, trigger: readied.trigger }],
    requests: [],
  });
}
