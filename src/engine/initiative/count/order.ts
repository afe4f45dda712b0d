/**
 * Count-up track: the starting count and the order on the track (CNT-1, CNT-2, CNT-4, CNT-5).
 * The count scheduler and the Foundry layer's `_sortCombatants` both sort with `compareCountOrder`,
 * so the tracker and the engine can never disagree about who acts first.
 */

/** CNT-1: the initiative bonus is the higher of the INT and DEX modifiers. */
export function countInitiativeBonus(intMod: number, dexMod: number): number {
  return Math.max(intMod, dexMod);
}

/** CNT-2: the starting count is 1d20 minus the bonus. A result of 0 or below has surprise (CNT-4). */
export function startingCount(d20: number, bonus: number): number {
  return d20 - bonus;
}

/** CNT-4: from round 1 on, results below 0 are tracked as 0. */
export function trackedCount(count: number): number {
  return Math.max(0, count);
}

/** What the order needs to know about one creature on the track. */
export interface CountOrderEntry {
  readonly id: string;
  readonly count: number;
  /**
   * CNT-5: contest totals (1d20 + bonus) kept for the encounter. The first is rolled the first time the
   * creature ties; each later element is a reroll made only because kept totals were equal.
   * Empty until the creature has tied. Ruling (issue 18 item 5): a total a visible creature rolls only
   * against hidden creatures is the GM's secret, kept for its round and out of the players' copy
   * (hidden-ties.ts).
   */
  readonly contest: readonly number[];
}

/**
 * CNT-2, CNT-5: lower counts act first; on the same count the higher kept contest total acts first,
 * compared element by element (a reroll only matters where earlier totals were equal; a creature still
 * waiting for a total goes after one that has it). Creatures still level after that are ordered by id, so
 * the order is total, transitive and stable; the scheduler asks for the rolls that break such ties
 * (see `countTiesToRoll`).
 */
export function compareCountOrder(a: CountOrderEntry, b: CountOrderEntry): number {
  return a.count - b.count || compareCountTies(a, b);
}

/**
 * CNT-5: the order of creatures on a shared count: `compareCountOrder` without the count. It does not
 * depend on the counts, so one list sorted by it serves every count of every round.
 */
export function compareCountTies(
  a: Pick<CountOrderEntry, "id" | "contest">,
  b: Pick<CountOrderEntry, "id" | "contest">,
): number {
  const length = Math.max(a.contest.length, b.contest.length);
  for (let i = 0; i < length; i++) {
    const x = a.contest[i];
    const y = b.contest[i];
    // A creature that has not rolled this total yet (its contest is still to come) goes after one that
    // has: plain lexicographic order, so the comparison stays transitive while rolls are outstanding.
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (x !== y) return y - x;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * CNT-5: the creatures that must roll a contest die now, in track order. A creature rolls when another
 * creature on its count has kept totals that begin with all of its own (so nothing separates them yet):
 * the first time it ties it rolls its first total; where kept totals are equal both reroll; a creature
 * already separated by an earlier total never rolls again for that tie.
 */
export function countTiesToRoll(entries: readonly CountOrderEntry[]): string[] {
  return countTiesInOrder([...entries].sort(compareCountOrder)).map((e) => e.id);
}

/**
 * CNT-5: `countTiesToRoll` for entries already sorted by `compareCountOrder` (the entries, not their ids), in
 * O(n). In that order a
 * creature's extensions (totals that begin with all of its own) come right before it, and equal totals
 * sit side by side, so comparing each creature with the one before it is enough.
 */
export function countTiesInOrder<E extends CountOrderEntry>(sorted: readonly E[]): E[] {
  const need: E[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1];
    const entry = sorted[i];
    if (before !== undefined && entry !== undefined && before.count === entry.count)
      countTieStep(need, before, entry, (e) => e.contest);
  }
  return need;
}

/**
 * CNT-5: one step of `countTiesInOrder`: `entry` comes right after `before` on the same count, in order.
 * `entry` must roll when `before`'s kept totals begin with all of its own (nothing separates them yet),
 * and `before` too when their totals are equal (both reroll). Adds to `need` in track order.
 */
export function countTieStep<E>(need: E[], before: E, entry: E, contestOf: (e: E) => readonly number[]): void {
  const totals = contestOf(before);
  const own = contestOf(entry);
  if (!startsWith(totals, own)) return;
  if (totals.length === own.length && need[need.length - 1] !== before) need.push(before);
  need.push(entry);
}

/** `totals` begins with every element of `prefix`. */
function startsWith(totals: readonly number[], prefix: readonly number[]): boolean {
  if (prefix.length > totals.length) return false;
  for (let i = 0; i < prefix.length; i++) if (totals[i] !== prefix[i]) return false;
  return true;
}
