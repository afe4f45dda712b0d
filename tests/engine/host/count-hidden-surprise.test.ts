/**
 * CNT-4, issue 18 item 5: a surprise round only hidden creatures act in gives nothing away (engine
 * initiative/count/hidden-surprise.ts). The players' copy shows round 1 about to start, as the encounter
 * without the hidden creatures does, and round 1's contests are asked for at once in both; the GM keeps
 * the surprise round.
 */
import { describe, expect, it } from "vitest";
import {
  publishedEvents,
  publishedState,
  readCombatState,
  storeCombatState,
  unwrap,
  type DiceRequest,
  type HostCommand,
  type HostEvent,
  type RollResult,
} from "../../../src/engine/index.ts";
import { host, secrecy, startedCount } from "../../support/hidden-count.ts";

/** The command that rolls `totals` for whoever is asked. */
function rolls(state: unknown, totals: Readonly<Record<string, number>>): HostCommand {
  const pending = host.pending(state);
  const results: RollResult[] = Object.entries(totals).map(([id, total]) => ({
    requestId: pending.find((r: DiceRequest) => r.combatantId === id)?.id ?? "",
    total,
  }));
  return { type: "rolls", results };
}

/** `state` once `totals` are rolled for whoever is asked. */
function roll(state: unknown, totals: Readonly<Record<string, number>>): unknown {
  return unwrap(host.apply(state, rolls(state, totals))).state;
}

const next = (state: unknown): unknown => unwrap(host.apply(state, { type: "next" })).state;

/** A step as the players are told it (the Combat update's events: host/published.ts), and the state after it. */
function toldStep(before: unknown, command: HostCommand): { state: unknown; events: readonly HostEvent[] } {
  const step = unwrap(host.apply(before, command));
  const shown = publishedState(host, step.state, secrecy);
  return {
    state: step.state,
    events: publishedEvents(step.events, secrecy, { host, whole: step.state, shown, before }),
  };
}

/** The track's events in short: `roundStarted 1`, `turnStarted 1 h`. */
function track(events: readonly HostEvent[]): string[] {
  const fields = (e: HostEvent) => e as { round?: number; combatantId?: string };
  return events
    .filter((e) => ["roundStarted", "roundEnded", "endStep", "turnStarted", "turnEnded"].includes(e.type))
    .map((e) => [e.type, fields(e).round, fields(e).combatantId].filter((f) => f !== undefined).join(" "));
}

/** What the players' tracker reads of a state: the round, who acts, and whose dice it waits for. */
function told(state: unknown): { round: number; current: string | null; asked: (string | null)[] } {
  // Every copy is one a client can read back (the stored form's checks).
  expect(readCombatState(host, storeCombatState(state)).ok).toBe(true);
  return {
    round: host.round(state),
    current: host.current(state),
    asked: host.pending(state).map((r) => r.combatantId),
  };
}

describe("CNT-4: a surprise round only hidden creatures act in (issue 18 item 5)", () => {
  it("CNT-4, issue 18: players see round 1 about to start while only a hidden creature has surprise; the GM plays the surprise round", () => {
    // h's result 0 has surprise; v and w share 5 and contest for round 1.
    let full = roll(startedCount(["v", "w", "h"]), { v: 5, w: 5, h: 0 });
    let seen = roll(startedCount(["v", "w"]), { v: 5, w: 5 });
    expect(told(full)).toEqual({ round: 0, current: "h", asked: ["v", "w"] });
    // Round 1's contests are asked for at once, as in the encounter without h, which waits for them.
    expect(told(seen)).toEqual({ round: 0, current: null, asked: ["v", "w"] });
    expect(told(publishedState(host, full, secrecy))).toEqual(told(seen));
    // v wins the contest: the encounter without h starts round 1 with v; the players' copy shows round 1
    // with h acting (no visible row marked); in the surprise round's end step, round 1 with nobody acting
    // yet (not v: h opens round 1 again, and the players' mark only moves forward).
    full = roll(full, { v: 12, w: 8 });
    seen = roll(seen, { v: 12, w: 8 });
    expect(told(full)).toEqual({ round: 0, current: "h", asked: [] });
    expect(told(seen)).toEqual({ round: 1, current: "v", asked: [] });
    expect(told(publishedState(host, full, secrecy))).toEqual({ round: 1, current: "h", asked: [] });
    full = next(full);
    expect(told(full)).toEqual({ round: 0, current: null, asked: [] });
    expect(told(publishedState(host, full, secrecy))).toEqual({ round: 1, current: null, asked: [] });
    // Round 1: h acts first, on 0 (CNT-4: its result tracked as 0), then v as in the encounter without it.
    full = next(full);
    expect(told(publishedState(host, full, secrecy))).toEqual({ round: 1, current: "h", asked: [] });
    full = next(full);
    expect(told(publishedState(host, full, secrecy))).toEqual(told(seen));
  });

  it("CNT-4, issue 18: a surprise round a visible creature acts in is shown to the players as it is", () => {
    const full = roll(startedCount(["v", "w", "h"]), { v: 5, w: 0, h: 0 });
    expect(told(full).round).toBe(0);
    expect(told(publishedState(host, full, secrecy)).round).toBe(0);
  });

  it("CNT-4, issue 18: the players are told the surprise round only a hidden creature acts in as round 1: no round 0, no surprise end step, round 1 started once", () => {
    // v and w share 5 and contest for round 1; h's result 0 has surprise.
    let full = startedCount(["v", "w", "h"]);
    let seen = startedCount(["v", "w"]);
    const toldAll: HostEvent[] = [];
    const play = (command: (state: unknown) => HostCommand): readonly HostEvent[] => {
      const step = toldStep(full, command(full));
      full = step.state;
      toldAll.push(...step.events);
      return step.events;
    };
    const playSeen = (command: (state: unknown) => HostCommand): readonly HostEvent[] => {
      const step = unwrap(host.apply(seen, command(seen)));
      seen = step.state;
      return step.events;
    };
    // The first rolls: both wait for round 1's contests, told alike (the GM's surprise round is not).
    const first = play((s) => rolls(s, { v: 5, w: 5, h: 0 }));
    expect(first).toEqual(playSeen((s) => rolls(s, { v: 5, w: 5 })));
    expect(track(first)).toEqual([]);
    // The contests: round 1 starts for the players, with h acting where the encounter without it has v.
    const contests = play((s) => rolls(s, { v: 12, w: 8 }));
    const seenContests = playSeen((s) => rolls(s, { v: 12, w: 8 }));
    expect(track(seenContests)).toEqual(["roundStarted 1", "turnStarted 1 v"]);
    expect(track(contests)).toEqual(["roundStarted 1", "turnStarted 1 h"]);
    expect(contests.filter((e) => e.type === "contestRolled")).toEqual(
      seenContests.filter((e) => e.type === "contestRolled"),
    );
    // The surprise round's end step: h's turn ends, nobody acts yet; round 1 opens with h again, then v.
    expect(track(play(() => ({ type: "next" })))).toEqual(["turnEnded 1 h"]);
    expect(track(play(() => ({ type: "next" })))).toEqual(["turnStarted 1 h"]);
    expect(track(play(() => ({ type: "next" })))).toEqual(["turnEnded 1 h", "turnStarted 1 v"]);
    expect(host.round(full)).toBe(1);
    expect(track(toldAll).filter((e) => e.startsWith("round"))).toEqual(["roundStarted 1"]);
    expect(toldAll.filter((e) => (e as { round?: number }).round === 0)).toEqual([]);
  });

  it("CNT-4, issue 18: with no contests, round 1 is told as starting at the first rolls, where the engine starts the surprise round", () => {
    const step = toldStep(startedCount(["v", "h"]), rolls(startedCount(["v", "h"]), { v: 5, h: 0 }));
    const seen = unwrap(host.apply(startedCount(["v"]), rolls(startedCount(["v"]), { v: 5 })));
    expect(host.round(step.state)).toBe(0);
    expect(step.events.map((e) => e.type)).toEqual(seen.events.map((e) => e.type));
    expect(track(step.events)).toEqual(["roundStarted 1", "turnStarted 1 h"]);
    expect(track(seen.events)).toEqual(["roundStarted 1", "turnStarted 1 v"]);
  });
});
