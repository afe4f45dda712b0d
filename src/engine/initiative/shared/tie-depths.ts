/**
 * Issue 18: `publicTieRolls` (tie-prefix.ts) for every creature of a tie level at once. Read one by one
 * against the rest of the level it is quadratic in the level's size (at 1,000 creatures ~150 visible ones
 * share a total a hidden one holds: two arrays of the others per creature, twice per GM click).
 *
 * The longest run of first rolls a creature shares with any other of the level is the one it shares
 * with a neighbour once the level is sorted by its rolls (lexicographically, a run before its
 * continuations): for rolls sorted a ≤ b ≤ c, what a shares with c is also shared with b.
 */
import { sharedTieRolls } from "./tie-prefix.ts";

/** Lexicographic order of tie rolls: the first roll that differs, else the shorter first. */
function compareTieRolls(a: readonly number[], b: readonly number[]): number {
  const most = Math.min(a.length, b.length);
  for (let k = 0; k < most; k++) {
    const d = (a[k] ?? 0) - (b[k] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * For each entry of `level`, how many of its rolls the others call for: `publicTieRolls(level[i],
 * level without i)`, in one sort of the level.
 */
export function publicTieDepths(level: readonly (readonly number[])[]): number[] {
  const n = level.length;
  const depths = new Array<number>(n).fill(0);
  // Alone on its level a creature makes no tie roll in public.
  if (n < 2) return depths;
  // With a rival every creature's first roll is public: past it, only runs shared beyond one roll count.
  let deep = false;
  for (let i = 0; i < n; i++) {
    const length = level[i]?.length ?? 0;
    depths[i] = Math.min(length, 1);
    if (length > 1) deep = true;
  }
  if (!deep) return depths;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareTieRolls(level[a] ?? [], level[b] ?? []));
  let before = -1;
  for (let k = 0; k < n; k++) {
    const i = order[k] ?? 0;
    const mine = level[i] ?? [];
    const next = order[k + 1];
    const after = next === undefined ? -1 : sharedTieRolls(mine, level[next] ?? []);
    depths[i] = Math.min(mine.length, Math.max(before, after) + 1);
    before = after;
  }
  return depths;
}
