import { describe, expect, it } from "vitest";
import { ROUND_SECONDS, SEGMENT_SECONDS } from "../../../../src/engine/conditions/round-time.ts";
import {
  SEGMENTS_PER_ROUND,
  segmentScheduler,
  segmentStartSeconds,
  segmentTimeline,
  segmentTimelineFor,
} from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

/** The party and the orcs of the scenarios. */
const cast = [
  member("fighter", "party"),
  member("thief", "party"),
  member("mage", "party"),
  member("cleric", "party"),
  member("orc", "orcs"),
  member("archer", "orcs"),
  member("bear", "orcs"),
  member("ogre", "orcs"),
];

const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 5 }),
  thief: decl({ action: "missile" }),
  mage: decl({ action: "spell", castingTime: 3 }),
  cleric: decl({ action: "spell", castingTime: 1 }),
  orc: decl({ action: "melee", weaponSpeed: 7 }),
  archer: decl({ action: "missile" }),
  bear: decl({ action: "melee", routines: 2, inMelee: true }),
  ogre: decl({ action: "charge", weaponSpeed: 8 }),
};

describe("segment rounds: the round sequence", () => {
  it("SEG-2: declare, group d6, fast actions, first routines, HIGH then LOW, remaining routines, spells, end", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    t.declare(plan);
    const rolled = t.next();
    expect(rolled).toEqual([{ type: "stepStarted", round: 1, step: 2 }]);
    expect(segmentScheduler.pending(t.state).map((r) => [r.combatantId, r.formula])).toEqual([
      [null, "1d6"],
      [null, "1d6"],
    ]);
    expect(t.rollGroups({ party: 5, orcs: 2 })).toEqual([
      { type: "groupRolled", round: 1, groupId: "party", roll: 5 },
      { type: "groupRolled", round: 1, groupId: "orcs", roll: 2 },
      { type: "groupsRanked", round: 1, high: ["party"], low: ["orcs"] },
    ]);
    t.next();
    t.finish();
    expect(SegmentTable.turns(t.events)).toEqual([
      "3.fast:ogre",
      "4.firstRoutine:bear",
      // HIGH (party): D1 casters name their targets, D2 missile, D3 melee; then LOW (orcs).
      "5.target:mage",
      "5.target:cleric",
      "5.group:thief",
      "5.group:fighter",
      "5.group:archer",
      "5.group:orc",
      "6.restRoutines:bear",
      "7.spell:cleric@1",
      "7.spell:mage@3",
    ]);
    const steps = t.events.flatMap((e) => (e.type === "stepStarted" ? [e.step] : []));
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("SEG-2: on a tied group roll every group is HIGH and the action types decide the order", () => {
    const t = new SegmentTable(cast);
    t.begin(plan, { party: 4, orcs: 4 });
    t.finish();
    const step5 = SegmentTable.turns(t.events).filter((x) => x.startsWith("5."));
    expect(step5).toEqual([
      "5.target:mage",
      "5.target:cleric",
      "5.group:thief",
      "5.group:archer",
      "5.group:fighter",
      "5.group:orc",
    ]);
  });

  it("SEG-2: the d6 must be a d6 result, and the round cannot run before every group has rolled", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    t.next();
    const [first] = t.state.rolls;
    expect(t.refused({ type: "rolls", results: [{ requestId: first?.request.id ?? "", total: 7 }] })).toBe(
      "TEMPO.ERRORS.Segment.InvalidRoll",
    );
    t.do({ type: "rolls", results: [{ requestId: first?.request.id ?? "", total: 3 }] });
    expect(t.refused({ type: "next" })).toBe("TEMPO.ERRORS.Segment.RollsPending");
  });

  it("SEG-2: a group whose last creature falls while the groups roll no longer holds the round up", () => {
    const t = new SegmentTable([member("fighter", "party"), member("imp", "imps")]);
    t.do({ type: "start" });
    t.next();
    expect(t.state.rolls.map((r) => r.groupId)).toEqual(["party", "imps"]);
    t.do({ type: "defeat", combatantId: "imp" });
    expect(t.state.rolls.map((r) => r.groupId)).toEqual(["party"]);
    t.do({ type: "revive", combatantId: "imp" });
    expect(t.state.rolls.map((r) => r.groupId)).toEqual(["party", "imps"]);
  });

  it("SEG-2: the next round starts again with declarations; last round's declarations no longer count", () => {
    const t = new SegmentTable(cast);
    t.begin(plan, { party: 5, orcs: 2 });
    t.finish();
    expect(t.next()).toEqual([
      { type: "roundEnded", round: 1 },
      { type: "roundStarted", round: 2 },
      { type: "stepStarted", round: 2, step: 1 },
    ]);
    t.events = [];
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    t.next();
    t.finish();
    // Nobody declared: everyone acts in D4, HIGH then LOW, in join order.
    expect(SegmentTable.turns(t.events)).toEqual([
      "5.group:fighter",
      "5.group:thief",
      "5.group:mage",
      "5.group:cleric",
      "5.group:orc",
      "5.group:archer",
      "5.group:bear",
      "5.group:ogre",
    ]);
  });

  it("SEG-1: a round is 10 segments of 6 seconds; spells resolve in the segment their casting time ends", () => {
    expect(SEGMENTS_PER_ROUND * SEGMENT_SECONDS).toBe(60);
    expect(ROUND_SECONDS.segment).toBe(60);
    expect([segmentStartSeconds(1), segmentStartSeconds(3), segmentStartSeconds(10)]).toEqual([0, 12, 54]);
    const t = new SegmentTable(cast);
    t.begin(plan, { party: 5, orcs: 2 });
    t.finish();
    const segments = t.events.flatMap((e) => (e.type === "segmentStarted" ? [[e.segment, e.seconds]] : []));
    expect(segments).toEqual([
      [1, 0],
      [2, 6],
      [3, 12],
    ]);
  });
});

describe("segment rounds: the tracker", () => {
  it("SEG-1: steps 1-8 and the ten segments of step 7 are boundaries; each spell sits under its segment", () => {
    const t = new SegmentTable([member("fighter", "party"), member("mage", "party"), member("orc", "orcs")]);
    t.begin({ mage: decl({ action: "spell", castingTime: 2 }) }, { party: 5, orcs: 4 });
    const rows = segmentTimeline(t.state);
    const positions = rows.map((r) => r.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(rows.filter((r) => r.kind === "boundary").map((r) => r.position)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710, 800,
    ]);
    expect(rows.filter((r) => r.kind === "group").map((r) => [r.groupId, r.label?.key])).toEqual([
      ["party", "TEMPO.COMBAT.Segment.High"],
      ["orcs", "TEMPO.COMBAT.Segment.Low"],
    ]);
    const spell = rows.find((r) => r.kind === "turn" && r.position === 702);
    expect(spell).toMatchObject({
      combatantId: "mage",
      label: { key: "TEMPO.COMBAT.Segment.Segment", data: { segment: 2 } },
    });
    expect(rows.find((r) => r.active)).toMatchObject({ kind: "boundary", position: 500 });
    expect(rows.find((r) => r.active && r.kind === "turn")).toMatchObject({
      combatantId: "mage",
      position: 500,
      groupId: "party",
    });
  });
});

describe("segment rounds: declarations", () => {
  it("SEG-2: declarations are hidden from other players until the creature acts, and locked once the round runs", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    t.declare({ fighter: plan.fighter, orc: plan.orc });
    const publicRow = segmentTimeline(t.state).find((r) => r.combatantId === "fighter");
    expect(publicRow).toMatchObject({ hidden: true, detail: { key: "TEMPO.COMBAT.Segment.Declared" } });
    const own = segmentTimelineFor(t.state, { gm: false, combatantIds: ["fighter"] }).find(
      (r) => r.combatantId === "fighter",
    );
    expect(own).toMatchObject({
      hidden: false,
      detail: { key: "TEMPO.COMBAT.Segment.Action.Melee", data: { speed: 5, routines: 1 } },
    });
    const gm = segmentTimelineFor(t.state, { gm: true, combatantIds: [] }).find((r) => r.combatantId === "orc");
    expect(gm?.detail?.key).toBe("TEMPO.COMBAT.Segment.Action.Melee");
    t.next();
    expect(t.refused({ type: "declare", combatantId: "thief", declaration: plan.thief })).toBe(
      "TEMPO.ERRORS.Segment.DeclarationsLocked",
    );
    t.rollGroups({ party: 5, orcs: 2 });
    t.next();
    // The fighter acts in HIGH (D3) before the orc acts in LOW: only the fighter's declaration is shown.
    while (t.state.current !== "fighter") t.next();
    expect(t.events.filter((e) => e.type === "revealed")).toEqual([
      { type: "revealed", round: 1, combatantId: "fighter" },
    ]);
    const rows = segmentTimeline(t.state);
    expect(rows.find((r) => r.combatantId === "fighter")?.hidden).toBe(false);
    expect(rows.find((r) => r.combatantId === "orc")?.hidden).toBe(true);
  });

  it("SEG-2: the public timeline withholds an unrevealed creature's turns, whose place and label would tell its declaration", () => {
    const t = new SegmentTable(cast);
    t.begin(plan, { party: 5, orcs: 2 });
    // The ogre charges first (step 3, which reveals it); the bear's two routines (step 4 on) and the mage's
    // 3-segment spell (step 7) are still to come.
    const publicRows = segmentTimeline(t.state).filter((r) => r.combatantId === "bear" || r.combatantId === "mage");
    expect(publicRows.map((r) => [r.combatantId, r.kind, r.position, r.label?.key, r.detail?.key])).toEqual([
      ["mage", "pending", 100, "TEMPO.COMBAT.Segment.Step.Declare", "TEMPO.COMBAT.Segment.Declared"],
      ["bear", "pending", 100, "TEMPO.COMBAT.Segment.Step.Declare", "TEMPO.COMBAT.Segment.Declared"],
    ]);
    expect(segmentTimeline(t.state).find((r) => r.combatantId === "ogre")?.label?.key).toBe(
      "TEMPO.COMBAT.Segment.Fast.Charge",
    );
    const gm = segmentTimelineFor(t.state, { gm: true, combatantIds: [] }).filter((r) => r.combatantId === "bear");
    expect(gm.map((r) => [r.kind, r.label?.key])[0]).toEqual(["turn", "TEMPO.COMBAT.Segment.Step.FirstRoutines"]);
    // Its owner sees its own turns in their places.
    const own = segmentTimelineFor(t.state, { gm: false, combatantIds: ["mage"] }).filter(
      (r) => r.combatantId === "mage",
    );
    expect(own.some((r) => r.kind === "turn" && r.position === 703)).toBe(true);
  });

  it("SEG-9: one major action plus minors; moving 10 ft is a minor action only after the major and not in melee", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    const move = (beforeMajor: boolean) => ({ kind: "move" as const, takesSegment: true, beforeMajor });
    const refuse = (d: ReturnType<typeof decl>): string | null =>
      t.refused({ type: "declare", combatantId: "thief", declaration: d });
    expect(refuse(decl({ action: "missile", minors: [move(false)] }))).toBeNull();
    expect(refuse(decl({ action: "missile", minors: [move(true)] }))).toBe("TEMPO.ERRORS.Segment.MoveIsMajor");
    expect(refuse(decl({ action: "melee", inMelee: true, minors: [move(false)] }))).toBe(
      "TEMPO.ERRORS.Segment.MoveIsMajor",
    );
    expect(refuse(decl({ action: "none", minors: [move(false)] }))).toBe("TEMPO.ERRORS.Segment.MoveIsMajor");
    expect(refuse(decl({ action: "missile", minors: [move(false), move(false)] }))).toBe(
      "TEMPO.ERRORS.Segment.MoveIsMajor",
    );
    expect(refuse(decl({ action: "move" }))).toBeNull();
    expect(refuse(decl({ action: "missile", routines: 2 }))).toBe("TEMPO.ERRORS.Segment.InvalidRoutines");
    expect(refuse(decl({ action: "spell", castingTime: 11 }))).toBe("TEMPO.ERRORS.Segment.InvalidCastingTime");
    expect(refuse(decl({ action: "melee", weaponSpeed: -1 }))).toBe("TEMPO.ERRORS.Segment.InvalidWeaponSpeed");
  });

  it("SEG-8: a complex activity is declared alone and goes last, after the LOW group", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    expect(
      t.refused({
        type: "declare",
        combatantId: "thief",
        declaration: decl({ action: "complex", minors: [{ kind: "simple", takesSegment: true, beforeMajor: true }] }),
      }),
    ).toBe("TEMPO.ERRORS.Segment.ComplexAlone");
    t.begin({ thief: decl({ action: "complex" }), fighter: plan.fighter, orc: plan.orc }, { party: 5, orcs: 2 });
    t.finish();
    const step5 = SegmentTable.turns(t.events).filter((x) => x.startsWith("5."));
    expect(step5).toEqual([
      "5.group:fighter",
      "5.group:mage",
      "5.group:cleric",
      "5.group:orc",
      "5.group:archer",
      "5.group:bear",
      "5.group:ogre",
      "5.complex:thief",
    ]);
  });
});
