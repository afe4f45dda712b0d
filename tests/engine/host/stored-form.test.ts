import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyStoredUpdate,
  decodeStored,
  diffStored,
  encodeStored,
  recordStep,
  redoStep,
  undoStep,
  type Json,
  type StoredObject,
} from "../../../src/engine/index.ts";

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("__proto__", "a.b", "-=x", "#", "==y")), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

const objectOf = (value: Json): StoredObject => encodeStored({ root: value }) as StoredObject;

describe("stored form of engine states", () => {
  it("DEF-1: any JSON value reads back exactly, keys Foundry would misread included", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(decodeStored(JSON.parse(JSON.stringify(encodeStored(value))))?.value).toEqual(value);
      }),
    );
  });

  it("the stored form holds no arrays, so Foundry never sends a whole list", () => {
    const hasArray = (v: unknown): boolean =>
      Array.isArray(v) || (typeof v === "object" && v !== null && Object.values(v).some(hasArray));
    fc.assert(
      fc.property(json, (value) => {
        expect(hasArray(encodeStored(value))).toBe(false);
      }),
    );
  });

  it("a diff merged the way Foundry merges updates gives the new state", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const before = objectOf(a);
        const after = objectOf(b);
        const update = diffStored(before, after);
        const merged = update === null ? before : applyStoredUpdate(before, JSON.parse(JSON.stringify(update)));
        expect(merged).toEqual(after);
      }),
    );
  });

  it("undo and redo through stored patches are exact", () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 2, maxLength: 6 }), (values) => {
        const states = values.map(objectOf);
        let history = { undo: {}, redo: {} };
        for (let i = 1; i < states.length; i++) history = recordStep(history, states[i - 1] ?? {}, states[i] ?? {});
        let present = states[states.length - 1] ?? {};
        const changes = states.filter((s, i) => i > 0 && JSON.stringify(s) !== JSON.stringify(states[i - 1])).length;
        for (let i = 0; i < changes; i++) {
          const moved = undoStep(JSON.parse(JSON.stringify(history)), present);
          if (!moved.ok) throw new Error(moved.error.key);
          ({ state: present, history } = moved.value);
        }
        expect(present).toEqual(states[0]);
        for (let i = 0; i < changes; i++) {
          const moved = redoStep(history, present);
          if (!moved.ok) throw new Error(moved.error.key);
          ({ state: present, history } = moved.value);
        }
        expect(present).toEqual(states[states.length - 1]);
      }),
    );
  });
});
