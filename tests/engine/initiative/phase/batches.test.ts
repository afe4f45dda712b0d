import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import type { DiceRequest, RollResult } from "../../../../src/engine/initiative/contract.ts";
import {
  createPhaseState,
  phaseCombatants,
  phaseScheduler,
  type PhaseCommand,
  type PhaseState,
} from "../../../../src/engine/initiative/phase/index.ts";

/** A plain copy: the same state as data, but none of its objects (nothing remembered about it applies). */
const copy = (state: PhaseState): PhaseState => JSON.parse(JSON.stringify(state)) as PhaseState;

function apply(state: PhaseState, command: PhaseCommand): ReturnType<typeof phaseScheduler.apply> {
  return phaseScheduler.apply(state, command);
}

/**
 * PHS-2 read straight from the rules: a creature up and rolled this round must roll a d6 now when another
 * one has the same total and the first one's roll-offs are the start of the other's (both roll when
 * their roll-offs are equal).
 */
function mustRollOff(state: PhaseState): string[] {
  const up = phaseCombatants(state).filter(
    (c) => !c.defeated && c.initiative !== null && c.initiativeRound === state.round,
  );
  const startsWith = (long: readonly number[], short: readonly number[]): boolean =>
    short.length <= long.length && short.every((r, i) => long[i] === r);
  return up
    .filter((a) => up.some((b) => b !== a && b.initiative === a.initiative && startsWith(b.rollOff, a.rollOff)))
    .map((c) => c.id);
}

const rollingOff = (state: PhaseState): string[] =>
  phaseScheduler
    .pending(state)
    .filter((r) => r.formula === "1d6")
    .map((r) => r.combatantId ?? "")
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

/** One step of a session: which pending requests get answered, with which dice, in which order. */
const stepArb = fc.record({
  share: fc.double({ min: 0.2, max: 1, noNaN: true }),
  reversed: fc.boolean(),
  dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 40, maxLength: 40 }),
  // An earlier state answered again instead of the latest (as after an undo), or -1 for the latest.
  back: fc.integer({ min: -1, max: 5 }),
});

interface Step {
  readonly share: number;
  readonly reversed: boolean;
  readonly dice: readonly number[];
  readonly back: number;
}

function answers(pending: readonly DiceRequest[], step: Step): RollResult[] {
  const count = Math.max(1, Math.round(pending.length * step.share));
  const chosen = pending.slice(0, count).map((r, i) => {
    const d = (k: number): number => step.dice[(i * 3 + k) % step.dice.length] ?? 1;
    // Every bench creature has INT 1 and AGI 0: 2d6 + 1.
    return { requestId: r.id, total: r.formula === "1d6" ? d(0) : d(1) + d(2) + 1 };
  });
  return step.reversed ? chosen.reverse() : chosen;
}

describe("phase rounds: roll-off batches", () => {
  it("PHS-2: after every batch (partial, out of order, or answered again from an earlier state) exactly the creatures still level roll off, the same as from a plain copy, and earlier states never change", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.array(stepArb, { minLength: 1, maxLength: 25 }), (n, steps) => {
        let state = unwrap(createPhaseState(Array.from({ length: n }, (_, i) => ({ id: `c${i}`, int: 1, agi: 0 }))));
        state = unwrap(apply(state, { type: "start" })).state;
        const history: { state: PhaseState; json: string }[] = [{ state, json: JSON.stringify(state) }];
        for (const step of steps) {
          const from = step.back < 0 ? state : (history[Math.max(0, history.length - 1 - step.back)]?.state ?? state);
          const pending = phaseScheduler.pending(from);
          if (pending.length === 0) continue;
          const command: PhaseCommand = { type: "rolls", results: answers(pending, step) };
          // The copy first, so the state carried on is the one whose batch was answered last.
          const fresh = unwrap(apply(copy(from), command));
          const result = unwrap(apply(from, command));
          expect(JSON.stringify(result)).toBe(JSON.stringify(fresh));
          expect(rollingOff(result.state)).toEqual(mustRollOff(result.state));
          state = result.state;
          history.push({ state, json: JSON.stringify(state) });
        }
        for (const h of history) expect(JSON.stringify(h.state)).toBe(h.json);
      }),
      { numRuns: 150 },
    );
  });

  it("PHS-2: a round of 300 creatures rolls off until every creature has its own place", () => {
    let seed = 7;
    const d6 = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return 1 + (seed % 6);
    };
    let state = unwrap(createPhaseState(Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, int: 1, agi: 0 }))));
    state = unwrap(apply(state, { type: "start" })).state;
    let batches = 0;
    for (let pending = phaseScheduler.pending(state); pending.length > 0; pending = phaseScheduler.pending(state)) {
      const results = pending.map((r) => ({ requestId: r.id, total: r.formula === "1d6" ? d6() : d6() + d6() + 1 }));
      state = unwrap(apply(state, { type: "rolls", results })).state;
      expect(rollingOff(state)).toEqual(mustRollOff(state));
      batches++;
    }
    // 300 creatures on 11 totals: everyone is tied at first, so at least one roll-off batch follows.
    expect(batches).toBeGreaterThan(1);
    const keys = phaseCombatants(state).map((c) => `${c.initiative ?? "?"}:${c.rollOff.join(",")}`);
    // Settled: no creature's roll-offs are the start of another's with the same total.
    expect(mustRollOff(state)).toEqual([]);
    expect(new Set(keys).size).toBe(300);
  });
});
