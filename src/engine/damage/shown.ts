/**
 * A value as text for an error's data. `String` throws on objects without a prototype (and so without
 * `toString`); bad input must give a typed error, never a throw.
 */
export function shown(value: unknown): string {
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === null) return "[object]";
  return String(value);
}
