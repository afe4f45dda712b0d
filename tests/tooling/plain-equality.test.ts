import { describe, expect, it } from "vitest";

/** tests/support/plain-equality.ts (every project's setup) only ever says "equal" where vitest would. */
describe("vitest's equality with the plain-data first look", () => {
  it("still fails what differs: a leaf, a key, an undefined key (strict), -0, a class, a hole", () => {
    expect(() => expect({ a: [1, { b: 2 }] }).toEqual({ a: [1, { b: 3 }] })).toThrow();
    expect(() => expect({ a: 1 }).toEqual({ a: 1, b: 1 })).toThrow();
    expect(() => expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 })).toThrow();
    expect(() => expect({ n: 0 }).toEqual({ n: -0 })).toThrow();
    expect(() => expect(new Date(0)).toStrictEqual({})).toThrow();
    class Box {
      readonly v = 1;
    }
    expect(() => expect(new Box()).toStrictEqual({ v: 1 })).toThrow();
    const holed = [1, 2, 3];
    delete holed[1];
    expect(() => expect(holed).toStrictEqual([1, undefined, 3])).toThrow();
    expect(() => expect({ s: new Set([1]) }).toEqual({ s: new Set([2]) })).toThrow();
  });

  it("still passes what vitest calls equal: matchers, undefined keys (loose), NaN, Maps", () => {
    expect({ a: 1, b: "x" }).toEqual({ a: expect.any(Number), b: expect.stringMatching(/x/) });
    expect({ a: 1, b: undefined }).toEqual({ a: 1 });
    expect({ n: Number.NaN, l: [1, { m: new Map([[1, 2]]) }] }).toStrictEqual({
      n: Number.NaN,
      l: [1, { m: new Map([[1, 2]]) }],
    });
    expect({ a: { b: [1, 2] }, c: null }).toMatchObject({ a: { b: [1, 2] } });
  });
});
