/**
 * Phase rounds: initiative results, d6 roll-offs until every tie is broken (PHS-2), the round's ranking
 * once the initiative phase's dice settle, and placing creatures whose initiative changed mid-round in
 * the part of the round still to come.
 */
import { err } from "../../core/result.ts";
import { done, draft, rollOffRequest, type Draft, type Step } from "./draft.ts";
import { place, rankRound } from "./lanes.ts";
import { vectorGet, vectorUpdate } from "../shared/persistent-vector.ts";
import { bucketOf, phaseTiedIndices, phaseTieKeys, setPhaseTieKey } from "./order.ts";
import {
  changePhaseCombatant,
  changePhaseState,
  initiativeDue,
  isRollingPhase,
  phaseCombatant,
  phaseCombatants,
  rollOffDue,
  roundInitiative,
} from "./state.ts";
import type { RollResult } from "../contract.ts";
import type { PhaseCombatant, PhaseEvent, PhaseState } from "./types.ts";

/** PHS-2: whether a creature takes part in this round's tie-breaking (up, and rolled this round). */
const contends = (c: PhaseCombatant, round: number): boolean =>
  !c.defeated && c.initiative !== null && c.initiativeRound === round;

const slotOf = (c: PhaseCombatant): number => c.slot;

/**
 * PHS-2: asks for the roll-offs still needed (and drops those nobody is level with any more); then, in
 * the initiative phase, builds the round's ranking once no dice are pending, and later in the round
 * places creatures whose place is now known. `answered` are creatures a roll batch has just changed,
 * not yet written: they are written here, in the one pass over the roster that also writes roll-offs.
 */
export function settle(d: Draft, answered: readonly PhaseCombatant[] = []): void {
  const s = d.state;
  const vector = s.combatants;
  if (!isRollingPhase(s.phase)) {
    if (answered.length > 0) d.state = changePhaseState(s, { combatants: vectorUpdate(vector, answered, slotOf) });
    return;
  }
  const round = s.round;
  const size = vector.size;
  // The answered creatures by slot (a later answer of the same creature wins, as in `vectorUpdate`).
  const fresh: (PhaseCombatant | undefined)[] = answered.length === 0 ? [] : new Array<PhaseCombatant>(size);
  for (const c of answered) fresh[c.slot] = c;
  const at = (i: number): PhaseCombatant | null => fresh[i] ?? vectorGet(vector, i);
  // One pass over everyone (O(n)): tie keys, roll-offs asked, and whether any initiative roll is due.
  const keys = phaseTieKeys(size);
  const asked = new Uint8Array(size);
  let due = 0;
  for (const stored of phaseCombatants(s)) {
    const now = fresh[stored.slot];
    const c = now ?? stored;
    setPhaseTieKey(keys, c.slot, c, contends(c, round));
    if (initiativeDue(s, c)) due++;
    // An answered roll-off is no longer asked, whatever the creature's flag still says.
    else if (now === undefined && rollOffDue(s, c)) asked[c.slot] = 1;
  }
  const need = phaseTiedIndices(keys, (i, depth) => bucketOf(at(i), depth));
  // Whoever is level rolls (asked in join order, like every batch of requests). A roll-off asked earlier
  // is dropped once nobody is level with its creature any more (its rival left, fell, or had its
  // initiative set): there is nothing left to break.
  const changes: PhaseCombatant[] = [];
  let rollingOff = 0;
  for (let i = 0; i < size; i++) {
    const tied = need !== null && need[i] === 1;
    if (tied) rollingOff++;
    const now = fresh[i];
    if (now === undefined && tied === (asked[i] === 1)) continue;
    const c = now ?? vectorGet(vector, i);
    if (c === null) continue;
    changes.push(c.rollingOff === tied ? c : changePhaseCombatant(c, { rollingOff: tied }));
    if (tied && asked[i] !== 1) d.requests.push(rollOffRequest(round, c));
  }
  if (changes.length > 0) d.state = changePhaseState(s, { combatants: vectorUpdate(vector, changes, slotOf) });
  if (d.state.phase === "initiative") {
    // PHS-2: settled: the order of the round is known (a later change in this phase sorts it again).
    if (due === 0 && rollingOff === 0) d.state = rankRound(d.state);
    return;
  }
  if (d.state.unplaced.length === 0) return;
  const stay: string[] = [];
  for (const id of d.state.unplaced) {
    const c = phaseCombatant(d.state, id);
    if (c === null) continue;
    if (rollOffDue(d.state, c) || roundInitiative(c, round) === null) stay.push(id);
    else d.state = place(d.state, c);
  }
  d.state = changePhaseState(d.state, { unplaced: stay });
}

/** A request id's parts are packed in one number: its roll-off (0: the initiative roll) × 2^30 + its slot. */
const SLOTS = 2 ** 30;
const DASH = 45;
const ZERO = 48;
const NINE = 57;

/**
 * PHS-2: reads `phase-<round>-<slot>` or `phase-<round>-<slot>-<k>` (see draft.ts) after `prefix`, digit
 * by digit and without allocating (a batch holds thousands): `k × 2^30 + slot`, or -1 for anything else,
 * other spellings ("07", "-0") included.
 */
function readRequestId(id: unknown, prefix: string): number {
  if (typeof id !== "string" || !id.startsWith(prefix)) return -1;
  let slot = -1;
  let value = 0;
  let digits = 0;
  for (let i = prefix.length; i <= id.length; i++) {
    const code = i < id.length ? id.charCodeAt(i) : DASH;
    if (code === DASH) {
      if (digits === 0 || (slot >= 0 && i < id.length)) return -1;
      if (slot >= 0) return value === 0 ? -1 : value * SLOTS + slot;
      slot = value;
      value = 0;
      digits = 0;
    } else if (code < ZERO || code > NINE || (digits > 0 && value === 0) || digits >= 9) {
      return -1;
    } else {
      value = value * 10 + (code - ZERO);
      digits++;
    }
  }
  return slot;
}

/**
 * PHS-2: dice totals fed back for pending requests (initiative rolls and roll-offs, any mix). A batch is
 * checked whole before anything changes; then the answered combatants are written in one pass over the
 * paths they sit on, and the roll-offs still needed are asked for.
 */
export function rolls(state: PhaseState, results: readonly RollResult[]): Step {
  const round = state.round;
  const prefix = `phase-${round}-`;
  const vector = state.combatants;
  // Each creature has one roll pending at most: slot → 1 once answered in this batch.
  const answered = new Uint8Array(vector.size);
  const changed: PhaseCombatant[] = [];
  const events: PhaseEvent[] = [];
  for (const result of results) {
    const requestId = result.requestId;
    const ref = readRequestId(requestId, prefix);
    const c = ref < 0 ? null : vectorGet(vector, ref % SLOTS);
    if (c === null) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId: String(requestId) });
    const rollOff = Math.floor(ref / SLOTS);
    const asked = rollOff === 0 ? initiativeDue(state, c) : rollOffDue(state, c) && rollOff === c.rollOff.length + 1;
    if (!asked) return err("TEMPO.ERRORS.Phase.UnknownRequest", { requestId });
    if (answered[c.slot] === 1) return err("TEMPO.ERRORS.Phase.DuplicateRoll", { requestId });
    answered[c.slot] = 1;
    const total = result.total;
    if (rollOff === 0) {
      const base = 2 + c.int + c.agi;
      if (!Number.isInteger(total) || total < base || total > base + 10) {
        return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId, total });
      }
      changed.push(withInitiative(c, total, round));
      events.push({ type: "initiativeRolled", combatantId: c.id, total });
    } else {
      if (!Number.isInteger(total) || total < 1 || total > 6) {
        return err("TEMPO.ERRORS.Phase.InvalidRoll", { requestId, total });
      }
      changed.push(withRollOff(c, appended(c.rollOff, total)));
      events.push({ type: "rollOffRolled", combatantId: c.id, total });
    }
  }
  // The answered creatures are written by `settle`, with the roll-offs it asks for, in one pass.
  const d = draft(state, events);
  settle(d, changed);
  return done(d);
}

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
    rollingOff: false,
    defeated: c.defeated,
    keptRound: c.keptRound,
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
    // Left as it is: `settle` asks again (or stops asking) in the same pass that writes this creature.
    rollingOff: c.rollingOff,
    defeated: c.defeated,
    keptRound: c.keptRound,
    seizedRound: c.seizedRound,
    defending: c.defending,
    disengagedRound: c.disengagedRound,
    movedRound: c.movedRound,
    actedRound: c.actedRound,
  };
}
