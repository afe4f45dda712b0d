/**
 * Runs a Quench batch's body outside Foundry, on the runtime model: Quench hands a batch mocha's
 * `describe` / `it` / `before` / `after` and chai's `assert` (quench-api.ts); this gives the same shapes,
 * runs each suite's `before`s, its tests in order and its `after`s (always), and reports each test as
 * passed, failed (with the error) or skipped (`this.skip()` in a `before` or a test).
 */
import assertNode from "node:assert/strict";
import type { QuenchAssert, QuenchBatchFunction, QuenchTestFunction } from "../../src/foundry/quench/quench-api.ts";

export interface TestOutcome {
  readonly suite: string;
  readonly title: string;
  readonly status: "passed" | "failed" | "skipped";
  readonly error?: unknown;
}

interface Suite {
  readonly title: string;
  readonly befores: QuenchTestFunction[];
  readonly afters: QuenchTestFunction[];
  readonly tests: { readonly title: string; readonly fn: QuenchTestFunction }[];
}

class Skipped extends Error {}

const context = {
  timeout: () => undefined,
  skip: (): never => {
    throw new Skipped("skipped");
  },
};

const assert: QuenchAssert = {
  ok: (value, message) => assertNode.ok(value, message),
  strictEqual: (actual, expected, message) => assertNode.strictEqual(actual, expected, message),
  notStrictEqual: (actual, expected, message) => assertNode.notStrictEqual(actual, expected, message),
  deepEqual: (actual, expected, message) => assertNode.deepStrictEqual(actual, expected, message),
  notDeepEqual: (actual, expected, message) => assertNode.notDeepStrictEqual(actual, expected, message),
  isTrue: (value, message) => assertNode.strictEqual(value, true, message),
  isFalse: (value, message) => assertNode.strictEqual(value, false, message),
  isNull: (value, message) => assertNode.strictEqual(value, null, message),
  isNotNull: (value, message) => assertNode.notStrictEqual(value, null, message),
  isUndefined: (value, message) => assertNode.strictEqual(value, undefined, message),
  isAtLeast: (value, minimum, message) => assertNode.ok(value >= minimum, message ?? `${value} < ${minimum}`),
  isAtMost: (value, maximum, message) => assertNode.ok(value <= maximum, message ?? `${value} > ${maximum}`),
  fail: (message) => assertNode.fail(message),
};

/** The suites and test titles a batch declares, without running any. */
export async function declaredTests(batch: QuenchBatchFunction): Promise<Suite[]> {
  const suites: Suite[] = [];
  let current: Suite | null = null;
  const within = (what: string): Suite => {
    if (current === null) throw new Error(`${what} outside describe`);
    return current;
  };
  await batch({
    describe: (title, fn) => {
      const suite: Suite = { title, befores: [], afters: [], tests: [] };
      suites.push(suite);
      current = suite;
      fn.call(context);
      current = null;
    },
    it: (title, fn) => within("it").tests.push({ title, fn }),
    before: (fn) => within("before").befores.push(fn),
    after: (fn) => within("after").afters.push(fn),
    assert,
  });
  return suites;
}

/** Runs `fn` as one client's code (Quench runs a batch in the page of the user who started it). */
export type Within = (fn: () => Promise<unknown>) => Promise<unknown>;

/** Runs every suite of `batch` as Quench would, each hook and test inside `within`; the outcome of each test. */
export async function runBatch(batch: QuenchBatchFunction, within: Within): Promise<TestOutcome[]> {
  const out: TestOutcome[] = [];
  for (const suite of await declaredTests(batch)) {
    let skipAll = false;
    try {
      for (const fn of suite.befores) await within(async () => fn.call(context));
    } catch (error) {
      if (!(error instanceof Skipped)) throw error;
      skipAll = true;
    }
    let failed = false;
    for (const test of suite.tests) {
      if (skipAll) {
        out.push({ suite: suite.title, title: test.title, status: "skipped" });
        continue;
      }
      try {
        await within(async () => test.fn.call(context));
        out.push({ suite: suite.title, title: test.title, status: "passed" });
      } catch (error) {
        const skipped = error instanceof Skipped;
        failed ||= !skipped;
        out.push({ suite: suite.title, title: test.title, status: skipped ? "skipped" : "failed", error });
      }
    }
    for (const fn of suite.afters) await within(async () => fn.call(context));
  }
  return out;
}
