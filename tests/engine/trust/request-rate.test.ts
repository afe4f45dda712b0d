import { describe, expect, it } from "vitest";
import { admitRequest, REQUEST_RATE, type RateState } from "../../../src/engine/index.ts";

function burst(count: number, at: (i: number) => number, sender = "p1", start: RateState = {}) {
  let state = start;
  const admitted: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const verdict = admitRequest(state, sender, at(i));
    state = verdict.state;
    admitted.push(verdict.admitted);
  }
  return { state, admitted };
}

describe("issue 18: a player's requests are rate-limited per sender", () => {
  it("30 in 10 s are taken; the 31st and later in the same window are dropped", () => {
    const { admitted } = burst(40, (i) => 1000 + i);
    expect(admitted.filter(Boolean)).toHaveLength(REQUEST_RATE.limit);
    expect(admitted.slice(0, 30).every(Boolean)).toBe(true);
    expect(admitted.slice(30).some(Boolean)).toBe(false);
  });

  it("the window slides: once the oldest are 10 s old, requests are taken again", () => {
    const { state } = burst(30, (i) => i);
    expect(admitRequest(state, "p1", 9_999).admitted).toBe(false);
    expect(admitRequest(state, "p1", 10_000).admitted).toBe(true);
  });

  it("one sender's spam does not hold back another's requests; a request every second is never dropped", () => {
    const { state } = burst(50, (i) => i, "spammer");
    expect(admitRequest(state, "p2", 60).admitted).toBe(true);
    expect(burst(120, (i) => i * 1000).admitted.every(Boolean)).toBe(true);
  });

  it("dropped requests are not counted, and old times are forgotten (the state stays small)", () => {
    const { state } = burst(500, (i) => i, "spammer");
    expect(state.spammer).toHaveLength(30);
    expect(admitRequest(state, "p2", 100_000).state).toEqual({ p2: [100_000] });
  });
});
