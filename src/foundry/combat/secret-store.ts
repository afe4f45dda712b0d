/**
 * Issue 18 item 3: the GM's half of a combat's stored state, which never reaches a player's client.
 *
 * Foundry sends every world document, chat message and setting (user-scope ones included) to every
 * client, and withholds nothing a system could use (docs/research/foundry-secrets-and-write-guards.md,
 * session 8). So what the rules keep secret lives on GM clients only: the whole stored combat (the
 * engine and its undo history, engine/host/published.ts) of the last step this GM wrote or received,
 * in the browser's `localStorage` under the world and combat, so the GM's reload restores it exactly
 * (`localStorage` is the page's own per-origin storage: MDN, Window.localStorage). `Combat.system` holds
 * only the published form.
 *
 * An entry is used only for the exact `seq` the document holds and only when its published form is
 * what the document holds: a write by another GM, or a document put back by other means, is read from
 * the document. A GM whose browser holds no entry (storage cleared, another browser) runs the combat
 * from the document: nothing to undo, and secrets kept on the GM's side must be given again
 * (secret-notice.ts tells the GM).
 */
import {
  decodeStored,
  diffStored,
  historyIsEmpty,
  readCombatState,
  readPatchHistory,
  type AnyRulesetHost,
  type StoredCombat,
  type StoredObject,
} from "../../engine/index.ts";

/** A step read back from the browser (state-cache.ts `CachedStep`). */
interface KeptStep {
  readonly state: unknown;
  readonly stored: StoredCombat;
  readonly published?: StoredObject;
}

const PREFIX = "tempo.secret";

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** This page's `localStorage`, or null where there is none (a GM-less test double). */
function storage(): StorageLike | null {
  const found = (globalThis as { localStorage?: StorageLike }).localStorage;
  return found ?? null;
}

function keyOf(combatId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `${PREFIX}.${world}.${combatId}`;
}

/** Whether this client may hold secrets: only a GM's does. */
function holdsSecrets(): boolean {
  return game.user?.isGM === true;
}

/**
 * Keeps the whole stored combat written (or received) with `seq`, and the engine that write published
 * where it differs (engine/host/published.ts).
 */
export function saveSecret(combatId: string, seq: number, stored: StoredCombat, published?: StoredObject): void {
  const store = storage();
  if (store === null || !holdsSecrets() || combatId === "") return;
  try {
    store.setItem(keyOf(combatId), JSON.stringify({ seq, stored, ...(published === undefined ? {} : { published }) }));
  } catch (error) {
    // A full storage quota: the combat runs on; a reload then finds an older entry and uses the document.
    console.warn("Tempo | the GM's combat state could not be kept in this browser", error);
  }
}

/** Forgets the secret half of a deleted combat. */
export function dropSecret(combatId: string): void {
  storage()?.removeItem(keyOf(combatId));
}

/** A deleted combat's GM half leaves the browser with it (`deleteCombat` fires on every client: API v13 hookEvents). */
export function registerSecretCleanup(): void {
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    if (combat.id !== null) dropSecret(combat.id);
  });
}

/** What the browser keeps for a combat. */
export interface SecretEntry {
  readonly seq: number;
  readonly stored: StoredCombat;
  /** The published engine, where it differs from `stored.engine`. */
  readonly published?: StoredObject;
}

/** The whole stored combat kept for `seq`, as JSON (for the GM-to-GM copy), or null. */
export function secretEntry(combatId: string): SecretEntry | null {
  const raw = storage()?.getItem(keyOf(combatId)) ?? null;
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return readEntry(parsed);
  } catch {
    return null;
  }
}

/** A kept entry read back, or null when it is not one. */
export function readEntry(value: unknown): SecretEntry | null {
  if (typeof value !== "object" || value === null) return null;
  const { seq, stored, published } = value as { seq?: unknown; stored?: unknown; published?: unknown };
  const isEngine = (v: unknown): v is StoredObject =>
    typeof v === "object" && v !== null && !Array.isArray(v) && decodeStored(v) !== null;
  if (published !== undefined && !isEngine(published)) return null;
  if (typeof seq !== "number" || typeof stored !== "object" || stored === null) return null;
  const { engine, history, format } = stored as { engine?: unknown; history?: unknown; format?: unknown };
  if (!isEngine(engine)) return null;
  const patches = readPatchHistory(history);
  if (patches === null) return null;
  const kept = typeof format === "number" ? { format } : {};
  return { seq, stored: { engine, history: patches, ...kept }, ...(published === undefined ? {} : { published }) };
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
): KeptStep | undefined {
  if (combatId === null || combatId === undefined || document === null || !holdsSecrets()) return undefined;
  const entry = secretEntry(combatId);
  if (entry === null || entry.seq !== seq || entry.stored.format !== document.format) return undefined;
  const published = entry.published ?? entry.stored.engine;
  if (!historyIsEmpty(document) || diffStored(document.engine, published) !== null) return undefined;
  const read = readCombatState(host, entry.stored.engine);
  if (!read.ok) return undefined;
  return { state: read.value, stored: entry.stored, ...(entry.published === undefined ? {} : { published }) };
}
