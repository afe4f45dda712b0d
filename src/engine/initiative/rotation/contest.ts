/**
 * ROT-2: ties are rolled off. One reroll ranks all the tied creatures at once: the highest reroll adds
 * +0.5 to its original result, the next +0.25, the next +0.125, and so on; the lowest keeps its result.
 * Only creatures whose rerolls tie each other roll again, among themselves, for the places they share
 * (A, B, C at 12 rerolling 9, 17, 3 end at 12.25, 12.5, 12; rerolling 9, 17, 9, B ends at 12.5 and A and C
 * reroll for 12.25 and 12).
 */

/**
 * ROT-2: the first of value + 0.5, + 0.25, + 0.125, … that nobody holds yet. In a fresh tie that is +0.5;
 * a later tie at the same value (a newcomer, a GM change) takes the next free step when +0.5 is held, so
 * the order stays total.
 */
export function rotationTieWinnerValue(value: number, results: Iterable<number>): number {
  const taken = new Set(results);
  let bonus = 0.5;
  // Halving ends: a bonus too small to change `value` gives `value` itself back (never taken by a winner).
  while (taken.has(value + bonus) && value + bonus !== value) bonus /= 2;
  return value + bonus;
}

/**
 * ROT-2: the results the places of a tie of `count` units at `value` give, highest first: the first
 * `count` − 1 free steps above `value` (see {@link rotationTieWinnerValue}), then `value` itself for the
 * lowest place. `taken`: the results others hold now.
 *
 * Ruling (beyond the rules' reach): halving runs out of floating-point precision after about 48 places
 * (12 + 2⁻⁵⁰ is 12 again), so a tie of more units than that at one value, only seen in encounters of
 * hundreds, spaces its places evenly between `value` and the lowest result held above it instead. The
 * places stay distinct and in the same order, so the roll-off still ends.
 */
export function rotationTiePlaces(value: number, count: number, taken: Iterable<number>): number[] {
  const held = new Set(taken);
  const places: number[] = [];
  for (let place = 1; place < count; place++) {
    const next = rotationTieWinnerValue(value, held);
    if (next === value) return evenPlaces(value, count, taken);
    held.add(next);
    places.push(next);
  }
  if (count > 0) places.push(value);
  return places;
}

/** The fallback of {@link rotationTiePlaces}: `count` places evenly spaced below the next held result. */
function evenPlaces(value: number, count: number, taken: Iterable<number>): number[] {
  const above = [...taken].filter((result) => result > value);
  const ceiling = Math.min(value + 1, ...above);
  const gap = (ceiling - value) / count;
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? value : value + gap * (count - 1 - i)));
}

/**
 * ROT-2: one reroll's ranking: the rolling units grouped by reroll, highest first; units whose rerolls tie
 * share a group (in the order given). A unit with no result yet is left out.
 */
export function rotationContestRanks(
  results: Readonly<Record<string, number>>,
  rolling: readonly string[],
): string[][] {
  const rolled = rolling.filter((unit) => Object.hasOwn(results, unit));
  const rolls = [...new Set(rolled.map((unit) => results[unit] ?? 0))].sort((a, b) => b - a);
  return rolls.map((roll) => rolled.filter((unit) => results[unit] === roll));
}
