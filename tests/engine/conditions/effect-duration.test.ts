import { describe, expect, it } from "vitest";
import {
  timedEffectOf,
  type EffectClock,
  type EffectDurationSnapshot,
} from "../../../src/engine/conditions/effect-duration.ts";
import type { RulesetId } from "../../../src/engine/initiative/contract.ts";

const snap = (over: Partial<EffectDurationSnapshot>): EffectDurationSnapshot => ({
  id: "e1",
  originatorId: "A",
  seconds: null,
  rounds: null,
  turns: null,
  elapsed: 0,
  ...over,
});
const clock = (ruleset: RulesetId, untimedRoundSeconds = 6): EffectClock => ({
  ruleset,
  untimedRoundSeconds,
  round: 2,
});

/** The length and boundary the effect was given, or the error key. */
function timed(over: Partial<EffectDurationSnapshot>, c: EffectClock): string {
  const r = timedEffectOf(snap(over), c);
  if (!r.ok) return r.error.key;
  return r.value === null ? "not timed" : `${r.value.boundary} of turn ${r.value.turns}`;
}

describe("conditions: an effect's written duration on its originator's turns", () => {
  it("STD-5, TIME-1: seconds become originator turns with the ruleset's round length (count and phase: the combat's setting)", () => {
    expect(timed({ seconds: 5 }, clock("standard"))).toBe("start of turn 1");
    expect(timed({ seconds: 10 }, clock("standard"))).toBe("start of turn 2");
    expect(timed({ seconds: 12 }, clock("standard"))).toBe("start of turn 3");
    expect(timed({ seconds: 60 }, clock("segment"))).toBe("start of turn 1");
    expect(timed({ seconds: 61 }, clock("segment"))).toBe("start of turn 2");
    expect(timed({ seconds: 6 }, clock("rotation", 30))).toBe("start of turn 1");
    expect(timed({ seconds: 20 }, clock("count", 10))).toBe("start of turn 2");
    expect(timed({ seconds: 21 }, clock("phase", 10))).toBe("start of turn 3");
  });

  it("TIME-1: seconds already run before the combat are taken off; run out, or rounds of 0 seconds, and Tempo leaves the effect alone", () => {
    expect(timed({ seconds: 12, elapsed: 7 }, clock("standard"))).toBe("start of turn 1");
    expect(timed({ seconds: 12, elapsed: 12 }, clock("standard"))).toBe("not timed");
    expect(timed({ seconds: 12 }, clock("count", 0))).toBe("not timed");
    expect(timed({ seconds: 12, rounds: 1 }, clock("standard"))).toBe("start of turn 3"); // seconds win
  });

  it("DUR-1: R rounds end at the start of the originator's R-th turn; T turns at the end of its (R + T − 1)-th", () => {
    expect(timed({ rounds: 1 }, clock("standard"))).toBe("start of turn 1");
    expect(timed({ rounds: 3 }, clock("phase"))).toBe("start of turn 3");
    expect(timed({ turns: 1 }, clock("standard"))).toBe("end of turn 0");
    expect(timed({ rounds: 1, turns: 1 }, clock("standard"))).toBe("end of turn 1");
    expect(timed({ turns: 3 }, clock("segment"))).toBe("end of turn 2");
    const made = timedEffectOf(snap({ rounds: 1 }), clock("standard"));
    expect(made.ok && made.value).toMatchObject({ id: "e1", originatorId: "A", createdRound: 2 });
  });

  it("DUR-1: no duration is not timed; negative, fractional or non-finite values are typed errors", () => {
    expect(timed({}, clock("standard"))).toBe("not timed");
    expect(timed({ rounds: 0, turns: 0, seconds: 0 }, clock("standard"))).toBe("not timed");
    for (const bad of [{ rounds: -1 }, { turns: 1.5 }, { rounds: 0.5 }, { seconds: -5 }, { seconds: Number.NaN }]) {
      expect(timed(bad, clock("standard"))).toBe("TEMPO.ERRORS.Conditions.InvalidDuration");
    }
    expect(timed({ rounds: 1, id: "" }, clock("standard"))).toBe("TEMPO.ERRORS.Conditions.InvalidEffect");
  });
});
