/**
 * Issue 18 item 3: the declared-use records (declared-uses.ts: the item and targets a declaration rolls
 * when its pending card is resolved) of the creatures whose record the rules keep from players
 * (engine `declaredUseWithheld`: creatures only the GM controls, hidden ones) stay on the active GM's
 * side (gm-kept.ts), never written to `Combatant.system.declaredUses`, which every client receives. A
 * GM's client reads a key it keeps before the document's (a kept `null` too: a declaration without a
 * record, so an older document value never rolls).
 */
import { declaredUseWithheld } from "../../engine/index.ts";
import { gmKept } from "./gm-kept.ts";
import { secrecyOf } from "./secrecy.ts";

const records = gmKept("secretUses", "a declared item use");

type UseRecord = Readonly<Record<string, unknown>>;

function recordOf(value: unknown): UseRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as UseRecord) : {};
}

/** Whether this step's record for `combatantId` stays with the GM instead of on its document. */
export function keepsUses(combat: Combat.Implementation, combatantId: string): boolean {
  return game.user?.isGM === true && declaredUseWithheld(secrecyOf(combat), combatantId);
}

/** Adds `writes` (key → use or null) to what this GM keeps for the combatant. */
export function keepUses(combat: Combat.Implementation, combatantId: string, writes: UseRecord): void {
  const combatId = combat.id ?? "";
  if (combatId === "") return;
  records.keep(combatId, combatantId, { ...recordOf(records.read(combatId, combatantId)), ...writes });
}

/** What this client keeps for `combatant` under `key`: found (the use or null), or not kept here. */
export function keptUseOf(
  combatant: { readonly id: string | null; readonly parent: { readonly id: string | null } | null },
  key: string,
): { readonly value: unknown } | null {
  const combatId = combatant.parent?.id ?? null;
  if (game.user?.isGM !== true || combatId === null || combatant.id === null) return null;
  const record = recordOf(records.read(combatId, combatant.id));
  return Object.hasOwn(record, key) ? { value: record[key] } : null;
}

/** Forgets every record of a deleted combat, in this page and in the browser. */
export function dropKeptUses(combatId: string): void {
  records.drop(combatId);
}

/** Forgets what this page read (the browsers' storage was put back). */
export function forgetKeptUses(): void {
  records.forget();
}

/** Forgets what this page read (another GM's records came into its browser: gm-replica.ts). */
export function forgetPageUses(): void {
  records.forgetPage();
}
