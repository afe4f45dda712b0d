/**
 * Resolving a rolled keep pool: given the faces the adapter read from Foundry's Roll (in the order
 * of `pool.dice`), which dice are kept and what they add up to. Faces come from outside the engine
 * (manual dice entry included), so they are checked, not trusted.
 */
import { err, ok, type Result } from "../core/result.ts";
import { isWhole, shown } from "./checks.ts";
import { checkKeepPool, type KeepPool } from "./keep-pool.ts";

export interface KeptDice {
  /** Sum of the kept faces. */
  readonly total: number;
  /** Indices (into the pool's dice) of the kept dice, in pool order. */
  readonly kept: readonly number[];
}

/** ADV-1 / ADV-2: which rolled faces a pool keeps (ties keep the earlier die) and their sum. */
export function resolveKeepPool(pool: KeepPool, faces: readonly number[]): Result<KeptDice> {
  // Pools and faces may be read back from a chat card: check the shape before using it.
  const checked = checkKeepPool(pool);
  if (!checked.ok) return checked;
  const { dice, keep, highest } = checked.value;
  if (!Array.isArray(faces) || faces.length !== dice.length)
    return err("TEMPO.ERRORS.Dice.FacesMismatch", {
      expected: dice.length,
      got: Array.isArray(faces) ? faces.length : 0,
    });
  for (let i = 0; i < faces.length; i++) {
    const face: unknown = faces[i];
    const sides = dice[i] ?? 0;
    if (!isWhole(face) || face < 1 || face > sides)
      return err("TEMPO.ERRORS.Dice.FaceOutOfRange", { face: shown(face), sides });
  }
  // Best first; among equal faces the earlier die wins, so the choice is deterministic.
  const order = faces
    .map((face, index) => ({ face, index }))
    .sort((a, b) => (highest ? b.face - a.face : a.face - b.face) || a.index - b.index);
  const chosen = order.slice(0, keep);
  return ok({
    total: chosen.reduce((s, d) => s + d.face, 0),
    kept: chosen.map((d) => d.index).sort((a, b) => a - b),
  });
}
