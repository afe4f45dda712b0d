/**
 * Phase rounds: initiative results, d6 roll-offs until every tie is broken (PHS-2), and placing creatures
 * whose initiative changed mid-round in the part of the round still to come.
 */
import { err } from "../../core/result.ts";
import { done, draft, flush, request, rollKind, without, type Draft, type Step } from "./draft.ts";
import { insertAt, sortedInsertIndex } from "../shared/round-order.ts";
import { vectorUpdate } from "../shared/persistent-vector.ts";
import { comparePhaseBattle, comparePhaseMovement, phaseTiedCreatures } from "./order.ts";
import { changePhaseCombatant, changePhaseState, phaseCombatant, phaseCombatants } from "./state.ts";
import type { RollResult } from "../contract.ts";
import type { PhaseCombatant, PhaseEvent, PhaseState } from "./types.ts";

/** PHS-2: asks for the roll-offs still needed and places mid-round arrivals whose place is now known. */
export function settle(d: Draft): void {
  flush(d);
  const s = d.state;
  if (s.round === 0 || s.phase === "end" || s.phase === null) return;
  const contenders: PhaseCombatant[] = [];
  for (const c of phaseCombatants(s))
    if (!c.defeated && c.initiative !== null && c.initiativeRound === s.round) contenders.push(c);
  const tied = phaseTiedCreatures(contenders);
  if (s.rolls.length > 0) {
    // A roll-off asked for earlier is dropped once nobody is level with its creature any more (its
    // rival left, fell, or had its initiative set): there is nothing left to break.
    const level = new Set(tied.map((c) => c.id));
    const stale = s.rolls.filter((r) => rollKind(r) === "rollOff" && !level.has(r.combatantId ?? ""));
    if (stale.length > 0) {
      const drop = new Set(stale);
      d.state = changePhaseState(s, { rolls: s.rolls.filter((r) => !drop.has(r)) });
    }
  }
  const waiting = d.state.rolls.length === 0 ? null : new Set(d.state.rolls.map((r) => r.combatantId));
  // In join order, like every batch of requests.
  for (const c of tied) if (waiting === null || !waiting.has(c.id)) request(d, c, "rollOff");
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
  d.state = changePhaseState(d.state, { unplaced: stay });
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
      const at = sortedInsertIndex(rest, s.cursor + 1, rest.length, c.id, by(comparePhaseMovement(s.round)));
      moveOrder = insertAt(rest, at, c.id);
    }
  }
  if (c.actedRound !== s.round && c.id !== s.current) {
    const from = s.phase === "battle" ? s.cursor + 1 : 0;
    const rest = without(battleOrder, c.id, from);
    if (!rest.includes(c.id)) {
      const at = sortedInsertIndex(rest, from, rest.length, c.id, by(comparePhaseBattle(s.round)));
      battleOrder = insertAt(rest, at, c.id);
    }
  }
  d.state = changePhaseState(s, { moveOrder, battleOrder });
}

/**
 * PHS-2: dice totals fed back for pending requests (initiative rolls and roll-offs, any mix). A batch is
 * checked whole before anything changes; then the answered combatants are written in one pass over the
 * paths they sit on, and the roll-offs still needed are asked for.
 */
export function rolls(state: PhaseState, results: readonly RollResult[]): Step {
  const pending = state.rolls;
  // Answers usually come in the order asked: match them by walking the list, and build an id lookup
  // only for one that does not (a Map of every pending id costs more than the whole walk).
  let lookup: Map<string, number> | null = null;
  let expected = 0;
  const answered = new Uint8Array(pending.length);
  // Updated combatants by slot (a sparse array: cheaper than a Map at 10,000 results), and their slots.
  const updated: (PhaseCombatant | undefined)[] = [];
  const slots: number[] = [];
  const events: PhaseEvent[] = [];
  for (const result of results) {
    let at = pending[expected]?.id === result.requestId ? expected : -1;
    if (at < 0) {
      lookup ??= new Map(pending.map((r, i) => [r.id, i]));
      at = lookup.get(result.requestId) ?? -1;
    }
    const asked = pending[at];
    if (asked === undefined || answered[at] === 1) {
      return err(at < 0 ? "TEMPO.ERRORS.Phase.UnknownRequest" : "TEMPO.ERRORS.Phase.DuplicateRoll", {
        requestId: result.requestId,
      });
    }
    answered[at] = 1;
    expected = at + 1;
    const id = asked.combatantId ?? "";
    const stored = phaseCombatant(state, id);
    if (stored === null) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    const c = updated[stored.slot] ?? stored;
    if (c === stored) slots.push(c.slot);
    const initiative = rollKind(asked) === "initiative";
    const lo = initiative ? 2 + c.int + c.agi : 1;
    const hi = initiative ? 12 + c.int + c.agi : 6;
    if (!Number.isInteger(result.total) || result.total < lo || result.total > hi) {
      return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId: result.requestId, total: result.total });
    }
    if (initiative) {
      updated[c.slot] = changePhaseCombatant(c, {
        initiative: result.total,
        initiativeRound: state.round,
        rollOff: [],
      });
      events.push({ type: "initiativeRolled", combatantId: id, total: result.total });
    } else {
      const rollOff = c.rollOff.slice();
      rollOff.push(result.total);
      updated[c.slot] = changePhaseCombatant(c, { rollOff });
      events.push({ type: "rollOffRolled", combatantId: id, total: result.total });
    }
  }
  const left = results.length === 0 ? pending : pending.filter((_, i) => answered[i] !== 1);
  // Requests go out in join order, so the answers usually come sorted already.
  const changed: PhaseCombatant[] = [];
  for (const slot of slots.sort((a, b) => a - b)) {
    const c = updated[slot];
    if (c !== undefined) changed.push(c);
  }
  const combatants = vectorUpdate(state.combatants, changed, slotOf);
  const d = draft(changePhaseState(state, { rolls: left, combatants }), events);
  settle(d);
  return done(d);
}

const slotOf = (c: PhaseCombatant): number => c.slot;
