/**
 * Player requests over the system socket (issue 17): a player's command, save roll, damage Apply and
 * Undo reach the active GM on `system.tempo` (system.json `socket: true`), and the GM answers the
 * sender on the same channel.
 *
 * Why the socket and not `CONFIG.queries`: v13 calls a query handler with `(data, { timeout })` and
 * does not say who asked (foundryvtt/foundryvtt #13418, open), while a system socket listener gets the
 * sender's user id from the server as its last argument (socketlib `_onSocketReceived(message,
 * senderId)`, pf2e `src/scripts/socket.ts` `(...[message, userId])`). The GM trusts only that id,
 * never an id inside the payload. An emit is not echoed to its sender (community wiki "sockets"), so a
 * GM's own request runs here.
 *
 * - No active GM when asking: refused at once (`Access.NoGm`), nothing sent.
 * - The GM the request went to leaves before answering (`userConnected` false): refused with
 *   `Access.GmLeft`, and no other GM runs it (the player was told nothing changed); after
 *   `REQUEST_TIMEOUT_MS` without an answer: `Access.Timeout`. Never left hanging.
 * - Only the GM a request names answers it, and only while it is the active GM; a GM another took
 *   over from refuses it with `Access.GmChanged`, having run nothing, and the asking client sends it
 *   once more to the GM who is active now (`askActiveGm`); only when that fails too is the player told.
 *   A request is never run twice: the one GM it names either runs it or refuses it. A GM taken over
 *   from while it ran the request answers `Access.GmChangedMidway` (its dice may show), not retried.
 * - Only a GM's notices are shown.
 * - Issue 18 item 3: what a player asks (a declaration for its hidden creature, a readied trigger) is not
 *   broadcast: every client receives a socket emit (community wiki "sockets"), so the request's body goes
 *   first to the named GM alone in a User query (`user.query(name, data)`: API v13 `User#query`, answered
 *   by that user's `CONFIG.queries[name]`) under a fresh random id, and the socket then carries only that
 *   id, for the server to give its sender. The GM takes a body once, the first under its id (a body is
 *   never replaced: the id is seen by everyone only once the GM holds it), within per-page bounds
 *   (request-bodies.ts: a flood is refused with `Access.TooMany` and pushes out no one else's body).
 * - Issue 18: the GM's answer (a result or a refusal) goes back to its sender alone, in a User query too,
 *   not on the socket, which every other client would receive. The asking page's key (a random secret it
 *   put in the body, which only GMs see) goes with it: a query handler is not told who asked
 *   (foundryvtt/foundryvtt #13418), so an answer without the key is not taken. A GM's notice to a user
 *   goes to that user alone too, with that page's key or one the GM gave it (notice-link.ts).
 * - Issue 18: a player's requests are rate-limited per sender, the id the server gives (engine
 *   request-rate.ts: 600 in 10 s); what is over is dropped quietly, unanswered (the sender's client
 *   times it out), so a console loop cannot keep the GM's client busy or fill the GM's chat.
 */
import { admitRequest, type Message, type RateState } from "../../engine/index.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { perPage } from "../page-key.ts";
import { holdBody, keyOfUser, takeBody, type Held } from "./request-bodies.ts";
import { forgetNoticeLink, NOTICE_QUERY, sendLinkedNotice, takeNotice, tokenNamed } from "./notice-link.ts";

export const SOCKET_EVENT = `system.${SYSTEM_ID}`;
export const REQUEST_TIMEOUT_MS = 30_000;
export const REQUEST_BODY_QUERY = `${SYSTEM_ID}.requestBody`;
/** The GM's answer to a request, and its notices, to the one user they are for. */
export const REQUEST_ANSWER_QUERY = `${SYSTEM_ID}.requestAnswer`;
export { NOTICE_QUERY } from "./notice-link.ts";

export type Answer = { readonly ok: true; readonly value?: unknown } | { readonly ok: false; readonly error: Message };

export type RequestKind = "command" | "card" | "damage" | "concentration" | "stealth" | "move" | "area";

/** The GM side of a request: `sender` is the user the server says sent it. */
export type RequestHandler = (data: unknown, sender: User.Implementation) => Promise<Answer>;

type Wire =
  | {
      readonly type: "request";
      readonly id: string;
      readonly kind: RequestKind;
      readonly gm: string;
      readonly data?: unknown;
      /** The body went to the GM in a query (`REQUEST_BODY_QUERY`), under `id`. */
      readonly sealed?: true;
    }
  /** A GM names the token of the notice key it gave `to` (notice-link.ts). */
  | { readonly type: "noticeKey"; readonly to: string; readonly token: string };

interface Pending {
  readonly gm: string;
  readonly settle: (answer: Answer) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

const handlers = new Map<RequestKind, RequestHandler>();
const pending = new Map<string, Pending>();
let counter = 0;
/**
 * Each page's window of recent requests (the GM's page admits them): by `game`, one object per page, as
 * page-key.ts keys module state. In Foundry a page's module state is its own anyway; the test runtime
 * runs several pages, and several worlds, in one process.
 */
const rates = new WeakMap<object, RateState>();

/** Whether the active GM takes this player's request now (GMs' requests are never limited). */
function admitted(sender: User.Implementation): boolean {
  if (sender.isGM) return true;
  const page = game as object;
  const verdict = admitRequest(rates.get(page) ?? {}, sender.id ?? "", Date.now());
  rates.set(page, verdict.state);
  return verdict.admitted;
}

/** Forgets every sender's recent requests, as a reload of the GM's page does (tests that travel back in time). */
export function forgetRequestRates(): void {
  rates.delete(game as object);
}

/** A fresh id no one can guess (Web Crypto `getRandomValues`, MDN). */
function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This page's key: sent only to GMs, in bodies; answers and notices to this page carry it. */
const ownKey = perPage(() => randomId());

/** The GM's side of the body query: kept under its id, the first only, within request-bodies.ts's bounds. */
function answerBody(wire: unknown): Held {
  if (game.user?.isGM !== true || typeof wire !== "object" || wire === null) return "refused";
  const { id, key, data } = wire as { id?: unknown; key?: unknown; data?: unknown };
  if (typeof id !== "string" || id.length < 32 || typeof key !== "string" || key.length < 32) return "refused";
  return holdBody(id, key, data, Date.now(), REQUEST_TIMEOUT_MS);
}

/** The asking page's side of the answer query: taken only with this page's key, for a request it waits on. */
function answerAnswer(wire: unknown): boolean {
  if (typeof wire !== "object" || wire === null) return false;
  const { id, key, answer } = wire as { id?: unknown; key?: unknown; answer?: unknown };
  if (key !== ownKey() || typeof id !== "string" || !isAnswer(answer)) return false;
  const entry = pending.get(id);
  entry?.settle(answer);
  return entry !== undefined;
}

function isAnswer(value: unknown): value is Answer {
  if (typeof value !== "object" || value === null) return false;
  const { ok, error } = value as { ok?: unknown; error?: unknown };
  return ok === true || (ok === false && typeof error === "object" && error !== null);
}

/** A user's side of the notice query: shown only with a key only a GM holds (notice-link.ts). */
function answerNotice(wire: unknown): boolean {
  return takeNotice(wire, ownKey());
}

interface Queryable {
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/** Sends a request's body to `gm` alone; whether the GM holds it. */
async function sendBody(gm: User.Implementation, id: string, data: unknown): Promise<Held> {
  try {
    const held = await (gm as unknown as Queryable).query(
      REQUEST_BODY_QUERY,
      { id, key: ownKey(), data },
      { timeout: REQUEST_TIMEOUT_MS },
    );
    return held === "held" || held === "full" ? held : "refused";
  } catch {
    return "refused";
  }
}

/** Sends `answer` to the user who asked, alone (with its page key; none known: it cannot take it). */
function sendAnswer(to: User.Implementation, id: string, key: string | undefined, answer: Answer): void {
  const wire = { id, key: key ?? null, answer };
  void (to as unknown as Queryable).query(REQUEST_ANSWER_QUERY, wire, { timeout: REQUEST_TIMEOUT_MS }).catch(() => {
    // The asker left: nothing to tell.
  });
}

const refused = (key: `TEMPO.${string}`): Answer => ({ ok: false, error: { key } });

/** The answer of a GM who is no longer the active GM (another GM took over): nothing was run. */
export const GM_CHANGED: Answer = refused("TEMPO.ERRORS.Access.GmChanged");

/**
 * The answer of a GM taken over from while it ran the request (its step not written): what it did
 * before (dice rolled to the chat) stands, so the request is not sent again by itself (`askActiveGm`).
 */
export const GM_CHANGED_MIDWAY: Answer = refused("TEMPO.ERRORS.Access.GmChangedMidway");

export function registerRequestHandler(kind: RequestKind, handler: RequestHandler): void {
  handlers.set(kind, handler);
}

/** The kinds of request the active GM answers (init registers them). */
export function requestKinds(): RequestKind[] {
  return [...handlers.keys()];
}

function isActiveGm(): boolean {
  return game.users.activeGM?.isSelf ?? false;
}

function emit(wire: Wire): void {
  game.socket.emit(SOCKET_EVENT, wire);
}

async function handle(kind: RequestKind, data: unknown, sender: User.Implementation): Promise<Answer> {
  const handler = handlers.get(kind);
  if (handler === undefined) return refused("TEMPO.ERRORS.Host.InvalidCommand");
  try {
    return await handler(data, sender);
  } catch (error) {
    console.error("Tempo | a request failed on the GM's client", error);
    return refused("TEMPO.ERRORS.Access.Failed");
  }
}

/**
 * Asks the active GM (this client when it is that GM) and waits for the answer. A GM another took
 * over from ran nothing and answered `Access.GmChanged` (issue 17): the request goes once more, by
 * itself, to the GM who is active now; only that second answer, whatever it is, reaches the caller.
 */
export async function askActiveGm(kind: RequestKind, data: unknown): Promise<Answer> {
  const first = await askOnce(kind, data);
  return isGmChanged(first) ? askOnce(kind, data) : first;
}

function isGmChanged(answer: Answer): boolean {
  return !answer.ok && answer.error.key === "TEMPO.ERRORS.Access.GmChanged";
}

/** One request to the GM who is active now, and its answer. */
function askOnce(kind: RequestKind, data: unknown): Promise<Answer> {
  const gm = game.users.activeGM;
  if (gm === null) return Promise.resolve(refused("TEMPO.ERRORS.Access.NoGm"));
  if (gm.isSelf) return handle(kind, data, game.user);
  const id = `${game.user.id}.${(counter++).toString(36)}.${randomId()}`;
  return new Promise((resolve) => {
    const settle = (answer: Answer) => {
      const entry = pending.get(id);
      if (entry === undefined) return;
      clearTimeout(entry.timer);
      pending.delete(id);
      resolve(answer);
    };
    const timer = setTimeout(() => settle(refused("TEMPO.ERRORS.Access.Timeout")), REQUEST_TIMEOUT_MS);
    pending.set(id, { gm: gm.id ?? "", settle, timer });
    void sendBody(gm, id, data).then((held) => {
      if (held === "held") emit({ type: "request", id, kind, gm: gm.id ?? "", sealed: true });
      else if (held === "full") settle(refused("TEMPO.ERRORS.Access.TooMany"));
      // A GM who left meanwhile answers nothing: GmLeft, as `onUserConnected` tells.
      else settle(refused(gm.active ? "TEMPO.ERRORS.Access.Timeout" : "TEMPO.ERRORS.Access.GmLeft"));
    });
  });
}

/**
 * Shows `message` to `userId`: here when that is this user, else (GMs only) to that user alone, in a query
 * with a key only this GM and that page hold (notice-link.ts).
 */
export function sendNotice(userId: string, message: Message): void {
  if (userId === game.user.id) {
    showNotice(message);
    return;
  }
  const user = game.users.get(userId);
  if (!game.user.isGM || user === undefined) return;
  sendLinkedNotice(user, keyOfUser(userId), message, randomId, (token) =>
    emit({ type: "noticeKey", to: userId, token }),
  );
}

function onMessage(wire: unknown, senderId: unknown): void {
  if (typeof wire !== "object" || wire === null || typeof senderId !== "string") return;
  const message = wire as Wire;
  const sender = game.users.get(senderId);
  if (sender === undefined) return;
  if (message.type === "request") {
    // Issue 17 race fuzz: only the GM the request names answers it. Every client gets the emit, at
    // different times; "whoever is the active GM when it arrives" let a request reach a GM who had
    // just stopped being the active one (a GM with a lower id came back) and nobody answered it, or
    // reach two GMs in turn and run twice. The named GM who is no longer the active GM refuses it
    // without running it (its sender asks the new active GM once more, `askActiveGm`); a request to a
    // GM who left is run by nobody (its sender is told `GmLeft`, onUserConnected).
    if (message.gm !== game.user.id || typeof message.id !== "string") return;
    if (!admitted(sender)) return;
    const body = message.sealed === true ? takeBody(message.id, senderId) : undefined;
    const key = body?.key ?? keyOfUser(senderId);
    if (message.sealed === true && body === undefined) {
      sendAnswer(sender, message.id, key, refused("TEMPO.ERRORS.Access.Failed"));
      return;
    }
    const data = body === undefined ? message.data : body.data;
    const answer = isActiveGm() ? handle(message.kind, data, sender) : Promise.resolve(GM_CHANGED);
    void answer.then((a) => sendAnswer(sender, message.id, key, a));
  } else if (message.type === "noticeKey") {
    if (message.to === game.user.id && sender.isGM && typeof message.token === "string") tokenNamed(message.token);
  }
}

/** A GM who left cannot answer: its requests are refused now rather than at the timeout. */
function onUserConnected(user: User.Implementation, connected: boolean): void {
  forgetNoticeLink(user.id ?? "");
  if (connected) return;
  for (const entry of [...pending.values()])
    if (entry.gm === user.id) entry.settle(refused("TEMPO.ERRORS.Access.GmLeft"));
}

export function registerSocket(): void {
  const config = CONFIG as unknown as { queries?: Record<string, (data: unknown) => unknown> };
  config.queries ??= {};
  config.queries[REQUEST_BODY_QUERY] = answerBody;
  config.queries[REQUEST_ANSWER_QUERY] = answerAnswer;
  config.queries[NOTICE_QUERY] = answerNotice;
  game.socket.on(SOCKET_EVENT, onMessage);
  Hooks.on("userConnected", onUserConnected);
}
