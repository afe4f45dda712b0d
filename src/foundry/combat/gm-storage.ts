/**
 * Issue 18: the browser storage in which a GM's client keeps what the rules keep from players (the
 * combat's secret half: secret-store.ts; NPC trackers, secret uses, departed creatures, used attack
 * messages: gm-kept.ts; the stealth watch and stealth card numbers: conditions/stealth-*.ts). It is the
 * page's `localStorage` (MDN, Window.localStorage: per origin, strings only), and each change of one of
 * Tempo's keys of this world is noted, so the other connected GMs get it too (gm-replica.ts): a GM who
 * takes over when the active GM leaves holds what that GM held.
 *
 * Limit (issue 18): nothing persists on the server for a GM who was not connected (or another browser):
 * no public source shows a server-side store Foundry withholds from players. World settings reach every
 * client (Kanka-foundry #106); a user-scope setting is a `Setting` document with a `user` field (API v13
 * SettingData) that public modules read for other users on every client (Simply Dice, PF2e Toolbelt);
 * unobservable documents and whispers are sent anyway (foundryvtt #7662, #14429). Sources in
 * docs/research/foundry-secrets-and-write-guards.md; such a GM gets the SecretsMissing notice (reconcile.ts).
 */
import { pageKey } from "../page-key.ts";

export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's own `localStorage`, or null where there is none. Changes made here are not sent on. */
export function pageStorage(): StorageLike | null {
  return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
}

/** This world's prefix of every key a GM's client keeps: `tempo.<what>.<world>.`. */
export function worldKeyPattern(): RegExp {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  // Issue 17: built once per world id, not at every key a step writes.
  if (lastPattern?.world === world) return lastPattern.pattern;
  const escaped = world.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`^tempo\\.[A-Za-z]+\\.${escaped}\\.`);
  lastPattern = { world, pattern };
  return pattern;
}

/** The last world's pattern (a pure function of the world id: the same on every page). */
let lastPattern: { readonly world: string; readonly pattern: RegExp } | null = null;

/** A key's value before the first change since the last flush (what the other GMs hold) and now (null: none). */
export interface NotedChange {
  readonly before: string | null;
  readonly after: string | null;
}

/** Per page (page-key.ts): the keys changed since the last flush. */
const changed = new Map<string, Map<string, NotedChange>>();

/** Sends the changes noted on the running page to the other GMs (gm-replica.ts); none until registered. */
let flusher: (() => void) | null = null;

export function setGmFlusher(flush: () => void): void {
  flusher = flush;
}

/**
 * Sends the changes noted so far to the other connected GMs now (write-step.ts: before the Combat write
 * they go with, so another GM reads that write whole). Otherwise they go once the running code yields.
 */
export function flushGmChanges(): void {
  flusher?.();
}

function note(key: string, before: string | null, value: string | null): void {
  if (!worldKeyPattern().test(key)) return;
  const page = pageKey("");
  let batch = changed.get(page);
  if (batch === undefined) changed.set(page, (batch = new Map()));
  const first = batch.size === 0;
  const earlier = batch.get(key);
  batch.set(key, { before: earlier === undefined ? before : earlier.before, after: value });
  if (first) queueMicrotask(flushGmChanges);
}

/** The changes noted on this page since the last call, oldest key first; none are kept. */
export function takeChanges(): [string, NotedChange][] {
  const page = pageKey("");
  const batch = changed.get(page);
  changed.delete(page);
  return batch === undefined ? [] : [...batch];
}

/** The GM's storage: the page's `localStorage`, each change noted for the other GMs (null where there is none). */
export function gmStorage(): StorageLike | null {
  const store = pageStorage();
  if (store === null) return null;
  return {
    get length() {
      return store.length;
    },
    key: (index) => store.key(index),
    getItem: (key) => store.getItem(key),
    setItem(key, value) {
      const before = store.getItem(key);
      store.setItem(key, value);
      note(key, before, value);
    },
    removeItem(key) {
      const before = store.getItem(key);
      store.removeItem(key);
      note(key, before, null);
    },
  };
}
