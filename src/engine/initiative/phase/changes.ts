/**
 * Phase rounds: joining, leaving, defeat, revival and initiative changes, at any moment, mid-round
 * included. Only the part of an order still to come changes, so nobody loses or repeats a turn (DEF-1).
 */
import { err } from "../../core/result.ts";
import { done, draft, dropRollsOf, release, request, type Step } from "./draft.ts";
import { settle } from "./settle.ts";
import { vectorPush, vectorSet } from "../shared/persistent-vector.ts";
import {
  changePhaseCombatant,
  changePhaseState,
  checkPhaseJoin,
  newPhaseCombatant,
  phaseCombatant,
  putPhaseCombatant,
} from "./state.ts";
import { advance } from "./turns.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

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
  if (state.phase === "initiative" || state.phase === "movement" || state.phase === "battle") {
    d.state = putPhaseCombatant(d.state, changePhaseCombatant(c, { initiativeRound: state.round }));
    request(d, c, "initiative");
    if (state.phase !== "initiative") d.state = changePhaseState(d.state, { unplaced: [...d.state.unplaced, c.id] });
  }
  return done(d);
}

/** DEF-1: a creature leaves; only the part of the orders still to come changes (PHS-9: its delayers act). */
export function leave(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  const d = draft(dropRollsOf(state, id), [{ type: "combatantLeft", combatantId: id }]);
  const s = d.state;
  const cut = (order: readonly string[], active: boolean): { order: readonly string[]; cursor: number } => {
    const at = order.indexOf(id);
    if (at < 0) return { order, cursor: s.cursor };
    return {
      order: [...order.slice(0, at), ...order.slice(at + 1)],
      cursor: active && at <= s.cursor ? s.cursor - 1 : s.cursor,
    };
  };
  const move = cut(s.moveOrder, s.phase === "movement");
  const battle = cut(s.battleOrder, s.phase === "battle");
  d.state = changePhaseState(s, {
    // The slot is freed (null); the id may join again later with a new slot.
    combatants: vectorSet(s.combatants, c.slot, null),
    moveOrder: move.order,
    battleOrder: battle.order,
    cursor: s.phase === "movement" ? move.cursor : s.phase === "battle" ? battle.cursor : s.cursor,
    upNext: s.upNext.filter((x) => x !== id),
    unplaced: s.unplaced.filter((x) => x !== id),
    waits: s.waits.filter((w) => w.delayerId !== id),
  });
  d.state = release(d.state, id);
  if (state.current === id) {
    d.state = changePhaseState(d.state, { current: null, turnAction: null });
    advance(d);
  }
  settle(d);
  return done(d);
}

/** DEF-1: a defeated creature is skipped but keeps its place and data. */
export function defeat(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Phase.AlreadyDefeated", { id });
  const d = draft(putPhaseCombatant(dropRollsOf(state, id), changePhaseCombatant(c, { defeated: true })), [
    { type: "combatantDefeated", combatantId: id },
  ]);
  settle(d);
  return done(d);
}

/** DEF-1: a revived creature acts if its turn is still to come; one that never rolled rolls now (PHS-2). */
export function revive(state: PhaseState, id: string): Step {
  const c = phaseCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Phase.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Phase.NotDefeated", { id });
  const revived: PhaseCombatant = changePhaseCombatant(c, { defeated: false });
  const d = draft(putPhaseCombatant(state, revived), [{ type: "combatantRevived", combatantId: id }]);
  const phase = state.phase;
  const rolling = phase === "initiative" || phase === "movement" || phase === "battle";
  if (rolling && phase === "initiative" && c.initiativeRound !== state.round) {
    // Defeated when the round began: it rolls now like everyone else did.
    d.state = putPhaseCombatant(
      d.state,
      changePhaseCombatant(revived, { initiative: null, initiativeRound: state.round, rollOff: [] }),
    );
    request(d, revived, "initiative");
  } else if (rolling && c.initiative === null) {
    // Never rolled at all: it rolls now and takes the turns that have not happened yet.
    d.state = putPhaseCombatant(d.state, changePhaseCombatant(revived, { initiativeRound: state.round }));
    request(d, revived, "initiative");
    if (phase !== "initiative" && !d.state.unplaced.includes(id))
      d.state = changePhaseState(d.state, { unplaced: [...d.state.unplaced, id] });
  }
  // Otherwise it keeps its place in this round's orders (DEF-1) and acts if its turn is still to come.
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
      dropRollsOf(state, id),
      changePhaseCombatant(c, { initiative: value, initiativeRound: state.round, rollOff: [] }),
    ),
    [{ type: "initiativeSet", combatantId: id, value }],
  );
  const s = d.state;
  if ((s.phase === "movement" || s.phase === "battle") && !s.unplaced.includes(id)) {
    // It moves once its new value is settled (roll-offs first); until then it keeps its current place,
    // so a turn that comes up meanwhile is not lost.
    d.state = changePhaseState(s, { unplaced: [...s.unplaced, id] });
  }
  settle(d);
  return done(d);
}
