/**
 * A chosen move and the combat steps that chose it (ROT-11, PHS-5, PHS-11): how two rotation Move actions
 * add up, and what the tracker's undo takes back.
 *
 * Rulings:
 * - ROT-11: Moving is a Full action that "covers the creature's movement"; a creature that spends its two
 *   Full actions on Move moves its movement twice: each Move adds the creature's speeds once more (tandem
 *   speeds each counted again: walk 30 / swim 45 with two Moves is walk 60 / swim 90).
 * - Undo (the tracker's): a move chosen by a step that the undo took back is no longer chosen; the choice
 *   it replaced (a Move before a 5 ft step) is in force again. A redo gives its steps back and the choice
 *   with them (the Foundry layer keeps the choice as it stood; `choiceAfterUndo` reads it again).
 */
import type { PatchHistory } from "../storage/patch-history.ts";
import type { MoveChoice } from "../host/move-access.ts";
import type { MovementSpeeds } from "./movement-turn.ts";

/** A choice with the undo steps (history numbers) of the uses that chose it, and the choice it replaced. */
export interface SteppedChoice extends MoveChoice {
  readonly steps: readonly string[];
  readonly prior: SteppedChoice | null;
}

/** The newest step of a combat's undo history (the step just recorded), or null. */
export function newestUndoStep(history: PatchHistory): string | null {
  const keys = Object.keys(history.undo).filter((k) => /^\d+$/.test(k));
  if (keys.length === 0) return null;
  return String(Math.max(...keys.map(Number)));
}

function isRotationMove(choice: MoveChoice | null): boolean {
  return choice !== null && choice.how.kind === "rotation" && choice.how.move === "move";
}

/** ROT-11: `next` adds to `previous` (a second rotation Move in the same round; the ruling above). */
export function choiceAddsUp(previous: MoveChoice | null, next: MoveChoice): boolean {
  return previous !== null && previous.round === next.round && isRotationMove(previous) && isRotationMove(next);
}

/** ROT-11: the choice after a use chose `next` (taken at undo step `step`) on top of `previous`. */
export function chooseWithStep(previous: SteppedChoice | null, next: MoveChoice, step: string | null): SteppedChoice {
  const steps = step === null ? [] : [step];
  if (previous !== null && choiceAddsUp(previous, next))
    return { how: previous.how, round: previous.round, steps: [...previous.steps, ...steps], prior: previous.prior };
  const prior = previous !== null && previous.round === next.round ? { ...previous, prior: null } : null;
  return { how: next.how, round: next.round, steps, prior };
}

/** ROT-11: how many Move actions the choice holds (1 for any other choice). */
export function rotationMovesTaken(choice: SteppedChoice | null): number {
  return choice !== null && isRotationMove(choice) ? Math.max(1, choice.steps.length) : 1;
}

/** ROT-11: the speeds after `moves` Move actions this turn (see the ruling above). */
export function rotationMoveSpeeds(speeds: MovementSpeeds, moves: number): MovementSpeeds {
  const times = Number.isInteger(moves) && moves > 1 ? moves : 1;
  const out: Partial<Record<keyof MovementSpeeds, number>> = {};
  for (const [mode, feet] of Object.entries(speeds) as [keyof MovementSpeeds, number][]) out[mode] = feet * times;
  return out;
}

/**
 * Undo: the choice once the undo moved steps to the redo stack: its uses taken back are dropped; with none
 * left, the choice it replaced (itself checked the same way), else null. Unchanged: the same object.
 */
export function choiceAfterUndo(choice: SteppedChoice | null, history: PatchHistory): SteppedChoice | null {
  if (choice === null || choice.steps.length === 0) return choice;
  const kept = choice.steps.filter((k) => !Object.hasOwn(history.redo, k));
  if (kept.length === choice.steps.length) return choice;
  if (kept.length > 0) return { ...choice, steps: kept };
  return choiceAfterUndo(choice.prior, history);
}
