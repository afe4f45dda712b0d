/**
 * Input checks shared by the dice and attack areas (not re-exported from the barrels). Numbers and
 * objects reach the engine from sheets, documents and chat cards, so they are checked, not trusted.
 */

/** True for a whole number that arithmetic keeps exact (NaN, ±Infinity, 1.5 and 1e300 are not). */
export function isWhole(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** True for a non-null object: the first check before reading the fields of stored data. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A bad value as error data can quote it: `String(value)`, or its type when even that fails (an object without a prototype). */
export function shown(value: unknown): string {
  try {
    return String(value).slice(0, 40);
  } catch {
    return typeof value;
  }
}
