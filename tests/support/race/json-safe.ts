/**
 * Whether a value comes back from a JSON round trip unchanged (`JSON.parse(JSON.stringify(v))` deep
 * strictly equal to `v`), decided in one pass without building the copy: the race fuzz asks it of
 * every changed source after every delivery. Not JSON: `undefined` (a dropped key or a null in an
 * array), a number JSON cannot write (NaN, ±Infinity become null; -0 becomes 0), a function, a
 * symbol-keyed property, anything but a plain object or array (a Date, Map, class instance or
 * null-prototype object comes back as something else), and an object with its own `toJSON`.
 */
export function survivesJson(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object":
      return Array.isArray(value) ? arraySurvives(value) : objectSurvives(value);
    default:
      return false;
  }
}

function arraySurvives(array: readonly unknown[]): boolean {
  if (Object.getPrototypeOf(array) !== Array.prototype || Object.keys(array).length !== array.length) return false;
  for (let i = 0; i < array.length; i++) if (!survivesJson(array[i])) return false;
  return true;
}

function objectSurvives(object: object): boolean {
  if (Object.getPrototypeOf(object) !== Object.prototype || "toJSON" in object) return false;
  if (Object.getOwnPropertySymbols(object).length > 0) return false;
  for (const key of Object.keys(object)) if (!survivesJson((object as Record<string, unknown>)[key])) return false;
  return true;
}
