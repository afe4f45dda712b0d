import fc from "fast-check";
import { expect } from "vitest";
import type { Result } from "../../../src/engine/core/result.ts";
import { readText } from "../../support/source-files.ts";

/** Unwraps a result a test expects to be ok, failing with the error key otherwise. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.key}`);
  return result.value;
}

/** Every single face 1..20, each as a one-face roll. */
export const singleFaces: readonly (readonly number[])[] = Array.from({ length: 20 }, (_, i) => [i + 1]);

/** Every ordered pair of faces (400 rolls of 2d20). */
export const facePairs: readonly (readonly number[])[] = singleFaces.flatMap(([a]) =>
  singleFaces.map(([b]) => [a ?? 0, b ?? 0]),
);

/** The share of `rolls` for which `test` holds: the brute-force probability over equally likely rolls. */
export function share(rolls: readonly (readonly number[])[], test: (faces: readonly number[]) => boolean): number {
  return rolls.filter(test).length / rolls.length;
}

type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree, prefix: string): string[] =>
  Object.entries(tree).flatMap(([key, v]) =>
    typeof v === "string" ? [`${prefix}${key}`] : leaves(v, `${prefix}${key}.`),
  );
const EN_KEYS = new Set(leaves(JSON.parse(readText("lang/en.json")) as Tree, ""));

/** The result is a typed error whose key starts with `prefix` and has an English text in lang/en.json. */
export function expectTypedError(result: Result<unknown>, prefix: string): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.key.startsWith(prefix)).toBe(true);
  expect(EN_KEYS.has(result.error.key)).toBe(true);
}

/** Values a sheet or a stored document could hold where a whole number belongs, none of them one. */
export const notWhole: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1.5,
    -0.25,
    1e300,
    2 ** 53,
    "3",
    null,
    undefined,
    true,
    {},
    [],
  ),
  fc.double().filter((n) => !Number.isSafeInteger(n)),
  fc.string(),
);

/**
 * The exact odds of an attack equal the brute-force shares over every equally likely roll in `rolls`:
 * hit, critical and fumble, each to 12 decimals.
 */
export function expectOddsMatchRolls(
  rolls: readonly (readonly number[])[],
  resolve: (
    faces: readonly number[],
  ) => Result<{ readonly hit: boolean; readonly critical: boolean; readonly fumble: boolean }>,
  odds: { readonly hit: number; readonly critical: number; readonly fumble: number },
): void {
  const outcome = (faces: readonly number[]) => value(resolve(faces));
  expect(odds.hit).toBeCloseTo(
    share(rolls, (faces) => outcome(faces).hit),
    12,
  );
  expect(odds.critical).toBeCloseTo(
    share(rolls, (faces) => outcome(faces).critical),
    12,
  );
  expect(odds.fumble).toBeCloseTo(
    share(rolls, (faces) => outcome(faces).fumble),
    12,
  );
}
