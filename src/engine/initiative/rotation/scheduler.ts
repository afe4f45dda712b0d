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
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { d20Roll, dispatchLinear, matchRollResults, setDefeatedIn } from "../shared/linear-commands.ts";
import {
  canActIn,
  defeatOnWalk,
  leaveOrder,
  nextTurn,
  skipSlots,
  type TurnSkipped,
  type TurnWalk,
} from "../shared/turn-walk.ts";
import type { CommonCommand, CommonEvent, DiceRequest, RollResult, Scheduler, Transition } from "../contract.ts";
import { noNegativeZero } from "../shared/highest-first.ts";
import { nextActiveIndex, own, passedSlotIndex, without } from "../shared/round-order.ts";
import { rotationContestRanks, rotationTiePlaces } from "./contest.ts";
import {
  rotationNoThreePlayersInRow,
  compareRotationCombatants,
  rotationPlansFirst,
  rotationUnits,
  rotationTrailingPlayerRun,
  rotationUnitTurns,
} from "./order.ts";
import {
  ROTATION_ROLL_REASONS,
  ROTATION_SECONDS,
  rotationUnitKey,
  validateRotationCombatant,
  validateRotationGroup,
  type RotationCombatant,
  type RotationContest,
  type RotationInitiator,
  type RotationKind,
  type RotationPendingRoll,
  type RotationRollOff,
  type RotationState,
} from "./state.ts";
import { rotationTimeline } from "./timeline.ts";

export type RotationCommand =
  | CommonCommand
  /** A creature enters; with a `groupId` it shares that group's result (ROT-4, ROT-5). */
  | {
      readonly type: "join";
      readonly combatantId: string;
      readonly kind: RotationKind;
      readonly modifier: number;
      readonly groupId: string | null;
    };

export type RotationEvent =
  | CommonEvent
  /** DEF-1: a defeated creature's slot came and was passed over. */
  | TurnSkipped
  /** ROT-7: the planning phase begins (round 0); `initiator` is the side taking planning turns. */
  | { readonly type: "planningStarted"; readonly initiator: RotationInitiator }
  /** ROT-7: the planning phase is over; the first rotation starts next. */
  | { readonly type: "planningEnded" };

interface Step {
  state: RotationState;
  readonly events: RotationEvent[];
  readonly requests: DiceRequest[];
}

type Outcome = Result<Transition<RotationState, RotationEvent>>;

function comparator(state: RotationState): (a: string, b: string) => number {
  const combatants = state.combatants;
  return (a, b) => {
    const x = own(combatants, a);
    const y = own(combatants, b);
    return x === undefined || y === undefined ? 0 : compareRotationCombatants(x, y);
  };
}

/** Members of a unit, in join order. O(1) for a creature on its own, O(n) for a group. */
function membersOf(state: RotationState, unit: string): RotationCombatant[] {
  if (unit.startsWith("c:")) {
    const solo = own(state.combatants, unit.slice(2));
    return solo === undefined || solo.groupId !== null ? [] : [solo];
  }
  return Object.values(state.combatants)
    .filter((c) => rotationUnitKey(c) === unit)
    .sort((a, b) => a.seq - b.seq);
}

/** Whether a creature belongs in the order being walked (planning: only the initiating side). */
function inPhase(state: RotationState, c: RotationCombatant): boolean {
  return state.status !== "planning" || rotationPlansFirst(c, state.options.initiator);
}

/** The full order of a rotation (or of the planning phase), built from every creature with a result. */
function buildOrder(state: RotationState, planning: boolean): string[] {
  const ids = Object.keys(state.combatants).filter((id) => {
    const c = own(state.combatants, id);
    return c !== undefined && (!planning || rotationPlansFirst(c, state.options.initiator));
  });
  const units = rotationUnits(state.combatants, ids);
  return rotationUnitTurns(
    !planning && state.options.noThreePlayersInRow ? rotationNoThreePlayersInRow(units, 0) : units,
  );
}

/** The order the next rotation will use. */
function nextRotationOrder(state: RotationState): readonly string[] {
  return state.status !== "running" || state.resort ? buildOrder(state, false) : state.order;
}

function setCombatants(state: RotationState, updated: readonly RotationCombatant[]): RotationState {
  if (updated.length === 0) return state;
  const combatants = { ...state.combatants };
  for (const c of updated) combatants[c.id] = c;
  return { ...state, combatants };
}

function requestRoll(step: Step, unit: string, kind: RotationPendingRoll["kind"]): void {
  const leader = membersOf(step.state, unit)[0];
  if (leader === undefined) return;
  // ROT-4, ROT-5: a group rolls once, through its first member; the request names the group.
  const modifier = kind === "initiative" ? leader.modifier : 0;
  const roll = d20Roll(
    `rot-${step.state.nextRequest}`,
    leader.id,
    leader.groupId,
    modifier,
    ROTATION_ROLL_REASONS[kind],
  );
  step.state = {
    ...step.state,
    rolls: [...step.state.rolls, { ...roll, kind, unit }],
    nextRequest: step.state.nextRequest + 1,
  };
  step.requests.push(roll.request);
}

/** Drops a unit's pending rolls and restarts any roll-off it is in (settle forms it again if still tied). */
function resetUnit(state: RotationState, unit: string): RotationState {
  const contest = state.contests.find((c) => c.units.includes(unit));
  const dropped = new Set(contest === undefined ? [unit] : [unit, ...contest.units]);
  const rolls = state.rolls.filter((r) => !(r.unit === unit || (r.kind === "contest" && dropped.has(r.unit))));
  const contests = contest === undefined ? state.contests : state.contests.filter((c) => c !== contest);
  return rolls.length === state.rolls.length && contests === state.contests ? state : { ...state, rolls, contests };
}

/** End of the part of the order that stays put: the acting creature and the rest of its unit. */
function frozenEnd(state: RotationState): number {
  let end = state.turnIndex;
  const current = own(state.combatants, state.order[end] ?? "");
  if (current === undefined || current.groupId === null) return Math.min(end, state.order.length - 1);
  const unit = rotationUnitKey(current);
  while (end + 1 < state.order.length) {
    const next = own(state.combatants, state.order[end + 1] ?? "");
    if (next === undefined || rotationUnitKey(next) !== unit) break;
    end++;
  }
  return end;
}

/** Sorts again what has not acted yet this round (plus `extra` newcomers), ROT-6 included. O(n log n). */
function rebuildRest(state: RotationState, extra: readonly string[]): RotationState {
  const split = frozenEnd(state) + 1;
  const head = state.order.slice(0, split);
  const units = rotationUnits(state.combatants, [...state.order.slice(split), ...extra]);
  const arranged =
    state.status === "running" && state.options.noThreePlayersInRow
      ? rotationNoThreePlayersInRow(units, rotationTrailingPlayerRun(state.combatants, head))
      : units;
  return { ...state, order: [...head, ...rotationUnitTurns(arranged)], resort: true };
}

/**
 * Puts a unit's members that are not in the order yet (new result, newcomers) into a running order.
 * With the unit already in the order they go at its end; otherwise behind the acting creature when the
 * unit sorts after it, or among the creatures that already acted (first turn next rotation) if not.
 */
function place(state: RotationState, unit: string): RotationState {
  if (state.status !== "running" && state.status !== "planning") return state;
  const members = membersOf(state, unit);
  const placed = members.filter((c) => state.order.includes(c.id));
  const fresh = members
    .filter((c) => c.initiative !== null && !state.order.includes(c.id) && inPhase(state, c))
    .map((c) => c.id);
  const leader = fresh[0];
  if (leader === undefined) return state;
  const frozen = frozenEnd(state);
  let at: number;
  if (placed.length > 0) {
    const last = Math.max(...placed.map((c) => state.order.indexOf(c.id)));
    if (last > frozen) return rebuildRest(state, fresh);
    at = last + 1;
  } else {
    const current = state.order[state.turnIndex];
    if (current !== undefined && comparator(state)(leader, current) > 0) return rebuildRest(state, fresh);
    at = passedSlotIndex(
      state.order,
      Math.min(Math.max(state.turnIndex, 0), state.order.length),
      leader,
      comparator(state),
    );
  }
  const order = [...state.order.slice(0, at), ...fresh, ...state.order.slice(at)];
  const turnIndex = at <= state.turnIndex ? state.turnIndex + fresh.length : state.turnIndex;
  return { ...state, order, turnIndex, resort: true };
}

/** A unit's result changed mid-round: it moves within the rest of the round, or at the next rotation. */
function reposition(state: RotationState, unit: string): RotationState {
  if (state.status !== "running" && state.status !== "planning") return state;
  const frozen = frozenEnd(state);
  const indices = membersOf(state, unit)
    .map((c) => state.order.indexOf(c.id))
    .filter((i) => i >= 0);
  let next = state;
  if (indices.some((i) => i <= frozen)) next = { ...state, resort: true };
  else if (indices.length > 0) next = rebuildRest(state, []);
  return place(next, unit);
}

function beginTurn(step: Step, index: number): void {
  const id = step.state.order[index];
  if (id === undefined) return;
  const due = step.state.firstTurnDue;
  step.state = { ...step.state, turnIndex: index, firstTurnDue: without(due, id) };
  step.events.push({ type: "turnStarted", round: step.state.round, combatantId: id });
}

/** ROT-3: the next rotation starts with its first creature's turn (after planning, rotation 1). */
function startRotation(step: Step): boolean {
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
function startPlanning(step: Step): boolean {
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
const WALK: TurnWalk<RotationState, Step> = {
  nextRoundOrder: nextRotationOrder,
  startNextRound: startRotation,
  beginTurn,
};

/** ROT-2: starts roll-offs for new ties and settles the rerolls whose results are all in. */
function settleTies(step: Step): void {
  const free = new Map<number, Set<string>>();
  const inContest = new Set(step.state.contests.flatMap((c) => c.units));
  for (const c of Object.values(step.state.combatants)) {
    const unit = rotationUnitKey(c);
    if (c.initiative === null || inContest.has(unit)) continue;
    const set = free.get(c.initiative) ?? new Set<string>();
    set.add(unit);
    free.set(c.initiative, set);
  }
  for (const [value, units] of free) {
    const existing = step.state.contests.find((c) => c.value === value);
    if (units.size + (existing?.units.length ?? 0) < 2) continue;
    // A newcomer tied with a roll-off in progress: the roll-off starts again with everyone still tied.
    let state = step.state;
    if (existing !== undefined) {
      for (const unit of existing.units) units.add(unit);
      state = { ...state, contests: state.contests.filter((c) => c !== existing) };
      state = { ...state, rolls: state.rolls.filter((r) => !(r.kind === "contest" && units.has(r.unit))) };
    }
    const all = [...units].sort();
    const places = rotationTiePlaces(value, all.length, heldResults(state));
    const contest: RotationContest = { value, units: all, rollOffs: [{ rolling: all, places, results: {} }] };
    step.state = { ...state, contests: [...state.contests, contest] };
    for (const unit of all) requestRoll(step, unit, "contest");
  }
  for (;;) {
    const contest = step.state.contests.find((c) => c.rollOffs.some(allRolled));
    const rollOff = contest?.rollOffs.find(allRolled);
    if (contest === undefined || rollOff === undefined) return;
    resolveRollOff(step, contest, rollOff);
  }
}

/** Every result held now (a tie's places are the free steps above its value). */
function heldResults(state: RotationState): number[] {
  return Object.values(state.combatants).flatMap((c) => (c.initiative === null ? [] : [c.initiative]));
}

const allRolled = (r: RotationRollOff): boolean => r.rolling.every((u) => Object.hasOwn(r.results, u));

/**
 * ROT-2: one reroll is in: it ranks its units at once. A unit alone on its reroll takes its place (the
 * lowest place of the tie keeps the tie's value); units whose rerolls tie each other roll again among
 * themselves for the places they share.
 */
function resolveRollOff(step: Step, contest: RotationContest, done: RotationRollOff): void {
  const again: RotationRollOff[] = [];
  const placed: [string, number][] = [];
  let at = 0;
  for (const tier of rotationContestRanks(done.results, done.rolling)) {
    const places = done.places.slice(at, at + tier.length);
    at += tier.length;
    const [unit] = tier;
    const [value] = places;
    if (tier.length === 1 && unit !== undefined && value !== undefined) placed.push([unit, value]);
    else again.push({ rolling: tier, places, results: {} });
  }
  const rollOffs = [...contest.rollOffs.filter((r) => r !== done), ...again];
  const moved: string[] = [];
  for (const [unit, value] of placed) {
    // The last place keeps the tie's value: nothing changes for it.
    if (value === contest.value) continue;
    const members = membersOf(step.state, unit);
    step.state = setCombatants(
      step.state,
      members.map((c) => ({ ...c, initiative: value })),
    );
    for (const c of members) step.events.push({ type: "initiativeSet", combatantId: c.id, value });
    moved.push(unit);
  }
  const units = contest.units.filter((u) => !moved.includes(u));
  const others = step.state.contests.filter((c) => c !== contest);
  step.state = {
    ...step.state,
    contests: rollOffs.length === 0 ? others : [...others, { value: contest.value, units, rollOffs }],
  };
  for (const r of again) for (const unit of r.rolling) requestRoll(step, unit, "contest");
  for (const unit of moved) step.state = reposition(step.state, unit);
  // A newcomer stood by unit key while tied: the roll-off decides whether its slot has passed.
  for (const unit of done.rolling) step.state = slotNewcomersAgain(step.state, unit);
}

/**
 * Takes a unit's newcomers that joined this round and have not started a turn out of the order and
 * places them again. Only this round's: one that joined earlier has had this round's slot since the
 * round started, and moving it past the acting creature would cost it that turn.
 */
function slotNewcomersAgain(state: RotationState, unit: string): RotationState {
  const moving = new Set(
    membersOf(state, unit)
      .map((c) => c.id)
      .filter(
        (id) =>
          own(state.firstTurnDue, id) === state.round &&
          state.order.includes(id) &&
          state.order[state.turnIndex] !== id,
      ),
  );
  if (moving.size === 0) return state;
  const before = state.order.slice(0, Math.max(state.turnIndex, 0)).filter((id) => moving.has(id)).length;
  const order = state.order.filter((id) => !moving.has(id));
  return place({ ...state, order, turnIndex: state.turnIndex - before }, unit);
}

/** Rolls still needed, ties, and the first planning turn or rotation once every roll is in. */
function settle(step: Step): void {
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

function finish(step: Step): Outcome {
  return ok({ state: step.state, events: step.events, requests: step.requests });
}

function start(state: RotationState): Outcome {
  if (state.status !== "setup") return err("TEMPO.ERRORS.Rotation.AlreadyStarted");
  if (Object.keys(state.combatants).length === 0) return err("TEMPO.ERRORS.Rotation.NoCombatants");
  const step: Step = { state: { ...state, status: "rolling" }, events: [{ type: "combatStarted" }], requests: [] };
  settle(step);
  return finish(step);
}

function next(state: RotationState): Outcome {
  const step: Step = { state, events: [], requests: [] };
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
  const step: Step = {
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
  const step: Step = { state: { ...state, rolls: matched.value.open }, events: [], requests: [] };
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
  const step: Step = {
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
  const step: Step = {
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
  const step: Step = { state: marked.value.state, events: [], requests: [] };
  defeatOnWalk(WALK, step, combatantId, rotationCurrent(state) === combatantId, "TEMPO.ERRORS.Rotation.NobodyCanAct");
  return finish(step);
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
