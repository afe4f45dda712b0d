import { describe, expect, it } from "vitest";
import { probAtLeast, probOf } from "../../../src/engine/dice/distribution.ts";
import { d20Distribution, d20Formula } from "../../../src/engine/dice/d20.ts";
import { chanceAtLeast } from "../../../src/engine/dice/formula-odds.ts";

describe("d20 rolls", () => {
  it("a plain d20 reaches 11 half the time", () => {
    expect(probAtLeast(d20Distribution("normal"), 11)).toBeCloseTo(1 / 2, 12);
    expect(d20Formula("normal")).toBe("1d20");
  });

  it("STL-3: advantage is 2d20 keep the higher; a natural 20 comes up 39/400 of the time", () => {
    const adv = d20Distribution("advantage");
    // Not 20 on both dice: (19/20)^2, so at least one 20 is 1 - 361/400.
    expect(probOf(adv, 20)).toBeCloseTo(39 / 400, 12);
    expect(probOf(adv, 1)).toBeCloseTo(1 / 400, 12);
    // Reaching 11: fails only when both dice show 1-10, (10/20)^2.
    expect(probAtLeast(adv, 11)).toBeCloseTo(3 / 4, 12);
    expect(d20Formula("advantage")).toBe("2d20kh1");
  });

  it("disadvantage is 2d20 keep the lower; reaching 11 needs both dice at 11+, 1/4", () => {
    const dis = d20Distribution("disadvantage");
    expect(probAtLeast(dis, 11)).toBeCloseTo(1 / 4, 12);
    expect(probOf(dis, 1)).toBeCloseTo(39 / 400, 12);
    expect(d20Formula("disadvantage")).toBe("2d20kl1");
  });

  it("each mode agrees with its formula's exact odds at every target", () => {
    for (const mode of ["normal", "advantage", "disadvantage"] as const) {
      const d = d20Distribution(mode);
      expect(d.probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
      for (let target = 0; target <= 21; target++) {
        const r = chanceAtLeast(d20Formula(mode), target);
        expect(r.ok && r.value).toBeCloseTo(probAtLeast(d, target), 12);
      }
    }
  });
});
