import { describe, expect, it } from "vitest";
import { EVENT_SUMMARY_BUDGET, summarizeEvents, type HostEvent } from "../../../src/engine/index.ts";

const id = (i: number) => `id${String(i).padStart(14, "0")}`;
const saves = (n: number): HostEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: "savesDue", combatantId: id(i), round: 2 }) as HostEvent);

describe("the events a step sends to every client (issue 17)", () => {
  it("a boundary with 300 saves due sends the round and turn events whole and the saves as a count, under 1 KB", () => {
    const events = [
      { type: "turnEnded", combatantId: id(1), round: 1 },
      { type: "endStep", round: 1 },
      ...saves(300),
      { type: "roundStarted", round: 2 },
      { type: "turnStarted", combatantId: id(7), round: 2 },
    ] as HostEvent[];
    const summary = summarizeEvents(events);
    expect(summary.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["turnEnded", "endStep", "roundStarted", "turnStarted"]),
    );
    const kept = summary.events.filter((e) => e.type === "savesDue").length;
    expect(kept + (summary.omitted.savesDue ?? 0)).toBe(300);
    expect(Buffer.byteLength(JSON.stringify(summary))).toBeLessThan(1024);
  });

  it("a small step sends every event, in the engine's order, and nothing omitted", () => {
    const events = [{ type: "turnEnded", combatantId: id(1), round: 1 }, ...saves(2)] as HostEvent[];
    expect(summarizeEvents(events)).toEqual({ events, omitted: {} });
  });

  it("the events kept beyond the structural ones are the first ones, so a client sees a prefix of each kind", () => {
    const summary = summarizeEvents(saves(100));
    const kept = summary.events as readonly { combatantId?: string }[];
    expect(kept.map((e) => e.combatantId)).toEqual(
      saves(kept.length).map((e) => (e as { combatantId?: string }).combatantId),
    );
    expect(Buffer.byteLength(JSON.stringify(summary.events))).toBeLessThanOrEqual(EVENT_SUMMARY_BUDGET);
  });
});
