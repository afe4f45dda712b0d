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
   * Empty until the creature has tied.
   */
  readonly contest: readonly number[];
}

/**
 * CNT-2, CNT-5: lower counts act first; on the same count the higher kept contest total acts first,
 * compared element by element (a reroll only matters where earlier totals were equal). Creatures still
 * level after that are ordered by id, so the order is total and stable; the scheduler asks for the
 * rolls that break such ties (see `countTiesToRoll`).
 */
export function compareCountOrder(a: CountOrderEntry, b: CountOrderEntry): number {
  if (a.count !== b.count) return a.count - b.count;
  const length = Math.max(a.contest.length, b.contest.length);
  for (let i = 0; i < length; i++) {
    const x = a.contest[i];
    const y = b.contest[i];
    if (x === undefined || y === undefined) break;
    if (x !== y) return y - x;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * CNT-5: the creatures that must roll a contest die now: every creature sharing its count with
 * another creature it is not yet separated from by kept totals. Returns ids in track order.
 */
export function countTiesToRoll(entries: readonly CountOrderEntry[]): string[] {
  const sorted = [...entries].sort(compareCountOrder);
  const need = new Set<string>();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a === undefined || b === undefined || a.count !== b.count) continue;
    if (sameContest(a.contest, b.contest)) {
      need.add(a.id);
      need.add(b.id);
    }
  }
  return sorted.filter((e) => need.has(e.id)).map((e) => e.id);
}

/** Two creatures are still level when every total both have kept is equal (or neither has rolled). */
function sameContest(a: readonly number[], b: readonly number[]): boolean {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) if (a[i] !== b[i]) return false;
  return true;
}
