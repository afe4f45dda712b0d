/**
 * Segment rounds: whether the attack a creature declared may be made now (issue 19 item 2: the pending
 * card of an attack declared with an item rolls it on Resolve).
 */
import type { Message } from "../../core/result.ts";
import { segmentCombatant } from "./state.ts";
import type { SegmentPart, SegmentState } from "./types.ts";

/** The turns a declared attack is made on (SEG-2: a fast action, its group turn, its attack routines). */
const ATTACK_PARTS: readonly SegmentPart[] = ["fast", "firstRoutine", "group", "restRoutines"];

/**
 * SEG-6, SEG-16: why the creature's declared attack cannot be made now, or null when it may.
 * - A delay announced in LOW costs the major action (SEG-6), as an immediate attack uses it (SEG-16): the
 *   declared attack is not made this round.
 * - A delay announced in HIGH gives that turn up until LOW (SEG-6): while the creature's last turn so far is
 *   the one it gave up, its attack waits for its turn in LOW.
 */
export function segmentDeclaredAttackRefusal(state: SegmentState, id: string): Message | null {
  const c = segmentCombatant(state, id);
  if (c === null) return null;
  if (c.majorSpentRound === state.round) return { key: "TEMPO.ERRORS.Segment.MajorLost", data: { id } };
  // The turns up to the cursor have begun (the one under way included); the creature's last such turn decides.
  for (let i = Math.min(state.cursor, state.schedule.length - 1); i >= 0; i--) {
    const entry = state.schedule[i];
    if (entry === undefined || entry.combatantId !== id || !ATTACK_PARTS.includes(entry.part)) continue;
    return state.delayedTurns.includes(entry.key) ? { key: "TEMPO.ERRORS.Segment.WaitsForLow", data: { id } } : null;
  }
  return null;
}

/**
 * SEG-6, SEG-16: whether the creature's turn `part` starting now brings a new card for its declared attack.
 * Not when it gave a turn of that part up to a delay this round: the card posted as that turn began rolls
 * once its turn in LOW begins (segmentDeclaredAttackRefusal), so the attack is made exactly once.
 */
export function segmentAttackCardDue(state: SegmentState, id: string, part: SegmentPart): boolean {
  return !state.schedule.some((e) => e.combatantId === id && e.part === part && state.delayedTurns.includes(e.key));
}
