/**
 * Issue 18 item 3: records the active GM keeps in its browser's `localStorage` (MDN,
 * Window.localStorage) instead of on a document, since Foundry sends every Combatant to every client
 * (docs/research/foundry-secrets-and-write-guards.md). One key per combat and combatant under a
 * namespace (`tempo.<namespace>.<world>.<combat>.<combatant>`); a reload finds them again. Read once
 * per page (page-key.ts) and then served from memory.
 */
import { pageKey } from "../page-key.ts";
import { gmStorage, type StorageLike } from "./gm-storage.ts";

/** The GM's storage; its changes reach the other connected GMs (gm-storage.ts, gm-replica.ts). */
function storage(): StorageLike | null {
  return gmStorage();
}

/** A kept record read back, or undefined when it does not parse. */
function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export interface GmKept {
  /** The record kept for the combatant, or undefined when none is. */
  read(combatId: string, combatantId: string): unknown;
  /** Keeps `record` for the combatant (a full storage quota keeps it in this page only). */
  keep(combatId: string, combatantId: string, record: unknown): void;
  /** Forgets the combatant's record, in this page and in the browser. */
  remove(combatId: string, combatantId: string): void;
  /** Forgets every record of a deleted combat, in this page and in the browser. */
  drop(combatId: string): void;
  /** Forgets what every page read (the browsers' storage was put back: tests that travel back in time). */
  forget(): void;
  /** Forgets what this page read (another GM's records came into its browser: gm-replica.ts). */
  forgetPage(): void;
}

/** The records kept under `namespace`; `what` names them in a console warning. */
export function gmKept(namespace: string, what: string): GmKept {
  /** Per page (page-key.ts): the records read or written, by combat and combatant. */
  const kept = new Map<string, unknown>();
  const prefixOf = (combatId: string) => {
    const world = (game as { world?: { id?: string } }).world?.id ?? "world";
    return `tempo.${namespace}.${world}.${combatId}.`;
  };
  return {
    read(combatId, combatantId) {
      const key = pageKey(`${combatId}.${combatantId}`);
      if (kept.has(key)) return kept.get(key);
      const raw = storage()?.getItem(`${prefixOf(combatId)}${combatantId}`) ?? null;
      const value = raw === null ? undefined : parsed(raw);
      kept.set(key, value);
      return value;
    },
    keep(combatId, combatantId, record) {
      kept.set(pageKey(`${combatId}.${combatantId}`), record);
      try {
        storage()?.setItem(`${prefixOf(combatId)}${combatantId}`, JSON.stringify(record));
      } catch (error) {
        console.warn(`Tempo | ${what} could not be kept in this browser`, error);
      }
    },
    remove(combatId, combatantId) {
      kept.set(pageKey(`${combatId}.${combatantId}`), undefined);
      storage()?.removeItem(`${prefixOf(combatId)}${combatantId}`);
    },
    drop(combatId) {
      for (const key of [...kept.keys()]) if (key.includes(`${combatId}.`)) kept.delete(key);
      const store = storage();
      if (store === null) return;
      const prefix = prefixOf(combatId);
      const keys: string[] = [];
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(prefix) === true) keys.push(key);
      }
      for (const key of keys) store.removeItem(key);
    },
    forget() {
      kept.clear();
    },
    forgetPage() {
      const page = pageKey("");
      for (const key of [...kept.keys()]) if (key.startsWith(page)) kept.delete(key);
    },
  };
}
