import { describe, expect, it } from "vitest";
import {
  createStoreMemo,
  eventNumber,
  eventString,
  readCombatState,
  RULESET_IDS,
  updateBytes,
  type AnyRulesetHost,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import {
  hostCombatant,
  nextCommand,
  sampleSegmentDeclaration,
  seeded,
  step,
  storedEncounter,
} from "../../support/host-encounter.ts";

/** Events that make a `next` a boundary step (as the old storage bench counted them). */
const BOUNDARY_EVENTS = new Set(["roundStarted", "phaseStarted", "stepStarted", "segmentStarted", "planningStarted"]);

/**
 * The steps below pass a memo, as the Foundry layer does, so each does not decode the whole state again:
 * what is measured here is the size of a write. The last state is then read back from its JSON alone.
 */
function readsBack(host: AnyRulesetHost, stored: StoredCombat): boolean {
  return readCombatState(host, JSON.parse(JSON.stringify(stored.engine))).ok;
}

describe("stored combats stay small per turn step (issue 8: < 1 KB at 300)", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: the median turn step at 300 combatants writes under 1 KB`, () => {
      const random = seeded(7);
      const encounter = storedEncounter(ruleset, 300);
      const memo = createStoreMemo();
      const host = encounter.host;
      expect(readCombatState(host, encounter.stored.engine).ok).toBe(true);
      let s = step(host, encounter.stored, { type: "start" }, memo);
      let stored = s.stored;
      let state = s.state;
      const sizes: number[] = [];
      for (let i = 0; i < 350; i++) {
        const command = nextCommand(host, state, random);
        s = step(host, stored, command, memo);
        if (command.type === "next" && s.events.some((e) => e.type === "turnStarted")) {
          sizes.push(updateBytes(s.update));
        }
        stored = s.stored;
        state = s.state;
      }
      sizes.sort((a, b) => a - b);
      expect(sizes.length).toBeGreaterThan(100);
      expect(sizes[sizes.length >> 1]).toBeLessThan(1024);
      expect(readsBack(host, stored)).toBe(true);
    }, 30_000);
  }
});

/** Bytes of the undo patches `after` has that `before` had not (the one a step adds). */
function addedPatchBytes(before: StoredCombat, after: StoredCombat): number {
  const undo = after.history.undo;
  return Object.keys(undo)
    .filter((key) => !Object.hasOwn(before.history.undo, key))
    .reduce((sum, key) => sum + updateBytes(undo[key]), 0);
}

describe("segment: boundary steps stay small too (issue 8: < 1 KB at 300)", () => {
  it("SEG-1, SEG-2: every next at 300 combatants, a new round, step or segment included, writes under 1 KB and adds an undo patch under 1 KB", () => {
    const n = 300;
    const random = seeded(11);
    const encounter = storedEncounter("segment", n);
    const memo = createStoreMemo();
    const host = encounter.host;
    let s = step(host, encounter.stored, { type: "start" }, memo);
    const crossed = new Set<string>();
    let boundarySteps = 0;
    // Round 1 in full, then round 2 until its first turn (its schedule replaces round 1's).
    for (let i = 0; !(host.round(s.state) === 2 && host.current(s.state) !== null); i++) {
      if (i > 20 * n) throw new Error("the encounter does not reach round 2's first turn");
      const declaring = s.events.some((e) => e.type === "stepStarted" && eventNumber(e, "step") === 1);
      for (let c = 0; declaring && c < n; c++) {
        const d = sampleSegmentDeclaration(c);
        if (d !== null)
          s = step(host, s.stored, { type: "declare", combatantId: hostCombatant(c).id, declaration: d }, memo);
      }
      const command = nextCommand(host, s.state, random);
      const before = s.stored;
      s = step(host, before, command, memo);
      const boundaries = s.events.filter((e) => BOUNDARY_EVENTS.has(e.type));
      if (command.type !== "next" || boundaries.length === 0) continue;
      for (const e of boundaries) crossed.add(`${e.type}:${eventNumber(e, "step") ?? eventNumber(e, "segment") ?? ""}`);
      boundarySteps++;
      expect(updateBytes(s.update)).toBeLessThan(1024);
      expect(addedPatchBytes(before, s.stored)).toBeLessThan(1024);
    }
    expect(boundarySteps).toBeGreaterThan(5);
    for (let at = 1; at <= 8; at++) expect(crossed).toContain(`stepStarted:${at}`);
    for (let at = 1; at <= 10; at++) expect(crossed).toContain(`segmentStarted:${at}`);
    expect(crossed).toContain("roundStarted:");
    expect(readsBack(host, s.stored)).toBe(true);
  }, 30_000);
});

describe("phase: boundary steps stay small too (issue 8: < 1 KB at 300)", () => {
  it("PHS-1, PHS-2: at 300 combatants every next (a turn, a new phase, a new round) and the undo patch it adds write under 1 KB", () => {
    const random = seeded(11);
    const encounter = storedEncounter("phase", 300);
    const memo = createStoreMemo();
    const host = encounter.host;
    let s = step(host, encounter.stored, { type: "start" }, memo);
    /** The largest update and undo patch of each kind of `next`: a turn, or the phase or round it starts. */
    const largest = new Map<string, { update: number; undo: number }>();
    // Round 1 in full, then round 2 until its movement phase starts (on the ranking of its own rolls).
    for (let done = false; !done;) {
      const before = s.stored;
      const command = nextCommand(host, s.state, random);
      s = step(host, before, command, memo);
      if (command.type !== "next") continue;
      const started = s.events.find((e) => e.type === "roundStarted" || e.type === "phaseStarted");
      const kind = started === undefined ? "turn" : `${started.type}:${eventString(started, "phase") ?? "round"}`;
      const undo = s.stored.history.undo;
      const added = Object.keys(undo).filter((key) => !Object.hasOwn(before.history.undo, key));
      const undoBytes = added.reduce((sum, key) => sum + updateBytes(undo[key]), 0);
      const seen = largest.get(kind) ?? { update: 0, undo: 0 };
      largest.set(kind, { update: Math.max(seen.update, updateBytes(s.update)), undo: Math.max(seen.undo, undoBytes) });
      done = host.round(s.state) === 2 && kind === "phaseStarted:movement";
    }
    // Every kind of step was taken: turns, the three phase starts inside a round, and a new round.
    expect([...largest.keys()].sort()).toEqual([
      "phaseStarted:battle",
      "phaseStarted:end",
      "phaseStarted:movement",
      "roundStarted:round",
      "turn",
    ]);
    for (const [kind, bytes] of largest) {
      expect({ kind, ...bytes, small: bytes.update < 1024 && bytes.undo < 1024 }).toMatchObject({ kind, small: true });
    }
    expect(readsBack(host, s.stored)).toBe(true);
  }, 60_000);
});

describe("count at round boundaries (issue 8: every next < 1 KB at 300)", () => {
  it("CNT-3, CNT-13: at 300 combatants every next, the end step and a new round included, writes under 1 KB with its undo patch", () => {
    // Everyone passes, so CNT-13 lowers nearly everyone at each new round and new ties must be contested:
    // the boundary steps that used to rebuild the order and the dice list for everyone.
    const random = seeded(3);
    const encounter = storedEncounter("count", 300);
    const memo = createStoreMemo();
    const host = encounter.host;
    let s = step(host, encounter.stored, { type: "start" }, memo);
    let stored = s.stored;
    let state = s.state;
    const turns: number[] = [];
    const boundaries: number[] = [];
    let lowered = 0;
    while (host.round(state) < 3) {
      const command = nextCommand(host, state, random);
      s = step(host, stored, command, memo);
      if (command.type === "next") {
        const boundary = s.events.some((e) => ["endStep", "roundEnded", "roundStarted"].includes(e.type));
        (boundary ? boundaries : turns).push(updateBytes(s.update));
        lowered += s.events.filter((e) => e.type === "countLowered").length;
      }
      stored = s.stored;
      state = s.state;
    }
    expect(lowered).toBeGreaterThan(100);
    expect(boundaries.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...boundaries)).toBeLessThan(1024);
    expect(turns.length).toBeGreaterThan(500);
    expect(Math.max(...turns)).toBeLessThan(1024);
    expect(readsBack(host, stored)).toBe(true);
  }, 120_000);
});

describe("standard: Delay and Ready stay small writes (issue 8: < 1 KB at 300)", () => {
  it("Delay, Ready: at 300 combatants delay, act, ready and trigger each write under 1 KB and add an undo patch under 1 KB", () => {
    const random = seeded(5);
    const { host, stored } = storedEncounter("standard", 300);
    const memo = createStoreMemo();
    let s = step(host, stored, { type: "start" }, memo);
    while (host.current(s.state) === null) s = step(host, s.stored, nextCommand(host, s.state, random), memo);
    // Ten turns in, so the delay happens mid-round.
    for (let i = 0; i < 10; i++) s = step(host, s.stored, { type: "next" }, memo);
    const delayer = host.current(s.state) ?? "";
    const commands = [
      { type: "delay", combatantId: delayer },
      { type: "next" },
      { type: "next" },
      { type: "act", combatantId: delayer },
      { type: "next" },
      { type: "ready", combatantId: delayer, trigger: "when the line breaks" },
      { type: "trigger", combatantId: delayer },
    ];
    for (const command of commands) {
      const before = s.stored;
      s = step(host, before, command, memo);
      expect(updateBytes(s.update), command.type).toBeLessThan(1024);
      expect(addedPatchBytes(before, s.stored), command.type).toBeLessThan(1024);
    }
    expect(s.events.map((e) => e.type)).toEqual(["readyTriggered"]);
    expect(readsBack(host, s.stored)).toBe(true);
  }, 30_000);
});
