/**
 * ROT-2, ROT-4: a regroup read back from what Foundry stores. The writer sends only the update between
 * the old and the new stored form, and Foundry merges it key by key into the old one
 * (`applyStoredUpdate` follows its rules): a key that stays keeps its place. The state read back from
 * the merged form must be the state the engine computed, key order included, because the stored
 * form derives the pending rolls from the roster (stored-pack.ts).
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  applyStoredUpdate,
  diffStored,
  readCombatState,
  regroupCombatants,
  rulesetHost,
  storeCombatState,
  type HostCombatant,
  type HostCommand,
  type HostSide,
  type StoredObject,
} from "../../../src/engine/index.ts";
import { unwrapStep } from "../../support/host-encounter.ts";

const host = rulesetHost("rotation", 6);

function creature(id: string, side: HostSide, groupId: string | null = null): HostCombatant {
  return { id, side, initiativeBonus: 0, int: 0, agi: 0, groupId, dexReaction: 0, surprised: false, defeated: false };
}

/** A stored combat as Foundry holds it: each write merged into the previous stored form. */
class StoredTable {
  state: unknown;
  stored: StoredObject;
  constructor(state: unknown) {
    this.state = state;
    this.stored = storeCombatState(state);
  }
  /** Stores `next` as the writer does (the update only) and returns the state read back from it. */
  write(next: unknown): unknown {
    const update = diffStored(this.stored, storeCombatState(next));
    if (update !== null) this.stored = applyStoredUpdate(this.stored, update);
    this.state = unwrapStep(readCombatState(host, this.stored));
    return this.state;
  }
  give(command: HostCommand): void {
    this.write(unwrapStep(host.apply(this.state, command)).state);
  }
  /** Answers every pending roll from `totals`, by group or creature. */
  roll(totals: Readonly<Record<string, number>>): void {
    const results = host.pending(this.state).map((r) => ({
      requestId: r.id,
      total: totals[r.groupId ?? r.combatantId ?? ""] ?? 0,
    }));
    this.give({ type: "rolls", results });
  }
}

/** A (20) acting, the pc (15), group g of b and c (10), d (5), shared initiative on. */
function running(): { table: StoredTable; roster: HostCombatant[] } {
  const roster = ["a", "b", "c", "d"].map((id) => creature(id, "enemy"));
  roster.unshift(creature("pc", "pc"));
  const created = unwrapStep(host.create(roster, { ...DEFAULT_HOST_OPTIONS, sharedInitiative: true }));
  const table = new StoredTable(created);
  const grouped = regroupCombatants(host, created, [
    { ...creature("b", "enemy"), groupId: "g" },
    { ...creature("c", "enemy"), groupId: "g" },
  ]);
  if (!grouped.ok) throw new Error(grouped.error.key);
  table.write(grouped.value.state);
  table.give({ type: "start" });
  table.roll({ a: 20, pc: 15, g: 10, d: 5 });
  return { table, roster };
}

describe("rotation regroup, stored and read back", () => {
  it("ROT-4: the group deleted, its members keep their result and their place; the stored tie roll-off gives 10.5 and 10", () => {
    const { table } = running();
    const moved = regroupCombatants(host, table.state, [creature("b", "enemy"), creature("c", "enemy")]);
    if (!moved.ok) throw new Error(moved.error.key);
    const read = table.write(moved.value.state);
    expect(JSON.stringify(read)).toBe(JSON.stringify(moved.value.state));
    expect(host.pending(read).map((r) => [r.id, r.combatantId])).toEqual(
      moved.value.requests.map((r) => [r.id, r.combatantId]),
    );
    table.roll({ b: 4, c: 17 });
    expect([host.initiative(table.state, "b"), host.initiative(table.state, "c")]).toEqual([10, 10.5]);
    expect(host.pending(table.state)).toEqual([]);
  });

  it("ROT-4: one member leaves its group: the stored state is the engine's, and the roll-off ranks it", () => {
    const { table } = running();
    const moved = regroupCombatants(host, table.state, [creature("b", "enemy")]);
    if (!moved.ok) throw new Error(moved.error.key);
    const read = table.write(moved.value.state);
    expect(JSON.stringify(read)).toBe(JSON.stringify(moved.value.state));
    table.roll({ b: 18, g: 3 });
    expect([host.initiative(table.state, "b"), host.initiative(table.state, "c")]).toEqual([10.5, 10]);
  });

  it("ROT-4: a creature joining a group after the start keeps its place in the roster (key order read back)", () => {
    const { table } = running();
    const moved = regroupCombatants(host, table.state, [{ ...creature("pc", "pc"), groupId: "g" }]);
    if (!moved.ok) throw new Error(moved.error.key);
    const read = table.write(moved.value.state);
    expect(JSON.stringify(read)).toBe(JSON.stringify(moved.value.state));
    expect(host.initiative(read, "pc")).toBe(10);
  });
});
