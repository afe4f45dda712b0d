/**
 * Phase rounds: initiative results, d6 roll-offs until every tie is broken (PHS-2), and placing creatures
 * whose initiative changed mid-round in the part of the round still to come.
 */
import { err } from "../../core/result.ts";
import { done, draft, flush, request, rollKind, without, type Draft, type Step } from "./draft.ts";
import { insertAt, sortedInsertIndex } from "../shared/round-order.ts";
import { vectorGet, vectorUpdate } from "../shared/persistent-vector.ts";
import {
  bucketOf,
  comparePhaseBattle,
  comparePhaseMovement,
  phaseTiedIndices,
  phaseTieKeys,
  setPhaseTieKey,
  type PhaseTieKeys,
} from "./order.ts";
import { changePhaseState, phaseCombatant, phaseCombatants } from "./state.ts";
import type { RollResult } from "../contract.ts";
import type { PhaseCombatant, PhaseEvent, PhaseState } from "./types.ts";

/** PHS-2: whether a creature takes part in this round's tie-breaking (up, and rolled this round). */
const contends = (c: PhaseCombatant, round: number): boolean =>
  !c.defeated && c.initiative !== null && c.initiativeRound === round;

/** PHS-2: every creature's tie keys, read from the state (O(n)). */
function tieKeysOf(s: PhaseState): PhaseTieKeys {
  const keys = phaseTieKeys(s.combatants.size);
  for (const c of phaseCombatants(s)) setPhaseTieKey(keys, c.slot, c, contends(c, s.round));
  return keys;
}

/** PHS-2: asks for the roll-offs still needed and places mid-round arrivals whose place is now known. */
export function settle(d: Draft): void {
  flush(d);
  const s = d.state;
  if (s.round === 0 || s.phase === "end" || s.phase === null) return;
  const keys = tieKeysOf(s);
  const vector = s.combatants;
  const need = phaseTiedIndices(keys, (i, depth) => bucketOf(vectorGet(vector, i), depth));
  // In join order (slot order), like every batch of requests.
  const tied: PhaseCombatant[] = [];
  if (need !== null) {
    for (let i = 0; i < need.length; i++) {
      if (need[i] !== 1) continue;
      const c = vectorGet(vector, i);
      if (c !== null) tied.push(c);
    }
  }
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
  // The answered combatants, each once with all its answers applied. Requests go out in join order, so
  // the answers usually come in slot order: a slot past the last one seen is new, and a slot → position
  // lookup is built only for one that is not (a creature answering twice, or answers out of order).
  const changed: PhaseCombatant[] = [];
  let position: Map<number, number> | null = null;
  let lastSlot = -1;
  const events: PhaseEvent[] = [];
  let answeredCount = 0;
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
    answeredCount++;
    expected = at + 1;
    const id = asked.combatantId ?? "";
    const stored = phaseCombatant(state, id);
    if (stored === null) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId: result.requestId });
    let pos = -1;
    if (stored.slot > lastSlot) lastSlot = stored.slot;
    else {
      position ??= new Map(changed.map((x, i) => [x.slot, i]));
      pos = position.get(stored.slot) ?? -1;
    }
    const c = pos < 0 ? stored : (changed[pos] ?? stored);
    const total = result.total;
    let next: PhaseCombatant;
    if (rollKind(asked) === "initiative") {
      const base = 2 + c.int + c.agi;
      if (!Number.isInteger(total) || total < base || total > base + 10) {
        return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId: result.requestId, total });
      }
      next = withInitiative(c, total, state.round);
      events.push({ type: "initiativeRolled", combatantId: id, total });
    } else {
      if (!Number.isInteger(total) || total < 1 || total > 6) {
        return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId: result.requestId, total });
      }
      next = withRollOff(c, appended(c.rollOff, total));
      events.push({ type: "rollOffRolled", combatantId: id, total });
    }
    if (pos >= 0) changed[pos] = next;
    else {
      position?.set(next.slot, changed.length);
      changed.push(next);
    }
  }
  const left =
    answeredCount === 0 ? pending : answeredCount === pending.length ? [] : pending.filter((_, i) => answered[i] !== 1);
  // `vectorUpdate` takes the changes in any order (sorted ones, the usual case, are not sorted again).
  const combatants = vectorUpdate(state.combatants, changed, slotOf);
  const d = draft(changePhaseState(state, { rolls: left, combatants }), events);
  settle(d);
  return done(d);
}

const slotOf = (c: PhaseCombatant): number => c.slot;

/** A new list: `list` then `value`, allocated at its final length at once (a roll-off batch makes thousands). */
function appended(list: readonly number[], value: number): number[] {
  const n = list.length;
  const out = new Array<number>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list[i] ?? 0;
  out[n] = value;
  return out;
}

/**
 * PHS-2: the creature with this round's 2d6 + INT + AGI and no roll-offs, built field by field like
 * `changePhaseCombatant` (one object shape) but without a change object per result.
 */
function withInitiative(c: PhaseCombatant, initiative: number, round: number): PhaseCombatant {
  return {
    id: c.id,
    slot: c.slot,
    int: c.int,
    agi: c.agi,
    initiative,
    initiativeRound: round,
    rollOff: [],
    defeated: c.defeated,
    seizedRound: c.seizedRound,
    defending: c.defending,
    disengagedRound: c.disengagedRound,
    movedRound: c.movedRound,
    actedRound: c.actedRound,
  };
}

/** PHS-2: the creature with these roll-offs (a fresh list: the old creature keeps its own). */
function withRollOff(c: PhaseCombatant, rollOff: readonly number[]): PhaseCombatant {
  return {
    id: c.id,
    slot: c.slot,
    int: c.int,
    agi: c.agi,
    initiative: c.initiative,
    initiativeRound: c.initiativeRound,
    rollOff,
    defeated: c.defeated,
    seizedRound: c.seizedRound,
    defending: c.defending,
    disengagedRound: c.disengagedRound,
    movedRound: c.movedRound,
    actedRound: c.actedRound,
  };
}
