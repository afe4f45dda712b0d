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
import type { CountState } from "../initiative/count/types.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { phaseCombatants } from "../initiative/phase/state.ts";
import type { SegmentState } from "../initiative/segment/types.ts";
import { segmentCombatants } from "../initiative/segment/state.ts";
import { segmentRoundSchedule } from "../initiative/segment/round-schedule.ts";
import { vectorValues } from "../initiative/shared/persistent-vector.ts";
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

export function countHeldConditions(state: CountState): HeldConditions {
  const out: Held = new Map();
  const surpriseRound = state.round <= 0;
  for (const c of vectorValues(state.combatants)) {
    hold(
      out,
      c.id,
      c.surprised && surpriseRound && "surprised",
      c.unconscious && "unconscious",
      c.casting !== null && "casting",
    );
  }
  return out;
}

export function standardHeldConditions(state: StandardState): HeldConditions {
  const out: Held = new Map();
  for (const id of Object.keys(state.delayed)) {
    if (Object.hasOwn(state.combatants, id) && state.delayed[id] === state.round) hold(out, id, "delayed");
  }
  return out;
}

export function phaseHeldConditions(state: PhaseState): HeldConditions {
  const waiting = new Set(state.waits.map((w) => w.delayerId));
  const out: Held = new Map();
  for (const c of phaseCombatants(state)) {
    hold(
      out,
      c.id,
      waiting.has(c.id) && "delayed",
      c.defending && "defending",
      c.disengagedRound > 0 && state.round - c.disengagedRound <= 1 && "disengaged",
    );
  }
  return out;
}

export function segmentHeldConditions(state: SegmentState): HeldConditions {
  const round = state.round;
  // The index of each caster's spell turn this round (SEG-5); -1 when the schedule is not built yet.
  const spellAt = new Map<string, number>();
  segmentRoundSchedule(state).forEach((entry, i) => {
    if (entry.part === "spell") spellAt.set(entry.combatantId, i);
  });
  const out: Held = new Map();
  for (const c of segmentCombatants(state)) {
    const spell =
      round > 0 &&
      c.declaredRound === round &&
      c.declaration?.action === "spell" &&
      c.revealed &&
      c.castingFailedRound !== round &&
      (spellAt.get(c.id) ?? Number.POSITIVE_INFINITY) > state.cursor;
    hold(out, c.id, c.surprised && "surprised", round > 0 && c.delayedRound === round && "delayed", spell && "casting");
  }
  return out;
}

/** Rotations: the scheduler holds no condition (flanked, hidden … are read from the tokens only). */
export function rotationHeldConditions(): HeldConditions {
  return new Map();
}
