/**
 * Issue 18 item 3: the GM's half of a combat's stored state, which never reaches a player's client.
 *
 * Foundry sends every world document, chat message and setting (user-scope ones included) to every
 * client, and withholds nothing a system could use (docs/research/foundry-secrets-and-write-guards.md,
 * session 8). So what the rules keep secret lives on GM clients only: the undo history and what the
 * published state leaves out (engine/host/published.ts) of the last step this GM wrote, in the browser's
 * `localStorage` under the world and combat, so the GM's reload restores it exactly (`localStorage` is
 * the page's own per-origin storage, strings only: MDN, Window.localStorage). `Combat.system` holds only
 * the published form.
 *
 * Kept per combat, each part under its own key so a step writes only what it changed (the whole stored
 * combat is some 200 KB at 1,000 creatures; a turn step changes one undo patch):
 * - `<prefix>`: the entry, `{ seq, format, mark, undo, redo, secret }`: the sequence number and format
 *   of the write, the fingerprint of the engine it published (engine storage/fingerprint.ts), the step
 *   numbers of the undo and redo patches kept, and whether a secret patch is kept;
 * - `<prefix>.u<n>`, `<prefix>.r<n>`: each undo and redo patch as the history holds it;
 * - `<prefix>.s`: the update that turns the published engine into the whole one (the secrets), when
 *   they differ.
 *
 * An entry is used only for the exact `seq` the document holds and only when the document's engine is
 * the one it published (its fingerprint): a write by another GM, or a document put back by other means,
 * is read from the document. Every other connected GM's browser gets each change too (gm-storage.ts,
 * gm-replica.ts), so a GM who takes over holds the entry of the last write. A GM whose browser holds no
 * entry (storage cleared, not connected while the combat ran) runs the combat from the document:
 * nothing to undo, and secrets kept on the GM's side must be given again (reconcile.ts tells the GM).
 */
import {
  applyStoredUpdate,
  diffStored,
  historyIsEmpty,
  readCombatState,
  storedFingerprint,
  type AnyRulesetHost,
  type Stored,
  type StoreMemo,
  type StoredCombat,
  type StoredObject,
} from "../../engine/index.ts";
import { pageKey } from "../page-key.ts";
import { gmStorage, type StorageLike } from "./gm-storage.ts";
import { dropKeptActions } from "./secret-actions.ts";
import { dropKeptUses } from "./secret-uses.ts";
import { dropDeparted } from "./departed.ts";
import { dropConstantClaims } from "./constant-claims-kept.ts";

/** A step read back from the browser (state-cache.ts `CachedStep`). */
interface KeptStep {
  readonly state: unknown;
  readonly stored: StoredCombat;
  readonly published?: StoredObject;
  readonly publicOrder?: readonly string[];
}

/** The entry kept under a combat's key (see the file comment). */
interface Entry {
  readonly seq: number;
  readonly format: number | null;
  readonly mark: string;
  readonly undo: readonly string[];
  readonly redo: readonly string[];
  readonly secret: boolean;
}

/** What this page last wrote for a combat, so the next step writes only what differs from it. */
interface Written {
  readonly undo: StoredObject;
  readonly redo: StoredObject;
  readonly secret: string | null;
}

/** Per page (page-key.ts): a reload finds nothing here and reads the browser's entry first. */
const written = new Map<string, Written>();

const NOTHING_WRITTEN: Written = { undo: {}, redo: {}, secret: null };

/** This page's `localStorage`, or null where there is none (its changes reach the other GMs: gm-storage.ts). */
function storage(): StorageLike | null {
  return gmStorage();
}

function prefixOf(combatId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.secret.${world}.${combatId}`;
}

/** Whether this client may hold secrets: only a GM's does. */
function holdsSecrets(): boolean {
  return game.user?.isGM === true;
}

/**
 * Keeps the undo history and secrets of the stored combat written with `seq`; `published`: the engine
 * the write published, where it differs from `stored.engine`. `memo`: the combat's store memo (the
 * fingerprint of the parts the step did not change is the one found before).
 */
export function saveSecret(
  combatId: string,
  seq: number,
  stored: StoredCombat,
  published: StoredObject | undefined,
  memo: StoreMemo,
): void {
  const store = storage();
  if (store === null || !holdsSecrets() || combatId === "") return;
  const prefix = prefixOf(combatId);
  const key = pageKey(combatId);
  try {
    const before = written.get(key) ?? cleared(store, prefix);
    writeRecord(store, `${prefix}.u`, before.undo, stored.history.undo);
    writeRecord(store, `${prefix}.r`, before.redo, stored.history.redo);
    // Issue 17: the parts of both engines a step did not change were diffed at an earlier step (memo).
    const patch = published === undefined ? null : diffStored(published, stored.engine, memo);
    const secret = patch === null ? null : JSON.stringify(patch);
    if (secret !== before.secret) {
      if (secret === null) store.removeItem(`${prefix}.s`);
      else store.setItem(`${prefix}.s`, secret);
    }
    const entry: Entry = {
      seq,
      format: stored.format ?? null,
      mark: storedFingerprint(published ?? stored.engine, memo),
      undo: Object.keys(stored.history.undo),
      redo: Object.keys(stored.history.redo),
      secret: secret !== null,
    };
    store.setItem(prefix, JSON.stringify(entry));
    written.set(key, { undo: stored.history.undo, redo: stored.history.redo, secret });
  } catch (error) {
    // A full storage quota: the combat runs on; a reload finds no entry and runs from the document.
    written.delete(key);
    store.removeItem(prefix);
    console.warn("Tempo | the GM's combat state could not be kept in this browser", error);
  }
}

/** Writes the patches of `next` that `before` does not hold as they are, and removes the ones it dropped. */
function writeRecord(store: StorageLike, prefix: string, before: StoredObject, next: StoredObject): void {
  for (const step of Object.keys(next)) {
    const patch = next[step] as Stored;
    // Patches are never changed in place: one the history kept is the very value written before.
    if (!Object.hasOwn(before, step) || before[step] !== patch)
      store.setItem(`${prefix}${step}`, JSON.stringify(patch));
  }
  for (const step of Object.keys(before)) if (!Object.hasOwn(next, step)) store.removeItem(`${prefix}${step}`);
}

/**
 * Removes whatever the browser keeps for a combat, parts an interrupted write left unlisted included
 * (`localStorage` lists its keys: `length` and `key(i)`, MDN Storage); nothing is written for it now.
 */
function cleared(store: StorageLike, prefix: string): Written {
  const kept: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && (key === prefix || key.startsWith(`${prefix}.`))) kept.push(key);
  }
  for (const key of kept) store.removeItem(key);
  return NOTHING_WRITTEN;
}

/** Forgets the GM half of a deleted combat. */
export function dropSecret(combatId: string): void {
  const store = storage();
  written.delete(pageKey(combatId));
  if (store !== null) cleared(store, prefixOf(combatId));
}

/** A deleted combat's GM half leaves the browser with it (`deleteCombat` fires on every client: API v13 hookEvents). */
export function registerSecretCleanup(): void {
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    if (combat.id === null || !holdsSecrets()) return;
    dropSecret(combat.id);
    dropKeptActions(combat.id);
    dropKeptUses(combat.id);
    dropDeparted(combat.id);
    dropConstantClaims(combat.id);
  });
}

/** Forgets what every page wrote (the browsers' storage was put back: tests that travel back in time). */
export function forgetWrittenSecrets(): void {
  written.clear();
}

/** Forgets what this page wrote (another GM's records came into its browser: gm-replica.ts). */
export function forgetPageSecrets(): void {
  const page = pageKey("");
  for (const key of [...written.keys()]) if (key.startsWith(page)) written.delete(key);
}

/** A kept entry read back, or null when it is not one. */
function readEntry(raw: string | null): Entry | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { seq, format, mark, undo, redo, secret } = value as Partial<Record<keyof Entry, unknown>>;
  const steps = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");
  if (typeof seq !== "number" || typeof mark !== "string" || typeof secret !== "boolean") return null;
  if ((format !== null && typeof format !== "number") || !steps(undo) || !steps(redo)) return null;
  return { seq, format, mark, undo, redo, secret };
}

/** The patches kept under `prefix` for `steps`, or null when one is missing or does not read. */
function readRecord(store: StorageLike, prefix: string, steps: readonly string[]): StoredObject | null {
  const out: Record<string, Stored> = {};
  for (const step of steps) {
    const raw = store.getItem(`${prefix}${step}`);
    if (raw === null) return null;
    try {
      out[step] = JSON.parse(raw) as Stored;
    } catch {
      return null;
    }
  }
  return out;
}

/** The secret patch kept under `prefix`, or null when it is missing or does not read. */
function readSecret(store: StorageLike, prefix: string): StoredObject | null {
  const raw = store.getItem(`${prefix}.s`);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as StoredObject) : null;
  } catch {
    return null;
  }
}

/**
 * The step kept for `combatId` when it is the one the document holds (`seq`, and `document` is its
 * published form: the same engine and format, no history of its own), with its state read back;
 * undefined otherwise (a player's client never has one).
 */
export function restoreSecret(
  combatId: string | null | undefined,
  seq: number,
  document: StoredCombat | null,
  host: AnyRulesetHost,
  memo: StoreMemo,
): KeptStep | undefined {
  const store = storage();
  if (store === null || combatId === null || combatId === undefined || document === null || !holdsSecrets())
    return undefined;
  const prefix = prefixOf(combatId);
  const entry = readEntry(store.getItem(prefix));
  if (entry === null || entry.seq !== seq || entry.format !== (document.format ?? null)) return undefined;
  if (!historyIsEmpty(document) || storedFingerprint(document.engine, memo) !== entry.mark) return undefined;
  const undo = readRecord(store, `${prefix}.u`, entry.undo);
  const redo = readRecord(store, `${prefix}.r`, entry.redo);
  const secret = entry.secret ? readSecret(store, prefix) : null;
  if (undo === null || redo === null || (entry.secret && secret === null)) return undefined;
  const engine = secret === null ? document.engine : applyStoredUpdate(document.engine, secret);
  const read = readCombatState(host, engine);
  if (!read.ok) return undefined;
  // Core's `turns` follow the published state's order (engine host/public-order.ts): the document's.
  const shown = secret === null ? read : readCombatState(host, document.engine);
  if (!shown.ok) return undefined;
  written.set(pageKey(combatId), { undo, redo, secret: secret === null ? null : JSON.stringify(secret) });
  const format = document.format === undefined ? {} : { format: document.format };
  const stored: StoredCombat = { engine, history: { undo, redo }, ...format };
  const publicOrder = host.order(shown.value);
  return { state: read.value, stored, publicOrder, ...(secret === null ? {} : { published: document.engine }) };
}
