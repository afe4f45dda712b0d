import type { Result } from "../../../src/engine/core/result.ts";

/** Unwraps a result a test expects to be ok, failing with the error key otherwise. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.key}`);
  return result.value;
}

/** Every single face 1..20, each as a one-face roll. */
export const singleFaces: readonly (readonly number[])[] = Array.from({ length: 20 }, (_, i) => [i + 1]);

/** Every ordered pair of faces (400 rolls of 2d20). */
export const facePairs: readonly (readonly number[])[] = singleFaces.flatMap(([a]) => singleFaces.map(([b]) => [a ?? 0, b ?? 0]));

/** The share of `rolls` for which `test` holds: the brute-force probability over equally likely rolls. */
export function share(rolls: readonly (readonly number[])[], test: (faces: readonly number[]) => boolean): number {
  return rolls.filter(test).length / rolls.length;
}
