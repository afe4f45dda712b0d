/**
 * Phase rounds (`phase`, RULES §3): Initiative, Movement, Battle, End, every round (PHS-1).
 *
 * Orders are sorted once per round when the movement phase starts; a turn step then only moves a
 * cursor and updates the one combatant whose turn starts (O(log n)), so a round costs O(n log n).
 * Mid-round changes (join, leave, defeat, revive, set initiative) only touch the part of an order that
 * has not acted yet, so nobody loses or repeats a turn.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { DiceRequest, RollResult, Scheduler, Transition } from "../contract.ts";
import { comparePhaseBattle, comparePhaseMovement, comparePhaseRank, phaseInsertAt, phaseTiesToRoll } from "./order.ts";
import { slotPush, slotSet, slotsMap } from "./slots.ts";
import { checkPhaseJoin, newPhaseCombatant, phaseCombatant, phaseCombatants, putPhaseCombatant } from "./state.ts";
import { phaseTimeline } from "./timeline.ts";
import type {
  PhaseCombatant,
  PhaseCommand,
  PhaseEvent,
  PhasePendingRoll,
  PhaseRollKind,
  PhaseState,
  PhaseTurnAction,
} from "./types.ts";

type Step = Result<Transition<PhaseState, PhaseEvent>>;

/** A transition under construction: the state so far and what happened, in order. */
interface Draft {
  state: PhaseState;
  readonly events: PhaseEvent[];
  readonly requests: DiceRequest[];
  /** Rolls asked for in this transition, added to the state in one go by `flush` (O(k), not O(k²)). */
  readonly asked: PhasePendingRoll[];
}

const draft = (state: PhaseState, events: PhaseEvent[] = []): Draft => ({ state, events, requests: [], asked: [] });

function flush(d: Draft): void {
  if (d.asked.length === 0) return;
  d.state = {
    ...d.state,
    rolls: [...d.state.rolls, ...d.asked],
    nextRequest: d.state.nextRequest + d.asked.length,
  };
  d.asked.length = 0;
}

function done(d: Draft): Step {
  flush(d);
  return ok({ state: d.state, events: d.events, requests: d.requests });
}

function formatMod(value: number): string {
  return value < 0 ? ` - ${-value}` : ` + ${value}`;
}

function request(d: Draft, combatant: PhaseCombatant, kind: PhaseRollKind): void {
  const s = d.state;
  const n = s.nextRequest + d.asked.length;
  const req: DiceRequest =
    kind === "initiative"
      ? {
          id: `phase-${n}`,
          combatantId: combatant.id,
          formula: `2d6${formatMod(combatant.int)}${formatMod(combatant.agi)}`,
          reason: "TEMPO.COMBAT.Phase.InitiativeRoll",
        }
      : { id: `phase-${n}`, combatantId: combatant.id, formula: "1d6", reason: "TEMPO.COMBAT.Phase.RollOff" };
  d.asked.push({ request: req, kind, round: s.round });
  d.requests.push(req);
}

const isActive = (c: PhaseCombatant | null): c is PhaseCombatant => c !== null && !c.defeated;

function dropRollsOf(state: PhaseState, id: string): PhaseState {
  return state.rolls.some((r) => r.request.combatantId === id)
    ? { ...state, rolls: state.rolls.filter((r) => r.request.combatantId !== id) }
    : state;
}

function without(order: readonly string[], id: string, from: number): readonly string[] {
  const at = order.indexOf(id, Math.max(0, from));
  return at < 0 ? order : [...order.slice(0, at), ...order.slice(at + 1)];
}

/** PHS-9: the delayers waiting on `id` act next, in the order they declared. */
function release(state: PhaseState, id: string): PhaseState {
  // Runs at every battle turn's end: a plain loop, no closure, for the common case of nobody waiting.
  let waiting = false;
  for (const w of state.waits) if (w.afterId === id) waiting = true;
  if (!waiting) return state;
  const freed = state.waits.filter((w) => w.afterId === id).map((w) => w.delayerId);
  return { ...state, waits: state.waits.filter((w) => w.afterId !== id), upNext: [...freed, ...state.upNext] };
}

// ---------------------------------------------------------------------------------------------------
// Settling initiative: roll-offs (PHS-2) and mid-round placement.

/** Asks for the roll-offs still needed and places mid-round arrivals whose place is now known. */
function settle(d: Draft): void {
  flush(d);
  const s = d.state;
  if (s.round === 0 || s.phase === "end" || s.phase === null) return;
  const contenders = phaseCombatants(s).filter(
    (c) => !c.defeated && c.initiative !== null && c.initiativeRound === s.round,
  );
  const waiting = new Set(s.rolls.map((r) => r.request.combatantId));
  for (const id of phaseTiesToRoll(contenders)) {
    const c = phaseCombatant(d.state, id);
    if (c !== null && !waiting.has(id)) request(d, c, "rollOff");
  }
  flush(d);
  if (d.state.unplaced.length === 0) return;
  const unsettled = new Set(d.state.rolls.map((r) => r.request.combatantId));
  const stay: string[] = [];
  for (const id of d.state.unplaced) {
    const c = phaseCombatant(d.state, id);
    if (c === null) continue;
    if (unsettled.has(id) || c.initiative === null) stay.push(id);
    else place(d, c);
  }
  d.state = { ...d.state, unplaced: stay };
}

/**
 * Puts a settled combatant at its sorted place in the parts of this round's orders that have not
 * happened yet, moving it there if it already stood in them. A creature whose turn in a phase has
 * already come keeps it (no second turn); one whose turn is still to come never loses it.
 */
function place(d: Draft, c: PhaseCombatant): void {
  const s = d.state;
  const get = (id: string): PhaseCombatant | null => phaseCombatant(s, id);
  const by =
    (compare: (a: PhaseCombatant, b: PhaseCombatant) => number) =>
    (x: string, y: string): number => {
      const a = get(x);
      const b = get(y);
      return a === null || b === null ? 0 : compare(a, b);
    };
  let { moveOrder, battleOrder } = s;
  if (s.phase === "movement" && c.movedRound !== s.round && c.id !== s.current) {
    const rest = without(moveOrder, c.id, s.cursor + 1);
    if (!rest.includes(c.id)) {
      const at = phaseInsertAt(rest, s.cursor + 1, c.id, by(comparePhaseMovement(s.round)));
      moveOrder = [...rest.slice(0, at), c.id, ...rest.slice(at)];
    }
  }
  if (c.actedRound !== s.round && c.id !== s.current) {
    const from = s.phase === "battle" ? s.cursor + 1 : 0;
    const rest = without(battleOrder, c.id, from);
    if (!rest.includes(c.id)) {
      const at = phaseInsertAt(rest, from, c.id, by(comparePhaseBattle(s.round)));
      battleOrder = [...rest.slice(0, at), c.id, ...rest.slice(at)];
    }
  }
  d.state = { ...s, moveOrder, battleOrder };
}

// ---------------------------------------------------------------------------------------------------
// Rounds, phases and turns.

/** PHS-1, PHS-2: a new round starts with the initiative phase; every creature still up rolls again. */
function beginRound(d: Draft, round: number): void {
  d.state = {
    ...d.state,
    round,
    phase: "initiative",
    moveOrder: [],
    battleOrder: [],
    cursor: -1,
    current: null,
    upNext: [],
    waits: [],
    delays: [],
    unplaced: [],
    turnAction: null,
    rolls: [],
    combatants: slotsMap(d.state.combatants, (c) =>
      c.defeated ? c : { ...c, initiative: null, initiativeRound: round, rollOff: [] },
    ),
  };
  d.events.push({ type: "roundStarted", round }, { type: "phaseStarted", round, phase: "initiative" });
  for (const c of phaseCombatants(d.state)) if (!c.defeated) request(d, c, "initiative");
}

/**
 * Every creature with an initiative (defeated ones keep their place, DEF-1), sorted once per round.
 * One sort by rank gives both lanes: battle is rank order with the seizers moved to the end (PHS-4,
 * PHS-7); movement is exactly the reverse of battle (PHS-3, PHS-4).
 */
function buildOrders(state: PhaseState): PhaseState {
  const ranked = phaseCombatants(state)
    .filter((c) => c.initiative !== null)
    .sort(comparePhaseRank);
  const seizers: string[] = [];
  const others: string[] = [];
  for (const c of ranked) (c.seizedRound === state.round ? seizers : others).push(c.id);
  const battleOrder = [...others, ...seizers];
  const moveOrder = [...battleOrder].reverse();
  return { ...state, moveOrder, battleOrder, cursor: -1 };
}

function startTurn(d: Draft, c: PhaseCombatant, phase: "movement" | "battle"): void {
  const round = d.state.round;
  const resumed = phase === "battle" && c.actedRound === round;
  const updated: PhaseCombatant =
    phase === "movement"
      ? { ...c, movedRound: round, defending: false }
      : resumed
        ? c
        : { ...c, actedRound: round, defending: false };
  d.state = { ...putPhaseCombatant(d.state, updated), current: c.id, turnAction: null };
  d.events.push({ type: "turnStarted", round, combatantId: c.id, phase });
}

/** Moves to the next turn of the current phase, or on to the next phase when it has none. */
function advance(d: Draft): void {
  for (;;) {
    const s = d.state;
    if (s.phase === "movement") {
      for (let i = s.cursor + 1; i < s.moveOrder.length; i++) {
        const id = s.moveOrder[i] ?? "";
        const c = phaseCombatant(s, id);
        if (isActive(c) && c.movedRound !== s.round) {
          d.state = { ...s, cursor: i };
          startTurn(d, c, "movement");
          return;
        }
      }
      d.state = { ...s, phase: "battle", cursor: -1, current: null, upNext: [] };
      d.events.push({ type: "phaseStarted", round: s.round, phase: "battle" });
      continue;
    }
    if (s.phase === "battle") {
      const [first, ...rest] = s.upNext;
      if (first !== undefined) {
        d.state = { ...s, upNext: rest };
        const c = phaseCombatant(d.state, first);
        if (isActive(c)) {
          startTurn(d, c, "battle");
          return;
        }
        d.state = release(d.state, first);
        continue;
      }
      const i = s.cursor + 1;
      const id = s.battleOrder[i];
      if (id !== undefined) {
        d.state = { ...s, cursor: i };
        const c = phaseCombatant(d.state, id);
        if (isActive(c) && c.actedRound !== s.round) {
          startTurn(d, c, "battle");
          return;
        }
        // DEF-1: a skipped creature's turn still passes, so whoever waited on it acts now (PHS-9).
        if (!isActive(c)) d.state = release(d.state, id);
        continue;
      }
      if (s.waits.length > 0) {
        // Nobody is left to wait for (the awaited creature never got a turn): the delayers act now.
        d.state = { ...s, waits: [], upNext: s.waits.map((w) => w.delayerId) };
        continue;
      }
      beginEnd(d);
      return;
    }
    return;
  }
}

/** PHS-12: the end phase. Saves are rolled by the conditions module; the scheduler says they are due. */
function beginEnd(d: Draft): void {
  const s = d.state;
  d.state = { ...s, phase: "end", cursor: -1, current: null, turnAction: null, upNext: [], waits: [], unplaced: [] };
  const combatantIds = phaseCombatants(s)
    .filter((c) => !c.defeated)
    .map((c) => c.id);
  d.events.push({ type: "phaseStarted", round: s.round, phase: "end" }, { type: "savesDue", round: s.round, combatantIds });
}

function next(state: PhaseState): Step {
  const d = draft(state);
  switch (state.phase) {
    case null:
      return err("TEMPO.ERRORS.Phase.NotStarted");
    case "initiative":
      if (state.rolls.length > 0) return err("TEMPO.ERRORS.Phase.RollsPending", { count: state.rolls.length });
      d.state = { ...buildOrders(state), phase: "movement" };
      d.events.push({ type: "phaseStarted", round: state.round, phase: "movement" });
      advance(d);
      return done(d);
    case "movement":
    case "battle":
      if (state.current !== null) {
        d.events.push({ type: "turnEnded", round: state.round, combatantId: state.current, phase: state.phase });
        if (state.phase === "battle") d.state = release(d.state, state.current);
        d.state = { ...d.state, current: null };
      }
      advance(d);
      return done(d);
    case "end":
      d.events.push({ type: "roundEnded", round: state.round });
      beginRound(d, state.round + 1);
      return done(d);
  }
}

// ---------------------------------------------------------------------------------------------------
// Dice.

function rolls(state: PhaseState, results: readonly RollResult[]): Step {
  const byId = new Map<string, PhasePendingRoll>();
  for (const r of state.rolls) byId.set(r.request.id, r);
  const updates = new Map<string, PhaseCombatant>();
  const events: PhaseEvent[] = [];
  for (const result of results) {
    const pending = byId.get(result.requestId);
    if (pending === undefined) {
      const again = state.rolls.some((r) => r.request.id === result.requestId);
      return err(again ? "TEMPO.ERRORS.Phase.DuplicateRoll" : "TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    }
    byId.delete(result.requestId);
    const id = pending.request.combatantId ?? "";
    const c = updates.get(id) ?? phaseCombatant(state, id);
    if (c === null) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    const initiative = pending.kind === "initiative";
    const [lo, hi] = initiative ? [2 + c.int + c.agi, 12 + c.int + c.agi] : [1, 6];
    if (!Number.isInteger(result.total) || result.total < lo || result.total > hi) {
      return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId: result.requestId, total: result.total });
    }
    if (initiative) {
      updates.set(id, { ...c, initiative: result.total, initiativeRound: state.round, rollOff: [] });
      events.push({ type: "initiativeRolled", combatantId: id, total: result.total });
    } else {
      updates.set(id, { ...c, rollOff: [...c.rollOff, result.total] });
      events.push({ type: "rollOffRolled", combatantId: id, total: result.total });
    }
  }
  const d = draft({ ...state, rolls: state.rolls.filter((r) => byId.has(r.request.id)) }, events);
  // Many results (a whole initiative phase) are written in one O(n) pass; a few, path by path.
  if (updates.size * 8 > state.combatants.size) {
    d.state = { ...d.state, combatants: slotsMap(d.state.combatants, (c) => updates.get(c.id) ?? c) };
  } else {
    for (const c of updates.values()) d.state = putPhaseCombatant(d.state, c);
  }
  settle(d);
  return done(d);
}

// ---------------------------------------------------------------------------------------------------
// Joining, leaving, defeat and initiative changes: at any moment, mid-round included.

function join(state: PhaseState, joining: Parameters<typeof checkPhaseJoin>[0]): Step {
  const checked = checkPhaseJoin(joining);
  if (!checked.ok) return checked;
  if (phaseCombatant(state, joining.id) !== null) return err("TEMPO.ERRORS.Phase.DuplicateCombatant", { id: joining.id });
  const slot = state.combatants.size;
  const c = newPhaseCombatant(joining, slot);
  const d = draft({ ...state, combatants: slotPush(state.combatants, c), index: { ...state.index, [c.id]: slot } }, [
    { type: "combatantJoined", combatantId: c.id },
  ]);
  if (state.phase === "initiative" || state.phase === "movement" || state.phase === "battle") {
    d.state = putPhaseCombatant(d.state, { ...c, initiativeRound: state.round });
    request(d, c, "initiative");
    if (state.phase !== "initiative") d.state = { ...d.state, unplaced: [...d.state.unplaced, c.id] };
  }
  return done(d);
}

function leave(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  const d = draft(dropRollsOf(state, id), [{ type: "combatantLeft", combatantId: id }]);
  const s = d.state;
  const cut = (order: readonly string[], active: boolean): { order: readonly string[]; cursor: number } => {
    const at = order.indexOf(id);
    if (at < 0) return { order, cursor: s.cursor };
    return { order: [...order.slice(0, at), ...order.slice(at + 1)], cursor: active && at <= s.cursor ? s.cursor - 1 : s.cursor };
  };
  const move = cut(s.moveOrder, s.phase === "movement");
  const battle = cut(s.battleOrder, s.phase === "battle");
  d.state = {
    ...s,
    // The slot is freed (null); the id may join again later with a new slot.
    combatants: slotSet(s.combatants, c.slot, null),
    moveOrder: move.order,
    battleOrder: battle.order,
    cursor: s.phase === "movement" ? move.cursor : s.phase === "battle" ? battle.cursor : s.cursor,
    upNext: s.upNext.filter((x) => x !== id),
    unplaced: s.unplaced.filter((x) => x !== id),
    waits: s.waits.filter((w) => w.delayerId !== id),
  };
  d.state = release(d.state, id);
  if (state.current === id) {
    d.state = { ...d.state, current: null, turnAction: null };
    advance(d);
  }
  settle(d);
  return done(d);
}

function defeat(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Phase.AlreadyDefeated", { id });
  const d = draft(putPhaseCombatant(dropRollsOf(state, id), { ...c, defeated: true }), [
    { type: "combatantDefeated", combatantId: id },
  ]);
  settle(d);
  return done(d);
}

function revive(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Phase.NotDefeated", { id });
  const revived: PhaseCombatant = { ...c, defeated: false };
  const d = draft(putPhaseCombatant(state, revived), [{ type: "combatantRevived", combatantId: id }]);
  const phase = state.phase;
  const rolling = phase === "initiative" || phase === "movement" || phase === "battle";
  if (rolling && phase === "initiative" && c.initiativeRound !== state.round) {
    // Defeated when the round began: it rolls now like everyone else did.
    d.state = putPhaseCombatant(d.state, { ...revived, initiative: null, initiativeRound: state.round, rollOff: [] });
    request(d, revived, "initiative");
  } else if (rolling && c.initiative === null) {
    // Never rolled at all: it rolls now and takes the turns that have not happened yet.
    d.state = putPhaseCombatant(d.state, { ...revived, initiativeRound: state.round });
    request(d, revived, "initiative");
    if (phase !== "initiative" && !d.state.unplaced.includes(id)) d.state = { ...d.state, unplaced: [...d.state.unplaced, id] };
  }
  // Otherwise it keeps its place in this round's orders (DEF-1) and acts if its turn is still to come.
  settle(d);
  return done(d);
}

function setInitiative(state: PhaseState, id: string, value: number): Step {
  if (state.phase === null) return err("TEMPO.ERRORS.Phase.NotStarted");
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (!Number.isSafeInteger(value)) return err("TEMPO.ERRORS.Phase.InvalidInitiative", { value });
  const d = draft(
    putPhaseCombatant(dropRollsOf(state, id), { ...c, initiative: value, initiativeRound: state.round, rollOff: [] }),
    [{ type: "initiativeSet", combatantId: id, value }],
  );
  const s = d.state;
  if ((s.phase === "movement" || s.phase === "battle") && !s.unplaced.includes(id)) {
    // It moves once its new value is settled (roll-offs first); until then it keeps its current place,
    // so a turn that comes up meanwhile is not lost.
    d.state = { ...s, unplaced: [...s.unplaced, id] };
  }
  settle(d);
  return done(d);
}

// ---------------------------------------------------------------------------------------------------
// Seizing the initiative and battle actions.

function seize(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (state.phase === null) return err("TEMPO.ERRORS.Phase.NotStarted");
  // PHS-4: "move before everyone else" is only possible before anyone has moved.
  if (state.phase !== "initiative") return err("TEMPO.ERRORS.Phase.SeizeTooLate", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Phase.Defeated", { id });
  if (c.seizedRound === state.round) return err("TEMPO.ERRORS.Phase.AlreadySeized", { id });
  return ok({
    state: putPhaseCombatant(state, { ...c, seizedRound: state.round }),
    events: [{ type: "seized", round: state.round, combatantId: id }],
    requests: [],
  });
}

function checkBattleActor(state: PhaseState, id: string): Result<PhaseCombatant> {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (state.phase !== "battle") return err("TEMPO.ERRORS.Phase.NotBattlePhase");
  if (state.current !== id) return err("TEMPO.ERRORS.Phase.NotYourTurn", { id });
  if (state.turnAction !== null) return err("TEMPO.ERRORS.Phase.ActionTaken", { id });
  return ok(c);
}

function battleAction(state: PhaseState, id: string, action: Exclude<PhaseTurnAction, "delay">): Step {
  const checked = checkBattleActor(state, id);
  if (!checked.ok) return checked;
  const c = checked.value;
  const round = state.round;
  const updated: PhaseCombatant = action === "defend" ? { ...c, defending: true } : { ...c, disengagedRound: round };
  const event: PhaseEvent =
    action === "defend" ? { type: "defended", round, combatantId: id } : { type: "disengaged", round, combatantId: id };
  return ok({ state: { ...putPhaseCombatant(state, updated), turnAction: action }, events: [event], requests: [] });
}

/** PHS-9: declared on the delayer's own turn, so always before the awaited creature starts its turn. */
function delay(state: PhaseState, id: string, afterId: string): Step {
  const checked = checkBattleActor(state, id);
  if (!checked.ok) return checked;
  const target = phaseCombatant(state, afterId);
  if (target === null || afterId === id || target.defeated || target.actedRound === state.round) {
    return err("TEMPO.ERRORS.Phase.InvalidDelayTarget", { id, afterId });
  }
  const wait = { delayerId: id, afterId };
  const d = draft({ ...state, waits: [...state.waits, wait], delays: [...state.delays, wait], current: null, turnAction: null }, [
    { type: "delayed", round: state.round, combatantId: id, afterId },
  ]);
  advance(d);
  return done(d);
}

// ---------------------------------------------------------------------------------------------------

function start(state: PhaseState): Step {
  if (state.phase !== null) return err("TEMPO.ERRORS.Phase.AlreadyStarted");
  const d = draft(state, [{ type: "combatStarted" }]);
  beginRound(d, 1);
  return done(d);
}

export function applyPhase(state: PhaseState, command: PhaseCommand): Step {
  switch (command.type) {
    case "start":
      return start(state);
    case "next":
      return next(state);
    case "rolls":
      return rolls(state, command.results);
    case "join":
      return join(state, command.combatant);
    case "leave":
      return leave(state, command.combatantId);
    case "defeat":
      return defeat(state, command.combatantId);
    case "revive":
      return revive(state, command.combatantId);
    case "setInitiative":
      return setInitiative(state, command.combatantId, command.value);
    case "seize":
      return seize(state, command.combatantId);
    case "delay":
      return delay(state, command.combatantId, command.afterId);
    case "defend":
      return battleAction(state, command.combatantId, "defend");
    case "disengage":
      return battleAction(state, command.combatantId, "disengage");
    default:
      return err("TEMPO.ERRORS.Phase.UnknownCommand");
  }
}

/** The phase-rounds scheduler (RULES §3). Wrap it with `withHistory` for undo/redo. */
export const phaseScheduler: Scheduler<PhaseState, PhaseCommand, PhaseEvent> = {
  id: "phase",
  apply: applyPhase,
  timeline: phaseTimeline,
  current: (state) => state.current,
  pending: (state) => state.rolls.map((r) => r.request),
};
