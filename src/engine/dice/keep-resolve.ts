/**
 * Resolving a rolled keep pool: given the faces the adapter read from Foundry's Roll (in the order
 * of `pool.dice`), which dice are kept and what they add up to. Faces come from outside the engine
 * (manual dice entry included), so they are checked, not trusted.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { KeepPool } from "./step-dice.ts";

export interface KeptDice {
  /** Sum of the kept faces. */
  readonly total: number;
  /** Indices (into the pool's dice) of the kept dice, in pool order. */
  readonly kept: readonly number[];
}

export function resolveKeepPool(pool: KeepPool, faces: readonly number[]): Result<KeptDice> {
  // Pools and faces may be read back from a chat card: check the shape before using it.
  if (!Array.isArray(pool.dice) || !Array.isArray(faces) || typeof pool.keep !== "number")
    return err("TEMPO.ERRORS.Dice.FacesMismatch", { expected: Array.isArray(pool.dice) ? pool.dice.length : 0, got: Array.isArray(faces) ? faces.length : 0 });
  if (faces.length !== pool.dice.length)
    return err("TEMPO.ERRORS.Dice.FacesMismatch", { expected: pool.dice.length, got: faces.length });
  for (let i = 0; i < faces.length; i++) {
    const face = faces[i] ?? 0;
    const sides = pool.dice[i] ?? 0;
    if (!Number.isInteger(face) || face < 1 || face > sides) return err("TEMPO.ERRORS.Dice.FaceOutOfRange", { face: String(face), sides });
  }
  const keep = Math.max(0, Math.min(Math.floor(pool.keep), faces.length));
  // Best first; among equal faces the earlier die wins, so the choice is deterministic.
  const order = faces
    .map((face, index) => ({ face, index }))
    .sort((a, b) => (pool.highest ? b.face - a.face : a.face - b.face) || a.index - b.index);
  const chosen = order.slice(0, keep);
  return ok({
    total: chosen.reduce((s, d) => s + d.face, 0),
    kept: chosen.map((d) => d.index).sort((a, b) => a - b),
  });
}
