/**
 * The `rotation` scheduler (seeds/004, RULES §5).
 *
 * - ROT-1 `start` asks each unit for "1d20 + modifiers" (the modifier spelled out); highest first.
 * - ROT-2 ties are rolled off: one reroll ranks all the tied units at once (+0.5, +0.25, …, the lowest
 *   keeps its result) and only units whose rerolls tie roll again, for the places they share (see
 *   contest.ts). The combat waits for roll-offs before the first rotation; later ties (joins, GM changes)
 *   are rolled off while the fight goes on, the tied units standing by unit key meanwhile. Anything that
 *   changes a unit still in a roll-off (leave, new result), or a newcomer tying with it, restarts it.
 * - ROT-3 a rotation is every creature's turn: `roundStarted`/`roundEnded` mark rotations (6 s).
 * - ROT-4 / ROT-5 a group rolls once, with its first member's modifier, and its members take their own
 *   turns one after another; each is a normal `turnStarted` for turn-based effects.
 * - ROT-6 applied when each rotation's order is built, and to the rest of a rotation after a change.
 * - ROT-7 planning phase: a round 0 with its own turns for the initiating side only, between
 *   `planningStarted` and `planningEnded`; the action economy gives one swift action, no attack
 *   (`rotationIsPlanning`).
 * - DEF-1 defeated creatures keep their place and are skipped (`turnSkipped`). **Ruling:** defeating
 *   the acting creature ends its turn and starts the next one in the same step (`defeatOnWalk`).
 *
 * - Changes at any moment keep every turn, as in `standard`: a creature or group that has not acted
 *   moves within the rest of the rotation, one that has acted moves at the next rotation, a newcomer
 *   whose slot has passed waits for the next rotation, one joining a group goes at the group's end.
 *
 * Turn steps write one index and share the order (see shared/round-order.ts); the order is rebuilt
 * at a rotation start only when a change left it unsorted.
 * Changes are O(n), and O(n log n) when they rebuild the rest of the rotation (a new result, a join
 * slotted ahead, a leave with ROT-6 on): they copy the combatant record and the order, and look for
 * ties. At 10,000 combatants that is 3–25 ms per change (bench/rotation.bench.ts); see the standard
 * scheduler for why the record is not shared entry by entry.
 *
 * Its parts: commands.ts (the commands and events), step.ts (the working step and shared helpers),
 * placement.ts (where a changed unit or a newcomer goes), roll-offs.ts (ROT-2's ties during the fight).
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { dispatchLinear, matchRollResults, setDefeatedIn } from "../shared/linear-commands.ts";
import { canActIn, defeatOnWalk, leaveOrder, nextTurn, skipSlots, type TurnWalk } from "../shared/turn-walk.ts";
import type { RollResult, Scheduler, Transition } from "../contract.ts";
import { noNegativeZero } from "../shared/highest-first.ts";
import { nextActiveIndex, own, without } from "../shared/round-order.ts";
import {
  ROTATION_SECONDS,
  rotationUnitKey,
  validateRotationCombatant,
  validateRotationGroup,
  isRotationInitiator,
  type RotationCombatant,
  type RotationRollOff,
  type RotationState,
} from "./state.ts";
import { rotationTimeline } from "./timeline.ts";
import type { RotationCommand, RotationEvent } from "./commands.ts";
import {
  buildOrder,
  membersOf,
  nextRotationOrder,
  requestRoll,
  resetUnit,
  setCombatants,
  type RotationStep,
} from "./step.ts";
import { place, reposition, rebuildRest } from "./placement.ts";
import { settleTies } from "./roll-offs.ts";
import { readConstantUse } from "../../damage/constant-damage.ts";
export type { RotationCommand, RotationEvent } from "./commands.ts";

type Outcome = Result<Transition<RotationState, RotationEvent>>;

function beginTurn(step: RotationStep, index: number): void {
  const id = step.state.order[index];
  if (id === undefined) return;
  const due = step.state.firstTurnDue;
  step.state = { ...step.state, turnIndex: index, firstTurnDue: without(due, id) };
  step.events.push({ type: "turnStarted", round: step.state.round, combatantId: id });
}

/** ROT-3: the next rotation starts with its first creature's turn (after planning, rotation 1). */
function startRotation(step: RotationStep): boolean {
  const state = step.state;
  const order = nextRotationOrder(state);
  const first = nextActiveIndex(order, 0, canActIn(state.combatants));
  if (first < 0) return false;
  if (state.status === "planning") step.events.push({ type: "planningEnded" });
  if (state.status === "running" && state.round > 0) step.events.push({ type: "roundEnded", round: state.round });
  const round = state.round + 1;
  step.events.push({ type: "roundStarted", round });
  step.state = { ...state, status: "running", round, order, resort: false };
  skipSlots(step, 0, first, step.state.round);
  beginTurn(step, first);
  return true;
}

/** ROT-7: the planning phase, if the encounter has one and someone on the initiating side can act. */
function startPlanning(step: RotationStep): boolean {
  const state = step.state;
  if (!state.options.planningPhase) return false;
  const order = buildOrder(state, true);
  const first = nextActiveIndex(order, 0, canActIn(state.combatants));
  if (first < 0) return false;
  step.events.push({ type: "planningStarted", initiator: state.options.initiator });
  step.state = { ...state, status: "planning", round: 0, order, turnIndex: -1, resort: false };
  skipSlots(step, 0, first, step.state.round);
  beginTurn(step, first);
  return true;
}

/** ROT-3, DEF-1: how the shared turn walk (shared/turn-walk.ts) runs rotations and the planning phase. */
const WALK: TurnWalk<RotationState, RotationStep> = {
  nextRoundOrder: nextRotationOrder,
  startNextRound: startRotation,
  beginTurn,
};

/** Rolls still needed, ties, and the first planning turn or rotation once every roll is in. */
function settle(step: RotationStep): void {
  if (step.state.status === "setup") return;
  const waiting = new Set(step.state.rolls.filter((r) => r.kind === "initiative").map((r) => r.unit));
  const asked = new Set<string>();
  for (const c of Object.values(step.state.combatants)) {
    const unit = rotationUnitKey(c);
    if (c.initiative !== null || waiting.has(unit) || asked.has(unit)) continue;
    asked.add(unit);
    requestRoll(step, unit, "initiative");
  }
  settleTies(step);
  if (step.state.status === "rolling" && step.state.rolls.length === 0) {
    if (!startPlanning(step) && !startRotation(step)) {
      const order = buildOrder(step.state, false);
      step.state = { ...step.state, status: "running", order, turnIndex: order.length };
    }
  }
}

function finish(step: RotationStep): Outcome {
  return ok({ state: step.state, events: step.events, requests: step.requests });
}

function start(state: RotationState): Outcome {
  if (state.status !== "setup") return err("TEMPO.ERRORS.Rotation.AlreadyStarted");
  if (Object.keys(state.combatants).length === 0) return err("TEMPO.ERRORS.Rotation.NoCombatants");
  const step: RotationStep = {
    state: { ...state, status: "rolling" },
    events: [{ type: "combatStarted" }],
    requests: [],
  };
  settle(step);
  return finish(step);
}

function next(state: RotationState): Outcome {
  const step: RotationStep = { state, events: [], requests: [] };
  const passed = nextTurn(WALK, step, {
    notStarted: "TEMPO.ERRORS.Rotation.NotStarted",
    waitingForRolls: "TEMPO.ERRORS.Rotation.WaitingForRolls",
    nobodyCanAct: "TEMPO.ERRORS.Rotation.NobodyCanAct",
  });
  return passed.ok ? finish(step) : passed;
}

function join(state: RotationState, command: Extract<RotationCommand, { type: "join" }>): Outcome {
  const { combatantId, kind, modifier, groupId } = command;
  const valid = validateRotationCombatant({ id: combatantId, kind, modifier, groupId });
  if (!valid.ok) return valid;
  if (Object.hasOwn(state.combatants, combatantId))
    return err("TEMPO.ERRORS.Rotation.DuplicateCombatant", { id: combatantId });
  const mates = groupId === null ? [] : Object.values(state.combatants).filter((c) => c.groupId === groupId);
  const combatant: RotationCombatant = {
    id: combatantId,
    kind,
    modifier: noNegativeZero(modifier),
    groupId,
    seq: state.nextSeq,
    // ROT-4, ROT-5: a group shares one result; a newcomer takes it over.
    initiative: mates[0]?.initiative ?? null,
    defeated: false,
  };
  const added = { ...setCombatants(state, [combatant]), nextSeq: state.nextSeq + 1 };
  if (groupId !== null) {
    const group = validateRotationGroup(added.combatants, groupId, state.options);
    if (!group.ok) return group;
  }
  const walking = state.status === "running" || state.status === "planning";
  const due = walking ? { ...state.firstTurnDue, [combatantId]: state.round } : state.firstTurnDue;
  const step: RotationStep = {
    state: { ...added, firstTurnDue: due },
    events: [{ type: "combatantJoined", combatantId }],
    requests: [],
  };
  if (combatant.initiative !== null) step.state = place(step.state, rotationUnitKey(combatant));
  settle(step);
  return finish(step);
}

function rolls(state: RotationState, results: readonly RollResult[]): Outcome {
  const matched = matchRollResults(state.rolls, results, {
    unknownRequest: "TEMPO.ERRORS.Rotation.UnknownRequest",
    outOfRange: "TEMPO.ERRORS.Rotation.RollOutOfRange",
  });
  if (!matched.ok) return matched;
  const step: RotationStep = { state: { ...state, rolls: matched.value.open }, events: [], requests: [] };
  for (const { pending, total } of matched.value.answered) {
    if (pending.kind === "contest") {
      const record = (r: RotationRollOff): RotationRollOff =>
        r.rolling.includes(pending.unit) ? { ...r, results: { ...r.results, [pending.unit]: total } } : r;
      const contests = step.state.contests.map((c) => ({ ...c, rollOffs: c.rollOffs.map(record) }));
      step.state = { ...step.state, contests };
      continue;
    }
    const members = membersOf(step.state, pending.unit);
    step.state = setCombatants(
      step.state,
      members.map((c) => ({ ...c, initiative: total })),
    );
    for (const c of members) step.events.push({ type: "initiativeSet", combatantId: c.id, value: total });
    step.state = place(step.state, pending.unit);
  }
  settle(step);
  return finish(step);
}

function setInitiative(state: RotationState, combatantId: string, value: number): Outcome {
  const combatant = own(state.combatants, combatantId);
  if (combatant === undefined) return err("TEMPO.ERRORS.Rotation.UnknownCombatant", { id: shown(combatantId) });
  if (typeof value !== "number" || !Number.isFinite(value))
    return err("TEMPO.ERRORS.Rotation.InvalidInitiative", { id: shown(combatantId) });
  const initiative = noNegativeZero(value);
  const unit = rotationUnitKey(combatant);
  // ROT-4, ROT-5: the result belongs to the whole group.
  const members = membersOf(state, unit);
  let next = setCombatants(
    resetUnit(state, unit),
    members.map((c) => ({ ...c, initiative })),
  );
  next = reposition(next, unit);
  const step: RotationStep = {
    state: next,
    events: members.map((c) => ({ type: "initiativeSet", combatantId: c.id, value: initiative })),
    requests: [],
  };
  settle(step);
  return finish(step);
}

function leave(state: RotationState, combatantId: string): Outcome {
  const combatant = own(state.combatants, combatantId);
  if (combatant === undefined) return err("TEMPO.ERRORS.Rotation.UnknownCombatant", { id: shown(combatantId) });
  const base = resetUnit(state, rotationUnitKey(combatant));
  const due = without(base.firstTurnDue, combatantId);
  const step: RotationStep = {
    state: { ...base, combatants: without(base.combatants, combatantId), firstTurnDue: due },
    events: [],
    requests: [],
  };
  const walking = base.status === "running" || base.status === "planning";
  const index = leaveOrder(WALK, step, combatantId, walking, "TEMPO.ERRORS.Rotation.NobodyCanAct");
  // ROT-6: the creature that left may have kept player characters apart: arrange the rest again.
  if (index >= 0 && step.state.status === "running" && step.state.options.noThreePlayersInRow)
    step.state = rebuildRest(step.state, []);
  settle(step);
  return finish(step);
}

const KEYS = {
  unknownCombatant: "TEMPO.ERRORS.Rotation.UnknownCombatant",
  alreadyDefeated: "TEMPO.ERRORS.Rotation.AlreadyDefeated",
  notDefeated: "TEMPO.ERRORS.Rotation.NotDefeated",
  unknownCommand: "TEMPO.ERRORS.Rotation.UnknownCommand",
} as const;

/** DEF-1: marks a creature defeated; the acting one's turn passes on (`defeatOnWalk`). */
function defeat(state: RotationState, combatantId: string): Outcome {
  const marked = setDefeatedIn<RotationState, RotationCombatant>(state, combatantId, true, KEYS);
  if (!marked.ok) return marked;
  const step: RotationStep = { state: marked.value.state, events: [], requests: [] };
  defeatOnWalk(WALK, step, combatantId, rotationCurrent(state) === combatantId, "TEMPO.ERRORS.Rotation.NobodyCanAct");
  return finish(step);
}

/**
 * ROT-7: which side started the encounter, and so takes the planning turns. **Ruling:** it can be changed
 * until the planning phase (or, without one, the first rotation) begins: once turns are under way, who
 * started the encounter is settled.
 */
function setInitiator(state: RotationState, initiator: unknown): Outcome {
  if (!isRotationInitiator(initiator))
    return err("TEMPO.ERRORS.Rotation.InvalidInitiator", { initiator: shown(initiator) });
  if (state.status !== "setup" && state.status !== "rolling") return err("TEMPO.ERRORS.Rotation.InitiatorSettled");
  const options = { ...state.options, initiator };
  return ok({ state: { ...state, options }, events: [{ type: "initiatorSet", initiator }], requests: [] });
}

/**
 * ACT-ROT: a creature uses an action for `task`. The scheduler checks only that the combat is under way
 * (planning or a rotation) and the creature is in it and not defeated; what the task costs and whether
 * it is left is the action economy's call (actions/rotation-actions.ts, checked by the host before the
 * step). **Ruling:** a defeated creature uses no actions.
 */
function use(state: RotationState, combatantId: unknown, task: unknown, constant: unknown): Outcome {
  if (typeof task !== "string" || task.length === 0)
    return err("TEMPO.ERRORS.Actions.UnknownKind", { kind: shown(task) });
  const c = typeof combatantId === "string" ? own(state.combatants, combatantId) : undefined;
  if (c === undefined || typeof combatantId !== "string")
    return err("TEMPO.ERRORS.Rotation.UnknownCombatant", { id: shown(combatantId) });
  if (state.status !== "running" && state.status !== "planning") return err("TEMPO.ERRORS.Rotation.NotStarted");
  if (c.defeated) return err("TEMPO.ERRORS.Rotation.AlreadyDefeated", { id: combatantId });
  // AP-2: a constant-damage roll rides on the event, stamped with the rotation it was made in.
  const roll = constant === undefined ? null : readConstantUse(constant);
  if (roll !== null && !roll.ok) return roll;
  const uses = (state.uses ?? 0) + 1;
  const event: RotationEvent =
    roll === null
      ? { type: "actionUsed", combatantId, task }
      : { type: "actionUsed", combatantId, task, constant: { ...roll.value, round: state.round } };
  return ok({ state: { ...state, uses }, events: [event], requests: [] });
}

function apply(state: RotationState, command: RotationCommand): Outcome {
  // Commands can come from a player's query: anything that is not a command object is refused.
  return dispatchLinear<RotationState, RotationState["combatants"][string], RotationCommand, Outcome>(
    state,
    command,
    {
      start: () => start(state),
      next: () => next(state),
      join: (c) => join(state, c),
      rolls: (c) => rolls(state, c.results),
      setInitiative: (c) => setInitiative(state, c.combatantId, c.value),
      leave: (c) => leave(state, c.combatantId),
      setInitiator: (c) => setInitiator(state, c.initiator),
      use: (c) => use(state, c.combatantId, c.task, c.constant),
    },
    KEYS,
    (c) => defeat(state, c.combatantId),
  );
}

/** ROT-3, ROT-7: the creature acting now (a planning turn included), or null. */
export function rotationCurrent(state: RotationState): string | null {
  if (state.status !== "running" && state.status !== "planning") return null;
  return state.order[state.turnIndex] ?? null;
}

/** ROT-7: true during the planning phase, when a turn allows one swift action and no attack. */
export function rotationIsPlanning(state: RotationState): boolean {
  return state.status === "planning";
}

/** ROT-1..7, DEF-1: the `rotation` scheduler (see the file comment). */
export const rotationScheduler: Scheduler<RotationState, RotationCommand, RotationEvent> & {
  /** ROT-3: seconds per rotation, for world time (TIME-1). */
  readonly roundSeconds: number;
} = {
  id: "rotation",
  roundSeconds: ROTATION_SECONDS,
  apply,
  timeline: rotationTimeline,
  current: rotationCurrent,
  pending: (state) => state.rolls.map((r) => r.request),
};

/** `settle` for rotation's one-pass leave (leave-all.ts). */
export { settle as settleRotationStep };
