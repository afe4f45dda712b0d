import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { survivesJson } from "../support/race/json-safe.ts";

/** The check the race fuzz used to make, by building the copy. */
const roundTrips = (value: unknown): boolean => {
  const text = JSON.stringify(value) as string | undefined;
  return text !== undefined && isDeepStrictEqual(JSON.parse(text), value);
};

class Point {
  x = 1;
}
const sparse: unknown[] = [1];
sparse[2] = 3;
const nullProto: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
nullProto.a = 1;

const CASES: readonly [string, unknown][] = [
  ["plain data", { a: 1, b: [true, null, "x", { c: -1.5 }], d: {} }],
  ["an undefined property", { a: undefined }],
  ["undefined in an array", [1, undefined]],
  ["a hole in an array", sparse],
  ["NaN", { n: Number.NaN }],
  ["Infinity", [Number.POSITIVE_INFINITY]],
  ["-0", { z: -0 }],
  ["a function", { f: () => 1 }],
  ["a Date", { d: new Date(0) }],
  ["a Map", { m: new Map([[1, 2]]) }],
  ["a class instance", { p: new Point() }],
  ["a null-prototype object", { o: nullProto }],
  ["a symbol key", { [Symbol("s")]: 1, a: 1 }],
  ["an own toJSON", { a: { toJSON: () => 1 } }],
  ["a bigint-free nested array", [[[]], [{}]]],
];

describe("race fuzz: the one-pass JSON check agrees with a real JSON round trip", () => {
  it.each(CASES)("%s", (_name, value) => {
    expect(survivesJson(value)).toBe(roundTrips(value));
  });
});
