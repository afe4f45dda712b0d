/**
 * Issue 17: how a click's changed GM records (gm-storage.ts) are put together for the other GMs
 * (gm-replica.ts): one change per record, the records a new one is packed against, and the form they
 * travel in (gm-record-pack.ts, or whole texts when they do not pack).
 */
import { pageStorage } from "./gm-storage.ts";
import { packChanges, type RecordChange } from "./gm-record-pack.ts";

/** A record and its whole text (null: removed). */
export type Change = readonly [string, string | null];

/**
 * A click's changes as they travel: packed (gm-record-pack.ts: `[keys, from, data]`, under one short name,
 * as every click sends it), or whole texts when they do not pack.
 */
export type Changes =
  { readonly p: readonly [string, string, string] } | { readonly kind: "changes"; readonly changes: readonly Change[] };

/** What every key of this world's records starts with, before its world (gm-record-pack.ts's seed). */
export function keySeed(): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.secretActions.${world}.tempo.secret.${world}.`;
}

/**
 * One change per record, oldest key first: what the other GMs hold (the first change's `before`) and
 * what it is now (the last's `after`); a record that is back to what they hold is not sent.
 */
export function merged(changes: readonly RecordChange[]): RecordChange[] {
  const byKey = new Map<string, RecordChange>();
  for (const c of changes) {
    const earlier = byKey.get(c.key);
    byKey.set(c.key, earlier === undefined ? c : { key: c.key, before: earlier.before, after: c.after });
  }
  const out = [...byKey.values()].filter((c) => c.before !== c.after);
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** How far back a new numbered record (an undo or redo patch: secret-store.ts) looks for one to be packed against. */
const REF_REACH = 3;

/**
 * Records the batch leaves alone that a new one is packed against: for a new numbered record (`….u<n>`,
 * `….r<n>`), the nearest one before it this page holds (the other GMs hold it as this page does: it is in
 * no batch not yet sent).
 */
function refsOf(changes: readonly RecordChange[]): { key: string; text: string }[] {
  const store = pageStorage();
  if (store === null) return [];
  const inBatch = new Set(changes.map((c) => c.key));
  const refs = new Map<string, string>();
  for (const c of changes) {
    const numbered = c.before === null ? /^(.*\.[ur])(\d+)$/.exec(c.key) : null;
    if (numbered === null) continue;
    const [, stem = "", digits = ""] = numbered;
    for (let n = Number(digits) - 1; n >= Number(digits) - REF_REACH && n >= 0; n--) {
      const key = `${stem}${n}`;
      const text = inBatch.has(key) ? null : store.getItem(key);
      if (text === null) continue;
      refs.set(key, text);
      break;
    }
  }
  return [...refs].map(([key, text]) => ({ key, text }));
}

/** The changes as they travel: packed, or whole when they do not pack. */
export function changesOf(changes: readonly RecordChange[]): Changes {
  const packed = packChanges(changes, keySeed(), refsOf(changes));
  return packed !== null
    ? { p: [packed.keys, packed.from, packed.data] }
    : { kind: "changes", changes: changes.map((c): Change => [c.key, c.after]) };
}
