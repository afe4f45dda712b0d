import { describe, expect, it } from "vitest";
import {
  EVENT_SUMMARY_BUDGET,
  decodeEventSummary,
  encodeEventSummary,
  summarizeEvents,
  type HostEvent,
} from "../../../src/engine/index.ts";

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
    expect(summary.events.filter((e) => e.type === "savesDue")).toHaveLength(0);
    expect(summary.omitted).toEqual({ savesDue: 300 });
    expect(Buffer.byteLength(JSON.stringify(encodeEventSummary(summary)))).toBeLessThan(256);
  });

  it("a small step sends every event, in the engine's order, and nothing omitted", () => {
    const events = [{ type: "turnEnded", combatantId: id(1), round: 1 }, ...saves(2)] as HostEvent[];
    expect(summarizeEvents(events)).toEqual({ events, omitted: {} });
  });

  it("a type of event travels whole while it fits, else as its count: a client sees all of a type or none", () => {
    const events = [
      ...saves(4),
      ...Array.from({ length: 40 }, (_, i) => ({ type: "contestRolled", combatantId: id(i), total: i }) as HostEvent),
      { type: "turnStarted", combatantId: id(7), round: 2 },
    ] as HostEvent[];
    const summary = summarizeEvents(events);
    expect(summary.events.map((e) => e.type)).toEqual([...saves(4).map(() => "savesDue"), "turnStarted"]);
    expect(summary.omitted).toEqual({ contestRolled: 40 });
    expect(Buffer.byteLength(JSON.stringify(summary.events))).toBeLessThanOrEqual(EVENT_SUMMARY_BUDGET);
  });

  it("on the wire the field names are written once; every event reads back with its fields, null and odd keys included", () => {
    const events = [
      { type: "turnEnded", round: 1, combatantId: id(1), phase: "movement" },
      { type: "turnStarted", round: 1, combatantId: id(2), phase: "movement" },
      { type: "effectExpired", effectId: "e1", combatantId: id(2), originatorId: null, round: 1 },
      { type: "undone" },
      { round: 3, type: "roundStarted" },
      { type: "odd", constructor: "x" },
    ] as unknown as HostEvent[];
    const summary = { events, omitted: { savesDue: 3 } };
    const wire = JSON.parse(JSON.stringify(encodeEventSummary(summary))) as unknown;
    expect(decodeEventSummary(wire)).toEqual(summary);
    const plain = JSON.stringify({ tempoEvents: events.slice(0, 2) }).length;
    expect(JSON.stringify(encodeEventSummary({ events: events.slice(0, 2), omitted: {} })).length).toBeLessThan(
      plain * 0.8,
    );
    expect(decodeEventSummary(undefined)).toBeNull();
    expect(encodeEventSummary({ events: [], omitted: { savesDue: 300 } })).toEqual({ o: { savesDue: 300 } });
    expect(decodeEventSummary({ o: { savesDue: 300 } })).toEqual({ events: [], omitted: { savesDue: 300 } });
  });
});
