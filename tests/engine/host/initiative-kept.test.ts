import { describe, expect, it } from "vitest";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

describe("phase: core's initiative between rounds (issue 17)", () => {
  it("PHS-2: each creature keeps its last total when a new round asks for new rolls, and takes the new total when rolled", () => {
    const random = seeded(5);
    const { host, stored } = storedEncounter("phase", 12);
    let s = step(host, stored, { type: "start" });
    while (host.round(s.state) < 2) s = step(host, s.stored, nextCommand(host, s.state, random));
    const ids = host.order(s.state);
    // Round 2 has started and waits for its rolls: nobody's value went back to null.
    expect(host.pending(s.state).length).toBeGreaterThan(0);
    const kept = ids.map((id) => host.initiative(s.state, id));
    expect(kept.every((v) => typeof v === "number")).toBe(true);
    const rolls = nextCommand(host, s.state, random);
    expect(rolls.type).toBe("rolls");
    s = step(host, s.stored, rolls);
    const rolled = ids.map((id) => host.initiative(s.state, id));
    expect(rolled.every((v) => typeof v === "number")).toBe(true);
    expect(rolled).not.toEqual(kept);
  });
});

describe("segment: core's initiative between rounds (issue 17)", () => {
  it("SEG-2: each creature keeps its group's last d6 when a new round starts, until the group rolls again", () => {
    const random = seeded(9);
    const { host, stored } = storedEncounter("segment", 12);
    let s = step(host, stored, { type: "start" });
    while (host.round(s.state) < 2) s = step(host, s.stored, nextCommand(host, s.state, random));
    const ids = host.order(s.state);
    const shown = () => ids.map((id) => host.initiative(s.state, id));
    expect(shown().every((v) => typeof v === "number")).toBe(true);
    // Step 2 asks for the groups' d6: the kept values stay until they are rolled.
    while (host.pending(s.state).length === 0) s = step(host, s.stored, nextCommand(host, s.state, random));
    expect(shown().every((v) => typeof v === "number")).toBe(true);
    while (host.pending(s.state).length > 0) s = step(host, s.stored, nextCommand(host, s.state, random));
    expect(shown().every((v) => typeof v === "number" && v >= 1 && v <= 6)).toBe(true);
  });
});
