/**
 * Issue 18: the GM's own record of what each Apply of a damage card changed, kept where only a GM
 * writes (the Foundry layer keeps it in a world setting), so that Undo restores what that Apply
 * recorded and nothing a card's author wrote on the card. An entry exists while the card's damage is
 * applied: Apply is refused while it does, Undo is refused when it does not. The ledger keeps the
 * LEDGER_SIZE latest applications (an older card's Undo is refused, `Damage.NothingToUndo`).
 * Pure.
 */
import { isDamageStatusList, type DamageStatus } from "../actors/damage-statuses.ts";
import { isHealthChange, type HealthChange } from "../actors/actor-damage.ts";
import { err, ok, type Result } from "../core/result.ts";
import { isShieldChange, type ShieldChange } from "../actors/actor-card-effects.ts";

/** One creature an Apply changed: where, what before and after, which statuses it set. */
export interface LedgerRecord extends HealthChange {
  readonly actorUuid: string;
  readonly name: string;
  readonly statuses: readonly DamageStatus[];
  /** OSH-2: the attack's own statuses it set (absent: none). */
  readonly effects?: readonly string[];
  /** OSH-5: the whole shield a grant replaced (absent or null: none). */
  readonly shield?: ShieldChange | null;
  /** Healing: the damage statuses it ended, which Undo sets again (absent: none). */
  readonly ended?: readonly DamageStatus[];
}

export interface LedgerEntry {
  readonly messageId: string;
  readonly records: readonly LedgerRecord[];
}

export type ApplyLedger = readonly LedgerEntry[];

/** **Ruling:** the 100 latest applications can be undone. */
export const LEDGER_SIZE = 100;

function isRecord(value: unknown): value is LedgerRecord {
  if (!isHealthChange(value)) return false;
  const v = value as unknown as Record<string, unknown>;
  const effects =
    v.effects === undefined || (Array.isArray(v.effects) && v.effects.every((e) => typeof e === "string"));
  const shield = v.shield === undefined || v.shield === null || isShieldChange(v.shield);
  return (
    typeof v.actorUuid === "string" &&
    typeof v.name === "string" &&
    isDamageStatusList(v.statuses) &&
    effects &&
    shield &&
    (v.ended === undefined || isDamageStatusList(v.ended))
  );
}

function isEntry(value: unknown): value is LedgerEntry {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.messageId === "string" && Array.isArray(v.records) && v.records.every(isRecord);
}

/** The well-formed entries of a stored ledger. */
export function readApplyLedger(stored: unknown): ApplyLedger {
  return Array.isArray(stored) ? stored.filter(isEntry) : [];
}

export function isApplied(ledger: ApplyLedger, messageId: string): boolean {
  return ledger.some((e) => e.messageId === messageId);
}

/** The ledger with this card's application recorded (the oldest dropped past LEDGER_SIZE). */
export function withApply(ledger: ApplyLedger, messageId: string, records: readonly LedgerRecord[]): ApplyLedger {
  return [...ledger.filter((e) => e.messageId !== messageId), { messageId, records }].slice(-LEDGER_SIZE);
}

export function withoutApply(ledger: ApplyLedger, messageId: string): ApplyLedger {
  return ledger.filter((e) => e.messageId !== messageId);
}

/** What Undo of this card restores: what its Apply recorded. Errors: `Damage.NothingToUndo`. */
export function recordsToUndo(ledger: ApplyLedger, messageId: string): Result<readonly LedgerRecord[]> {
  const entry = ledger.find((e) => e.messageId === messageId);
  return entry === undefined ? err("TEMPO.CHAT.Damage.NothingToUndo") : ok(entry.records);
}
