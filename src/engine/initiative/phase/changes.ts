/**
 * Phase rounds: joining, leaving, defeat, revival and initiative changes, at any moment, mid-round
 * included. Only the part of the round still to come changes, so nobody loses or repeats a turn (DEF-1).
 */
import { err } from "../../core/result.ts";
import { askInitiative, done, draft, release, type Step } from "./draft.ts";
import { unrank } from "./lanes.ts";
import { settle } from "./settle.ts";
import { vectorPush, vectorSet } from "../shared/persistent-vector.ts";
import {
  changePhaseCombatant,
  changePhaseState,
  checkPhaseJoin,
  initiativeDue,
  isRollingPhase,
  newPhaseCombatant,
  phaseCombatant,
  putPhaseCombatant,
  roundInitiative,
} from "./state.ts";
import { advance } from "./turns.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

/** Adds `id` to the creatures to place once settled, unless it is there already. */
function unplace(state: PhaseState, id: string): PhaseState {
  return state.unplaced.includes(id) ? state : changePhaseState(state, { unplaced: [...state.unplaced, id] });
}

/** PHS-2, DEF-1: a creature joins; mid-round it rolls and takes the turns still to come. */
export function join(state: PhaseState, joining: Parameters<typeof checkPhaseJoin>[0]): Step {
  const checked = checkPhaseJoin(joining);
  if (!checked.ok) return checked;
  if (phaseCombatant(state, joining.id) !== null)
    return err("TEMPO.ERRORS.Phase.DuplicateCombatant", { id: joining.id });
  const slot = state.combatants.size;
  const c = newPhaseCombatant(joining, slot);
  const d = draft(
    changePhaseState(state, { combatants: vectorPush(state.combatants, c), index: { ...state.index, [c.id]: slot } }),
    [{ type: "combatantJoined", combatantId: c.id }],
  );
  if (isRollingPhase(state.phase)) {
    const asked = changePhaseCombatant(c, { initiativeRound: state.round });
    d.state = putPhaseCombatant(d.state, asked);
    askInitiative(d, asked);
    if (state.phase !== "initiative") d.state = unplace(d.state, c.id);
  }
  return done(d);
}

/** `state` without `c`: its place, slot and waits; whoever waited for it acts (PHS-9). */
function withoutCombatant(state: PhaseState, c: PhaseCombatant): PhaseState {
  const id = c.id;
  const s = unrank(state, id);
  const out = changePhaseState(s, {
    // The slot is freed (null); the id may join again later with a new slot.
    combatants: vectorSet(s.combatants, c.slot, null),
    upNext: s.upNext.filter((x) => x !== id),
    catchUp: s.catchUp.filter((x) => x !== id),
    unplaced: s.unplaced.filter((x) => x !== id),
    waits: s.waits.filter((w) => w.delayerId !== id),
  });
  return release(out, id);
}

/** DEF-1: a creature leaves; only the part of the round still to come changes (PHS-9: its delayers act). */
export function leave(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  const d = draft(state, [{ type: "combatantLeft", combatantId: id }]);
  d.state = withoutCombatant(d.state, c);
  if (state.current === id) {
    d.state = changePhaseState(d.state, { current: null, turnAction: null });
    advance(d);
  }
  settle(d);
  return done(d);
}

/**
 * Issue 17: every one of `ids` (none acting now) leaves in one pass, settled once (host/public-order.ts
 * takes the hidden creatures out so); null where one is unknown, acting or waited for, or while initiative
 * is rolled, and they leave one by one.
 */
export function leaveAll(state: PhaseState, ids: readonly string[]): PhaseState | null {
  const left = new Set(ids);
  if (left.size !== ids.length) return null;
  // One that others wait for (PHS-9) sends them on when it leaves, which one by one may show and together not.
  if (state.waits.some((w) => left.has(w.afterId))) return null;
  // While initiative is rolled one leaving may end a roll-off and place another (say a hidden one that
  // leaves next): the settle after each differs from one after all of them.
  if (isRollingPhase(state.phase)) return null;
  const d = draft(state);
  for (const id of ids) {
    const c = phaseCombatant(d.state, id);
    if (c === null || state.current === id) return null;
    d.state = withoutCombatant(d.state, c);
  }
  settle(d);
  return d.state;
}

/**
 * DEF-1: a defeated creature is skipped but keeps its place and data.
 * **Ruling:** the creature taking its movement or battle turn can no longer finish it: the turn ends
 * (`turnEnded`, before `combatantDefeated`) and the phase's next turn starts in the same step, as `next`
 * would; in the battle phase whoever waited for it (PHS-9) acts now, so nobody waits for it.
 */
export function defeat(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Phase.AlreadyDefeated", { id });
  // One that falls before rolling has no initiative this round (it does not keep an older one); a
  // roll-off asked of it is dropped.
  const unrolled = initiativeDue(state, c) ? { initiative: null, initiativeRound: state.round, rollOff: [] } : {};
  const acting = state.current === id && (state.phase === "movement" || state.phase === "battle");
  const ended = acting ? [{ type: "turnEnded", round: state.round, combatantId: id, phase: state.phase } as const] : [];
  const d = draft(
    putPhaseCombatant(state, changePhaseCombatant(c, { ...unrolled, rollingOff: false, defeated: true })),
    [...ended, { type: "combatantDefeated", combatantId: id }],
  );
  if (acting) {
    if (state.phase === "battle") d.state = release(d.state, id);
    d.state = changePhaseState(d.state, { current: null, turnAction: null });
    advance(d);
  }
  settle(d);
  return done(d);
}

/** DEF-1: a revived creature acts if its turn is still to come; one that never rolled rolls now (PHS-2). */
export function revive(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Phase.NotDefeated", { id });
  const round = state.round;
  const phase = state.phase;
  let revived: PhaseCombatant = changePhaseCombatant(c, { defeated: false });
  const d = draft(state, [{ type: "combatantRevived", combatantId: id }]);
  if (phase === "initiative" && c.initiativeRound !== round) {
    // Defeated when the round began: it rolls now like everyone else did.
    revived = changePhaseCombatant(revived, { initiative: null, initiativeRound: round, rollOff: [] });
    askInitiative(d, revived);
  } else if (isRollingPhase(phase) && roundInitiative(c, round) === null) {
    // Never rolled at all: it rolls now and takes the turns that have not happened yet.
    revived = changePhaseCombatant(revived, { initiativeRound: round });
    askInitiative(d, revived);
    if (phase !== "initiative") d.state = unplace(d.state, id);
  } else if (c.initiative !== null && c.initiativeRound !== round && c.keptRound !== round) {
    // It keeps its place in this round's order with its earlier initiative (DEF-1) and acts if its
    // turn is still to come.
    revived = changePhaseCombatant(revived, { keptRound: round });
  }
  d.state = putPhaseCombatant(d.state, revived);
  settle(d);
  return done(d);
}

/** PHS-2: the GM sets a creature's initiative; roll-offs settle it, then it moves to its new place. */
export function setInitiative(state: PhaseState, id: string, value: number): Step {
  if (state.phase === null) return err("TEMPO.ERRORS.Phase.NotStarted");
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (!Number.isSafeInteger(value)) return err("TEMPO.ERRORS.Phase.InvalidInitiative", { value });
  const d = draft(
    putPhaseCombatant(
      state,
      changePhaseCombatant(c, { initiative: value, initiativeRound: state.round, rollOff: [], rollingOff: false }),
    ),
    [{ type: "initiativeSet", combatantId: id, value }],
  );
  // It moves once its new value is settled (roll-offs first); until then it keeps its current place,
  // so a turn that comes up meanwhile is not lost.
  if (state.phase === "movement" || state.phase === "battle") d.state = unplace(d.state, id);
  settle(d);
  return done(d);
}
