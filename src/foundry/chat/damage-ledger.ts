/**
 * Issue 18: the GM's ledger of what each Apply of a PLAYER's damage card changed (engine:
 * trust/apply-ledger.ts). A GM's card needs none: only a GM may update a GM's message, so the card's own
 * `applied` record is the GM's. A player applying damage to creatures of their own writes no entry
 * (they may write those creatures anyway); their card's own record then serves their own Undo.
 *
 * Where: in the GM's browser (combat/gm-storage.ts), one record `tempo.damageLedger.<world>.applies`,
 * which every connected GM holds too (combat/gm-replica.ts), not in a world setting: Foundry sends every
 * world setting to every client (Kanka-foundry #106; docs/research/foundry-secrets-and-write-guards.md),
 * and an entry names the creatures hit, by how much, and hidden creatures' uuids. The record is a JSON
 * object by card id, in the order applied, so a change travels to the other GMs as that one entry
 * (combat/gm-record-pack.ts sends a changed record as what lies between the start and end it keeps).
 *
 * A GM's reload keeps it (the same browser's `localStorage`), so Undo of a player's card works after the
 * only GM reloads. A GM in another browser, with no other GM connected, holds none of it: Undo of a
 * player's card applied before is then refused (`Damage.NothingToUndo`), and nothing is written.
 *
 * A hidden creature's line on a card (issue 18): an Apply by a GM's client on a creature hidden from players
 * records it here whoever wrote the card, and the card keeps only a stub naming it by reference
 * (`keptStub`): a whispered card still reaches every client (foundryvtt #14429), and its record would give
 * the creature's uuid and hit points away. A GM's page draws the card with these records
 * (`withKeptRecords`), and Undo restores from them.
 *
 * Worlds made before this kept the ledger in the world setting `tempo.damageLedger`: the active GM
 * moves its entries here once at `ready` and empties the setting (`migrateDamageLedger`).
 */
import {
  isApplied,
  readApplyLedger,
  recordsToUndo,
  withApply,
  withoutApply,
  type ApplyLedger,
  type LedgerRecord,
  type Result,
} from "../../engine/index.ts";
import type { AppliedDamage } from "../../view/chat/damage-applied.ts";
import { gmStorage } from "../combat/gm-storage.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { SYSTEM_ID } from "../system-id.ts";

function ledgerKey(): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.damageLedger.${world}.applies`;
}

/** The ledger this GM's browser holds (none on a player's client, which keeps nothing of it). */
function ledger(): ApplyLedger {
  if (!game.user.isGM) return [];
  const raw = gmStorage()?.getItem(ledgerKey()) ?? null;
  if (raw === null) return [];
  try {
    const stored = JSON.parse(raw) as unknown;
    if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return [];
    return readApplyLedger(Object.entries(stored).map(([messageId, records]) => ({ messageId, records })));
  } catch {
    return [];
  }
}

function keep(next: ApplyLedger): void {
  const text = JSON.stringify(Object.fromEntries(next.map((e) => [e.messageId, e.records])));
  try {
    gmStorage()?.setItem(ledgerKey(), text);
  } catch (error) {
    console.warn("Tempo | the damage ledger could not be kept in this browser", error);
  }
}

/** Whether the GM's ledger holds an application of this card. */
export function ledgerHasApply(messageId: string): boolean {
  return isApplied(ledger(), messageId);
}

/** What the GM's ledger recorded for this card's application. */
export function ledgerRecords(messageId: string): Result<readonly LedgerRecord[]> {
  return recordsToUndo(ledger(), messageId);
}

/** Records an application (a GM's client only). */
export function recordApply(messageId: string, records: readonly LedgerRecord[]): void {
  if (game.user.isGM) keep(withApply(ledger(), messageId, records));
}

/** Forgets an undone application (a GM's client only). */
export function forgetApply(messageId: string): void {
  if (game.user.isGM && ledgerHasApply(messageId)) keep(withoutApply(ledger(), messageId));
}

/** A hidden creature's line as a card stores it: its name (a reference), no uuid and no numbers. */
export function keptStub(name: string): AppliedDamage {
  const none = { hp: 0, overshield: 0 };
  return { actorUuid: "", name, before: none, after: none, notes: [] };
}

/** Whether a card's line is a hidden creature's stub (its record is in the GM's ledger). */
export function isKeptStub(record: { readonly actorUuid: string }): boolean {
  return record.actorUuid === "";
}

/** A card's lines as this GM's page draws them: each stub as the ledger recorded it (a player's page: as stored). */
export function withKeptRecords(messageId: string, applied: readonly AppliedDamage[]): readonly AppliedDamage[] {
  if (!applied.some(isKeptStub)) return applied;
  const recorded = ledgerRecords(messageId);
  if (!recorded.ok) return applied;
  return applied.map((line) => {
    const found = isKeptStub(line) ? recorded.value.find((r) => r.name === line.name) : undefined;
    return found === undefined ? line : { ...found, notes: line.notes };
  });
}

/**
 * Once, on the active GM's `ready`: the entries an older world kept in the world setting join this
 * browser's ledger (an entry this browser holds for the same card wins), and the setting is emptied.
 */
export async function migrateDamageLedger(): Promise<void> {
  if (!isActiveGm() || gmStorage() === null) return;
  const stored: unknown = game.settings.get(SYSTEM_ID, "damageLedger");
  if (!Array.isArray(stored) || stored.length === 0) return;
  const old = readApplyLedger(stored);
  const held = ledger();
  let merged: ApplyLedger = old.filter((e) => !isApplied(held, e.messageId));
  for (const entry of held) merged = withApply(merged, entry.messageId, entry.records);
  keep(merged);
  await game.settings.set(SYSTEM_ID, "damageLedger", []);
}
