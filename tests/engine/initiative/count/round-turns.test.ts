/**
 * Issue 17: the count track's order found from the last step's (round-turns.ts `followRoundTurns`,
 * `roundTurnsMemo`) is the order worked out in full, at every step of random sessions.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  followRoundTurns,
  placedTurns,
  placeRound,
  roundTurns,
  roundTurnsMemo,
  type PlacedRound,
} from "../../../../src/engine/initiative/count/round-turns.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { presentCombatants } from "../../../../src/engine/initiative/count/state.ts";
import type { CountCommand, CountState } from "../../../../src/engine/initiative/count/types.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { soakDepth } from "../../../support/soak-depth.ts";
import { encounter } from "./support.ts";

type Op =
  | { readonly op: "open"; readonly size: number; readonly seed: number }
  | { readonly op: "next" | "rolls" | "join" }
  | {
      readonly op: "defeat" | "revive" | "unconscious" | "regainConsciousness" | "leave" | "declare";
      readonly who: number;
    }
  | { readonly op: "setInitiative"; readonly who: number; readonly value: number };

const WHO = ["defeat", "revive", "unconscious", "regainConsciousness", "leave", "declare"] as const;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Op>({ op: "next" }) },
  { weight: 3, arbitrary: fc.constant<Op>({ op: "rolls" }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: "join" }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constantFrom(...WHO), who: fc.nat(60) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("setInitiative" as const),
      who: fc.nat(60),
      value: fc.integer({ min: -2, max: 21 }),
    }),
  },
);

/** The state's creatures rolled with faces spread by `seed` (ties and contests come up often). */
function rolled(state: CountState, seed: number): CountCommand {
  const results = countScheduler
    .pending(state)
    .map((r, i) => ({ requestId: r.id, total: formulaTotal(r.formula, [((i * 7 + seed) % 20) + 1]) }));
  return { type: "rolls", results };
}

function command(state: CountState, op: Exclude<Op, { op: "open" }>, step: number): CountCommand {
  const ids = presentCombatants(state).map((c) => c.id);
  const pick = (who: number) => ids[who % Math.max(1, ids.length)] ?? "nobody";
  switch (op.op) {
    case "next":
      // The dice a GM rolls before the next turn, else the next turn.
      return countScheduler.pending(state).length > 0 ? rolled(state, step) : { type: "next" };
    case "rolls":
      return rolled(state, step);
    case "join":
      return { type: "join", combatant: { id: `j${step}`, bonus: step % 4, isPlayer: false, defeated: false } };
    case "setInitiative":
      return { type: "setInitiative", combatantId: pick(op.who), value: op.value };
    case "declare": {
      const combatantId = op.who % 2 === 0 ? (countScheduler.current(state) ?? "nobody") : pick(op.who);
      return { type: "declare", combatantId, action: { kind: "other", delay: op.who % 5 } };
    }
    default:
      return { type: op.op, combatantId: pick(op.who) };
  }
}

/** Plays a session; after every step checks the followed and memo orders against the full one. */
function play(actions: readonly Op[]): number {
  const open = actions[0];
  if (open?.op !== "open") throw new Error("a session opens with its roster");
  let state = encounter(Array.from({ length: open.size }, (_, i) => [`c${i}`, (i * 3 + open.seed) % 6] as const));
  const memo = roundTurnsMemo();
  let placed: PlacedRound = placeRound(state);
  let followed = 0;
  const steps = [{ type: "start" } as CountCommand, rolled(state, open.seed)];
  for (let i = 1; i < actions.length || steps.length > 0; i++) {
    const action = actions[i];
    const next = steps.shift() ?? (action === undefined || action.op === "open" ? null : command(state, action, i));
    if (next === null) continue;
    const result = countScheduler.apply(state, next);
    if (!result.ok) continue;
    state = result.value.state;
    const full = roundTurns(state);
    const tieIndex = new Map(state.tieOrder.map((slot, index) => [slot, index]));
    const after = followRoundTurns(placed, state, tieIndex);
    if (after !== null) {
      followed++;
      expect(placedTurns(after)).toEqual(full);
      // An order the step kept is the same list (readers keep what they found per list).
      if (after.ids.join() === placed.ids.join()) expect(after.ids).toBe(placed.ids);
    }
    placed = after ?? placeRound(state);
    const kept = memo(state);
    expect(placedTurns(kept)).toEqual(full);
    expect(kept.ids).toEqual(full.map((turn) => turn.id));
  }
  return followed;
}

describe("count's order followed from step to step (fast-check)", () => {
  it("CNT-3, CNT-6, CNT-14, DEF-1: the order found from the last step's is the order worked out in full", () => {
    let followed = 0;
    const open = fc.record({
      op: fc.constant("open" as const),
      size: fc.integer({ min: 1, max: 45 }),
      seed: fc.nat(19),
    });
    fc.assert(
      fc.property(open, fc.array(opArb, { minLength: 20, maxLength: 120 }), (start, actions) => {
        followed += play([start, ...actions]);
      }),
      { numRuns: soakDepth(30, 1000) },
    );
    // Most steps are turn steps within a round: the followed path is the one checked.
    expect(followed).toBeGreaterThan(300);
  });
});
