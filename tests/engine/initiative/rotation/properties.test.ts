import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createRotationState,
  parseRotationState,
  rotationScheduler,
  rotationUnitKey,
  type RotationCommand,
  type RotationKind,
  type RotationOptions,
  type RotationState,
} from "../../../../src/engine/initiative/rotation/index.ts";
import { checkMalformedCommands, linearOps, walkLinearLaws } from "../shared/linear-laws.ts";

// "toString" checks that ids never reach an object prototype.
const IDS = ["a", "b", "c", "d", "e", "f", "toString"] as const;
const KINDS: readonly RotationKind[] = ["pc", "ally", "enemy"];
const id = fc.constantFrom(...IDS);

const op = linearOps(
  id,
  {
    weight: 3,
    arbitrary: fc
      .record({
        id,
        kind: fc.constantFrom(...KINDS),
        modifier: fc.integer({ min: -1, max: 2 }),
        groupId: fc.constantFrom(null, "g1", "g2"),
      })
      .map<RotationCommand>((j) => ({
        type: "join",
        combatantId: j.id,
        kind: j.kind,
        modifier: j.modifier,
        groupId: j.groupId,
      })),
  },
  4,
);

const options: fc.Arbitrary<RotationOptions> = fc.record({
  sharedInitiative: fc.boolean(),
  enemyGroups: fc.boolean(),
  noThreePlayersInRow: fc.boolean(),
  planningPhase: fc.boolean(),
  initiator: fc.constantFrom("players" as const, "enemies" as const, "both" as const),
});

function checkState(state: RotationState): void {
  for (const [key, c] of Object.entries(state.combatants)) expect(c.id).toBe(key);
  expect(new Set(state.order).size).toBe(state.order.length);
  for (const c of state.order) expect(state.combatants[c]?.initiative ?? null).not.toBeNull();
  if (state.status === "running") {
    const withResult = Object.values(state.combatants)
      .filter((c) => c.initiative !== null)
      .map((c) => c.id)
      .sort();
    expect([...state.order].sort()).toEqual(withResult);
  }
  if (state.status === "running" || state.status === "planning") {
    expect(state.turnIndex).toBeGreaterThanOrEqual(0);
    expect(state.turnIndex).toBeLessThanOrEqual(state.order.length);
  }
  // ROT-4, ROT-5: a group's members share one result and take their turns together.
  const units = new Map<string, number[]>();
  state.order.forEach((c, i) => {
    const combatant = state.combatants[c];
    if (combatant === undefined) return;
    const list = units.get(rotationUnitKey(combatant)) ?? [];
    list.push(i);
    units.set(rotationUnitKey(combatant), list);
  });
  for (const indices of units.values())
    expect((indices[indices.length - 1] ?? 0) - (indices[0] ?? 0)).toBe(indices.length - 1);
  const groupValues = new Map<string, number | null>();
  for (const c of Object.values(state.combatants)) {
    if (c.groupId === null) continue;
    if (groupValues.has(c.groupId)) expect(c.initiative).toBe(groupValues.get(c.groupId));
    else groupValues.set(c.groupId, c.initiative);
  }
  // ROT-2: once no roll-off is under way, no two units share a result.
  if (state.contests.length === 0 && state.status !== "setup") {
    const values = new Map<string, number>();
    for (const c of Object.values(state.combatants))
      if (c.initiative !== null) values.set(rotationUnitKey(c), c.initiative);
    expect(new Set(values.values()).size).toBe(values.size);
  }
}

/**
 * ROT-6, groups included: walking the order entry by entry (a group's members stay together, ROT-4),
 * a run of more than two player characters may only form across entries when no entry that starts with
 * a non-player is left later in the order (none could have moved up). A run inside one group of three or
 * more player characters is allowed: the group cannot be split.
 */
function checkNoThreeInRow(state: RotationState): void {
  const entries: RotationKind[][] = [];
  let lastKey: string | null = null;
  for (const id of state.order) {
    const c = state.combatants[id];
    if (c === undefined) continue;
    const key = rotationUnitKey(c);
    if (key !== lastKey || entries.length === 0) entries.push([]);
    entries[entries.length - 1]?.push(c.kind);
    lastKey = key;
  }
  let run = 0;
  entries.forEach((kinds, i) => {
    const lead = kinds.findIndex((k) => k !== "pc");
    const leading = lead < 0 ? kinds.length : lead;
    if (run > 0 && leading > 0 && run + leading > 2) {
      const later = entries.slice(i + 1);
      expect(
        later.every((e) => e[0] === "pc"),
        `three player characters in a row before entry ${i} of ${JSON.stringify(entries)}`,
      ).toBe(true);
    }
    const trail = [...kinds].reverse().findIndex((k) => k !== "pc");
    run = trail < 0 ? run + kinds.length : trail;
  });
}

describe("rotation: laws over random command sequences", () => {
  it("ROT-2, ROT-4, ROT-5, ROT-6, ROT-7, DEF-1: plain JSON, errors change nothing, nobody lost, groups together, one turn each per rotation, undo/redo exact", () => {
    let deepest = 0;
    let turns = 0;
    let rollOffWins = 0;
    let groupTurns = 0;
    let rot6WithGroups = 0;
    let planningTurns = 0;
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 30, maxLength: 90, size: "max" }),
        fc.subarray([...IDS], { minLength: 1 }),
        options,
        (ops, initial, opts) => {
          const created = createRotationState(
            initial.map((c, i) => ({ id: c, kind: KINDS[i % 3] ?? "pc", modifier: i % 2 })),
            opts,
          );
          if (!created.ok) throw new Error("setup");
          const planned = new Set<string>();
          walkLinearLaws(
            rotationScheduler,
            parseRotationState,
            created.value,
            ops,
            (pending) => pending.min - 1,
            ({ command, next, events, members }) => {
              // After undo/redo the turns taken since are undone: the count starts again.
              if (command.type === "undo" || command.type === "redo") planned.clear();
              checkState(next);
              if (opts.noThreePlayersInRow && events.some((e) => e.type === "roundStarted")) {
                checkNoThreeInRow(next);
                if (next.order.some((c) => next.combatants[c]?.groupId !== null)) rot6WithGroups++;
              }
              const rows = rotationScheduler.timeline(next).filter((r) => r.kind === "turn" || r.kind === "pending");
              expect(rows.length).toBe(members.size);
              deepest = Math.max(deepest, next.round);
              for (const e of events) {
                if (e.type === "planningStarted") planned.clear();
                if (e.type === "combatantLeft") planned.delete(e.combatantId); // joining again is a new creature
                if (e.type === "turnStarted" && e.round === 0) {
                  // ROT-7: planning turns go to the side that started the encounter, one each.
                  const kind = next.combatants[e.combatantId]?.kind;
                  const side = kind === "enemy" ? "enemies" : "players";
                  expect(
                    opts.initiator === "both" || opts.initiator === side,
                    `${e.combatantId} plans for the other side`,
                  ).toBe(true);
                  expect(planned.has(e.combatantId), `${e.combatantId} plans twice`).toBe(false);
                  planned.add(e.combatantId);
                  planningTurns++;
                }
                if (e.type === "turnStarted") turns++;
                if (e.type === "turnStarted" && (next.combatants[e.combatantId]?.groupId ?? null) !== null)
                  groupTurns++;
                if (e.type === "initiativeSet" && !Number.isInteger(e.value)) rollOffWins++;
              }
            },
          );
        },
      ),
      // A fixed seed: the floors below check the generator reaches real combats, and with fast-check's
      // random seed they held only by chance (46 of the needed 51 ROT-6 rotations with groups in one CI run).
      { numRuns: 200, seed: 17 },
    );
    expect(deepest).toBeGreaterThanOrEqual(4);
    // The generator must reach real combats with roll-offs and groups, not just errors.
    expect(turns).toBeGreaterThan(1000);
    expect(rollOffWins).toBeGreaterThan(50);
    expect(groupTurns).toBeGreaterThan(50);
    expect(rot6WithGroups).toBeGreaterThan(50);
    expect(planningTurns).toBeGreaterThan(50);
  }, 30_000);

  it("malformed commands never throw: a typed error and an unchanged state, or a legal transition", () => {
    const created = createRotationState(
      [
        { id: "a", kind: "pc", initiative: 12 },
        { id: "b", kind: "enemy", groupId: "g1" },
      ],
      { enemyGroups: true },
    );
    if (!created.ok) throw new Error("setup");
    const started = rotationScheduler.apply(created.value, { type: "start" });
    if (!started.ok) throw new Error("start");
    const states = [created.value, started.value.state];
    checkMalformedCommands(rotationScheduler, states, ["kind", "modifier", "groupId"]);
  });
});

describe("rotation: ROT-6 with groups over random rosters", () => {
  it("ROT-6: at every rotation start, more than two player characters in a row only when no non-player entry is left to move up", () => {
    const roster = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"),
        kind: fc.constantFrom(...KINDS),
        group: fc.constantFrom(null, "x", "y"),
        value: fc.integer({ min: 1, max: 30 }),
      }),
      { selector: (c) => c.id, minLength: 3, maxLength: 8 },
    );
    const action = fc.oneof(fc.constant<"next">("next"), fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"));
    let checked = 0;
    fc.assert(
      fc.property(roster, fc.array(action, { maxLength: 40 }), (creatures, actions) => {
        // Distinct results per unit (no roll-off needed): a group takes its first member's.
        const created = createRotationState(
          creatures.map((c, i) => ({ id: c.id, kind: c.kind, groupId: c.group, initiative: c.value * 10 + i })),
          { sharedInitiative: true, noThreePlayersInRow: true },
        );
        if (!created.ok) throw new Error(created.error.key);
        let result = rotationScheduler.apply(created.value, { type: "start" });
        for (const a of ["start", ...actions]) {
          if (!result.ok) throw new Error(result.error.key);
          const state = result.value.state;
          if (result.value.events.some((e) => e.type === "roundStarted")) {
            checkNoThreeInRow(state);
            checked++;
          }
          if (a === "start") continue;
          const command: RotationCommand = a === "next" ? { type: "next" } : { type: "leave", combatantId: a };
          const next = rotationScheduler.apply(state, command);
          result = next.ok || command.type === "next" ? next : result;
          if (!next.ok && command.type === "next") return; // nobody left to act
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(300);
  });
});
