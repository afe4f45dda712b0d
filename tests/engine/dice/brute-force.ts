/**
 * Independent brute force for the dice tests: enumerates every face combination of a pool and
 * counts outcomes as integers. Deliberately naive (sort, slice, sum) so it shares nothing with
 * the dynamic programme it checks.
 */

/** Calls `visit` once with every combination of faces of the given dice (as sides), in order. */
export function forEachRoll(dice: readonly number[], visit: (faces: readonly number[]) => void): void {
  const faces: number[] = [];
  const walk = (i: number): void => {
    if (i === dice.length) return visit(faces);
    for (let f = 1; f <= (dice[i] ?? 0); f++) {
      faces.push(f);
      walk(i + 1);
      faces.pop();
    }
  };
  walk(0);
}

/** Counts (kept sum → number of face combinations) over every combination of the pool's faces. */
export function bruteKeepCounts(dice: readonly number[], keep: number, highest: boolean): Map<number, number> {
  const counts = new Map<number, number>();
  forEachRoll(dice, (faces) => {
    const sorted = [...faces].sort((a, b) => (highest ? b - a : a - b));
    const sum = sorted.slice(0, keep).reduce((s, f) => s + f, 0);
    counts.set(sum, (counts.get(sum) ?? 0) + 1);
  });
  return counts;
}

/** Number of face combinations of the pool. */
export function combinations(dice: readonly number[]): number {
  return dice.reduce((n, s) => n * s, 1);
}

/** Brute-force P(kept sum >= target) as a count over all combinations. */
export function bruteAtLeast(dice: readonly number[], keep: number, highest: boolean, target: number): number {
  let hits = 0;
  for (const [sum, n] of bruteKeepCounts(dice, keep, highest)) if (sum >= target) hits += n;
  return hits;
}
