import { unpackState } from "../../../src/engine/host/stored-pack.ts";
import { describe, expect, it } from "vitest";
import {
  decodeStored,
  readCombatState,
  stepCombat,
  storeCombatState,
  type AnyRulesetHost,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

type Json = Record<string, unknown>;

/** A stored segment combat of 40 (the roster's vector has two leaves), its round 1 under way. */
function running(): { host: AnyRulesetHost; stored: StoredCombat } {
  const random = seeded(5);
  const { host, stored } = storedEncounter("segment", 40);
  let s = step(host, stored, { type: "start" });
  for (let i = 0; i < 6; i++) s = step(host, s.stored, nextCommand(host, s.state, random));
  return { host, stored: s.stored };
}

/** The stored combat with its engine state changed by `change` (on the state as the engine sees it). */
function damaged(stored: StoredCombat, change: (state: Json) => void): StoredCombat {
  const state = unpackState(decodeStored(stored.engine)?.value ?? null) as Json;
  change(state);
  return { ...stored, engine: storeCombatState(state) };
}

const leaf = (state: Json, at: number): Json[] =>
  (((state.combatants as Json).root as Json).kids as Json[])[at]?.items as Json[];

describe("segment host: reading the stored combat", () => {
  it("SEG-2, DEF-1: a damaged stored state is refused with a typed error naming the field, and nothing is written", () => {
    const { host, stored } = running();
    expect(readCombatState(host, stored.engine).ok).toBe(true);
    const cases: [StoredCombat, string][] = [
      [damaged(stored, (s) => leaf(s, 1).pop()), "combatants"],
      [damaged(stored, (s) => ((leaf(s, 1)[0] as Json).groupId = "")), "combatants.32"],
      [damaged(stored, (s) => ((s.index as Json).c0005 = 6)), "index.c0005"],
      [damaged(stored, (s) => (s.cursor = -7)), "cursor"],
      [damaged(stored, (s) => ((s.schedule as Json[])[0] = { key: "x" })), "schedule"],
    ];
    for (const [bad, field] of cases) {
      const before = JSON.stringify(bad);
      const result = stepCombat(host, bad, { type: "next" });
      expect(result).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Segment.InvalidState", data: { field } } });
      expect(JSON.stringify(bad)).toBe(before);
    }
  });
});
