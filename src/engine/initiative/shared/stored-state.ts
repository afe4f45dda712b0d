/**
 * Checks for a scheduler state read back from storage (`Combat.system`, a saved preview): plain data
 * that may have been edited by hand, by a module or by an older version. Each check returns the name
 * of the first bad field, or null, so a scheme can report `InvalidState` with that field.
 */
import { isRecord } from "../../dice/checks.ts";

export { isRecord };

/** STD-1, ROT-1: a whole number (modifiers, rolled totals, counters). */
export function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

/** STD-1, ROT-1: a number that survives JSON (initiative totals, ROT-2 bonuses included). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** ROT-2, ROT-4: a list of ids or unit keys. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

/**
 * STD-4, ROT-3: the common shape of a linear order: ids once each, every one a known creature, and a turn index
 * inside it (`-1` before the first turn, `order.length` when nobody can act).
 */
export function badLinearOrder(order: unknown, turnIndex: unknown, known: (id: string) => boolean): string | null {
  if (!isStringArray(order) || new Set(order).size !== order.length || !order.every(known)) return "order";
  if (!isInteger(turnIndex) || turnIndex < -1 || turnIndex > order.length) return "turnIndex";
  return null;
}

/**
 * STD-1, ROT-1, ROT-4: dice requests: unique ids, a formula, a reason key, the group rolled for (or null),
 * and a legal range of totals.
 */
export function badPendingRolls(
  rolls: unknown,
  kinds: readonly string[],
  known: (id: string) => boolean,
): string | null {
  if (!Array.isArray(rolls)) return "rolls";
  const ids = new Set<string>();
  for (const roll of rolls) {
    if (!isRecord(roll) || !isRecord(roll.request) || !kinds.includes(String(roll.kind))) return "rolls";
    const { id, combatantId, groupId, formula, reason } = roll.request;
    if (typeof id !== "string" || ids.has(id) || typeof formula !== "string") return "rolls";
    if (groupId !== null && typeof groupId !== "string") return "rolls";
    if (typeof reason !== "string" || !reason.startsWith("TEMPO.")) return "rolls";
    if (typeof combatantId !== "string" || !known(combatantId)) return "rolls";
    if (!isInteger(roll.min) || !isInteger(roll.max) || roll.min > roll.max) return "rolls";
    ids.add(id);
  }
  return null;
}
