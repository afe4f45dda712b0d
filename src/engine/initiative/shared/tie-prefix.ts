/**
 * Issue 18 item 5: how far a creature's tie rolls (PHS-2 roll-offs, STD-2 tie-breakers) go in the
 * encounter without the hidden creatures. A creature rolls its k-th tie roll while another creature is
 * level with it on its first k − 1; so of its rolls, those the visible creatures level with it call for
 * are the first ones, up to one past the longest run of rolls it shares with one of them.
 */

/** How many first rolls `a` and `b` share (equal values, both made). */
export function sharedTieRolls(a: readonly number[], b: readonly number[]): number {
  const most = Math.min(a.length, b.length);
  let k = 0;
  while (k < most && a[k] === b[k]) k++;
  return k;
}

/** How many of `mine` the visible creatures level with it (`rivals`' tie rolls) call for. */
export function publicTieRolls(mine: readonly number[], rivals: readonly (readonly number[])[]): number {
  let level = -1;
  for (const r of rivals) level = Math.max(level, sharedTieRolls(mine, r));
  return Math.min(mine.length, level + 1);
}

/** Whether `mine`'s next tie roll is called for by a visible rival: one has made all of `mine`'s, the same. */
export function nextTieRollPublic(mine: readonly number[], rivals: readonly (readonly number[])[]): boolean {
  return rivals.some((r) => sharedTieRolls(mine, r) === mine.length);
}
