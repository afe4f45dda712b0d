/**
 * What item validation returns: every problem found, each naming the field (its path under `system`)
 * and a localized message. An empty list means the stats are sound. The Foundry models turn the first
 * problem into their refusal; the pack build prints them all with file and field.
 */
import type { EngineError, I18nKey, Message, Result } from "../core/result.ts";
import { drFamilyOf } from "../damage/damage-kinds.ts";
import { statusListOf } from "../damage/status-riders.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";

export interface ItemProblem {
  /** Path under `system`: "apCost", "properties.heavy", "dr.physical" … */
  readonly field: string;
  readonly message: Message;
}

/** Collects problems while a validator walks the fields. */
export class ProblemList {
  readonly problems: ItemProblem[] = [];

  add(field: string, key: I18nKey, data: Readonly<Record<string, string | number>> = {}): void {
    this.problems.push({ field, message: { key, data: { field, ...data } } });
  }

  /** Records an engine rule's refusal against `field`; true when the rule accepted the value. */
  fromResult<T>(field: string, result: Result<T>): result is { readonly ok: true; readonly value: T } {
    if (result.ok) return true;
    const error: EngineError = result.error;
    this.problems.push({ field, message: { key: error.key, data: { field, ...(error.data ?? {}) } } });
    return false;
  }

  /** A string field; false (with a problem) when it is not text. */
  text(field: string, value: unknown): value is string {
    if (typeof value === "string") return true;
    this.add(field, "TEMPO.ERRORS.Item.NotText", { value: shown(value) });
    return false;
  }

  flag(field: string, value: unknown): value is boolean {
    if (typeof value === "boolean") return true;
    this.add(field, "TEMPO.ERRORS.Item.NotFlag", { value: shown(value) });
    return false;
  }

  /** A whole number from `min` up to `max` (inclusive). */
  whole(field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number {
    if (isWhole(value) && value >= min && value <= max) return true;
    if (max === Number.MAX_SAFE_INTEGER) this.add(field, "TEMPO.ERRORS.Item.NotWhole", { value: shown(value), min });
    else this.add(field, "TEMPO.ERRORS.Item.OutOfRange", { value: shown(value), min, max });
    return false;
  }

  /** A finite number of `min` or more (weights). */
  amount(field: string, value: unknown, min: number): value is number {
    if (typeof value === "number" && Number.isFinite(value) && value >= min) return true;
    this.add(field, "TEMPO.ERRORS.Item.NotAmount", { value: shown(value), min });
    return false;
  }

  choice<T extends string>(field: string, value: unknown, choices: readonly T[]): value is T {
    if (typeof value === "string" && (choices as readonly string[]).includes(value)) return true;
    this.add(field, "TEMPO.ERRORS.Item.NotAChoice", { value: shown(value), choices: choices.join(", ") });
    return false;
  }

  /** A nested object; false (with a problem) when it is not one. */
  record(field: string, value: unknown): value is Record<string, unknown> {
    if (isRecord(value) && !Array.isArray(value)) return true;
    this.add(field, "TEMPO.ERRORS.Item.NotAnObject", { value: shown(value) });
    return false;
  }
}

/** DR-1: an item's `damageKind` must be a damage kind some DR family reduces (else `Damage.UnknownKind`). */
export function checkDamageKind(list: ProblemList, value: unknown): void {
  if (list.text("damageKind", value)) list.fromResult("damageKind", drFamilyOf(value));
}

/**
 * OSH-2: the statuses a weapon or spell applies and their flag. Items stored before they carried them have
 * neither (the models give the defaults), so an absent field is no problem.
 */
export function checkStatusRider(list: ProblemList, source: Readonly<Record<string, unknown>>): void {
  const { statuses, statusesBypassShield } = source;
  if (statuses !== undefined && list.text("statuses", statuses)) list.fromResult("statuses", statusListOf(statuses));
  if (statusesBypassShield !== undefined) list.flag("statusesBypassShield", statusesBypassShield);
}
