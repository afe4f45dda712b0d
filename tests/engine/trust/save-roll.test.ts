import { describe, expect, it } from "vitest";
import { checkedSaveRoll, rulesSave } from "../../../src/engine/index.ts";

const roll = (formula: string, faces: number, ...results: number[]) => ({
  formula,
  dice: [{ faces, results: results.map((result) => ({ result, active: true })) }],
});

describe("issue 18: a save's total is the recorded roll's, against the rules' save", () => {
  it("PHS-12: an end-phase save is 2d6 against 7; CNT-14, SEG-10: the classic d20 save against 10 (ruling)", () => {
    expect(rulesSave("endPhase")).toEqual({ formula: "2d6", target: 7 });
    expect(rulesSave("death")).toEqual({ formula: "1d20", target: 10 });
    expect(rulesSave("concentration")).toEqual({ formula: "1d20", target: 10 });
    expect(rulesSave("charm")).toBeNull();
  });

  it("PHS-12: a GM's end-phase card with 2d6 showing 3 and 5 totals 8", () => {
    const checked = checkedSaveRoll({ kind: "endPhase", authorIsGM: true }, roll("2d6", 6, 3, 5));
    expect(checked).toEqual({ ok: true, value: { formula: "2d6", target: 7, total: 8 } });
  });

  it("CNT-14: a roll of another formula (1d20+20) or impossible dice counts for nothing", () => {
    const card = { kind: "death", authorIsGM: true };
    expect(checkedSaveRoll(card, roll("1d20+20", 20, 1)).ok).toBe(false);
    expect(checkedSaveRoll(card, roll("1d20", 20, 25)).ok).toBe(false);
    expect(checkedSaveRoll(card, null).ok).toBe(false);
  });

  it("PHS-12, CNT-14: only a GM's card ends an effect or counts as a death save; SEG-10: a check may be anyone's", () => {
    expect(checkedSaveRoll({ kind: "endPhase", authorIsGM: false }, roll("2d6", 6, 6, 6))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Trust.SaveNotGm" },
    });
    expect(checkedSaveRoll({ kind: "death", authorIsGM: false }, roll("1d20", 20, 20)).ok).toBe(false);
    expect(checkedSaveRoll({ kind: "concentration", authorIsGM: false }, roll("1d20", 20, 3))).toEqual({
      ok: true,
      value: { formula: "1d20", target: 10, total: 3 },
    });
    expect(checkedSaveRoll({ kind: "x", authorIsGM: true }, roll("1d20", 20, 3))).toMatchObject({
      error: { key: "TEMPO.ERRORS.Trust.SaveKind" },
    });
  });
});
