import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  enhancedHitDice,
  monsterAttackTable,
  MONSTER_ATTACK_TABLE,
  parseHitDice,
} from "../../../src/engine/attack/monster-hit-dice.ts";
import { formulaMax, formulaMin } from "../../../src/engine/dice/formula-odds.ts";
import { value } from "./support.ts";

describe("SEG-13 monster attack table", () => {
  it("SEG-13: a 4 HD monster with no class level attacks on its hit dice row", () => {
    expect(value(monsterAttackTable({ dice: 4, bonus: 0 }, null))).toEqual({
      table: "monster",
      row: { label: "4-5+", fromHitDice: 4, plus: false, aac0: 15 },
      aac0: 15,
    });
  });

  it("SEG-13: a 4 HD creature with class level 6 attacks on its class table at level 6", () => {
    expect(value(monsterAttackTable({ dice: 4, bonus: 0 }, 6))).toEqual({ table: "class", level: 6 });
  });

  it("SEG-13: an equal or lower class level keeps the hit dice (class level must be higher)", () => {
    expect(value(monsterAttackTable({ dice: 4, bonus: 0 }, 4))).toMatchObject({ table: "monster" });
    expect(value(monsterAttackTable({ dice: 4, bonus: 0 }, 2))).toMatchObject({ table: "monster" });
  });

  it("SEG-13 ruling: a 5+5 HD creature attacks as 6 HD, so class level 6 does not exceed it but 7 does", () => {
    expect(value(monsterAttackTable({ dice: 5, bonus: 5 }, 6))).toMatchObject({
      table: "monster",
      row: { label: "6-7+" },
    });
    expect(value(monsterAttackTable({ dice: 5, bonus: 5 }, 7))).toEqual({ table: "class", level: 7 });
  });

  it("SEG-13 ruling: more hit dice never make the monster table's AAC0 worse", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 12 }), (dice, bonus) => {
        const here = value(monsterAttackTable({ dice, bonus }, null));
        const more = value(monsterAttackTable({ dice: dice + 1, bonus }, null));
        if (here.table !== "monster" || more.table !== "monster") throw new Error("expected the monster table");
        expect(more.aac0).toBeLessThanOrEqual(here.aac0);
      }),
    );
    const aac0s = MONSTER_ATTACK_TABLE.map((row) => row.aac0);
    expect([...aac0s].sort((a, b) => b - a)).toEqual(aac0s);
  });

  it("SEG-13: a negative or fractional class level is a typed error", () => {
    expect(monsterAttackTable({ dice: 4, bonus: 0 }, -1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.ClassLevelInvalid", data: { value: "-1" } },
    });
    expect(monsterAttackTable({ dice: 4, bonus: 0 }, 2.5).ok).toBe(false);
  });
});

describe("SEG-14 enhanced hit dice", () => {
  it("SEG-14: 5+5 HD attacks as 6 HD (row 6-7+) and saves as 7 HD", () => {
    const hd = value(enhancedHitDice({ dice: 5, bonus: 5 }));
    expect(hd).toMatchObject({
      attackHitDice: 6,
      attackPlus: false,
      saveHitDice: 7,
      overallHitDice: 7,
      moraleBonus: 5,
    });
    expect(hd.attackRow.label).toBe("6-7+");
  });

  it("SEG-14: 4+4 HD has 4d8+16 hit points and +4 morale", () => {
    expect(value(enhancedHitDice({ dice: 4, bonus: 4 }))).toMatchObject({
      hitPoints: "4d8+16",
      moraleBonus: 4,
      attackHitDice: 5,
      saveHitDice: 5,
    });
  });

  it('SEG-14: 1+1 HD attacks on the "1+" row, has 1d8+1 hit points and saves as 2 HD', () => {
    const hd = value(enhancedHitDice({ dice: 1, bonus: 1 }));
    expect(hd).toMatchObject({ attackHitDice: 1, attackPlus: true, saveHitDice: 2, hitPoints: "1d8+1" });
    expect(hd.attackRow.label).toBe("1+");
    expect(value(enhancedHitDice({ dice: 1, bonus: 0 })).attackRow.label).toBe("1");
  });

  it("SEG-14: +1–3 uses the X+ rating; +4 or more adds one hit die at most (8+2 stays 8+, 3+9 attacks as 4 HD)", () => {
    expect(value(enhancedHitDice({ dice: 8, bonus: 2 }))).toMatchObject({
      attackHitDice: 8,
      attackPlus: true,
      saveHitDice: 9,
    });
    expect(value(enhancedHitDice({ dice: 3, bonus: 9 }))).toMatchObject({
      attackHitDice: 4,
      attackPlus: false,
      saveHitDice: 6,
      hitPoints: "3d8+27",
    });
  });

  it("SEG-14: saves and overall HD add +1 per started 4 points of enhancement, with no maximum", () => {
    const extra = [1, 4, 5, 8, 9, 12, 13, 16, 17].map(
      (bonus) => value(enhancedHitDice({ dice: 2, bonus })).saveHitDice - 2,
    );
    expect(extra).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5]);
  });

  it("SEG-14: plain hit dice change nothing (6 HD: 6d8, row 6-7+, saves as 6)", () => {
    expect(value(enhancedHitDice({ dice: 6, bonus: 0 }))).toMatchObject({
      hitPoints: "6d8",
      attackHitDice: 6,
      attackPlus: false,
      saveHitDice: 6,
      moraleBonus: 0,
    });
  });

  it("SEG-14: negative, zero or fractional hit dice and negative enhancements are typed errors", () => {
    expect(enhancedHitDice({ dice: -1, bonus: 0 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceInvalid", data: { value: "-1" } },
    });
    expect(enhancedHitDice({ dice: 0, bonus: 2 }).ok).toBe(false);
    expect(enhancedHitDice({ dice: 2.5, bonus: 0 }).ok).toBe(false);
    expect(enhancedHitDice({ dice: 1e300, bonus: 0 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceInvalid" },
    });
    expect(enhancedHitDice({ dice: 1, bonus: -1 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceBonusInvalid", data: { value: "-1" } },
    });
    fc.assert(
      fc.property(fc.double(), fc.double(), (dice, bonus) => {
        expect(() => enhancedHitDice({ dice, bonus })).not.toThrow();
      }),
    );
  });
});

describe("SEG-14 printed hit dice", () => {
  it('SEG-14: "4+4 HD" reads as 4 dice with +4 (4d8+16 hit points); "6" and "8 + 2" read too', () => {
    expect(parseHitDice("4+4 HD")).toEqual({ ok: true, value: { dice: 4, bonus: 4 } });
    expect(parseHitDice("6")).toEqual({ ok: true, value: { dice: 6, bonus: 0 } });
    expect(parseHitDice(" 8 + 2 hd ")).toEqual({ ok: true, value: { dice: 8, bonus: 2 } });
    const parsed = parseHitDice("4+4");
    expect(parsed.ok && value(enhancedHitDice(parsed.value)).hitPoints).toBe("4d8+16");
  });

  it('SEG-14: "1-1 HD" (a negative enhancement) and text that is not hit dice are typed errors', () => {
    expect(parseHitDice("1-1 HD")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceBonusInvalid", data: { value: "-1" } },
    });
    expect(parseHitDice("four")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceInvalid", data: { value: "four" } },
    });
    for (const text of ["", "0", "0+3", "4+", "+4", "4.5", "4+4+4", "4d8", "HD 4"])
      expect(parseHitDice(text).ok).toBe(false);
  });

  it("SEG-14: hit dice too large to roll (over 1000 dice, or over 1,000,000 extra hit points) are typed errors", () => {
    expect(enhancedHitDice({ dice: 1001, bonus: 0 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceTooLarge" },
    });
    expect(enhancedHitDice({ dice: 1000, bonus: 1001 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.HitDiceTooLarge" },
    });
    expect(enhancedHitDice({ dice: 1000, bonus: 1000 }).ok).toBe(true);
  });

  it("SEG-14: the hit points Xd8 + X·Y always parse, from X + X·Y to 8X + X·Y", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (dice, bonus) => {
        const { hitPoints } = value(enhancedHitDice({ dice, bonus }));
        expect(value(formulaMin(hitPoints))).toBe(dice + dice * bonus);
        expect(value(formulaMax(hitPoints))).toBe(8 * dice + dice * bonus);
      }),
    );
  });
});
