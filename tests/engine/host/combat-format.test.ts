import { describe, expect, it } from "vitest";
import {
  COMBAT_FORMAT,
  DEFAULT_HOST_OPTIONS,
  combatResetReason,
  migrateStoredCombat,
  readStoredCombat,
  rulesetHost,
  storeCombatState,
  tableStep,
} from "../../../src/engine/index.ts";
import { hostCombatant } from "../../support/host-encounter.ts";

const host = rulesetHost("standard", 6);
const roster = [hostCombatant(0), hostCombatant(1)];
const options = DEFAULT_HOST_OPTIONS;

function engine(): Record<string, unknown> {
  const created = host.create(roster, options);
  if (!created.ok) throw new Error("no state");
  return { ...storeCombatState(created.value) };
}

describe("stored combat format: older combats move forward or are marked for a reset", () => {
  it("an unversioned (version 0) combat whose state reads back runs as it is, written down as version 0", () => {
    const source: Record<string, unknown> = { engine: engine(), history: { undo: {}, redo: {} } };
    expect(migrateStoredCombat(host, source)).toEqual({ kind: "older", from: 0 });
    expect(source.format).toBe(0);
    expect(combatResetReason(host, source)).toBeNull();
  });

  it("a current combat, and a partial update (no engine, or an engine diff), are left as they are", () => {
    const current = { engine: engine(), format: COMBAT_FORMAT };
    expect(migrateStoredCombat(host, current)).toEqual({ kind: "current" });
    const options = { options: { roundSeconds: 10 } };
    expect(migrateStoredCombat(host, options)).toEqual({ kind: "current" });
    expect(options).toEqual({ options: { roundSeconds: 10 } });
    const diff: Record<string, unknown> = { engine: { round: 2 } };
    expect(migrateStoredCombat(host, diff).kind).toBe("reset");
    expect(diff).toEqual({ engine: { round: 2 } });
  });

  it("a combat from a newer Tempo, or one whose state no longer reads, is marked for a reset", () => {
    const newer = { engine: engine(), format: COMBAT_FORMAT + 1 };
    expect(migrateStoredCombat(host, newer)).toMatchObject({
      kind: "reset",
      reason: { key: "TEMPO.TRACKER.NeedsReset.Newer" },
    });
    expect(combatResetReason(host, newer)?.key).toBe("TEMPO.TRACKER.NeedsReset.Newer");
    const broken = { engine: { nonsense: true }, format: COMBAT_FORMAT };
    expect(combatResetReason(host, broken)?.key).toBe("TEMPO.TRACKER.NeedsReset.Older");
    expect(migrateStoredCombat(host, { engine: { nonsense: true } })).toMatchObject({
      kind: "reset",
      reason: { key: "TEMPO.TRACKER.NeedsReset.Older" },
    });
  });

  it("Reset rebuilds a combat that cannot be read, writes the current format and moves no clock", () => {
    const stored = readStoredCombat({
      engine: { nonsense: true },
      history: { undo: { 1: {} }, redo: {} },
      format: COMBAT_FORMAT + 1,
    });
    if (stored === null) throw new Error("not stored");
    const step = tableStep(host, stored, { type: "reset" }, { combatants: roster, options });
    if (!step.ok) throw new Error(step.error.key);
    expect(step.value.seconds).toBe(0);
    expect(step.value.update?.format).toBe(COMBAT_FORMAT);
    expect(step.value.stored.history).toEqual({ undo: {}, redo: {} });
    expect(combatResetReason(host, step.value.stored)).toBeNull();
    expect(host.order(step.value.state)).toEqual(expect.arrayContaining(roster.map((c) => c.id)));
  });
});
