import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stepRecord } from "../../../src/engine/storage/stored-json.ts";

/** Step numbers as a record's keys: near and far apart, below and past V8's 1,024 gap, with other keys mixed in. */
const keys = fc.array(fc.oneof(fc.nat(3_000).map(String), fc.constantFrom("now", "a", "0", "x1")), { maxLength: 60 });

describe("Issue 17: a record of step numbers (stored-json.ts stepRecord)", () => {
  it("Issue 17: holds what a plain object holds: the same keys, in the same order, and the same JSON", () => {
    fc.assert(
      fc.property(keys, fc.array(fc.nat(), { maxLength: 10 }), (written, removed) => {
        const plain: Record<string, number> = {};
        const record = stepRecord<number>();
        written.forEach((key, i) => {
          plain[key] = i;
          record[key] = i;
        });
        for (const at of removed) {
          const key = written[at % Math.max(1, written.length)];
          if (key === undefined) continue;
          Reflect.deleteProperty(plain, key);
          Reflect.deleteProperty(record, key);
        }
        expect(Object.keys(record)).toEqual(Object.keys(plain));
        expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
        expect(record).toEqual(plain);
        expect(Object.hasOwn(record, "4294967294")).toBe(false);
      }),
    );
  });
});
