/**
 * Issue 18 item 3, STD-6: the action trackers of creatures no player owns (NPC economy: actions left,
 * and in each record's own undo and redo the trackers of earlier steps) stay on GM clients. Foundry
 * sends every Combatant to every client (docs/research/foundry-secrets-and-write-guards.md), so the
 * active GM keeps an NPC's record in the browser's `localStorage` (MDN, Window.localStorage), one key
 * per combatant, and never writes it to `Combatant.system.actions`; the GM's steps read it from there
 * (step-actions.ts). A reload finds it again; a browser that lost it reads the document's record (an
 * older Tempo's, or none: STD-3, a newcomer's tracker).
 */
import { pageKey } from "../page-key.ts";

interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Per page (page-key.ts): the records read or written, by combat and combatant. */
const kept = new Map<string, unknown>();

function storage(): StorageLike | null {
  return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
}

function prefixOf(combatId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.secretActions.${world}.${combatId}.`;
}

/** Whether `combatant`'s tracker is kept on the GM's side: this client is a GM's, and no player owns it. */
export function keepsActions(combatant: Combatant.Implementation): boolean {
  return game.user?.isGM === true && !combatant.hasPlayerOwner;
}

/** The record kept for `combatant`, or undefined when none is (then the document's is read). */
export function keptActionsOf(combatant: Combatant.Implementation): unknown {
  const combatId = combatant.parent?.id ?? "";
  if (!keepsActions(combatant) || combatId === "" || combatant.id === null) return undefined;
  const key = pageKey(`${combatId}.${combatant.id}`);
  if (kept.has(key)) return kept.get(key);
  const raw = storage()?.getItem(`${prefixOf(combatId)}${combatant.id}`) ?? null;
  const value = raw === null ? undefined : parsed(raw);
  kept.set(key, value);
  return value;
}

/** A kept record read back, or undefined when it does not parse (the document's is read then). */
function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Keeps `record` as `combatant`'s tracker in this GM's browser. */
export function keepActions(combat: Combat.Implementation, combatantId: string, record: unknown): void {
  const combatId = combat.id ?? "";
  if (combatId === "") return;
  kept.set(pageKey(`${combatId}.${combatantId}`), record);
  try {
    storage()?.setItem(`${prefixOf(combatId)}${combatantId}`, JSON.stringify(record));
  } catch (error) {
    // A full storage quota: the combat runs on from this page; a reload reads the document's record.
    console.warn("Tempo | an NPC's action tracker could not be kept in this browser", error);
  }
}

/** Forgets every record of a deleted combat, in this page and in the browser. */
export function dropKeptActions(combatId: string): void {
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
}

/** Forgets what this page read (the browsers' storage was put back: tests that travel back in time). */
export function forgetKeptActions(): void {
  kept.clear();
}
