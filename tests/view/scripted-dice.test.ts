import { describe, expect, it } from "vitest";
import { formulaMax, formulaMin, type DiceRequest } from "../../src/engine/index.ts";
import { ScriptedDice } from "../../src/preview/scripted-dice.ts";

const request = (formula: string, combatantId: string | null = null): DiceRequest => ({
  id: "r1",
  combatantId,
  formula,
  reason: "TEMPO.COMBAT.Count.RollReason.Initiative",
});

describe("preview dice", () => {
  it("answers a combatant's requests with its scripted totals first, in order", () => {
    const dice = new ScriptedDice({ ilsa: [12, 15] }, 1);
    expect([dice.roll(request("1d20", "ilsa")), dice.roll(request("1d20", "ilsa"))]).toEqual([12, 15]);
  });

  it.each(["1d20", "2d6 + 3", "1d20 - 2", "4d6kh3", "{1d6,1d6,1d8}kh2", "2d20kl1"])(
    "rolls %s within the range the engine gives for it, the same way for the same seed",
    (formula) => {
      const a = new ScriptedDice({}, 7);
      const b = new ScriptedDice({}, 7);
      const min = formulaMin(formula);
      const max = formulaMax(formula);
      if (!min.ok || !max.ok) throw new Error(`the engine refused ${formula}`);
      for (let i = 0; i < 200; i++) {
        const total = a.roll(request(formula));
        expect(total).toBeGreaterThanOrEqual(min.value);
        expect(total).toBeLessThanOrEqual(max.value);
        expect(b.roll(request(formula))).toBe(total);
      }
    },
  );

  it("keeps the higher die of 2d20kh1: its mean is well above a plain d20's 10.5", () => {
    const dice = new ScriptedDice({}, 3);
    const rolls = Array.from({ length: 2000 }, () => dice.roll(request("2d20kh1")));
    const mean = rolls.reduce((a, b) => a + b, 0) / rolls.length;
    // Exact mean of 2d20kh1 is 13.825; a plain d20 averages 10.5.
    expect(mean).toBeGreaterThan(12.5);
  });

  it("gives NaN for a formula the engine cannot parse, so the scheduler refuses it", () => {
    expect(new ScriptedDice({}, 1).roll(request("banana"))).toBeNaN();
  });
});
