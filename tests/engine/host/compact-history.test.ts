/**
 * Issue 17: a kept undo step is stored compactly (storage/compact-patch.ts): a roll all at 300
 * combatants keeps < 1 KB (the click-bytes bench measures every kind of click through the adapter),
 * undo and redo through compact patches restore exactly the same state, and a patch is refused (never
 * misread) when applied to another state.
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
