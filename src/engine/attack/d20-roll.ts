import { err, ok, type Message, type Result } from "../core/result.ts";
import { isWhole } from "../dice/checks.ts";
import type { D20RollMode } from "../dice/d20.ts";

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

/** Rejects a mode that is not one of the three (snapshots come from documents, not only from typed code). */
export function checkD20Mode(mode: D20RollMode): Result<D20RollMode> {
  return mode === "normal" || mode === "advantage" || mode === "disadvantage" ? ok(mode) : err("TEMPO.ERRORS.Attack.ModeInvalid", { mode: String(mode) });
}

/**
 * Checks the rolled faces against the mode and keeps the one the rules read.
 * One face for "normal", two for advantage/disadvantage; every face a whole number 1–20.
 */
export function keepD20Face(faces: readonly number[], mode: D20RollMode): Result<KeptFace> {
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
export function modeNote(kept: KeptFace, mode: D20RollMode): Message | null {
  const [first, second] = kept.faces;
  if (mode === "normal" || first === undefined || second === undefined) return null;
  const data = { kept: kept.face, first, second };
  return mode === "advantage" ? { key: "TEMPO.ATTACK.Note.Advantage", data } : { key: "TEMPO.ATTACK.Note.Disadvantage", data };
}
