/**
 * Issue 17: a click's changed GM records travel to the other GMs packed against what they hold
 * (gm-record-pack.ts); the other GM ends with exactly the sender's texts, and a batch never lands on
 * records the other GM holds differently.
 */
import { describe, expect, it } from "vitest";
import { packChanges, unpackChanges, type RecordChange } from "../../src/foundry/combat/gm-record-pack.ts";

const SEED = "tempo.secretActions.w.tempo.secret.w.";
const tracker = (now: object, undo: object) => JSON.stringify({ now, undo, redo: {} });
const full = { onTurn: true, action: 1, quickAction: 1, interaction: 1, reaction: 1 };
const spent = { onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 1 };
const entry = (seq: number, undo: number[]) => JSON.stringify({ seq, mark: "1e53xcc.gi218k", undo: undo.map(String) });
const steps = (from: number) => Array.from({ length: 50 }, (_, i) => from + i);

/** A turn step of a standard combat at 300: the combat's entry, its new undo patch, two NPC trackers. */
const click: RecordChange[] = [
  { key: "tempo.secret.w.c1", before: entry(159, steps(109)), after: entry(160, steps(110)) },
  { key: "tempo.secret.w.c1.u109", before: '{"turnIndex":106}', after: null },
  { key: "tempo.secret.w.c1.u159", before: null, after: '{"turnIndex":156}' },
  {
    key: "tempo.secretActions.w.c1.a052",
    before: tracker(full, { "109": spent }),
    after: tracker(spent, { "159": full }),
  },
  { key: "tempo.secretActions.w.c1.a090", before: null, after: tracker(full, { "159": spent }) },
];

const held = (changes: readonly RecordChange[]) => (key: string) => changes.find((c) => c.key === key)?.before ?? null;

describe("GM record batches", () => {
  it("a turn step's records travel in under a third of their whole texts, and the other GM ends with the sender's texts exactly", () => {
    const packed = packChanges(click, SEED);
    expect(packed).not.toBeNull();
    if (packed === null) return;
    const whole = JSON.stringify(click.map((c) => [c.key, c.after]));
    expect(JSON.stringify(packed).length).toBeLessThan(whole.length / 3);
    expect(unpackChanges(packed, SEED, held(click))).toEqual(click.map((c) => [c.key, c.after]));
  });

  it("a batch made from other records than the ones held is refused (the sender then sends a full copy)", () => {
    const packed = packChanges(click, SEED);
    if (packed === null) throw new Error("not packed");
    const otherwise = (key: string) => (key.endsWith("a052") ? tracker(spent, {}) : held(click)(key));
    expect(unpackChanges(packed, SEED, otherwise)).toBeNull();
    expect(unpackChanges(packed, SEED, () => null)).toBeNull();
    expect(unpackChanges({ ...packed, data: "zz" }, SEED, held(click))).toBeNull();
  });

  it("a new undo patch packed against the one before it (held alike on both sides) travels in less, and only to a GM holding that one", () => {
    const patch = (n: number, at: number) =>
      JSON.stringify({
        combatants: { root: { kids: { "1": { items: { _c: { rest: { [n]: { turnRound: -1 } } } } } } } },
        scan: at,
      });
    const change = { key: "tempo.secret.w.c1.u62", before: null, after: patch(5, 166) };
    const ref = { key: "tempo.secret.w.c1.u61", text: patch(4, 165) };
    const alone = packChanges([change], SEED);
    const against = packChanges([change], SEED, [ref]);
    if (alone === null || against === null) throw new Error("not packed");
    expect(against.data.length).toBeLessThan(alone.data.length / 2);
    const holds = (text: string | null) => (key: string) => (key === ref.key ? text : null);
    expect(unpackChanges(against, SEED, holds(ref.text))).toEqual([[change.key, change.after]]);
    expect(unpackChanges(against, SEED, holds(null))).toBeNull();
  });

  it("a long record changed in one place travels as that place: a few bytes, and exactly the sender's text", () => {
    const row = (i: number, d: number) => [`c${String(i).padStart(14, "0")}`, { d, w: i % 9 }];
    const rows = (at: number) => Array.from({ length: 1_000 }, (_, i) => row(i, i === at ? 99 : i % 17));
    const before = JSON.stringify(Object.fromEntries(rows(-1)));
    const after = JSON.stringify(Object.fromEntries(rows(500)));
    const change = [{ key: "tempo.secret.w.c1.s", before, after }];
    const packed = packChanges(change, SEED);
    if (packed === null) throw new Error("not packed");
    expect(JSON.stringify(packed).length).toBeLessThan(100);
    expect(unpackChanges(packed, SEED, () => before)).toEqual([[change[0]?.key, after]]);
  });

  it("a text holding a line break is not packed (the changes go whole)", () => {
    expect(packChanges([{ key: "tempo.secret.w.c1.s", before: null, after: '{"note":"a\nb"}' }], SEED)).toBeNull();
  });
});
