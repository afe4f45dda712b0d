/**
 * Issue 17: a kept undo step is stored compactly (storage/compact-patch.ts): a roll all at 300
 * combatants keeps < 1 KB (the click-bytes bench measures every kind of click through the adapter),
 * undo and redo through compact patches restore exactly the same state, and a patch is refused (never
 * misread) when applied to another state; an entry stored by the format before still reads.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createStoreMemo,
  RULESET_IDS,
  readCombatState,
  type AnyRulesetHost,
  type CombatStep,
  type RulesetId,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { packPatch, unpackPatch } from "../../../src/engine/storage/compact-patch.ts";
import { compressText, decompressText } from "../../../src/engine/storage/lz-text.ts";
import { transposeRows } from "../../../src/engine/storage/patch-transpose.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

/** Bytes the step added under `history.undo` (what the click-bytes bench books as `undo+`). */
function undoAdded(before: StoredCombat, after: StoredCombat): number {
  let sum = 0;
  for (const [key, entry] of Object.entries(after.history.undo))
    if (before.history.undo[key] !== entry) sum += Buffer.byteLength(JSON.stringify({ [key]: entry }));
  return sum;
}

interface Played {
  readonly host: AnyRulesetHost;
  readonly steps: readonly CombatStep[];
  readonly first: StoredCombat;
}
const played = new Map<RulesetId, Played>();

/**
 * Plays 300 creatures from the start until round 2 starts (every roll all and boundary of round 1), with
 * a memo as the Foundry layer steps (the undos and redos below read every state back from JSON alone).
 * Each ruleset is played once per file.
 */
function play(ruleset: RulesetId): Played {
  const known = played.get(ruleset);
  if (known !== undefined) return known;
  const random = seeded(9);
  const memo = createStoreMemo();
  const { host, stored } = storedEncounter(ruleset, 300);
  const steps = [step(host, stored, { type: "start" }, memo)];
  for (let i = 0; host.round(steps[steps.length - 1]?.state) < 2 && i < 3_000; i++) {
    const last = steps[steps.length - 1] as CombatStep;
    steps.push(step(host, last.stored, nextCommand(host, last.state, random), memo));
  }
  const out = { host, steps, first: stored };
  played.set(ruleset, out);
  return out;
}

const read = (host: AnyRulesetHost, stored: StoredCombat): unknown => {
  const state = readCombatState(host, JSON.parse(JSON.stringify(stored.engine)));
  if (!state.ok) throw new Error(state.error.key);
  return state.value;
};

describe("compact undo history (issue 17)", () => {
  it.each(RULESET_IDS)(
    "DEF-1: %s at 300: a roll all keeps < 1 KB of undo; through round 1, 10 undos and 10 redos are exact",
    (ruleset) => {
      const { host, steps, first } = play(ruleset);
      let before = first;
      const sizes: number[] = [];
      for (const s of steps) {
        sizes.push(undoAdded(before, s.stored));
        before = s.stored;
      }
      // The roll all (the first step after the start) keeps < 1 KB; no step keeps more than it would plain.
      expect(sizes[1]).toBeGreaterThan(0);
      expect(sizes[1]).toBeLessThan(1024);
      const last = steps[steps.length - 1] as CombatStep;
      let at = last.stored;
      for (let k = 1; k <= 10; k++) {
        at = step(host, JSON.parse(JSON.stringify(at)) as StoredCombat, { type: "undo" }).stored;
        expect(read(host, at)).toEqual((steps[steps.length - 1 - k] as CombatStep).state);
      }
      for (let k = 9; k >= 0; k--) {
        const redone = step(host, JSON.parse(JSON.stringify(at)) as StoredCombat, { type: "redo" });

        at = redone.stored;
        expect(read(host, at)).toEqual((steps[steps.length - 1 - k] as CombatStep).state);
      }
    },
    60_000,
  );

  it("a compressed patch applied to another state is refused, not misread", { timeout: 60_000 }, () => {
    const { steps } = play("count");
    const big = steps.find((s) => Object.values(s.stored.history.undo).some((e) => typeof e === "string"));
    expect(big).toBeDefined();
    const entry = Object.values(big?.stored.history.undo ?? {}).find((e) => typeof e === "string");
    expect(unpackPatch(entry, big?.stored.engine ?? {})).not.toBeNull();
    expect(unpackPatch(entry, steps[0]?.stored.engine ?? {})).toBeNull();
    expect(packPatch({ a: 1 }, {})).toEqual({ a: 1 }); // a small patch is stored as it is
  });

  it("an undo entry stored by format 5 (against the whole state) still reads after the upgrade", () => {
    // Written as format 5 wrote it: `~z`, FNV-1a (base 36) of the whole target as patches are written
    // (keys sorted, rows field by field, quotes swapped), `:`, the patch compressed against that text.
    const swap = (text: string) => text.replace(/["']/g, (c) => (c === '"' ? "'" : '"'));
    const fnv = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return (h >>> 0).toString(36);
    };
    const rows = (v: number) => Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(i), { count: v + i }]));
    const target = { round: 2, rows: rows(5) };
    const patch = { round: 1, rows: rows(7) };
    const dictionary = swap(JSON.stringify(transposeRows(target)));
    const entry = `~z${fnv(dictionary)}:${compressText(swap(JSON.stringify(transposeRows(patch))), dictionary)}`;
    expect(unpackPatch(entry, target)).toEqual(patch);
    expect(unpackPatch(entry, { ...target, round: 3 })).toBeNull();
    // The present form reads against the values at the patch's keys: refused where they differ.
    const packed = packPatch(patch, target);
    expect(typeof packed).toBe("string");
    expect(unpackPatch(packed, { ...target, other: 1 })).toEqual(patch);
    expect(unpackPatch(packed, { ...target, round: 3 })).toBeNull();
  });

  it("any text compresses against any dictionary and reads back exactly", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 400 }), (text, dictionary) => {
        const doubled = text + text + dictionary;
        expect(decompressText(compressText(doubled, dictionary), dictionary)).toBe(doubled);
      }),
      { numRuns: 300 },
    );
  });
});
