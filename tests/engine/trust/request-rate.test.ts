import { describe, expect, it } from "vitest";
import { admitRequest, REQUEST_RATE, type RateState } from "../../../src/engine/index.ts";

/** A small rule for the window's behaviour: 30 in 10 s. */
const RULE = { limit: 30, windowMs: 10_000 };

function burst(count: number, at: (i: number) => number, sender = "p1", start: RateState = {}) {
  let state = start;
  const admitted: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const verdict = admitRequest(state, sender, at(i), RULE);
    state = verdict.state;
    admitted.push(verdict.admitted);
  }
  return { state, admitted };
}

describe("issue 18: a player's requests are rate-limited per sender", () => {
  it("the ruling: 600 in 10 s (far above a person's clicks, far below a console loop)", () => {
    expect(REQUEST_RATE).toEqual({ limit: 600, windowMs: 10_000 });
    let state: RateState = {};
    let taken = 0;
    for (let i = 0; i < 1000; i++) {
      const verdict = admitRequest(state, "p1", i);
      state = verdict.state;
      if (verdict.admitted) taken++;
    }
    expect(taken).toBe(600);
  });

  it("30 in 10 s are taken; the 31st and later in the same window are dropped", () => {
    const { admitted } = burst(40, (i) => 1000 + i);
    expect(admitted.filter(Boolean)).toHaveLength(RULE.limit);
    expect(admitted.slice(0, 30).every(Boolean)).toBe(true);
    expect(admitted.slice(30).some(Boolean)).toBe(false);
  });

  it("the window slides: once the oldest are 10 s old, requests are taken again", () => {
    const { state } = burst(30, (i) => i);
    expect(admitRequest(state, "p1", 9_999, RULE).admitted).toBe(false);
    expect(admitRequest(state, "p1", 10_000, RULE).admitted).toBe(true);
  });

  it("one sender's spam does not hold back another's requests; a request every second is never dropped", () => {
    const { state } = burst(50, (i) => i, "spammer");
    expect(admitRequest(state, "p2", 60, RULE).admitted).toBe(true);
    expect(burst(120, (i) => i * 1000).admitted.every(Boolean)).toBe(true);
  });

  it("dropped requests are not counted, and old times are forgotten (the state stays small)", () => {
    const { state } = burst(500, (i) => i, "spammer");
    expect(state.spammer).toHaveLength(30);
    expect(admitRequest(state, "p2", 100_000, RULE).state).toEqual({ p2: [100_000] });
  });
});
