/**
 * Phase rounds: initiative results, d6 roll-offs until every tie is broken (PHS-2), and placing creatures
 * whose initiative changed mid-round in the part of the round still to come.
 */
import { err } from "../../core/result.ts";
import { done, draft, flush, request, rollKind, without, type Draft, type Step } from "./draft.ts";
import { comparePhaseBattle, comparePhaseMovement, phaseInsertAt, phaseTiesToRoll } from "./order.ts";
import { slotsMap } from "./slots.ts";
import { phaseCombatant, phaseCombatants, putPhaseCombatant } from "./state.ts";
import type { DiceRequest, RollResult } from "../contract.ts";
import type { PhaseCombatant, PhaseEvent, PhaseState } from "./types.ts";

/** Asks for the roll-offs still needed and places mid-round arrivals whose place is now known. */
export function settle(d: Draft): void {
  flush(d);
  const s = d.state;
  if (s.round === 0 || s.phase === "end" || s.phase === null) return;
  const contenders = phaseCombatants(s).filter(
    (c) => !c.defeated && c.initiative !== null && c.initiativeRound === s.round,
  );
  const waiting = new Set(s.rolls.map((r) => r.combatantId));
  for (const id of phaseTiesToRoll(contenders)) {
    const c = phaseCombatant(d.state, id);
    if (c !== null && !waiting.has(id)) request(d, c, "rollOff");
  }
  flush(d);
  if (d.state.unplaced.length === 0) return;
  const unsettled = new Set(d.state.rolls.map((r) => r.combatantId));
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

export function rolls(state: PhaseState, results: readonly RollResult[]): Step {
  const byId = new Map<string, DiceRequest>();
  for (const r of state.rolls) byId.set(r.id, r);
  const updates = new Map<string, PhaseCombatant>();
  const events: PhaseEvent[] = [];
  for (const result of results) {
    const pending = byId.get(result.requestId);
    if (pending === undefined) {
      const again = state.rolls.some((r) => r.id === result.requestId);
      return err(again ? "TEMPO.ERRORS.Phase.DuplicateRoll" : "TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    }
    byId.delete(result.requestId);
    const id = pending.combatantId ?? "";
    const c = updates.get(id) ?? phaseCombatant(state, id);
    if (c === null) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    const initiative = rollKind(pending) === "initiative";
    const lo = initiative ? 2 + c.int + c.agi : 1;
    const hi = initiative ? 12 + c.int + c.agi : 6;
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
  const d = draft({ ...state, rolls: state.rolls.filter((r) => byId.has(r.id)) }, events);
  // Many results (a whole initiative phase) are written in one O(n) pass; a few, path by path.
  if (updates.size * 8 > state.combatants.size) {
    d.state = { ...d.state, combatants: slotsMap(d.state.combatants, (c) => updates.get(c.id) ?? c) };
  } else {
    for (const c of updates.values()) d.state = putPhaseCombatant(d.state, c);
  }
  settle(d);
  return done(d);
}
