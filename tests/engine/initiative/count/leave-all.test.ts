/**
 * Issue 18: `leaveAll` takes the ones who left out of the slot record by copying it less their keys,
 * not by rebuilding it entry by entry. It must give what the rebuilt record gave (same state, same key
 * order, same settle): the reading before is kept here as the reference. Ruling kept: an id
 * "__proto__" is an ordinary id (state.ts `slotOf`), so the reference builds its record with own keys.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropPending } from "../../../../src/engine/initiative/count/actions.ts";
import { leaveAll } from "../../../../src/engine/initiative/count/roster.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { getCombatant, slotOf, type CountOut } from "../../../../src/engine/initiative/count/state.ts";
import { removeTie } from "../../../../src/engine/initiative/count/ties.ts";
import { currentId, settle } from "../../../../src/engine/initiative/count/track.ts";
import type { CountCommand, CountState } from "../../../../src/engine/initiative/count/types.ts";
import { vectorSet } from "../../../../src/engine/initiative/shared/persistent-vector.ts";
import { seeded } from "../../../support/host-encounter.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { encounter } from "./support.ts";

/** `leaveAll` before issue 18, its record built with own keys (Object.defineProperty, as "__proto__" needs). */
function reference(state: CountState, ids: readonly string[]): CountState | null {
  const left = new Set(ids);
  if (left.size !== ids.length || state.status !== "turns") return null;
  const current = currentId(state);
  const out: CountOut = { events: [] };
  let s = state;
  for (const id of ids) {
    const c = getCombatant(s, id);
    const slot = slotOf(s, id);
    if (c === null || slot === null || id === current) return null;
    s = dropPending(s, c, out);
    s = removeTie({ ...s, combatants: vectorSet(s.combatants, slot, null) }, slot);
  }
  const slots: Record<string, number> = {};
  for (const [id, slot] of Object.entries(s.slots))
    if (!left.has(id))
      Object.defineProperty(slots, id, { value: slot, enumerable: true, writable: true, configurable: true });
  return settle({ ...s, slots, queued: s.queued.filter((q) => !left.has(q)) }, out);
}

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "__proto__", "7"];

/** A session of `steps` seeded steps: the dice asked for (low, so counts tie and contests follow) or `next`. */
function session(seed: number, steps: number): CountState {
  const random = seeded(seed);
  let state = encounter(IDS.map((id, i) => [id, i % 4] as const));
  const apply = (command: CountCommand) => {
    const result = countScheduler.apply(state, command);
    if (result.ok) state = result.value.state;
  };
  apply({ type: "start" });
  for (let i = 0; i < steps; i++) {
    const pending = countScheduler.pending(state);
    if (pending.length > 0)
      apply({
        type: "rolls",
        results: pending.map((r) => ({
          requestId: r.id,
          total: formulaTotal(r.formula, [1 + Math.floor(random() * 4)]),
        })),
      });
    else apply({ type: "next" });
  }
  return state;
}

describe("count leaveAll", () => {
  it("CNT-5, Issue 18: the hidden creatures leaving at once leave the state the record rebuilt did", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.subarray(IDS, { minLength: 1 }),
        (seed, steps, ids) => {
          const state = session(seed, steps);
          const expected = reference(state, ids);
          const actual = leaveAll(state, ids);
          expect(actual).toEqual(expected);
          expect(actual === null ? null : Object.keys(actual.slots)).toEqual(
            expected === null ? null : Object.keys(expected.slots),
          );
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
        },
      ),
      { numRuns: 200 },
    );
  });
});
