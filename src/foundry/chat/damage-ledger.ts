/**
 * Issue 18: the GM's ledger of what each Apply of a PLAYER's damage card changed (engine:
 * trust/apply-ledger.ts), in the world setting `tempo.damageLedger`, which only a GM writes
 * (settings.ts). A GM's card needs none: only a GM may update a GM's message, so the card's own
 * `applied` record is the GM's. A player applying damage to creatures of their own writes no entry
 * (they may write those creatures anyway); their card's own record then serves their own Undo.
 */
import {
  isApplied,
  readApplyLedger,
  recordsToUndo,
  withApply,
  withoutApply,
  type LedgerRecord,
  type Result,
} from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

function ledger() {
  return readApplyLedger(game.settings.get(SYSTEM_ID, "damageLedger"));
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
export async function recordApply(messageId: string, records: readonly LedgerRecord[]): Promise<void> {
  if (game.user.isGM) await game.settings.set(SYSTEM_ID, "damageLedger", [...withApply(ledger(), messageId, records)]);
}

/** Forgets an undone application (a GM's client only). */
export async function forgetApply(messageId: string): Promise<void> {
  if (game.user.isGM && ledgerHasApply(messageId))
    await game.settings.set(SYSTEM_ID, "damageLedger", [...withoutApply(ledger(), messageId)]);
}
