/**
 * CNT-4, issue 18 item 5: a surprise round only hidden creatures act in gives nothing away (engine
 * initiative/count/hidden-surprise.ts). The players' copy shows round 1 about to start, as the encounter
 * without the hidden creatures does, and round 1's contests are asked for at once in both; the GM keeps
 * the surprise round.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  publishedState,
  readCombatState,
  rulesetHost,
  storeCombatState,
  unwrap,
  type DiceRequest,
  type RollResult,
} from "../../../src/engine/index.ts";
import { hostCombatant } from "../../support/host-encounter.ts";

const host = rulesetHost("count", 6);
const hidden = new Set(["h"]);
const secrecy = { gmOnly: new Set(["h"]), hidden };

/** A count encounter of `ids` (h is a hidden enemy, the rest player characters). */
function encounter(ids: readonly string[]): unknown {
  const roster = ids.map((id, i) => ({
    ...hostCombatant(i),
    id,
    side: id === "h" ? ("enemy" as const) : ("pc" as const),
  }));
  return unwrap(host.apply(unwrap(host.create(roster, DEFAULT_HOST_OPTIONS)), { type: "start" })).state;
}

/** `state` once `totals` are rolled for whoever is asked. */
function roll(state: unknown, totals: Readonly<Record<string, number>>): unknown {
  const pending = host.pending(state);
  const results: RollResult[] = Object.entries(totals).map(([id, total]) => ({
    requestId: pending.find((r: DiceRequest) => r.combatantId === id)?.id ?? "",
    total,
  }));
  return unwrap(host.apply(state, { type: "rolls", results })).state;
}

const next = (state: unknown): unknown => unwrap(host.apply(state, { type: "next" })).state;

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
    let full = roll(encounter(["v", "w", "h"]), { v: 5, w: 5, h: 0 });
    let seen = roll(encounter(["v", "w"]), { v: 5, w: 5 });
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
    const full = roll(encounter(["v", "w", "h"]), { v: 5, w: 0, h: 0 });
    expect(told(full).round).toBe(0);
    expect(told(publishedState(host, full, secrecy)).round).toBe(0);
  });
});
