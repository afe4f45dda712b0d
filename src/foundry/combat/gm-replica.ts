/**
 * Issue 18: what a GM's browser keeps of the rules' secrets (gm-storage.ts) is kept by every connected
 * GM's browser, so a GM who becomes the active GM when the one before leaves (foundryvtt/foundryvtt
 * #11678) runs on from where that GM stood: the unrevealed declarations and hidden creatures' facts, the
 * undo history, NPC trackers, secret uses, departed creatures, used attack messages, the stealth watch.
 *
 * Where: Foundry v13 keeps nothing on the server that it withholds from players
 * (docs/research/foundry-secrets-and-write-guards.md), so each GM's own `localStorage` holds it, and
 * the changes travel from GM to GM as a User query (`user.query(name, data)`, answered by that user's
 * `CONFIG.queries[name]`: API v13 `User#query`), which goes to the user asked, unlike a socket emit,
 * which reaches every client (community wiki "sockets").
 *
 * Trust: a query handler is not told who asked (foundryvtt/foundryvtt #13418, open), so a player could
 * query a GM with made-up records. Records are taken only with a key only GMs know:
 * - a GM sends another GM everything it keeps (a full copy) with a fresh random key and token, and,
 *   once that GM has it, names the token on the system socket, where the server gives the sender's id
 *   (socket-channel.ts): the copy is taken only when a GM names its token, and its key is trusted from
 *   then on. A token is unguessable before it is named, and a copy sent after that is refused;
 * - each later change is sent with that key and taken at once (before the Combat write that goes with
 *   it, so the other GM reads that write whole), refused without it; a refused change makes the sender
 *   send a full copy again. Issue 17: they travel packed against the records it holds (gm-record-pack.ts).
 * A GM who connects gets a full copy from the active GM (or from the GM it takes over from); the others
 * get one before their first change.
 *
 * The returning-GM race: a GM whose page loads while another GM is connected may become the active GM at
 * once (core's `activeGM` is one of the active GMs, not the one who was there first: foundryvtt/foundryvtt
 * #11678), before the other GM's copy reaches it. Such a page asks the other GMs for a copy (on the
 * system socket, where the server names the asker) and its first reconcile waits (`replicaSettled`) until
 * a copy is taken, no other GM is left to send one, or `ASK_TIMEOUT_MS` passed; only then does it judge
 * whether it lacks the secrets (reconcile.ts).
 */
import { SYSTEM_ID } from "../system-id.ts";
import { SOCKET_EVENT } from "../socket/socket-channel.ts";
import { pageStorage, setGmFlusher, takeChanges, worldKeyPattern } from "./gm-storage.ts";
import { isPackedChanges, unpackChanges, type RecordChange } from "./gm-record-pack.ts";
import { changesOf, keySeed, merged, type Change, type Changes } from "./gm-record-batch.ts";
import { forgetPageSecrets } from "./secret-store.ts";
import { forgetPageActions } from "./secret-actions.ts";
import { forgetPageUses } from "./secret-uses.ts";
import { forgetPageDeparted } from "./departed.ts";
import { forgetPageConstantClaims } from "./constant-claims-kept.ts";
import { tempoModelOf } from "./tempo-model-of.ts";
import { perPage } from "../page-key.ts";

export const GM_RECORDS_QUERY = `${SYSTEM_ID}.gmRecords`;

/** What one GM's client sends another: a full copy (taken when its token is named), or changes. */
type Push =
  | { readonly kind: "full"; readonly token: string; readonly key: string; readonly entries: readonly Change[] }
  | (Changes & { readonly key: string });

/** A GM's link to another GM: the key that GM trusts (null: none yet), and changes waiting for it. */
interface Link {
  key: string | null;
  sending: boolean;
  waiting: RecordChange[];
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
  /** Whether this page took a full copy from another GM since it loaded. */
  copyTaken: boolean;
  /** Waiting for a copy (`replicaSettled`): each is called once something may have settled it. */
  readonly waiters: Set<() => void>;
  /** The wait for a copy under way (one ask for every combat's reconcile), or null. */
  waiting: Promise<void> | null;
}

/** How long a GM waits for another GM to take what it sends (a GM who never answers holds up nothing). */
const ASK_TIMEOUT_MS = 30_000;

/** Full copies kept unnamed at once (a console's made-up ones crowd out nothing a GM names at once). */
const MAX_COPIES = 8;

const page = perPage<Page>(() => ({
  links: new Map(),
  trusted: new Map(),
  copies: new Map(),
  activeGm: null,
  copyTaken: false,
  waiters: new Set(),
  waiting: null,
}));

/** A random text no console can guess (`crypto.getRandomValues` needs no secure context: MDN). */
export function secretText(): string {
  // 22 characters of 64 (132 random bits; a byte's low 6 bits are uniform): short, as every click sends one.
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = new Uint8Array(22);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => digits.charAt(b & 63)).join("");
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
    const changes = merged(waiting);
    if (changes.length > 0) sendChanges(user, changes, changesOf(changes));
  });
}

/** Sends `user` `changes` (`wire`: as they travel), or keeps them for it while its full copy is on its way. */
function sendChanges(user: Queryable, changes: readonly RecordChange[], wire: Changes): void {
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
  void ask(user, { ...wire, key }).then((taken) => {
    if (!taken && link.key === key && otherGms().some((u) => u.id === user.id)) sendCopy(user);
  });
}

/** Sends the changes noted on this page to every other connected GM. */
function flushGmRecords(): void {
  if (game.user?.isGM !== true) return;
  const noted = takeChanges();
  const users = noted.length === 0 ? [] : otherGms(); // issue 17: no GM to tell, nothing packed (full copy later)
  if (users.length === 0) return;
  const changes = merged(noted.map(([key, { before, after }]) => ({ key, before, after })));
  if (changes.length === 0) return;
  const wire = changesOf(changes);
  for (const user of users) sendChanges(user, changes, wire);
}

/** Puts `changes` into this browser (a full copy: everything else of the groups it holds leaves), then reads again. */
function take(changes: readonly Change[], full: boolean): void {
  const store = pageStorage();
  if (store === null) return;
  const pattern = worldKeyPattern();
  if (full) {
    const incoming = new Set(changes.map(([key]) => key));
    const groups = new Set(changes.map(([key]) => groupOf(key, pattern)));
    const gone: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null && pattern.test(key) && !incoming.has(key) && groups.has(groupOf(key, pattern))) gone.push(key);
    }
    for (const key of gone) store.removeItem(key);
  }
  for (const [key, value] of changes) {
    if (!pattern.test(key)) continue;
    try {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
    } catch (error) {
      console.warn("Tempo | another GM's records could not be kept in this browser", error);
    }
  }
  readAgain(full ? null : combatsOf(changes));
}

/**
 * The group a record belongs to: its kind and the combat (or card) it is kept for, `tempo.<kind>.<world>.<id>`.
 * A full copy replaces the receiver's records group by group: a group the sender holds nothing of stays
 * (the returning-GM race: a GM who took over without the secrets, then sends a copy to the GM returning
 * with them, must not erase them). A kept record is used only while it matches the document
 * (secret-store.ts: the entry's `seq` and fingerprint), so one left over from an older write does no harm.
 */
function groupOf(key: string, pattern: RegExp): string {
  const prefix = pattern.exec(key)?.[0] ?? "";
  return prefix + key.slice(prefix.length).split(".")[0];
}

/**
 * Takes packed changes when they were made from the records this browser holds; false (nothing changed)
 * otherwise, and the sender then sends a full copy.
 */
function takePacked(wire: unknown): boolean {
  const [keys, from, data] = Array.isArray(wire) && wire.length === 3 ? (wire as unknown[]) : [];
  const packed = { keys, from, data };
  if (!isPackedChanges(packed)) return false;
  const store = pageStorage();
  if (store === null) return true;
  const changes = unpackChanges(packed, keySeed(), (key) => store.getItem(key));
  if (changes === null) return false;
  take(changes, false);
  return true;
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
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    (value[1] === null || typeof value[1] === "string")
  );
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
  if (!page().trusted.has(push.key)) return false;
  if (push.p !== undefined) return takePacked(push.p);
  if (push.kind !== "changes" || !Array.isArray(push.changes) || !push.changes.every(isChange)) return false;
  take(push.changes, false);
  return true;
}

/** A GM names the token of the copy it sent this page: the copy is taken, its key trusted. */
function onMessage(wire: unknown, senderId: unknown): void {
  if (typeof wire !== "object" || wire === null || typeof senderId !== "string") return;
  const message = wire as { type?: unknown; to?: unknown; token?: unknown };
  if (message.type === "gmRecordsAsk") {
    onAsk(senderId);
    return;
  }
  if (message.type !== "gmRecords" || message.to !== game.user.id || typeof message.token !== "string") return;
  if (game.users.get(senderId)?.isGM !== true || senderId === game.user.id || game.user.isGM !== true) return;
  const state = page();
  const { copies, trusted } = state;
  const copy = copies.get(message.token);
  copies.delete(message.token);
  if (copy === undefined) return;
  for (const [key, giver] of [...trusted]) if (giver === senderId) trusted.delete(key);
  trusted.set(copy.key, senderId);
  take(copy.entries, true);
  state.copyTaken = true;
  wake();
}

/** Calls every waiter (each looks again whether it may go on). */
function wake(): void {
  for (const waiter of [...page().waiters]) waiter();
}

/** Another GM asks for a full copy (the server names the asker: socket-channel.ts). */
function onAsk(senderId: string): void {
  if (game.user?.isGM !== true || senderId === game.user.id) return;
  const asker = otherGms().find((u) => u.id === senderId);
  if (asker !== undefined) sendCopy(asker);
}

/**
 * Resolves once this GM's page may judge the records it holds (the returning-GM race, file comment):
 * at once for a player, or when no other GM is connected, or once a copy was taken; else after asking
 * the other GMs for one, when one is taken, the last other GM leaves, or `ASK_TIMEOUT_MS` passed.
 */
export function replicaSettled(): Promise<void> {
  const state = page();
  const settled = () => game.user?.isGM !== true || state.copyTaken || otherGms().length === 0;
  if (settled()) return Promise.resolve();
  if (state.waiting !== null) return state.waiting;
  game.socket.emit(SOCKET_EVENT, { type: "gmRecordsAsk" });
  state.waiting = new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      state.waiters.delete(check);
      state.waiting = null;
      resolve();
    };
    const check = () => {
      if (settled()) done();
    };
    const timer = setTimeout(done, ASK_TIMEOUT_MS);
    state.waiters.add(check);
  });
  return state.waiting;
}

/**
 * A connecting GM gets a full copy (file comment); a user who leaves takes its links and keys with it.
 */
function onUserConnected(user: User.Implementation, connected: boolean): void {
  const state = page();
  const before = state.activeGm;
  state.activeGm = game.users.activeGM?.id ?? null;
  const id = user.id ?? "";
  state.links.delete(id);
  for (const [key, giver] of [...state.trusted]) if (giver === id) state.trusted.delete(key);
  if (!connected) wake();
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
