import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIE_LADDER, ladderLevel, stepDie } from "../../../src/engine/damage/die-ladder.ts";
import { GREAT_WEAPONS, greatWeapon } from "../../../src/engine/damage/great-weapons.ts";
import {
  chargeSteps,
  effectiveProperties,
  weaponDamageDice,
  type WeaponSnapshot,
} from "../../../src/engine/damage/weapon-features.ts";

const LADDER = ["1d4", "1d6", "1d8", "1d10", "1d12", "2d6", "2d8", "2d10", "2d12"];
const maul: WeaponSnapshot = { die: "2d6", properties: ["heavy", "great"] };
const greataxe: WeaponSnapshot = { die: "1d12", properties: ["heavy", "great"] };
const longsword: WeaponSnapshot = { die: "1d8", properties: ["versatile"] };
const dagger: WeaponSnapshot = { die: "1d4", properties: ["thrown"] };

describe("die ladder", () => {
  it("CNT-15: levels 1 to 9 are 1d4, 1d6, 1d8, 1d10, 1d12, 2d6, 2d8, 2d10, 2d12", () => {
    LADDER.forEach((formula, i) => expect(ladderLevel(formula)).toEqual({ ok: true, value: i + 1 }));
    expect(DIE_LADDER).toHaveLength(9);
  });

  it("CNT-15: one step up moves to the next rung, across the 1d12 → 2d6 boundary too", () => {
    expect(stepDie("1d8", 1)).toEqual({ ok: true, value: "1d10" });
    expect(stepDie("1d12", 1)).toEqual({ ok: true, value: "2d6" });
    expect(stepDie("2d10", 1)).toEqual({ ok: true, value: "2d12" });
    expect(stepDie("1d4", 3)).toEqual({ ok: true, value: "1d10" });
  });

  it("CNT-15: level 10 multiplies the original dice by the primary modifier: a Maul 2d6 with +8 STR rolls 16d6", () => {
    expect(stepDie("2d6", 4, 8)).toEqual({ ok: true, value: "16d6" });
    expect(stepDie("1d12", 5, 3)).toEqual({ ok: true, value: "3d12" });
  });

  it("CNT-15: levels past 10 add nothing more than level 10", () => {
    expect(stepDie("2d6", 10, 3)).toEqual({ ok: true, value: "6d6" });
  });

  it("CNT-15: the level-10 multiplier is at least 1 (ruling), even with a 0 or negative modifier", () => {
    expect(stepDie("2d6", 4, 0)).toEqual({ ok: true, value: "2d6" });
    expect(stepDie("2d6", 4, -2)).toEqual({ ok: true, value: "2d6" });
  });

  it("CNT-15: a flat bonus rides along unchanged", () => {
    expect(stepDie("1d8+3", 1)).toEqual({ ok: true, value: "1d10+3" });
    expect(stepDie("2d6-1", 4, 8)).toEqual({ ok: true, value: "16d6-1" });
  });

  it("CNT-15: stepping down stops at 1d4 (ruling)", () => {
    expect(stepDie("1d6", -3)).toEqual({ ok: true, value: "1d4" });
  });

  it("CNT-15: a die that is not on the ladder cannot be stepped (typed error naming the die)", () => {
    expect(ladderLevel("1d20")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.NotOnLadder", data: { die: "1d20" } },
    });
    expect(stepDie("3d6", 1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.NotOnLadder", data: { die: "3d6" } },
    });
    expect(stepDie("16d6", 0)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.NotOnLadder", data: { die: "16d6" } },
    });
  });

  it("CNT-15: unreadable formulas, fractional steps and fractional modifiers are typed errors", () => {
    expect(stepDie("banana", 1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.Unparseable", data: { formula: "banana" } },
    });
    expect(stepDie("1d8", 1.5)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidSteps", data: { steps: "1.5" } },
    });
    expect(stepDie("2d6", 4, 2.5)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidModifier", data: { modifier: "2.5" } },
    });
  });

  it("CNT-15: only one plain NdX plus flat numbers can be stepped; other dice formulas are typed errors", () => {
    expect(stepDie("2d6+1d4", 1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.BadFormula", data: { formula: "2d6+1d4" } },
    });
    expect(stepDie("4d6kh3", 1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.BadFormula", data: { formula: "4d6kh3" } },
    });
    expect(stepDie("d8 + 3", 1)).toEqual({ ok: true, value: "1d10+3" });
    expect(stepDie("1d1", 1).ok).toBe(false);
  });

  it("CNT-15: a level-10 product past the 1,000-dice formula limit is a typed error, not a huge roll", () => {
    // 2d6 × 400 = 800 dice is allowed; 2d6 × 600 = 1,200 dice is not.
    expect(stepDie("2d6", 4, 400)).toEqual({ ok: true, value: "800d6" });
    expect(stepDie("2d6", 4, 600)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Dice.TooManyDice", data: { formula: "1200d6", max: 1000 } },
    });
  });

  it("CNT-15: below level 10, stepping s levels lands exactly s rungs higher and never lowers the average", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (start, steps) => {
        fc.pre(start + steps <= 8);
        const from = LADDER[start] ?? "";
        const stepped = stepDie(from, steps);
        expect(stepped).toEqual({ ok: true, value: LADDER[start + steps] });
        const avg = (f: string): number => {
          const [count, sides] = f.split("d").map(Number);
          return ((count ?? 0) * ((sides ?? 0) + 1)) / 2;
        };
        expect(avg(stepped.ok ? stepped.value : from)).toBeGreaterThanOrEqual(avg(from));
      }),
    );
  });
});

describe("great weapons", () => {
  it("CNT-16: Greataxe 1d12, Greatsword 2d6, Maul 2d6, Greatbow 1d12", () => {
    expect(GREAT_WEAPONS.map((w) => [w.id, w.die])).toEqual([
      ["greataxe", "1d12"],
      ["greatsword", "2d6"],
      ["maul", "2d6"],
      ["greatbow", "1d12"],
    ]);
    expect(greatWeapon("maul")?.die).toBe("2d6");
    expect(greatWeapon("longsword")).toBeNull();
  });

  it("CNT-16: every Great weapon's die is on the ladder, so it can be charged", () => {
    for (const w of GREAT_WEAPONS) expect(ladderLevel(w.die).ok).toBe(true);
  });
});

describe("weapon feats", () => {
  it("FEAT-VERSATILE: a Versatile weapon in two hands counts as Heavy and rolls one level higher", () => {
    const twoHands = effectiveProperties(longsword, true);
    expect(twoHands.ok && twoHands.value.includes("heavy")).toBe(true);
    expect(weaponDamageDice(longsword, { twoHanded: true, chargeDelay: 0, primaryModifier: 3 })).toEqual({
      ok: true,
      value: "1d10",
    });
  });

  it("FEAT-VERSATILE: in one hand it is neither Heavy nor stepped; other weapons ignore the grip", () => {
    const oneHand = effectiveProperties(longsword, false);
    expect(oneHand).toEqual({ ok: true, value: ["versatile"] });
    expect(weaponDamageDice(longsword, { twoHanded: false, chargeDelay: 0, primaryModifier: 3 })).toEqual({
      ok: true,
      value: "1d8",
    });
    expect(weaponDamageDice(maul, { twoHanded: true, chargeDelay: 0, primaryModifier: 3 })).toEqual({
      ok: true,
      value: "2d6",
    });
  });

  it("FEAT-CHARGED: each full 2 counts of delay is one ladder level (7 counts → 3 levels)", () => {
    expect(chargeSteps(8)).toEqual({ ok: true, value: 4 });
    expect(chargeSteps(7)).toEqual({ ok: true, value: 3 });
    expect(chargeSteps(1)).toEqual({ ok: true, value: 0 });
    expect(chargeSteps(-1).ok).toBe(false);
  });

  it("FEAT-CHARGED: a +8 STR Maul charged for 8 counts rolls 16d6 (seeds/000 example)", () => {
    expect(weaponDamageDice(maul, { twoHanded: true, chargeDelay: 8, primaryModifier: 8 })).toEqual({
      ok: true,
      value: "16d6",
    });
  });

  it("FEAT-CHARGED: a Greataxe charged 4 counts goes 1d12 → 2d8; a thrown dagger charged 2 counts 1d4 → 1d6", () => {
    expect(weaponDamageDice(greataxe, { twoHanded: true, chargeDelay: 4, primaryModifier: 4 })).toEqual({
      ok: true,
      value: "2d8",
    });
    expect(weaponDamageDice(dagger, { twoHanded: false, chargeDelay: 2, primaryModifier: 2 })).toEqual({
      ok: true,
      value: "1d6",
    });
  });

  it("FEAT-CHARGED with FEAT-VERSATILE: a two-handed longsword charged 4 counts steps 1 + 2 levels, 1d8 → 2d6", () => {
    expect(weaponDamageDice(longsword, { twoHanded: true, chargeDelay: 4, primaryModifier: 4 })).toEqual({
      ok: true,
      value: "2d6",
    });
  });

  it("FEAT-CHARGED: the delay is the primary modifier: 8 counts of charge with a +3 modifier is a typed error, not 4 steps", () => {
    expect(weaponDamageDice(maul, { twoHanded: true, chargeDelay: 8, primaryModifier: 3 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.ChargeDelayMismatch", data: { delay: "8", modifier: 3 } },
    });
    // +3: 3 counts of delay, one full 2 → one level, 2d6 → 2d8.
    expect(weaponDamageDice(maul, { twoHanded: true, chargeDelay: 3, primaryModifier: 3 })).toEqual({
      ok: true,
      value: "2d8",
    });
  });

  it("FEAT-CHARGED: a weapon that is not Heavy, Great or Thrown cannot charge; bad delays are typed errors", () => {
    expect(weaponDamageDice(longsword, { twoHanded: false, chargeDelay: 4, primaryModifier: 4 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.CannotCharge" },
    });
    expect(weaponDamageDice(maul, { twoHanded: true, chargeDelay: 2.5, primaryModifier: 4 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Damage.InvalidDelay", data: { delay: "2.5" } },
    });
  });
});
