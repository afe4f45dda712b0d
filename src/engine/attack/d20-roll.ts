import { err, ok, type I18nKey, type Message, type Result } from "../core/result.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { d20Distribution, type D20RollMode } from "../dice/d20.ts";
import { add, die, negate, probAtLeast, shift, type Distribution } from "../dice/distribution.ts";
import type { ContestOutcome } from "./attack-outcome.ts";

/**
 * Shared d20 plumbing of the attack area (not re-exported from the barrel): how the rolled faces
 * are checked and kept for a {@link D20RollMode} — one die, or two keeping the higher (advantage,
 * STL-3) or the lower (disadvantage).
 */

/** The die the rules read, once two dice have been reduced to one. */
export interface KeptFace {
  readonly face: number;
  readonly faces: readonly number[];
}

/**
 * Snapshot data that is missing or of the wrong type (it is built from documents, so a field can be
 * absent or hold a string); `field` names the first thing that is wrong.
 */
export function snapshotInvalid<T = never>(field: string): Result<T> {
  return err("TEMPO.ERRORS.Attack.SnapshotInvalid", { field });
}

/** The name of the first listed field of `v` that is not a boolean ("snapshot" when `v` is no object), or null. */
export function badFlag(v: unknown, flags: readonly string[]): string | null {
  if (!isRecord(v)) return "snapshot";
  return flags.find((flag) => typeof v[flag] !== "boolean") ?? null;
}

/** Rejects a mode that is not one of the three (snapshots come from documents, not only from typed code). */
export function checkD20Mode(mode: D20RollMode): Result<D20RollMode> {
  return mode === "normal" || mode === "advantage" || mode === "disadvantage"
    ? ok(mode)
    : err("TEMPO.ERRORS.Attack.ModeInvalid", { mode: shown(mode) });
}

/**
 * Checks the rolled faces against the mode and keeps the one the rules read.
 * One face for "normal", two for advantage/disadvantage; every face a whole number 1–20.
 */
export function keepD20Face(faces: readonly number[], mode: D20RollMode): Result<KeptFace> {
  const checked = checkD20Mode(mode);
  if (!checked.ok) return checked;
  const expected = mode === "normal" ? 1 : 2;
  if (!Array.isArray(faces)) return err("TEMPO.ERRORS.Attack.FaceCount", { expected, count: 0 });
  if (faces.length !== expected) return err("TEMPO.ERRORS.Attack.FaceCount", { expected, count: faces.length });
  for (const face of faces) {
    if (!isWhole(face) || face < 1 || face > 20) return err("TEMPO.ERRORS.Attack.FaceInvalid", { face: shown(face) });
  }
  const face = mode === "normal" ? faces[0] : mode === "advantage" ? Math.max(...faces) : Math.min(...faces);
  return face === undefined
    ? err("TEMPO.ERRORS.Attack.FaceCount", { expected, count: faces.length })
    : ok({ face, faces: [...faces] });
}

/** The note a card shows for a roll of two dice, or null for a single die. */
export function modeNote(kept: KeptFace, mode: D20RollMode): Message | null {
  const [first, second] = kept.faces;
  if (mode === "normal" || first === undefined || second === undefined) return null;
  const data = { kept: kept.face, first, second };
  return mode === "advantage"
    ? { key: "TEMPO.ATTACK.Note.Advantage", data }
    : { key: "TEMPO.ATTACK.Note.Disadvantage", data };
}

/**
 * The natural-roll rule of the d20-against-a-number attacks (`count`/`standard` ruling, SEG-12): a
 * natural 1 always misses, a face of `autoHitFrom` or more always hits, any other face hits when the
 * modified total reaches `needed`.
 */
export function naturalRuleHit(face: number, total: number, needed: number, autoHitFrom: number): boolean {
  return face !== 1 && (face >= autoHitFrom || total >= needed);
}

/** Exact chance of {@link naturalRuleHit} when `modifier` is added to the kept face of a `mode` roll. */
export function naturalRuleHitChance(mode: D20RollMode, needed: number, modifier: number, autoHitFrom: number): number {
  // Faces from needed − modifier up hit, but never a 1 and always from autoHitFrom on.
  return probAtLeast(d20Distribution(mode), Math.min(autoHitFrom, Math.max(2, needed - modifier)));
}

/** A d20-against-a-number attack roll read by the natural-roll rule, before any ruleset's own notes. */
export interface NaturalRuleRoll {
  readonly face: number;
  readonly total: number;
  readonly hit: boolean;
  /** The two-dice note (if any), then `tableNotes`, then the natural 20 / natural 1 notes. */
  readonly notes: Message[];
}

/**
 * `count`/`standard` ruling and SEG-12: keeps the face of a `mode` roll, adds `modifier` and reads it
 * by {@link naturalRuleHit} against `needed`. `tableNotes` (how `needed` was found) go after the
 * two-dice note.
 */
export function naturalRuleAttack(
  faces: readonly number[],
  mode: D20RollMode,
  modifier: number,
  needed: number,
  autoHitFrom: number,
  tableNotes: readonly Message[] = [],
): Result<NaturalRuleRoll> {
  const kept = keepD20Face(faces, mode);
  if (!kept.ok) return kept;
  const { face } = kept.value;
  const total = face + modifier;
  const notes: Message[] = [];
  const rollNote = modeNote(kept.value, mode);
  if (rollNote !== null) notes.push(rollNote);
  notes.push(...tableNotes);
  if (face === 20) notes.push({ key: "TEMPO.ATTACK.Note.NaturalTwentyHits" });
  if (face === 1) notes.push({ key: "TEMPO.ATTACK.Note.NaturalOneMisses" });
  return ok({ face, total, hit: naturalRuleHit(face, total, needed, autoHitFrom), notes });
}

/** The distribution of (d20 + first) − (d20 + second): two independent opposed d20 rolls. */
export function d20Difference(first: number, second: number): Distribution {
  return add(shift(die(20), first), negate(shift(die(20), second)));
}

/** A won contest gains the note of what it did (grappled, escaped, knocked down); a lost one or an error is unchanged. */
export function noteOnSuccess(contest: Result<ContestOutcome>, key: I18nKey): Result<ContestOutcome> {
  if (!contest.ok || !contest.value.success) return contest;
  return ok({ ...contest.value, notes: [...contest.value.notes, { key }] });
}
