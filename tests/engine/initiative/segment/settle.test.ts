/**
 * Segment rounds: the round is scheduled the moment the last group d6 is in (step 2), so the start of step 3
 * and every later boundary only move on. Changes made between the rolls and step 3 must still count, a
 * group that turns up then must still roll, and a new round must not show the last round's turns.
 */
import { describe, expect, it } from "vitest";
import {
  compareSegmentEntries,
  parseSegmentState,
  segmentRoundSchedule,
  segmentTimeline,
  segmentTimelineFor,
} from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const roster = [
  member("fighter", "party"),
  member("thief", "party"),
  member("mage", "party"),
  member("orc", "orcs"),
  member("archer", "orcs"),
];
const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 2 }),
  thief: decl({ action: "missile" }),
  mage: decl({ action: "spell", castingTime: 3 }),
  orc: decl({ action: "melee", weaponSpeed: 6 }),
  archer: decl({ action: "missile" }),
};

/** Declarations made and every group rolled: step 2 with nothing pending, step 3 not started. */
function rolled(rolls: Readonly<Record<string, number>> = { party: 5, orcs: 2 }): SegmentTable {
  const t = new SegmentTable(roster);
  t.do({ type: "start" });
  t.declare(plan);
  t.next();
  t.rollGroups(rolls);
  return t;
}

function groupTurns(t: SegmentTable): string[] {
  t.next();
  t.finish();
  return SegmentTable.turns(t.events).filter((x) => x.startsWith("5."));
}

const turnRows = (t: SegmentTable): (string | null)[] =>
  segmentTimelineFor(t.state, { gm: true, combatantIds: [] })
    .filter((r) => r.kind === "turn")
    .map((r) => r.combatantId);

describe("segment rounds: between the group rolls and step 3", () => {
  it("SEG-2: once every group has rolled, the tracker shows the round's turns in order, none of them taken yet", () => {
    const t = rolled();
    expect(t.step()).toBe(2);
    expect(turnRows(t)).toEqual(["mage", "thief", "fighter", "archer", "orc", "mage"]);
    expect(segmentTimeline(t.state).some((r) => r.kind === "turn" && (r.done || r.active))).toBe(false);
  });

  it("SEG-2: a GM-set initiative after the rolls still decides HIGH or LOW for the round", () => {
    const t = rolled();
    t.do({ type: "setInitiative", combatantId: "orc", value: 6 });
    t.do({ type: "setInitiative", combatantId: "thief", value: 1 });
    expect(groupTurns(t)).toEqual([
      "5.target:mage",
      "5.group:fighter",
      "5.group:orc",
      "5.group:thief",
      "5.group:archer",
    ]);
  });

  it("SEG-7: the delayed condition set after the rolls puts the creature in LOW, losing ties", () => {
    const t = rolled();
    t.do({ type: "setDelayed", combatantId: "thief", delayed: true });
    expect(groupTurns(t)).toEqual([
      "5.target:mage",
      "5.group:fighter",
      "5.group:archer",
      "5.group:thief",
      "5.group:orc",
    ]);
  });

  it("SEG-2, DEF-1: a creature joining a group that has rolled gets all its turns; one leaving takes its turns along", () => {
    const t = rolled();
    t.do({ type: "join", combatant: member("squire", "party") });
    t.do({ type: "leave", combatantId: "archer" });
    expect(groupTurns(t)).toEqual([
      "5.target:mage",
      "5.group:thief",
      "5.group:fighter",
      "5.group:squire",
      "5.group:orc",
    ]);
  });

  it("SEG-2: a group joining after the rolls must roll before the round runs, and its d6 counts for every band", () => {
    const t = rolled({ party: 3, orcs: 2 });
    t.do({ type: "join", combatant: member("gnoll", "gnolls") });
    expect(t.refused({ type: "next" })).toBe("TEMPO.ERRORS.Segment.RollsPending");
    expect(turnRows(t)).toEqual([]);
    // The gnolls roll 4: they are HIGH alone, the party drops to LOW with the orcs.
    t.rollGroups({ gnolls: 4 });
    expect(groupTurns(t)).toEqual([
      "5.group:gnoll",
      "5.target:mage",
      "5.group:thief",
      "5.group:archer",
      "5.group:fighter",
      "5.group:orc",
    ]);
  });

  it("SEG-2: when the last group still to roll falls, the round is scheduled and runs", () => {
    const t = new SegmentTable([member("fighter", "party"), member("imp", "imps")]);
    t.do({ type: "start" });
    t.next();
    const [party] = t.state.rolls;
    t.do({ type: "rolls", results: [{ requestId: party?.request.id ?? "", total: 4 }] });
    t.do({ type: "defeat", combatantId: "imp" });
    expect(turnRows(t)).toEqual(["fighter", "imp"]);
    t.next();
    expect(t.state.current).toBe("fighter");
  });

  it("SEG-2: a new round shows no turn of the last one until its own groups have rolled", () => {
    const t = rolled();
    t.next();
    t.finish();
    t.next();
    expect(t.state.round).toBe(2);
    expect(turnRows(t)).toEqual([]);
    expect(segmentTimeline(t.state).filter((r) => r.kind === "pending")).toHaveLength(roster.length);
    t.next();
    expect(turnRows(t)).toEqual([]);
    // Nobody declared this round: everyone is in D4, HIGH (the orcs now) then LOW.
    t.rollGroups({ party: 1, orcs: 6 });
    expect(turnRows(t)).toEqual(["orc", "archer", "fighter", "thief", "mage"]);
  });

  it("SEG-2, SEG-6, SEG-7: after a HIGH delay whose condition is lifted, the next round shows none of the last round's turns and runs its own once each, in rule order", () => {
    const t = rolled();
    t.next(); // the mage names its target (D1)
    t.next(); // the thief's missile
    t.next(); // the fighter's melee: it delays (SEG-6), so it is delayed (SEG-7) and acts again after LOW
    t.do({ type: "delay", combatantId: "fighter" });
    expect(t.state.current).toBe("archer");
    // The GM lifts the condition: the turn it takes again comes next, its HIGH place having passed.
    t.do({ type: "setDelayed", combatantId: "fighter", delayed: false });
    expect(turnRows(t)).toEqual(["mage", "thief", "fighter", "archer", "fighter", "orc", "mage"]);
    t.finish();
    t.next();
    expect(t.state.round).toBe(2);
    // Round 1's schedule is kept for storage's sake but is not round 2's: nothing of it is still to come.
    expect(segmentRoundSchedule(t.state)).toEqual([]);
    expect(turnRows(t)).toEqual([]);
    expect(parseSegmentState(JSON.parse(JSON.stringify(t.state)))).toStrictEqual({ ok: true, value: t.state });
    t.declare(plan);
    t.next();
    t.rollGroups({ party: 2, orcs: 5 });
    const turns = segmentRoundSchedule(t.state);
    for (let i = 1; i < turns.length; i++) {
      const [a, b] = [turns[i - 1], turns[i]];
      if (a !== undefined && b !== undefined) expect(compareSegmentEntries(a, b)).toBeLessThanOrEqual(0);
    }
    const from = t.events.length;
    expect(groupTurns(t)).toContain("5.group:fighter");
    expect(SegmentTable.turns(t.events.slice(from))).toEqual([
      "5.group:archer",
      "5.group:orc",
      "5.target:mage",
      "5.group:thief",
      "5.group:fighter",
      "7.spell:mage@3",
    ]);
  });

  it("DEF-1: a creature that leaves after its turn and is added again in the same round is a newcomer: it gets only the turns still to come", () => {
    const t = rolled();
    while (t.state.current !== "orc") t.next(); // HIGH is over, and the archer has had its LOW turn
    for (const id of ["fighter", "archer"]) {
      t.do({ type: "leave", combatantId: id });
      t.do({ type: "join", combatant: member(id, id === "fighter" ? "party" : "orcs") });
    }
    // Neither has declared this round (D4): the fighter's place in HIGH has passed, the archer's in LOW has not.
    expect(turnRows(t)).toEqual(["mage", "thief", "orc", "archer", "mage"]);
    const from = t.events.length;
    t.finish();
    expect(SegmentTable.turns(t.events.slice(from))).toEqual(["5.group:archer", "7.spell:mage@3"]);
  });
});
