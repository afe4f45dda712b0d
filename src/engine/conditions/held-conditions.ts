/**
 * The conditions each ruleset's scheduler holds a creature in, read from its state (status-table.ts,
 * `heldBy`). A step's conditions to set and clear are what changed between the state before and the
 * state after it (condition-changes.ts), so every way a state moves — a command, its dice, an undo, a
 * redo, "previous round" — sets and clears the same conditions, and a condition the GM put on a token
 * by hand stays until the engine itself changes it.
 *
 * Rulings (what "until" means for each, from the scheduler's own records):
 * - count: `surprised` from the mark until the surprise round ends (CNT-4: it matters only there);
 *   `unconscious` while the track holds it at 20 (CNT-14); `casting` from the spell's declaration to
 *   its resolution, loss or stop (CNT-10).
 * - standard: `delayed` from the Delay until the creature re-enters or the round ends.
 * - phase: `delayed` while the creature waits for the one it delays after (PHS-9); `defending` until
 *   its next turn starts (PHS-10); `disengaged` until the end of the next round (PHS-11).
 * - segment: `surprised` while the scheduler holds the mark (it refuses the creature's free and
 *   immediate attacks, SEG-16); `delayed` for the round of the delay (SEG-7; a delay declared in step
 *   1 is not the condition, SEG-6); `casting` from the moment the declared spell is shown (the caster
 *   acts on it in D1, or the GM reveals it: a secret declaration sets nothing on the token) until it
 *   goes off in its segment or fails (SEG-5, SEG-10).
 * - rotation: its scheduler holds none.
 */
import type { CountCombatant, CountState } from "../initiative/count/types.ts";
import type { PhaseCombatant, PhaseState } from "../initiative/phase/types.ts";
import { phaseCombatants } from "../initiative/phase/state.ts";
import type { SegmentCombatant, SegmentState } from "../initiative/segment/types.ts";
import { segmentCombatant, segmentCombatants } from "../initiative/segment/state.ts";
import { segmentRoundSchedule } from "../initiative/segment/round-schedule.ts";
import { vectorChanges, vectorValues, type PersistentVector } from "../initiative/shared/persistent-vector.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import type { ConditionId } from "./status-table.ts";

/**
 * Combatant id → the conditions its scheduler holds it in. Issue 17: only the combatants held in at least
 * one are listed (a step compares two of these at a thousand creatures, and most hold none); a missing
 * id holds none.
 */
export type HeldConditions = ReadonlyMap<string, ReadonlySet<ConditionId>>;

type Held = Map<string, ReadonlySet<ConditionId>>;

/** Adds `id` with those of `a`, `b`, `c` that are not false, unless all are (no array per creature). */
function hold(
  out: Held,
  id: string,
  a: ConditionId | false,
  b: ConditionId | false = false,
  c: ConditionId | false = false,
): void {
  if (a === false && b === false && c === false) return;
  const set = new Set<ConditionId>();
  for (const condition of [a, b, c]) if (condition !== false) set.add(condition);
  out.set(id, set);
}

function countHold(out: Held, c: CountCombatant, surpriseRound: boolean): void {
  hold(
    out,
    c.id,
    c.surprised && surpriseRound && "surprised",
    c.unconscious && "unconscious",
    c.casting !== null && "casting",
  );
}

export function countHeldConditions(state: CountState): HeldConditions {
  const out: Held = new Map();
  for (const c of vectorValues(state.combatants)) countHold(out, c, state.round <= 0);
  return out;
}

/**
 * Issue 17: the conditions of `after` from those (`known`) of `before`, a state it was made from, reading
 * only the records that changed (`followHeld`); null when they must be found anew.
 */
export function countHeldFollowed(before: CountState, known: HeldConditions, after: CountState): HeldConditions | null {
  const surpriseRound = after.round <= 0;
  if (before.round <= 0 !== surpriseRound) return null;
  return followHeld(known, before.combatants, after.combatants, (out, c) => countHold(out, c, surpriseRound));
}

export function standardHeldConditions(state: StandardState): HeldConditions {
  const out: Held = new Map();
  for (const id of Object.keys(state.delayed)) {
    if (Object.hasOwn(state.combatants, id) && state.delayed[id] === state.round) hold(out, id, "delayed");
  }
  return out;
}

function phaseHold(out: Held, c: PhaseCombatant, waiting: ReadonlySet<string>, round: number): void {
  hold(
    out,
    c.id,
    waiting.has(c.id) && "delayed",
    c.defending && "defending",
    c.disengagedRound > 0 && round - c.disengagedRound <= 1 && "disengaged",
  );
}

const waitingOf = (state: PhaseState): ReadonlySet<string> => new Set(state.waits.map((w) => w.delayerId));

export function phaseHeldConditions(state: PhaseState): HeldConditions {
  const waiting = waitingOf(state);
  const out: Held = new Map();
  for (const c of phaseCombatants(state)) phaseHold(out, c, waiting, state.round);
  return out;
}

/** `countHeldFollowed` for phase rounds: the same waits and round, only records changed. */
export function phaseHeldFollowed(before: PhaseState, known: HeldConditions, after: PhaseState): HeldConditions | null {
  if (before.waits !== after.waits || before.round !== after.round) return null;
  const waiting = waitingOf(after);
  return followHeld(known, before.combatants, after.combatants, (out, c) => phaseHold(out, c, waiting, after.round));
}

/**
 * The held conditions of a roster `after` from those (`known`) of a roster `before` it was made from: the
 * entries of the records that are other objects are found again (`add`), the rest kept. Null when the
 * two rosters are not comparable (one joined or left).
 */
function followHeld<R extends { readonly id: string }>(
  known: HeldConditions,
  before: PersistentVector<R>,
  after: PersistentVector<R>,
  add: (out: Held, record: R) => void,
): HeldConditions | null {
  if (before === after) return known;
  const gone: string[] = [];
  const come: R[] = [];
  const comparable = vectorChanges(before, after, (was, now) => {
    if (was !== null) gone.push(was.id);
    if (now !== null) come.push(now);
  });
  if (!comparable) return null;
  const out: Held = new Map(known);
  for (const id of gone) out.delete(id);
  for (const record of come) add(out, record);
  return out;
}

/** Where the schedule holds a caster's spell turn (SEG-5); +infinity when it holds none. */
type SpellAt = (combatantId: string) => number;

function segmentHold(out: Held, c: SegmentCombatant, state: SegmentState, spellAt: SpellAt): void {
  const round = state.round;
  const spell =
    round > 0 &&
    c.declaredRound === round &&
    c.declaration?.action === "spell" &&
    c.revealed &&
    c.castingFailedRound !== round &&
    spellAt(c.id) > state.cursor;
  hold(out, c.id, c.surprised && "surprised", round > 0 && c.delayedRound === round && "delayed", spell && "casting");
}

export function segmentHeldConditions(state: SegmentState): HeldConditions {
  // The index of each caster's spell turn this round (SEG-5); none when the schedule is not built yet.
  const spellAt = new Map<string, number>();
  segmentRoundSchedule(state).forEach((entry, i) => {
    if (entry.part === "spell") spellAt.set(entry.combatantId, i);
  });
  const at: SpellAt = (id) => spellAt.get(id) ?? Number.POSITIVE_INFINITY;
  const out: Held = new Map();
  for (const c of segmentCombatants(state)) segmentHold(out, c, state, at);
  return out;
}

/**
 * Issue 17: `countHeldFollowed` for segment rounds: the same round and schedule, only records changed
 * and the cursor moved. A record that changed is read again; of the others only a caster whose spell
 * turn the cursor passed (either way: an undo moves it back) can change (SEG-5), so the schedule is read
 * between the two cursors only.
 */
export function segmentHeldFollowed(
  before: SegmentState,
  known: HeldConditions,
  after: SegmentState,
): HeldConditions | null {
  const was = segmentRoundSchedule(before);
  const schedule = segmentRoundSchedule(after);
  if (before.round !== after.round || (was !== schedule && (was.length > 0 || schedule.length > 0))) return null;
  // A caster's spell turn, looked up only for a changed record that casts (the last, as the full pass).
  const at: SpellAt = (id) => {
    for (let i = schedule.length - 1; i >= 0; i--) {
      const entry = schedule[i];
      if (entry !== undefined && entry.part === "spell" && entry.combatantId === id) return i;
    }
    return Number.POSITIVE_INFINITY;
  };
  const followed = followHeld(known, before.combatants, after.combatants, (out, c) => segmentHold(out, c, after, at));
  if (followed === null) return null;
  const passed: string[] = [];
  const end = Math.min(Math.max(before.cursor, after.cursor), schedule.length - 1);
  for (let i = Math.max(Math.min(before.cursor, after.cursor) + 1, 0); i <= end; i++) {
    const entry = schedule[i];
    if (entry !== undefined && entry.part === "spell") passed.push(entry.combatantId);
  }
  if (passed.length === 0) return followed;
  const out: Held = new Map(followed);
  for (const id of passed) {
    out.delete(id);
    const c = segmentCombatant(after, id);
    if (c !== null) segmentHold(out, c, after, at);
  }
  return out;
}

/** Rotations: the scheduler holds no condition (flanked, hidden … are read from the tokens only). */
export function rotationHeldConditions(): HeldConditions {
  return new Map();
}
