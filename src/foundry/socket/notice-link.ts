/**
 * Issue 18: a GM's notice to one user (why its own write was changed back: combat/tell-user.ts) reaches
 * that user alone, in a User query (`user.query(name, data)`: API v13 `User#query`), never on the system
 * socket, which every client receives (community wiki "sockets"). A query handler is not told who asked
 * (foundryvtt/foundryvtt #13418), so the user shows only a notice that carries a key no other player has:
 * - its page's own key, which this GM holds once that page has asked it anything (request-bodies.ts);
 * - otherwise a key this GM gives that user, handed over as owner-view.ts hands its keys: the first notice
 *   goes with a fresh key and token, and once the user holds it this GM names the token on the socket
 *   (where the server gives the sender's id, so only a GM's naming counts); the notice is shown then, and
 *   the key is trusted from then on. A made-up first notice is never shown.
 */
import type { Message } from "../../engine/index.ts";
import { perPage } from "../page-key.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";

export const NOTICE_QUERY = `${SYSTEM_ID}.notice`;

/** Tokens waiting at once to be named (a console's made-up ones crowd out nothing a GM names at once). */
const MAX_UNNAMED = 8;

interface Page {
  /** User side: the keys a GM named, and notices waiting by key until their token is named. */
  readonly trusted: Set<string>;
  readonly tokens: Map<string, string>;
  readonly waiting: Map<string, Message[]>;
  /** GM side: the key given to each user (by id), and its token until named. */
  readonly keys: Map<string, { readonly key: string; token: string | null }>;
}

const page = perPage<Page>(() => ({ trusted: new Set(), tokens: new Map(), waiting: new Map(), keys: new Map() }));

interface Queryable {
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/**
 * Sends `message` to `user` alone: with `pageKey` (that page's own, when this GM holds it), else with the key
 * this GM gave it; `nameToken` names a new key's token on the socket once the user holds it.
 */
export function sendLinkedNotice(
  user: User.Implementation,
  pageKey: string | undefined,
  message: Message,
  fresh: () => string,
  nameToken: (token: string) => void,
): void {
  const to = user as unknown as Queryable;
  const failed = () => {
    // The user left: nothing to tell.
  };
  if (pageKey !== undefined) {
    void to.query(NOTICE_QUERY, { key: pageKey, message }).catch(failed);
    return;
  }
  const keys = page().keys;
  const id = user.id ?? "";
  let link = keys.get(id);
  if (link === undefined) keys.set(id, (link = { key: fresh(), token: fresh() }));
  const given = link;
  const token = given.token;
  const wire = { key: given.key, message, ...(token === null ? {} : { token }) };
  void to.query(NOTICE_QUERY, wire).then((taken) => {
    // Not taken (a page that reloaded): the next notice goes with a fresh key.
    if (taken !== true && keys.get(id) === given) keys.delete(id);
    if (taken !== true || token === null || given.token !== token) return;
    given.token = null;
    nameToken(token);
  }, failed);
}

/** The user's side of the notice query: shown with a trusted key; kept with a new token until it is named. */
export function takeNotice(wire: unknown, ownKey: string): boolean {
  if (typeof wire !== "object" || wire === null) return false;
  const { key, token, message } = wire as { key?: unknown; token?: unknown; message?: unknown };
  if (typeof key !== "string" || typeof message !== "object" || message === null) return false;
  const { trusted, tokens, waiting } = page();
  if (key === ownKey || trusted.has(key)) {
    showNotice(message as Message);
    return true;
  }
  if (typeof token === "string" && !tokens.has(token)) {
    tokens.set(token, key);
    waiting.set(key, []);
    for (const [other, otherKey] of tokens)
      if (tokens.size > MAX_UNNAMED) {
        tokens.delete(other);
        waiting.delete(otherKey);
      }
  }
  const held = waiting.get(key);
  if (held === undefined) return false;
  held.push(message as Message);
  return true;
}

/** A GM named the token of the key it gave this page: the key is trusted, its waiting notices shown. */
export function tokenNamed(token: string): void {
  const { trusted, tokens, waiting } = page();
  const key = tokens.get(token);
  tokens.delete(token);
  if (key === undefined) return;
  trusted.add(key);
  for (const message of waiting.get(key) ?? []) showNotice(message);
  waiting.delete(key);
}

/** A user who left or came back has a new page: its key is given afresh (GM side). */
export function forgetNoticeLink(userId: string): void {
  page().keys.delete(userId);
}
