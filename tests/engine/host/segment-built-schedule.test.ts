/**
 * Issue 17: a segment host keeps the schedules its steps build (round-schedule.ts `BuiltSchedules`), so
 * storing the step does not build the round's schedule a second time. That changes the work, never what
 * is stored: every step writes what a host without the memo writes.
 */
import { describe, expect, it } from "vitest";
import {
  createStoreMemo,
  readCombatState,
  stepCombat,
  unwrap,
  type AnyRulesetHost,
  type HostCommand,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { segmentHost } from "../../../src/engine/host/segment-host.ts";
import type { SegmentState } from "../../../src/engine/initiative/segment/types.ts";
import { nextCommand, sampleSegmentDeclaration, seeded, storedEncounter } from "../../support/host-encounter.ts";

const N = 24;

/** A click of a random session: mostly next and the dice it asks for, some declarations, defeats, revivals, undos. */
function commandOf(host: AnyRulesetHost, state: unknown, random: () => number, i: number): HostCommand {
  if (i === 0) return { type: "start" };
  const pick = random();
  const combatantId = `c${String(Math.floor(random() * N)).padStart(4, "0")}`;
  if (pick < 0.08) return { type: "undo" };
  if (pick < 0.14) return { type: "defeat", combatantId };
  if (pick < 0.18) return { type: "revive", combatantId };
  if (pick < 0.3) {
    const declaration = sampleSegmentDeclaration(Math.floor(random() * 30));
    if (declaration !== null) return { type: "declare", combatantId, declaration };
  }
  return nextCommand(host, state, random);
}

describe("segment: the schedules a host's steps built (issue 17)", () => {
  it("SEG-2, DEF-1: every step of a random session stores, with the host's memo of its builds, what a host without it stores", () => {
    const { host, stored: start } = storedEncounter("segment", N);
    const bare = segmentHost() as unknown as AnyRulesetHost;
    const random = seeded(21);
    const memo = createStoreMemo();
    let plain: StoredCombat = start;
    let kept: StoredCombat = start;
    let builtFound = 0;
    for (let i = 0; i < 100; i++) {
      const command = commandOf(host, unwrap(readCombatState(host, kept.engine, memo)), random, i);
      const without = stepCombat(bare, plain, command);
      const withMemo = stepCombat(host, kept, command, memo);
      expect(withMemo.ok).toBe(without.ok);
      if (!without.ok || !withMemo.ok) continue;
      const state = withMemo.value.state as SegmentState;
      if (host.memo?.builtSchedules.get(state.schedule) !== undefined) builtFound++;
      expect(JSON.stringify(withMemo.value.stored)).toBe(JSON.stringify(without.value.stored));
      expect(JSON.stringify(withMemo.value.update)).toBe(JSON.stringify(without.value.update));
      plain = without.value.stored;
      kept = withMemo.value.stored;
    }
    // The session built rounds' schedules with the memo (so the stored forms above came from it).
    expect(builtFound).toBeGreaterThan(0);
  });
});
