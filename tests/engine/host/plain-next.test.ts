/**
 * Issue 17: which table commands make the very step a plain `next` makes (engine host/table-step.ts
 * `isPlainNext`), so that a step worked out ahead for `next` may stand for them: `next`, and `endTurn` naming
 * no creature or the one acting now; never `endTurn` naming another, nor any other command.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  isPlainNext,
  rulesetHost,
  stepCombat,
  storeCombatState,
  tableStep,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { hostCombatant, unwrapStep } from "../../support/host-encounter.ts";

describe("Issue 17: the commands a plain next stands for", () => {
  it("STD-1, STD-6: next and End my turn of the creature acting make the same step; another creature's is not next", () => {
    const host = rulesetHost("standard", 6);
    const created = unwrapStep(host.create([0, 1, 2, 3].map(hostCombatant), DEFAULT_HOST_OPTIONS));
    let started = unwrapStep(host.apply(created, { type: "start" })).state;
    // STD-1: every creature's initiative rolled (distinct totals: no tie to break).
    for (let i = 0; i < 3 && host.pending(started).length > 0; i++) {
      const results = host.pending(started).map((r, k) => ({ requestId: r.id, total: 20 - k }));
      started = unwrapStep(host.apply(started, { type: "rolls", results })).state;
    }
    const stored: StoredCombat = { engine: storeCombatState(started), history: { undo: {}, redo: {} } };
    const acting = host.current(started);
    const other = host.order(started).find((id) => id !== acting) ?? "";
    expect(acting).not.toBeNull();
    expect(isPlainNext(host, started, { type: "next" })).toBe(true);
    expect(isPlainNext(host, started, { type: "endTurn" })).toBe(true);
    expect(isPlainNext(host, started, { type: "endTurn", combatantId: acting ?? "" })).toBe(true);
    expect(isPlainNext(host, started, { type: "endTurn", combatantId: other })).toBe(false);
    expect(isPlainNext(host, started, { type: "nextRound" })).toBe(false);
    const next = unwrapStep(stepCombat(host, stored, { type: "next" }));
    const roster = { combatants: [], options: DEFAULT_HOST_OPTIONS };
    const ended = unwrapStep(tableStep(host, stored, { type: "endTurn", combatantId: acting ?? "" }, roster));
    expect(ended.stored).toEqual(next.stored);
    expect(ended.events).toEqual(next.events);
    expect(tableStep(host, stored, { type: "endTurn", combatantId: other }, roster).ok).toBe(false);
  });
});
