/**
 * The part of the Quench module's API that Tempo's batches use, typed here because Quench's own types
 * package is not installed. Quench (https://github.com/Ethaks/FVTT-Quench) fires `quenchReady` with
 * its instance in its `setup` hook; `registerBatch(key, fn, options)` stores `fn`, which Quench calls
 * with mocha's `describe` / `it` / hooks and chai's `assert` when the user runs the batch.
 */

/** `this` inside a `describe` callback. */
export interface QuenchSuiteContext {
  timeout(ms: number): void;
}

/** `this` inside an `it` or a `before` / `after` callback. */
export interface QuenchTestContext {
  timeout(ms: number): void;
  skip(): void;
}

export type QuenchTestFunction = (this: QuenchTestContext) => void | Promise<void>;

/** The chai `assert` functions the batches call. */
export interface QuenchAssert {
  ok(value: unknown, message?: string): void;
  strictEqual<T>(actual: T, expected: T, message?: string): void;
  notStrictEqual<T>(actual: T, expected: T, message?: string): void;
  deepEqual<T>(actual: T, expected: T, message?: string): void;
  notDeepEqual<T>(actual: T, expected: T, message?: string): void;
  isTrue(value: unknown, message?: string): void;
  isFalse(value: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isNotNull<T>(value: T, message?: string): asserts value is Exclude<T, null>;
  isUndefined(value: unknown, message?: string): void;
  isAtLeast(value: number, minimum: number, message?: string): void;
  isAtMost(value: number, maximum: number, message?: string): void;
  fail(message?: string): never;
}

/** What Quench hands a batch's registration function. */
export interface QuenchBatchContext {
  describe(title: string, fn: (this: QuenchSuiteContext) => void): void;
  it(title: string, fn: QuenchTestFunction): void;
  before(fn: QuenchTestFunction): void;
  after(fn: QuenchTestFunction): void;
  assert: QuenchAssert;
}

export interface QuenchRegisterBatchOptions {
  /** Shown in the Quench window; the key when omitted. */
  readonly displayName?: string;
  /** Whether the batch starts checked in the Quench window (Quench's default: true). */
  readonly preSelected?: boolean;
}

export type QuenchBatchFunction = (context: QuenchBatchContext) => void | Promise<void>;

export interface Quench {
  registerBatch(key: string, fn: QuenchBatchFunction, options?: QuenchRegisterBatchOptions): void;
}
