import { describe, expect, it } from "vitest";
import { recordedRollTotal, type RecordedRoll } from "../../../src/engine/index.ts";

const kept = (...results: number[]) => results.map((result) => ({ result, active: true }));

describe("issue 18: a recorded roll's total comes from its dice, checked against the rules' formula", () => {
  it("1d8+2 with a 5 is 7; the formula's numbers and signs are the rules', not the roll's", () => {
    const roll: RecordedRoll = { formula: "1d8 + 2", dice: [{ faces: 8, results: kept(5) }] };
    expect(recordedRollTotal("1d8+2", roll)).toEqual({ ok: true, value: 7 });
    expect(recordedRollTotal("2d6-1", { formula: "2d6-1", dice: [{ faces: 6, results: kept(6, 3) }] })).toEqual({
      ok: true,
      value: 8,
    });
  });

  it("another formula is refused (a bigger die, more dice, a bonus added)", () => {
    for (const formula of ["1d12+2", "2d8+2", "1d8+20", "nonsense"]) {
      const result = recordedRollTotal("1d8+2", { formula, dice: [{ faces: 8, results: kept(5) }] });
      expect(result).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Trust.RollFormula" } });
    }
  });

  it("dice the formula cannot have rolled are refused: a face past the die, a 0, too many or too few dice, a wrong die", () => {
    const bad: RecordedRoll["dice"][] = [
      [{ faces: 8, results: kept(9) }],
      [{ faces: 8, results: kept(0) }],
      [{ faces: 8, results: kept(2.5) }],
      [{ faces: 8, results: kept(4, 4) }],
      [],
      [{ faces: 20, results: kept(5) }],
      [
        { faces: 8, results: kept(5) },
        { faces: 8, results: kept(5) },
      ],
    ];
    for (const dice of bad)
      expect(recordedRollTotal("1d8+2", { formula: "1d8+2", dice })).toMatchObject({
        ok: false,
        error: { key: "TEMPO.ERRORS.Trust.RollDice" },
      });
  });

  it("STL-3, ADV-1: a keep rule must keep exactly the highest (or lowest) dice", () => {
    const dice = (a: boolean, b: boolean) => [
      {
        faces: 20,
        results: [
          { result: 4, active: a },
          { result: 17, active: b },
        ],
      },
    ];
    expect(recordedRollTotal("2d20kh", { formula: "2d20kh1", dice: dice(false, true) })).toEqual({
      ok: true,
      value: 17,
    });
    expect(recordedRollTotal("2d20kl", { formula: "2d20kl", dice: dice(true, false) })).toEqual({ ok: true, value: 4 });
    for (const [a, b] of [
      [true, false],
      [true, true],
      [false, false],
    ] as const)
      expect(recordedRollTotal("2d20kh", { formula: "2d20kh", dice: dice(a, b) }).ok).toBe(false);
  });

  it("a dropped die may not count: every die without a keep rule is active", () => {
    const roll = { formula: "2d6", dice: [{ faces: 6, results: [{ result: 1, active: false }, ...kept(6)] }] };
    expect(recordedRollTotal("2d6", roll).ok).toBe(false);
  });
});
