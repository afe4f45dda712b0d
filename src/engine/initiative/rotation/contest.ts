/**
 * ROT-2: ties are rolled off. The winner of each pass adds a bonus to its original result, the others
 * keep theirs; with more than two tied the rest tie again and the next winner adds half as much.
 */

/**
 * The winner's new result: halfway between the tied value and the next higher result anyone holds,
 * and never more than +0.5. With whole-number results this is exactly ROT-2's sequence: the first
 * winner of a tie at 15 gets 15.5, the next 15.25 (halfway to 15.5), then 15.125, …
 * Taking the halfway point (ruling) also keeps a late joiner who ties at 15 from landing on a 15.5
 * someone already has: it gets 15.25 and the order stays total.
 */
export function rotationTieWinnerValue(value: number, results: Iterable<number>): number {
  let next = value + 1;
  for (const r of results) if (r > value && r < next) next = r;
  return value + (next - value) / 2;
}

/** The units with the highest roll of a pass. */
export function rotationContestLeaders(results: Readonly<Record<string, number>>, rolling: readonly string[]): string[] {
  let best = Number.NEGATIVE_INFINITY;
  for (const unit of rolling) best = Math.max(best, results[unit] ?? Number.NEGATIVE_INFINITY);
  return rolling.filter((unit) => results[unit] === best);
}
