/**
 * A key for module state that belongs to one page (one loaded client), for a combat.
 *
 * In Foundry each page has its own module state, so a map in a module is per page anyway; the test
 * runtime runs several pages in one process, and a user who reloads gets a NEW page with the same
 * user id. Keying by `game.user.id` alone made a reloaded GM's writer queue wait behind the closed
 * page's queue, whose writes would never be answered (issue 17 race fuzz: every command then hung).
 * `game` is one object per page, so it tells pages apart; in Foundry this changes nothing.
 */
const pages = new WeakMap<object, number>();
let nextPage = 0;

export function pageKey(combatId: string): string {
  const page = game as object;
  let n = pages.get(page);
  if (n === undefined) {
    n = nextPage++;
    pages.set(page, n);
  }
  return `${game.user.id}#${n}.${combatId}`;
}

/**
 * Module state kept per page (see the file comment): `state()` gives this page's, made by `make` the first
 * time this page asks.
 */
export function perPage<T>(make: () => T): () => T {
  const held = new WeakMap<object, T>();
  return () => {
    const page = game as object;
    let found = held.get(page);
    if (found === undefined) held.set(page, (found = make()));
    return found;
  };
}
