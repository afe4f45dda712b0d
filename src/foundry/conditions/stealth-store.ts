/**
 * STL-1..4, issue 18: where the GM keeps a combat's stealth watch (engine stealth-watch.ts) and the
 * creatures the GM marked as having no line of sight. A kept Sneak result and who has seen whom must not
 * reach a player's client, and Foundry sends every document, chat message and world setting to every
 * client (docs/research/foundry-secrets-and-write-guards.md), so, as the combat's secrets are
 * (secret-store.ts), the watch lives in the GM's browser's `localStorage` under the world and combat
 * (MDN, Window.localStorage: the page's own per-origin storage, strings only). Only a GM's client reads or
 * writes it; the active GM's answers what a player's attack needs (stealth-flow.ts).
 */
import { gmStorage, type StorageLike } from "../combat/gm-storage.ts";
import { NO_STEALTH, readStealthWatch, type StealthWatch } from "../../engine/index.ts";

/** What the GM keeps for one combat. */
export interface StealthKept {
  readonly watch: StealthWatch;
  /** STL-2 interim ruling: creatures the GM marked as having no line of sight to anyone sneaking. */
  readonly unsighted: readonly string[];
}

const NOTHING: StealthKept = { watch: NO_STEALTH, unsighted: [] };

function storage(): StorageLike | null {
  if (game.user?.isGM !== true) return null;
  // Issue 18: kept by every connected GM's browser (combat/gm-storage.ts, gm-replica.ts).
  return gmStorage();
}

function keyOf(combatId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.stealth.${world}.${combatId}`;
}

/** The combat's stealth as this GM's browser keeps it (nothing on a player's client). */
export function keptStealth(combatId: string): StealthKept {
  const raw = storage()?.getItem(keyOf(combatId)) ?? null;
  if (raw === null) return NOTHING;
  try {
    const value = JSON.parse(raw) as { watch?: unknown; unsighted?: unknown };
    const unsighted = Array.isArray(value.unsighted) ? value.unsighted.filter((s) => typeof s === "string") : [];
    return { watch: readStealthWatch(value.watch), unsighted };
  } catch {
    return NOTHING;
  }
}

/** Keeps the combat's stealth in this GM's browser (a player's client keeps nothing). */
export function keepStealth(combatId: string, kept: StealthKept): void {
  const store = storage();
  if (store === null) return;
  if (Object.keys(kept.watch).length === 0 && kept.unsighted.length === 0) store.removeItem(keyOf(combatId));
  else store.setItem(keyOf(combatId), JSON.stringify(kept));
}
