import { describe, expect, it } from "vitest";
import { parseStandardState, type StandardState } from "../../../../src/engine/initiative/standard/index.ts";
import { make, roll, step } from "./fixtures.ts";

function running(): StandardState {
  const started = step(
    make([
      { id: "Aria", dexBonus: 2 },
      { id: "Bram", dexBonus: 0 },
    ]),
    { type: "start" },
  );
  const rolled = roll(started.state, { Aria: 14 }).state; // Bram still rolling
  return rolled;
}

/** A deep copy with one change, as a hand-edited `Combat.system` would be. */
function edited(state: StandardState, change: (copy: Record<string, unknown>) => void): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
  change(copy);
  return copy;
}

describe("standard: reading a stored combat back", () => {
  it("a state the scheduler produced is read back unchanged, mid-roll and mid-round", () => {
    const rolling = running();
    expect(parseStandardState(JSON.parse(JSON.stringify(rolling)))).toEqual({ ok: true, value: rolling });
    const inRound = roll(rolling, { Bram: 9 }).state;
    expect(parseStandardState(JSON.parse(JSON.stringify(inRound)))).toEqual({ ok: true, value: inRound });
  });

  it("damaged fields are refused with a typed error naming the first bad field", () => {
    const state = roll(running(), { Bram: 9 }).state;
    const invalid = (field: string) => ({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.InvalidState", data: { field } },
    });
    expect(parseStandardState(null)).toEqual(invalid("state"));
    expect(parseStandardState(edited(state, (s) => (s.scheme = "count")))).toEqual(invalid("scheme"));
    expect(parseStandardState(edited(state, (s) => (s.round = -1)))).toEqual(invalid("round"));
    expect(
      parseStandardState(
        edited(
          state,
          (s) =>
            ((s.combatants as Record<string, Record<string, unknown>>).Aria = {
              id: "Aria",
              dexBonus: 1.5,
              initiative: 14,
              tieBreak: [],
              defeated: false,
            }),
        ),
      ),
    ).toEqual(invalid("combatants.Aria"));
    expect(parseStandardState(edited(state, (s) => (s.order = ["Aria", "Zed"])))).toEqual(invalid("order"));
    expect(parseStandardState(edited(state, (s) => (s.order = ["Aria", "Aria"])))).toEqual(invalid("order"));
    expect(parseStandardState(edited(state, (s) => (s.turnIndex = 7)))).toEqual(invalid("turnIndex"));
    expect(parseStandardState(edited(state, (s) => (s.firstTurnDue = { Zed: 1 })))).toEqual(invalid("firstTurnDue"));
    expect(
      parseStandardState(edited(running(), (s) => (s.rolls = [{ request: { id: "std-2" }, kind: "initiative" }]))),
    ).toEqual(invalid("rolls"));
  });
});
