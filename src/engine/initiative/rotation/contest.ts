/**
 * ROT-2: ties are rolled off. The winner of each pass adds a bonus to its original result, the others
 * keep theirs; with more than two tied the rest tie again and the next winner adds half as much.
 */

/**
 * ROT-2: the winner's new result: its original result plus the first of +0.5, +0.25, +0.125, … that
 * nobody holds yet. Within one roll-off this is exactly ROT-2's cascade (the first winner of a tie at
 * 15 gets 15.5, the next 15.25, then 15.125, …); a later tie at 15 (a newcomer, a GM change) again adds
 * +0.5 when 15.5 is free, and otherwise the next free step, so the order stays total.
 */
export function rotationTieWinnerValue(value: number, results: Iterable<number>): number {
  const taken = new Set(results);
  let bonus = 0.5;
  // Halving ends: a bonus too small to change `value` gives `value` itself back (never taken by a winner).
  while (taken.has(value + bonus) && value + bonus !== value) bonus /= 2;
  return value + bonus;
}

/** ROT-2: the units with the highest roll of a pass. */
export function rotationContestLeaders(
  results: Readonly<Record<string, number>>,
  rolling: readonly string[],
): string[] {
  let best = Number.NEGATIVE_INFINITY;
  for (const unit of rolling) best = Math.max(best, results[unit] ?? Number.NEGATIVE_INFINITY);
  return rolling.filter((unit) => results[unit] === best);
}
