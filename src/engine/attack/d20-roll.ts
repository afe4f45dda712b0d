import { err, ok, type Message, type Result } from "../core/result.ts";
import { die, fromWeights, type Distribution } from "../dice/distribution.ts";

/**
 * How the d20 of an attack is read: one die, or two dice keeping the higher (advantage, STL-3)
 * or the lower (disadvantage).
 */
export type D20Mode = "normal" | "advantage" | "disadvantage";

/** The die the rules read, once two dice have been reduced to one. */
export interface KeptFace {
  readonly face: number;
  readonly faces: readonly number[];
}

/** True for a whole number (the engine never sees fractional bonuses from a sheet). */
export function isWhole(value: number): boolean {
  return Number.isInteger(value);
}

/** Rejects a mode that is not one of the three (snapshots come from documents, not only from typed code). */
export function checkD20Mode(mode: D20Mode): Result<D20Mode> {
  return mode === "normal" || mode === "advantage" || mode === "disadvantage" ? ok(mode) : err("TEMPO.ERRORS.Attack.ModeInvalid", { mode: String(mode) });
}

/**
 * Checks the rolled faces against the mode and keeps the one the rules read.
 * One face for "normal", two for advantage/disadvantage; every face a whole number 1–20.
 */
export function keepD20Face(faces: readonly number[], mode: D20Mode): Result<KeptFace> {
  const checked = checkD20Mode(mode);
  if (!checked.ok) return checked;
  const expected = mode === "normal" ? 1 : 2;
  if (faces.length !== expected) return err("TEMPO.ERRORS.Attack.FaceCount", { expected, count: faces.length });
  for (const face of faces) {
    if (!isWhole(face) || face < 1 || face > 20) return err("TEMPO.ERRORS.Attack.FaceInvalid", { face: String(face) });
  }
  const face = mode === "normal" ? faces[0] : mode === "advantage" ? Math.max(...faces) : Math.min(...faces);
  return face === undefined ? err("TEMPO.ERRORS.Attack.FaceCount", { expected, count: faces.length }) : ok({ face, faces: [...faces] });
}

/** The note a card shows for a roll of two dice, or null for a single die. */
export function modeNote(kept: KeptFace, mode: D20Mode): Message | null {
  const [first, second] = kept.faces;
  if (mode === "normal" || first === undefined || second === undefined) return null;
  const data = { kept: kept.face, first, second };
  return mode === "advantage" ? { key: "TEMPO.ATTACK.Note.Advantage", data } : { key: "TEMPO.ATTACK.Note.Disadvantage", data };
}

/**
 * The distribution of the kept d20 face for a mode. P(max of 2d20 = k) = (2k − 1)/400 and
 * P(min of 2d20 = k) = (41 − 2k)/400.
 *
 * Built locally from `fromWeights` because the dice area's `d20Distribution(mode)` did not exist yet
 * when this file was written; swap to it once it lands (same values).
 */
export function keptD20Distribution(mode: D20Mode): Distribution {
  if (mode === "normal") return die(20);
  const pairs: [number, number][] = [];
  for (let k = 1; k <= 20; k++) pairs.push([k, mode === "advantage" ? 2 * k - 1 : 41 - 2 * k]);
  return fromWeights(pairs);
}
