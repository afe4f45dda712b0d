/**
 * Helpers for any linear, highest-first initiative order (`standard`, `rotation`, and any later
 * scheme that sorts creatures by a rolled total and walks them one after another).
 *
 * They work on plain numbers and id strings so a scheme can keep its own state shape. Nothing here
 * rolls dice: contests return who must roll, the scheme turns that into dice requests.
 *
 * Used by both schemes: compareTotals, compareIds, rollFormula, noNegativeZero. Used by `standard`
 * only: the kept-contest tie-breaker (compareHighestFirst, contestRollsNeeded, STD-2's ruling).
 * `rotation` breaks ties differently (ROT-2: roll-offs that add +0.5, +0.25, …; rotation/contest.ts),
 * so it has no use for them. The count track's CNT-5 has the same kept-contest rule but its own copy
 * in count/order.ts.
 */

/**
 * STD-2: compares two key vectors highest first, element by element, and stops at the shorter one.
 * Returns < 0 when `a` goes before `b`, > 0 when after, 0 when they are level (equal on every
 * element both have). Used both for fixed keys (initiative, then DEX) and kept contest rolls.
 */
export function compareHighestFirst(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return y - x;
  }
  return 0;
}

/**
 * STD-1, ROT-1: orders two initiative totals highest first; a creature still waiting for its roll
 * (null) comes after everyone who has one. 0 when equal (the scheme's own tie rules decide).
 */
export function compareTotals(x: number | null, y: number | null): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}

/** STD-2, ROT-2: orders ids ascending: the last, deterministic tie-breaker that makes every order total. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** STD-2: true when every element of `a` equals the element of `b` at the same place (`a` is a prefix of `b`). */
export function isPrefixOf(a: readonly number[], b: readonly number[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One creature taking part in "kept contest" tie-breaking. */
export interface ContestEntry {
  readonly id: string;
  /** The fixed part of the key (e.g. `"15|3"` for initiative 15, DEX +3): only equal keys can tie. */
  readonly tieKey: string;
  /** Contest rolls kept so far, oldest first. Each later roll matters only where earlier ones were equal. */
  readonly contest: readonly number[];
}

/**
 * STD-2 ruling, kept-contest tie-breaking (the same rule as the count track's CNT-5): creatures with
 * the same fixed key are ordered by their kept contest rolls, compared element by element. A creature
 * must roll (once more) while its kept rolls are a prefix of another tied creature's rolls: it is
 * not yet separated from that creature. When two have identical rolls both roll again; when one has
 * fewer rolls (it joined later) only that one rolls. Returns the ids that must roll, in input order.
 *
 * O(n log n): entries are grouped by `tieKey`, and in lexicographic order every extension of a
 * vector sits right after it, so checking neighbours finds every prefix.
 */
export function contestRollsNeeded(entries: readonly ContestEntry[]): string[] {
  const groups = new Map<string, ContestEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.tieKey);
    if (group === undefined) groups.set(entry.tieKey, [entry]);
    else group.push(entry);
  }
  const need = new Set<string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((a, b) => compareLexicographic(a.contest, b.contest));
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1];
      const b = sorted[i];
      if (a === undefined || b === undefined) continue;
      if (isPrefixOf(a.contest, b.contest)) {
        need.add(a.id);
        if (a.contest.length === b.contest.length) need.add(b.id);
      }
    }
  }
  return entries.filter((e) => need.has(e.id)).map((e) => e.id);
}

/** Ascending lexicographic order where a prefix sorts before its extensions. */
function compareLexicographic(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/**
 * STD-1, ROT-1: a dice formula with its modifier spelled out, so the roll's chat card shows it:
 * `rollFormula("1d20", 3)` is `"1d20 + 3"`, `rollFormula("1d20", -1)` is `"1d20 - 1"`, a modifier of 0
 * gives `"1d20"`.
 */
export function rollFormula(dice: string, modifier: number): string {
  if (modifier === 0) return dice;
  return modifier > 0 ? `${dice} + ${modifier}` : `${dice} - ${-modifier}`;
}

/** STD-1, ROT-1: turns -0 into 0, so a value survives a JSON round trip unchanged. */
export function noNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}
