import { describe, expect, it } from "vitest";
import { formulaMax, formulaMin, type DiceRequest } from "../../src/engine/index.ts";
import { ScriptedDice } from "../../src/preview/scripted-dice.ts";

const request = (formula: string, combatantId: string | null = null): DiceRequest => ({
  id: "r1",
  combatantId,
  groupId: null,
  formula,
  reason: "TEMPO.COMBAT.Count.RollReason.Initiative",
});

describe("preview dice", () => {
  it("rolls a combatant's scripted faces first, in order, and answers with the formula's total", () => {
    const dice = new ScriptedDice({ ilsa: [12, 15] }, 1);
    // CNT-2 and CNT-5 with a bonus of 3: 12 − 3 = 9, then 15 + 3 = 18.
    expect([dice.roll(request("1d20 - 3", "ilsa")), dice.roll(request("1d20 + 3", "ilsa"))]).toEqual([9, 18]);
  });

  it("gives every die of a formula its own scripted face, then seeded ones once the script runs out", () => {
    const dice = new ScriptedDice({ kara: [3, 4, 5] }, 1);
    expect(dice.roll(request("2d6 + 1 - 2", "kara"))).toBe(6);
    const next = dice.roll(request("2d6", "kara"));
    expect(next).toBeGreaterThanOrEqual(5 + 1);
    expect(next).toBeLessThanOrEqual(5 + 6);
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
