/**
 * A fast first look for vitest's deep equality (`toEqual`, `toStrictEqual`, `toMatchObject`, …), added as
 * an equality tester (https://vitest.dev/api/expect.html#expect-addequalitytesters): it answers "equal"
 * when both sides are the very same tree of plain objects, dense arrays and primitives (the same own
 * keys in each object, `Object.is` on every leaf), and otherwise "I cannot tell" (`undefined`), so vitest
 * compares as before. It never answers "different", so no assertion can fail because of it, and it
 * answers "equal" only where every one of vitest's equalities holds: nothing passes that failed before.
 * Class instances, Maps, Sets, symbols, asymmetric matchers and sparse arrays are left to vitest.
 *
 * Why: vitest's own `equals` walks a large engine state an order of magnitude slower (it checks every
 * key for asymmetric matchers and iterables); it was a third of the CPU of the engine's property tests.
 */
import { expect } from "vitest";

function plainPrototype(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** True when `a` and `b` are the same plain data; false when this cannot tell (vitest then decides). */
function samePlain(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    if (Object.getPrototypeOf(a) !== Array.prototype || Object.getPrototypeOf(b) !== Array.prototype) return false;
    for (let i = 0; i < a.length; i++) {
      if (!(i in a) || !(i in b) || !samePlain(a[i], b[i])) return false;
    }
    return Object.keys(a).length === a.length && Object.keys(b).length === b.length;
  }
  if (Array.isArray(b) || !plainPrototype(a) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Object.getOwnPropertySymbols(a).length > 0 || Object.getOwnPropertySymbols(b).length > 0) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length || "asymmetricMatch" in a || "asymmetricMatch" in b) return false;
  const record = b as Record<string, unknown>;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !samePlain((a as Record<string, unknown>)[key], record[key])) return false;
  }
  return true;
}

/**
 * Objects this could not tell about: vitest then walks into them and asks again of each part, so an object
 * once undecided is passed over at once (saying "cannot tell" is always safe) and each part is looked at once.
 */
const undecided = new WeakSet<object>();

function tester(a: unknown, b: unknown): true | undefined {
  if (typeof a === "object" && a !== null && undecided.has(a)) return undefined;
  if (samePlain(a, b)) return true;
  if (typeof a === "object" && a !== null) undecided.add(a);
  return undefined;
}

const ADDED = Symbol.for("tempo.plainEquality");

/** Adds the tester once per worker (setup files run before every test file; the worker keeps `expect`). */
export function usePlainEquality(): void {
  const registry = globalThis as { [ADDED]?: true };
  if (registry[ADDED] === true) return;
  registry[ADDED] = true;
  expect.addEqualityTesters([tester]);
}
