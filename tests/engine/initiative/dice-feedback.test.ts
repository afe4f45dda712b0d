/**
 * Dice feedback means the same thing in every scheduler: the total of a `rolls` result is the total of the
 * request's formula exactly as written. Every total the formula can roll (formulaMin … formulaMax of the
 * dice module) is taken as it is; any other is a typed error that changes nothing.
 */
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import { formulaMax, formulaMin } from "../../../src/engine/dice/formula-odds.ts";
import type { CommonCommand, DiceRequest, Scheduler } from "../../../src/engine/initiative/contract.ts";
import {
  COUNT_ROLL_REASONS,
  countCombatant,
  countScheduler,
  createCountState,
} from "../../../src/engine/initiative/count/index.ts";
import { createPhaseState, phaseCombatant, phaseScheduler } from "../../../src/engine/initiative/phase/index.ts";
import {
  ROTATION_ROLL_REASONS,
  createRotationState,
  rotationScheduler,
} from "../../../src/engine/initiative/rotation/index.ts";
import { createSegmentState, segmentScheduler } from "../../../src/engine/initiative/segment/index.ts";
import {
  STANDARD_ROLL_REASONS,
  createStandardState,
  standardScheduler,
} from "../../../src/engine/initiative/standard/index.ts";
import { formulaTotal } from "./shared/formula-total.ts";

/** What a scheduler kept from the total fed for `request`, or null when it kept nothing of it. */
type Kept<S> = (state: S, request: DiceRequest) => number | null;

/**
 * Checks every pending request of `state`: the formula's lowest and highest totals are each taken as they
 * are (`kept` reads them back), one below or above is refused with the state untouched. Then answers every
 * request with `faces` rolled through its formula and returns the state after.
 */
function checkPending<S, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C | CommonCommand, E>,
  state: S,
  kept: Kept<S>,
  faces: (request: DiceRequest) => readonly number[],
): S {
  const pending = scheduler.pending(state);
  expect(pending.length).toBeGreaterThan(0);
  for (const request of pending) {
    const min = unwrap(formulaMin(request.formula));
    const max = unwrap(formulaMax(request.formula));
    for (const total of [min - 1, max + 1]) {
      const refused = scheduler.apply(state, { type: "rolls", results: [{ requestId: request.id, total }] });
      expect(refused.ok, `${request.formula} = ${total}`).toBe(false);
    }
    for (const total of [min, max]) {
      const taken = unwrap(scheduler.apply(state, { type: "rolls", results: [{ requestId: request.id, total }] }));
      expect(kept(taken.state, request), `${request.formula} = ${total}`).toBe(total);
    }
  }
  const results = pending.map((r) => ({ requestId: r.id, total: formulaTotal(r.formula, faces(r)) }));
  return unwrap(scheduler.apply(state, { type: "rolls", results })).state;
}

const formulas = (requests: readonly DiceRequest[]): string[] => requests.map((r) => r.formula);

describe("dice feedback: a request's total is what its formula rolls", () => {
  it("CNT-2, CNT-5: the count track's initiative (1d20 - bonus) and contest (1d20 + bonus) totals are taken as rolled", () => {
    const created = unwrap(
      createCountState([
        { id: "a", bonus: 3, isPlayer: true, defeated: false },
        { id: "b", bonus: -1, isPlayer: false, defeated: false },
        { id: "c", bonus: 0, isPlayer: false, defeated: false },
      ]),
    );
    const kept: Kept<typeof created> = (s, r) => {
      const c = countCombatant(s, r.combatantId ?? "");
      if (c === null) return null;
      return r.reason === COUNT_ROLL_REASONS.contest ? (c.contest[c.contest.length - 1] ?? null) : c.result;
    };
    const started = unwrap(countScheduler.apply(created, { type: "start" })).state;
    expect(formulas(countScheduler.pending(started))).toEqual(["1d20 - 3", "1d20 + 1", "1d20"]);
    // a 11 − 3 = 8 and b 7 + 1 = 8 tie; c is on 12.
    const faces: Readonly<Record<string, number>> = { a: 11, b: 7, c: 12 };
    const tied = checkPending(countScheduler, started, kept, (r) => [faces[r.combatantId ?? ""] ?? 1]);
    expect(formulas(countScheduler.pending(tied))).toEqual(["1d20 + 3", "1d20 - 1"]);
    const contested = checkPending(countScheduler, tied, kept, () => [10]);
    // a 10 + 3 = 13 beats b 10 − 1 = 9 on count 8.
    expect(countScheduler.current(contested)).toBe("a");
  });

  it("STD-1, STD-2: standard's initiative (1d20 + DEX) and tie-breaker (1d20) totals are taken as rolled", () => {
    const created = unwrap(
      createStandardState([
        { id: "a", dexBonus: 2 },
        { id: "b", dexBonus: 2 },
        { id: "c", dexBonus: -3 },
      ]),
    );
    const kept: Kept<typeof created> = (s, r) => {
      const c = Object.hasOwn(s.combatants, r.combatantId ?? "") ? s.combatants[r.combatantId ?? ""] : undefined;
      if (c === undefined) return null;
      return r.reason === STANDARD_ROLL_REASONS.tieBreak ? (c.tieBreak[c.tieBreak.length - 1] ?? null) : c.initiative;
    };
    const started = unwrap(standardScheduler.apply(created, { type: "start" })).state;
    expect(formulas(standardScheduler.pending(started))).toEqual(["1d20 + 2", "1d20 + 2", "1d20 - 3"]);
    const tied = checkPending(standardScheduler, started, kept, () => [9]);
    expect(formulas(standardScheduler.pending(tied))).toEqual(["1d20", "1d20"]);
    const faces: Readonly<Record<string, number>> = { a: 4, b: 17 };
    const broken = checkPending(standardScheduler, tied, kept, (r) => [faces[r.combatantId ?? ""] ?? 1]);
    expect(standardScheduler.current(broken)).toBe("b");
  });

  it("PHS-2: phase's initiative (2d6 + INT + AGI) and d6 roll-off totals are taken as rolled", () => {
    const created = unwrap(
      createPhaseState([
        { id: "a", int: 1, agi: -2 },
        { id: "b", int: 0, agi: -1 },
        { id: "c", int: 3, agi: 0 },
      ]),
    );
    const kept: Kept<typeof created> = (s, r) => {
      const c = phaseCombatant(s, r.combatantId ?? "");
      if (c === null) return null;
      return r.formula === "1d6" ? (c.rollOff[c.rollOff.length - 1] ?? null) : c.initiative;
    };
    const started = unwrap(phaseScheduler.apply(created, { type: "start" })).state;
    expect(formulas(phaseScheduler.pending(started))).toEqual(["2d6 + 1 - 2", "2d6 + 0 - 1", "2d6 + 3 + 0"]);
    // a and b: 3 + 4 − 1 = 6 each; c 3 + 4 + 3 = 10.
    const tied = checkPending(phaseScheduler, started, kept, () => [3, 4]);
    expect(formulas(phaseScheduler.pending(tied))).toEqual(["1d6", "1d6"]);
    const faces: Readonly<Record<string, number>> = { a: 5, b: 2 };
    const broken = checkPending(phaseScheduler, tied, kept, (r) => [faces[r.combatantId ?? ""] ?? 1]);
    expect(phaseScheduler.pending(broken)).toEqual([]);
  });

  it("SEG-2: segment's group d6 totals are taken as rolled", () => {
    const created = unwrap(
      createSegmentState([
        { id: "a", groupId: "party", dexReaction: 0, surprised: false },
        { id: "b", groupId: "foes", dexReaction: 0, surprised: false },
      ]),
    );
    const started = unwrap(segmentScheduler.apply(created, { type: "start" })).state;
    const asking = unwrap(segmentScheduler.apply(started, { type: "next" })).state;
    const kept: Kept<typeof created> = (s, r) => s.groupRolls[r.groupId ?? ""] ?? null;
    expect(formulas(segmentScheduler.pending(asking))).toEqual(["1d6", "1d6"]);
    const ranked = checkPending(segmentScheduler, asking, kept, () => [4]);
    expect(ranked.groupRolls).toEqual({ party: 4, foes: 4 });
  });

  it("ROT-1, ROT-2: rotation's initiative (1d20 + modifiers) and tie roll-off totals are taken as rolled", () => {
    const created = unwrap(
      createRotationState([
        { id: "a", kind: "pc", modifier: 2 },
        { id: "b", kind: "enemy", modifier: -1 },
        { id: "c", kind: "enemy" },
      ]),
    );
    const kept: Kept<typeof created> = (s, r) => {
      const c = Object.hasOwn(s.combatants, r.combatantId ?? "") ? s.combatants[r.combatantId ?? ""] : undefined;
      if (c === undefined) return null;
      if (r.reason !== ROTATION_ROLL_REASONS.contest) return c.initiative;
      const rollOff = s.contests.flatMap((x) => x.rollOffs).find((x) => Object.hasOwn(x.results, `c:${c.id}`));
      return rollOff?.results[`c:${c.id}`] ?? null;
    };
    const started = unwrap(rotationScheduler.apply(created, { type: "start" })).state;
    expect(formulas(rotationScheduler.pending(started))).toEqual(["1d20 + 2", "1d20 - 1", "1d20"]);
    // a 8 + 2 = 10 and b 11 − 1 = 10 tie; c is on 15.
    const faces: Readonly<Record<string, number>> = { a: 8, b: 11, c: 15 };
    const tied = checkPending(rotationScheduler, started, kept, (r) => [faces[r.combatantId ?? ""] ?? 1]);
    expect(formulas(rotationScheduler.pending(tied))).toEqual(["1d20", "1d20"]);
    const rolls: Readonly<Record<string, number>> = { a: 3, b: 19 };
    const broken = checkPending(rotationScheduler, tied, kept, (r) => [rolls[r.combatantId ?? ""] ?? 1]);
    expect(broken.combatants.b?.initiative).toBe(10.5);
  });
});

describe("dice requests name the group they are rolled for", () => {
  const own = (requests: readonly DiceRequest[]): (string | null)[] => requests.map((r) => r.groupId);

  it("SEG-2: each group's d6 request names its group, and no creature", () => {
    const created = unwrap(
      createSegmentState([
        { id: "a", groupId: "party", dexReaction: 0, surprised: false },
        { id: "b", groupId: "foes", dexReaction: 0, surprised: false },
      ]),
    );
    const started = unwrap(segmentScheduler.apply(created, { type: "start" })).state;
    const asked = unwrap(segmentScheduler.apply(started, { type: "next" }));
    expect(asked.requests.map((r) => [r.combatantId, r.groupId, r.formula])).toEqual([
      [null, "party", "1d6"],
      [null, "foes", "1d6"],
    ]);
  });

  it("ROT-4, ROT-5: a group's initiative and tie rolls name the group; a creature on its own rolls with none", () => {
    const created = unwrap(
      createRotationState(
        [
          { id: "g1", kind: "enemy", groupId: "goblins" },
          { id: "g2", kind: "enemy", groupId: "goblins" },
          { id: "kael", kind: "pc" },
        ],
        { enemyGroups: true },
      ),
    );
    const started = unwrap(rotationScheduler.apply(created, { type: "start" }));
    expect(started.requests.map((r) => [r.combatantId, r.groupId])).toEqual([
      ["g1", "goblins"],
      ["kael", null],
    ]);
    const results = started.requests.map((r) => ({ requestId: r.id, total: 12 }));
    const tied = unwrap(rotationScheduler.apply(started.state, { type: "rolls", results }));
    expect(tied.requests.map((r) => [r.combatantId, r.groupId, r.reason])).toEqual([
      ["kael", null, ROTATION_ROLL_REASONS.contest],
      ["g1", "goblins", ROTATION_ROLL_REASONS.contest],
    ]);
  });

  it("CNT-5, STD-2, PHS-2: a creature's own initiative and tie rolls name no group", () => {
    const count = unwrap(
      countScheduler.apply(
        unwrap(
          createCountState([
            { id: "a", bonus: 0, isPlayer: true, defeated: false },
            { id: "b", bonus: 0, isPlayer: false, defeated: false },
          ]),
        ),
        { type: "start" },
      ),
    );
    const countTie = unwrap(
      countScheduler.apply(count.state, {
        type: "rolls",
        results: count.requests.map((r) => ({ requestId: r.id, total: 7 })),
      }),
    );
    expect(own([...count.requests, ...countTie.requests])).toEqual([null, null, null, null]);

    const standard = unwrap(
      standardScheduler.apply(
        unwrap(
          createStandardState([
            { id: "a", dexBonus: 1 },
            { id: "b", dexBonus: 1 },
          ]),
        ),
        { type: "start" },
      ),
    );
    const standardTie = unwrap(
      standardScheduler.apply(standard.state, {
        type: "rolls",
        results: standard.requests.map((r) => ({ requestId: r.id, total: 7 })),
      }),
    );
    expect(own([...standard.requests, ...standardTie.requests])).toEqual([null, null, null, null]);

    const phase = unwrap(
      phaseScheduler.apply(
        unwrap(
          createPhaseState([
            { id: "a", int: 0, agi: 0 },
            { id: "b", int: 0, agi: 0 },
          ]),
        ),
        { type: "start" },
      ),
    );
    const phaseTie = unwrap(
      phaseScheduler.apply(phase.state, {
        type: "rolls",
        results: phase.requests.map((r) => ({ requestId: r.id, total: 7 })),
      }),
    );
    expect(own([...phase.requests, ...phaseTie.requests])).toEqual([null, null, null, null]);
  });
});
