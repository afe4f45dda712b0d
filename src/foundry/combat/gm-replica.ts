/**
 * Issue 18: what a GM's browser keeps of the rules' secrets (gm-storage.ts) is kept by every connected
 * GM's browser, so a GM who becomes the active GM when the one before leaves (foundryvtt/foundryvtt
 * #11678) runs on from where that GM stood: the unrevealed declarations and hidden creatures' facts, the
 * undo history, NPC trackers, secret uses, departed creatures, used attack messages, the stealth watch.
 *
 * Where: Foundry v13 keeps nothing on the server that it withholds from players
 * (docs/research/foundry-secrets-and-write-guards.md), so each GM's own `localStorage` holds it, and
 * the changes travel from GM to GM as a User query (`user.query(name, data)`, answered by that user's
 * `CONFIG.queries[name]`: API v13 `foundry.documents.User#query`), which goes to the user it is asked
 * of, unlike a socket emit, which reaches every client (community wiki "sockets").
 *
 * Trust: a query handler is not told who asked (foundryvtt/foundryvtt #13418, open), so a player could
 * query a GM with made-up records. Records are taken only with a key only GMs know:
 * - a GM sends another GM everything it keeps (a full copy) with a fresh random key and token, and,
 *   once that GM has it, names the token on the system socket, where the server gives the sender's id
 *   (socket-channel.ts): the copy is taken only when a GM names its token, and its key is trusted from
 *   then on. A token is unguessable before it is named, and a copy sent after that is refused;
 * - each later change is sent with that key and taken at once (before the Combat write that goes with
 *   it, so the other GM reads that write whole), refused without it; a refused change makes the sender
 *   send a full copy again.
 * A GM who connects gets a full copy from the active GM (or from the GM it takes over from); the others
 * get one before their first change.
 */
import { SYSTEM_ID } from "../system-id.ts";
import { SOCKET_EVENT } from "../socket/socket-channel.ts";
import { pageStorage, setGmFlusher, takeChanges, worldKeyPattern } from "./gm-storage.ts";
import { applyEdit, isRecordEdit, recordEdit, type RecordEdit } from "./gm-record-patch.ts";
import { forgetPageSecrets } from "./secret-store.ts";
import { forgetPageActions } from "./secret-actions.ts";
import { forgetPageUses } from "./secret-uses.ts";
import { forgetPageDeparted } from "./departed.ts";
import { forgetPageConstantClaims } from "./constant-claims-kept.ts";
import { tempoModelOf } from "./tempo-model-of.ts";

export const GM_RECORDS_QUERY = `${SYSTEM_ID}.gmRecords`;

/** A record and what it became (a full copy: its whole text; a change: gm-record-patch.ts). */
type Change = readonly [string, RecordEdit];

/** What one GM's client sends another: a full copy (taken when its token is named), or changes. */
type Push =
  | { readonly kind: "full"; readonly token: string; readonly key: string; readonly entries: readonly Change[] }
  | { readonly kind: "changes"; readonly key: string; readonly changes: readonly Change[] };

/** A GM's link to another GM: the key that GM trusts (null: none yet), and changes waiting for it. */
interface Link {
  key: string | null;
  sending: boolean;
  waiting: Change[];
}

/** One page's state (per `game`, as page-key.ts keys module state). */
interface Page {
  readonly links: Map<string, Link>;
  /** Keys this page takes changes with, by the GM who gave each. */
  readonly trusted: Map<string, string>;
  /** Full copies received, by token, until a GM names it. */
  readonly copies: Map<string, { readonly key: string; readonly entries: readonly Change[] }>;
  /** The active GM when last looked at. */
  activeGm: string | null;
}

const pages = new WeakMap<object, Page>();

/** How long a GM waits for another GM to take what it sends (a GM who never answers holds up nothing). */
const ASK_TIMEOUT_MS = 30_000;

/** Full copies kept unnamed at once (a console's made-up ones crowd out nothing a GM names at once). */
const MAX_COPIES = 8;

function page(): Page {
  let found = pages.get(game as object);
  if (found === undefined)
    pages.set(game as object, (found = { links: new Map(), trusted: new Map(), copies: new Map(), activeGm: null }));
  return found;
}

/** A random text no console can guess (`crypto.getRandomValues` needs no secure context: MDN). */
function secretText(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

interface Queryable {
  readonly id: string | null;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/** The other GMs connected now. */
function otherGms(): Queryable[] {
  const users = game.users.contents as unknown as (Queryable & { isGM: boolean; active: boolean })[];
  return users.filter((u) => u.isGM && u.active && u.id !== game.user.id);
}

function linkTo(userId: string): Link {
  const links = page().links;
  let link = links.get(userId);
  if (link === undefined) links.set(userId, (link = { key: null, sending: false, waiting: [] }));
  return link;
}

function ask(user: Queryable, push: Push): Promise<boolean> {
  return user.query(GM_RECORDS_QUERY, push, { timeout: ASK_TIMEOUT_MS }).then(
    (answer) => answer === true,
    () => false,
  );
}

/** Everything this page keeps of this world, as changes that put another browser in the same state. */
function everything(): Change[] {
  const store = pageStorage();
  if (store === null) return [];
  const pattern = worldKeyPattern();
  const out: Change[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    const value = key === null ? null : store.getItem(key);
    if (key !== null && value !== null && pattern.test(key)) out.push([key, value]);
  }
  return out;
}

/** Sends `user` a full copy; once it has it, names the token and sends what changed meanwhile. */
function sendCopy(user: Queryable): void {
  const link = linkTo(user.id ?? "");
  if (link.sending) return;
  link.sending = true;
  link.key = null;
  link.waiting = [];
  const key = secretText();
  const token = secretText();
  void ask(user, { kind: "full", token, key, entries: everything() }).then((taken) => {
    link.sending = false;
    if (!taken) return;
    game.socket.emit(SOCKET_EVENT, { type: "gmRecords", to: user.id, token });
    link.key = key;
    const waiting = link.waiting;
    link.waiting = [];
    if (waiting.length > 0) sendChanges(user, waiting);
  });
}

function sendChanges(user: Queryable, changes: readonly Change[]): void {
  const link = linkTo(user.id ?? "");
  if (link.sending) {
    link.waiting.push(...changes);
    return;
  }
  const key = link.key;
  if (key === null) {
    sendCopy(user);
    return;
  }
  void ask(user, { kind: "changes", key, changes }).then((taken) => {
    if (!taken && link.key === key && otherGms().some((u) => u.id === user.id)) sendCopy(user);
  });
}

/** Sends the changes noted on this page to every other connected GM. */
function flushGmRecords(): void {
  if (game.user?.isGM !== true) return;
  const noted = takeChanges();
  if (noted.length === 0) return;
  // Issue 17: with no other GM connected no patch is made (one who connects later gets a full copy).
  const others = otherGms();
  if (others.length === 0) return;
  const changes = noted.map(([key, { before, after }]): Change => [key, recordEdit(before, after)]);
  for (const user of others) sendChanges(user, changes);
}

/**
 * Puts `changes` into this browser (a full copy: everything else of this world leaves), then reads again;
 * false (nothing changed) when a patch does not fit the record held here.
 */
function take(changes: readonly Change[], full: boolean): boolean {
  const store = pageStorage();
  if (store === null) return true;
  const pattern = worldKeyPattern();
  const texts = newTexts(store, changes);
  if (texts === null) return false;
  if (full) {
    const incoming = new Set(changes.map(([key]) => key));
    const gone: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null && pattern.test(key) && !incoming.has(key)) gone.push(key);
    }
    for (const key of gone) store.removeItem(key);
  }
  for (const [key, value] of texts) {
    try {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
    } catch (error) {
      console.warn("Tempo | another GM's records could not be kept in this browser", error);
    }
  }
  readAgain(full ? null : combatsOf(changes));
  return true;
}

/** Each record's new text (changes applied in order), or null if a patch does not fit the text held. */
function newTexts(
  store: { getItem(key: string): string | null },
  changes: readonly Change[],
): Map<string, string | null> | null {
  const pattern = worldKeyPattern();
  const out = new Map<string, string | null>();
  for (const [key, edit] of changes) {
    if (!pattern.test(key)) continue;
    const text = applyEdit(out.has(key) ? (out.get(key) ?? null) : store.getItem(key), edit);
    if (text === undefined) return null;
    out.set(key, text);
  }
  return out;
}

/** The combats whose secret half's entry (secret-store.ts: `tempo.secret.<world>.<combat>`) `changes` hold. */
function combatsOf(changes: readonly Change[]): Set<string> {
  const pattern = worldKeyPattern();
  const out = new Set<string>();
  for (const [key] of changes) {
    const rest = key.startsWith("tempo.secret.") && pattern.test(key) ? key.replace(pattern, "") : null;
    if (rest !== null && rest.length > 0 && !rest.includes(".")) out.add(rest);
  }
  return out;
}

/**
 * This page reads the kept records afresh, and the state of the combats whose secret half came (every
 * combat: null), unless it already holds it whole: a GM's tracker shows what the active GM's does.
 */
function readAgain(combats: ReadonlySet<string> | null): void {
  forgetPageSecrets();
  forgetPageActions();
  forgetPageUses();
  forgetPageDeparted();
  forgetPageConstantClaims();
  for (const combat of game.combats?.contents ?? []) {
    if (combats !== null && !combats.has(combat.id ?? "")) continue;
    const model = tempoModelOf(combat as Combat.Implementation);
    if (model === null || model.cachedStored !== null) continue;
    model.readState();
    for (const combatant of (combat as Combat.Implementation).combatants) combatant.prepareData();
  }
  void ui.combat?.render();
}

function isChange(value: unknown): value is Change {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && isRecordEdit(value[1]);
}

/** The GM side of the query: a full copy waits for its token; changes are taken with a trusted key. */
function answerPush(data: unknown): boolean {
  if (game.user?.isGM !== true || typeof data !== "object" || data === null) return false;
  const push = data as Partial<Record<string, unknown>>;
  if (typeof push.key !== "string") return false;
  if (push.kind === "full" && typeof push.token === "string" && Array.isArray(push.entries)) {
    if (!push.entries.every((entry) => isChange(entry) && typeof entry[1] === "string")) return false;
    const copies = page().copies;
    copies.set(push.token, { key: push.key, entries: push.entries });
    for (const token of copies.keys()) if (copies.size > MAX_COPIES) copies.delete(token);
    return true;
  }
  if (push.kind !== "changes" || !Array.isArray(push.changes) || !push.changes.every(isChange)) return false;
  if (!page().trusted.has(push.key)) return false;
  return take(push.changes, false);
}

/** A GM names the token of the copy it sent this page: the copy is taken, its key trusted. */
function onMessage(wire: unknown, senderId: unknown): void {
  if (typeof wire !== "object" || wire === null || typeof senderId !== "string") return;
  const message = wire as { type?: unknown; to?: unknown; token?: unknown };
  if (message.type !== "gmRecords" || message.to !== game.user.id || typeof message.token !== "string") return;
  if (game.users.get(senderId)?.isGM !== true || senderId === game.user.id || game.user.isGM !== true) return;
  const { copies, trusted } = page();
  const copy = copies.get(message.token);
  copies.delete(message.token);
  if (copy === undefined) return;
  for (const [key, giver] of [...trusted]) if (giver === senderId) trusted.delete(key);
  trusted.set(copy.key, senderId);
  take(copy.entries, true);
}

/**
 * A GM who connects gets a full copy from the active GM, or from the GM it takes over from; a user who
 * leaves takes its links and keys with it.
 */
function onUserConnected(user: User.Implementation, connected: boolean): void {
  const state = page();
  const before = state.activeGm;
  state.activeGm = game.users.activeGM?.id ?? null;
  const id = user.id ?? "";
  state.links.delete(id);
  for (const [key, giver] of [...state.trusted]) if (giver === id) state.trusted.delete(key);
  if (!connected || !user.isGM || id === game.user.id || game.user.isGM !== true) return;
  if (before === game.user.id || state.activeGm === game.user.id) sendCopy(user as unknown as Queryable);
}

export function registerGmReplica(): void {
  setGmFlusher(flushGmRecords);
  const config = CONFIG as unknown as { queries?: Record<string, (data: unknown) => unknown> };
  config.queries ??= {};
  config.queries[GM_RECORDS_QUERY] = answerPush;
  Hooks.once("setup", () => game.socket.on(SOCKET_EVENT, onMessage));
  Hooks.once("ready", () => {
    page().activeGm = game.users.activeGM?.id ?? null;
  });
  Hooks.on("userConnected", onUserConnected);
}
