import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  ROTATION_ROLL_REASONS,
  SEGMENT_NO_DECLARATION,
  regroupCombatants,
  rulesetHost,
  segmentCombatant,
  type AnyRulesetHost,
  type HostCombatant,
  type HostCommand,
  type HostEvent,
  type HostOptions,
  type HostSide,
  type RotationState,
  type RulesetId,
  type SegmentState,
} from "../../../src/engine/index.ts";
import { unwrapStep } from "../../support/host-encounter.ts";

function creature(id: string, side: HostSide, groupId: string | null = null): HostCombatant {
  return { id, side, initiativeBonus: 0, int: 0, agi: 0, groupId, dexReaction: 0, surprised: false, defeated: false };
}

interface Table {
  readonly host: AnyRulesetHost;
  state: unknown;
  readonly events: HostEvent[];
  readonly roster: Map<string, HostCombatant>;
}

function table(ruleset: RulesetId, roster: HostCombatant[], options: Partial<HostOptions> = {}): Table {
  const host = rulesetHost(ruleset, 6);
  const state = unwrapStep(host.create(roster, { ...DEFAULT_HOST_OPTIONS, ...options }));
  return { host, state, events: [], roster: new Map(roster.map((c) => [c.id, c])) };
}

function give(t: Table, command: HostCommand): void {
  const step = unwrapStep(t.host.apply(t.state, command));
  t.state = step.state;
  t.events.push(...step.events);
}

/** Answers every pending roll: by the group it is for, else by the creature, from `totals`. */
function roll(t: Table, totals: Readonly<Record<string, number>>): void {
  const results = t.host.pending(t.state).map((r) => {
    const total = totals[r.groupId ?? r.combatantId ?? ""];
    if (total === undefined) throw new Error(`no scripted total for ${r.groupId ?? r.combatantId}`);
    return { requestId: r.id, total };
  });
  give(t, { type: "rolls", results });
}

/** The creatures moved to `groupId` (the facts the host holds, with the new group). */
function moves(t: Table, ids: readonly string[], groupId: string | null): HostCombatant[] {
  return ids.map((id) => {
    const c = t.roster.get(id);
    if (c === undefined) throw new Error(`no ${id}`);
    return { ...c, groupId };
  });
}

function move(t: Table, ids: readonly string[], groupId: string | null) {
  const result = regroupCombatants(t.host, t.state, moves(t, ids, groupId));
  if (result.ok) {
    t.state = result.value.state;
    t.events.push(...result.value.events);
  }
  return result;
}

const rotation = (t: Table) => t.state as RotationState;
const turnsIn = (t: Table, from: number) =>
  t.events
    .slice(from)
    .filter((e) => e.type === "turnStarted")
    .map((e) => (e as unknown as { combatantId: string }).combatantId);

/** Walks `next` until the rotation after this one starts; the turns taken on the way. */
function finishRotation(t: Table): string[] {
  const from = t.events.length;
  const round = rotation(t).round;
  for (let i = 0; i < 20 && rotation(t).round === round; i++) give(t, { type: "next" });
  const turns = turnsIn(t, from);
  return turns.slice(0, -1); // the last one opens the next rotation
}

describe("rotation groups (regroupCombatants)", () => {
  const roster = () => [
    creature("pc", "pc"),
    creature("a", "enemy"),
    creature("b", "enemy"),
    creature("c", "enemy"),
    creature("d", "enemy"),
  ];

  it("ROT-5: before the start enemies join a group and then roll once for it; a fourth enemy is refused", () => {
    const t = table("rotation", roster(), { enemyGroups: true });
    expect(move(t, ["a", "b", "c"], "g").ok).toBe(true);
    const before = t.state;
    const refused = move(t, ["d"], "g");
    expect(refused).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.GroupTooLarge", data: { group: "g", size: 4, max: 3 } },
    });
    expect(t.state).toBe(before);
    give(t, { type: "start" });
    const asked = t.host.pending(t.state);
    expect(asked.filter((r) => r.groupId === "g")).toHaveLength(1);
    expect(asked).toHaveLength(3);
    roll(t, { g: 12, pc: 15, d: 7 });
    for (const id of ["a", "b", "c"]) expect(t.host.initiative(t.state, id)).toBe(12);
  });

  it("ROT-5: a player character cannot join an enemy group unless shared initiative is on", () => {
    const t = table("rotation", roster(), { enemyGroups: true });
    move(t, ["a"], "g");
    expect(move(t, ["pc"], "g")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Rotation.GroupNotEnemies" } });
    const shared = table("rotation", roster(), { enemyGroups: true, sharedInitiative: true });
    move(shared, ["a"], "g");
    expect(move(shared, ["pc"], "g").ok).toBe(true);
  });

  it("ROT-4: creatures sharing one result each take their own turn, one after another", () => {
    const t = table("rotation", [creature("pc", "pc"), creature("ally", "ally"), creature("e", "enemy")], {
      sharedInitiative: true,
    });
    move(t, ["pc", "ally"], "party");
    give(t, { type: "start" });
    roll(t, { party: 14, e: 9 });
    expect(t.host.initiative(t.state, "pc")).toBe(14);
    expect(t.host.initiative(t.state, "ally")).toBe(14);
    expect(turnsIn(t, 0)).toEqual(["pc"]);
    expect(finishRotation(t)).toEqual(["ally", "e"]);
  });

  /** A (20) acting, the pc (15), group g of b and c (10), d (5), shared initiative on. */
  function running(): Table {
    const t = table("rotation", [creature("pc", "pc"), ...roster().slice(1)], { sharedInitiative: true });
    move(t, ["b", "c"], "g");
    give(t, { type: "start" });
    roll(t, { a: 20, pc: 15, g: 10, d: 5 });
    expect(t.host.current(t.state)).toBe("a");
    return t;
  }

  it("ROT-4: while rotations run, a creature still to act joins a group still to act: one turn, with them", () => {
    const t = running();
    const result = move(t, ["d"], "g");
    expect(result.ok && result.value.events.map((e) => e.type)).toEqual(["combatantRegrouped"]);
    expect(t.host.initiative(t.state, "d")).toBe(10);
    expect(rotation(t).firstTurnDue).toEqual({});
    expect(finishRotation(t)).toEqual(["pc", "b", "c", "d"]);
  });

  it("ROT-4: a move that would give a creature a second turn or cost it one is refused, nothing changed", () => {
    const t = running();
    give(t, { type: "next" }); // the pc acts; a has acted, g has not
    const before = t.state;
    expect(move(t, ["a"], "g")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.TurnWouldChange", data: { id: "a" } },
    });
    expect(move(t, ["pc"], "g")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Groups.ActingUnit" } });
    expect(t.state).toBe(before);
    give(t, { type: "next" }); // b, of group g, acts
    const acting = t.state;
    expect(move(t, ["c"], null)).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Groups.ActingUnit" } });
    expect(move(t, ["d"], "g")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Groups.ActingUnit" } });
    expect(t.state).toBe(acting);
  });

  it("ROT-4: a creature that leaves its group keeps its result; the tie with its old group is rolled off", () => {
    const t = running();
    const result = move(t, ["c"], null);
    if (!result.ok) throw new Error(result.error.key);
    expect(rotation(t).combatants.c?.groupId).toBeNull();
    expect(result.value.requests.map((r) => r.reason)).toEqual([
      ROTATION_ROLL_REASONS.contest,
      ROTATION_ROLL_REASONS.contest,
    ]);
    roll(t, { g: 3, c: 18 });
    expect(t.host.initiative(t.state, "c")).toBe(10.5);
    expect(t.host.initiative(t.state, "b")).toBe(10);
    expect(finishRotation(t)).toEqual(["pc", "c", "b", "d"]);
  });

  it("ROT-4: a creature that has acted may join a group that has acted: no second turn", () => {
    const t = running();
    for (let i = 0; i < 4; i++) give(t, { type: "next" }); // pc, b and c have acted; d acts
    expect(t.host.current(t.state)).toBe("d");
    expect(move(t, ["a"], "g").ok).toBe(true);
    expect(rotation(t).firstTurnDue).toEqual({});
    expect(finishRotation(t)).toEqual([]);
    expect(t.host.current(t.state)).toBe("pc");
    expect(finishRotation(t)).toEqual(["b", "c", "a", "d"]);
  });

  it("ROT-7: groups do not change during the planning phase", () => {
    const t = table("rotation", roster(), { enemyGroups: true, planningPhase: true, initiator: "players" });
    give(t, { type: "start" });
    roll(t, { pc: 10, a: 9, b: 8, c: 7, d: 6 });
    expect(move(t, ["a", "b"], "g")).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Groups.Planning" } });
  });

  it("DEF-1: a defeated creature that moves stays defeated, and nothing says it joined or was defeated again", () => {
    const t = table("rotation", roster(), { enemyGroups: true });
    give(t, { type: "defeat", combatantId: "d" });
    const result = move(t, ["d"], "g");
    expect(result.ok && result.value.events).toEqual([{ type: "combatantRegrouped", combatantId: "d", groupId: "g" }]);
    expect(rotation(t).combatants.d).toMatchObject({ groupId: "g", defeated: true });
  });
});

describe("segment groups (regroupCombatants)", () => {
  const roster = () => [creature("pc", "pc"), creature("e1", "enemy"), creature("e2", "enemy")];
  const declaration = { ...SEGMENT_NO_DECLARATION, action: "missile" as const, weaponSpeed: 3 };

  it("SEG-2: each group rolls its own d6; a creature moved before the start rolls with its new group", () => {
    const t = table("segment", roster());
    expect(move(t, ["e2"], "wolves").ok).toBe(true);
    give(t, { type: "start" });
    give(t, { type: "next" });
    expect(
      t.host
        .pending(t.state)
        .map((r) => r.groupId)
        .sort(),
    ).toEqual(["enemies", "party", "wolves"]);
  });

  it("SEG-2: while actions are declared a creature changes group and keeps its declaration; after the groups roll it cannot", () => {
    const t = table("segment", roster());
    move(t, ["e2"], "wolves");
    give(t, { type: "start" });
    give(t, { type: "declare", combatantId: "e2", declaration });
    const result = move(t, ["e2"], null);
    expect(result.ok && result.value.events).toEqual([
      { type: "combatantRegrouped", combatantId: "e2", groupId: "enemies" },
    ]);
    const e2 = segmentCombatant(t.state as SegmentState, "e2");
    expect(e2?.groupId).toBe("enemies");
    expect(e2?.declaration).toEqual(declaration);
    give(t, { type: "next" }); // step 2: the groups roll
    const before = t.state;
    expect(move(t, ["e2"], "wolves")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.SegmentLocked", data: { id: "e2" } },
    });
    expect(t.state).toBe(before);
  });

  it("SEG-2: moving a creature to the group it is in changes nothing", () => {
    const t = table("segment", roster());
    const before = t.state;
    const result = move(t, ["e1"], null);
    expect(result.ok && result.value).toEqual({ state: before, events: [], requests: [] });
  });
});

describe("rulesets without groups", () => {
  it("count, standard and phase: a move changes nothing", () => {
    for (const ruleset of ["count", "standard", "phase"] as const) {
      const t = table(ruleset, [creature("a", "enemy"), creature("b", "enemy")]);
      const before = t.state;
      const result = move(t, ["a", "b"], "g");
      expect(result.ok && result.value.state).toBe(before);
    }
  });

  it("an unknown creature is refused with its id", () => {
    const t = table("rotation", [creature("a", "enemy")], { enemyGroups: true });
    expect(regroupCombatants(t.host, t.state, [creature("zz", "enemy", "g")])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.UnknownCombatant", data: { id: "zz" } },
    });
  });
});
