/**
 * Issue 18: the bodies of players' requests the active GM holds until their socket message comes
 * (socket-channel.ts). A body arrives in a User query, whose handler is not told who asked
 * (foundryvtt/foundryvtt #13418), so it is bounded by the page key it carries: a random secret each page
 * sends only to GMs, in queries, which a GM binds to the user the server names on the socket when one of
 * that key's requests is announced. The GM answers and tells that user things with the same key, which
 * no other player has (socket-channel.ts).
 *
 * Bounds, so one player flooding bodies cannot push out another's or fill the GM's memory:
 * - a body older than the request timeout is dropped (its sender has given up on it);
 * - a key holds at most `MAX_PER_KEY` bodies at once; one more is refused (the sender is told `TooMany`);
 * - keys no GM has bound yet (a page's first requests) share `MAX_UNBOUND` bodies, the oldest dropped
 *   when full: a flood of made-up keys can delay a page's first request, never one after it, and never
 *   touches a bound key's bodies.
 */
import { perPage } from "../page-key.ts";

export const MAX_PER_KEY = 8;
const MAX_UNBOUND = 32;

interface Body {
  readonly data: unknown;
  readonly key: string;
  readonly at: number;
}

interface Page {
  /** Bodies by request id, oldest first. */
  readonly bodies: Map<string, Body>;
  /** The user each bound key belongs to, and each user's key (the latest bound). */
  readonly owners: Map<string, string>;
  readonly keys: Map<string, string>;
}

const page = perPage<Page>(() => ({ bodies: new Map(), owners: new Map(), keys: new Map() }));

export type Held = "held" | "full" | "refused";

/** Drops the bodies older than `maxAge` ms. */
function dropAged(bodies: Map<string, Body>, now: number, maxAge: number): void {
  for (const [id, body] of bodies) if (now - body.at > maxAge) bodies.delete(id);
}

/** The GM's side of a body query: `id`'s body under `key`, kept unless a bound is reached. */
export function holdBody(id: string, key: string, data: unknown, now: number, maxAge: number): Held {
  const { bodies, owners } = page();
  if (bodies.has(id)) return "refused";
  dropAged(bodies, now, maxAge);
  const bound = owners.has(key);
  let same = 0;
  let unbound = 0;
  for (const body of bodies.values()) {
    if (body.key === key) same++;
    if (!owners.has(body.key)) unbound++;
  }
  if (same >= MAX_PER_KEY) return "full";
  if (!bound && unbound >= MAX_UNBOUND)
    for (const [other, body] of bodies)
      if (!owners.has(body.key)) {
        bodies.delete(other);
        break;
      }
  bodies.set(id, { data, key, at: now });
  return "held";
}

/**
 * The body of `id`, announced on the socket by `senderId` (the server's word), taken once; its key is
 * bound to that user. Undefined when there is none, or its key is another user's.
 */
export function takeBody(id: string, senderId: string): { readonly data: unknown; readonly key: string } | undefined {
  const { bodies, owners, keys } = page();
  const body = bodies.get(id);
  if (body === undefined) return undefined;
  bodies.delete(id);
  const owner = owners.get(body.key);
  if (owner !== undefined && owner !== senderId) return undefined;
  const previous = keys.get(senderId);
  if (previous !== undefined && previous !== body.key) owners.delete(previous);
  owners.set(body.key, senderId);
  keys.set(senderId, body.key);
  return { data: body.data, key: body.key };
}

/** The key `userId`'s page gave this GM (bound on the socket), if any. */
export function keyOfUser(userId: string): string | undefined {
  return page().keys.get(userId);
}

/** How many bodies this page holds (tests). */
export function heldBodies(): number {
  return page().bodies.size;
}
