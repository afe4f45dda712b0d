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

/**
 * The ids of `requests` for `reason` that a visible creature (one not in `hidden`) makes in secret:
 * `secret(id)` says whether its next tie roll is one only hidden creatures call for.
 */
export function secretTieRequests(
  requests: readonly { readonly id: string; readonly combatantId: string | null; readonly reason: string }[],
  reason: string,
  hidden: { has(id: string): boolean },
  secret: (combatantId: string) => boolean,
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const request of requests) {
    const id = request.combatantId;
    if (id !== null && request.reason === reason && !hidden.has(id) && secret(id)) out.add(request.id);
  }
  return out;
}
