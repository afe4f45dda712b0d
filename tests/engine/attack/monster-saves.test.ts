import { describe, expect, it } from "vitest";
import { creatureSaveRoll, enhancedHitDice, monsterSaveRow, spellSaveRoll } from "../../../src/engine/index.ts";
import { value } from "./support.ts";

describe("SEG-14: saves by hit dice", () => {
  it("SEG-14: 5+5 HD saves as 7 HD, on the Monster Save Table's row 7-8; more hit dice never save worse", () => {
    const chief = value(enhancedHitDice({ dice: 5, bonus: 5 }));
    expect(value(monsterSaveRow(chief.saveHitDice))).toMatchObject({ label: "7-8", target: 13 });
    const targets = Array.from({ length: 25 }, (_, hd) => value(monsterSaveRow(hd)).target);
    for (let hd = 1; hd < targets.length; hd++) expect(targets[hd]).toBeLessThanOrEqual(targets[hd - 1] ?? 20);
    expect(monsterSaveRow(-1).ok).toBe(false);
  });

  it("SEG-14: in the segment ruleset a creature with hit dice rolls the table's save (1d20, no ability, no DC); without hit dice, or in another ruleset, the spell's save", () => {
    expect(creatureSaveRoll("segment", 15, 2, 7)).toEqual({ formula: "1d20", target: 13, rule: "SEG-14" });
    expect(creatureSaveRoll("segment", 15, 2, null)).toEqual(spellSaveRoll("segment", 15, 2));
    expect(creatureSaveRoll("count", 15, 2, 7)).toEqual(spellSaveRoll("count", 15, 2));
  });
});
