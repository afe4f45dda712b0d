import { describe, expect, it } from "vitest";
import { segmentScheduler, segmentTimelineFor } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

/** The GM's tracker: every declared creature's turns in their places (SEG-2). */
const gmTimeline = (state: Parameters<typeof segmentTimelineFor>[0]) =>
  segmentTimelineFor(state, { gm: true, combatantIds: [] });

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
const turns = (t: SegmentTable): string[] => SegmentTable.turns(t.events);
const upTo = (t: SegmentTable, id: string): void => {
  while (t.state.current !== id) t.next();
};

describe("segment rounds: delay", () => {
  it("SEG-6: a delay declared in step 1 acts in LOW without the delayed condition", () => {
    const t = new SegmentTable(roster);
    t.begin({ ...plan, thief: decl({ action: "missile", delay: true }) }, { party: 5, orcs: 2 });
    t.finish();
    // LOW, D2 missile: the thief ties with the archer and, not being delayed, goes by join order.
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual([
      "5.target:mage",
      "5.group:fighter",
      "5.group:thief",
      "5.group:archer",
      "5.group:orc",
    ]);
  });

  it("SEG-6, SEG-7: delaying in HIGH waits until LOW, and the delayed condition loses every tie there", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    t.events = [];
    expect(t.do({ type: "delay", combatantId: "fighter" })).toEqual([
      { type: "delayed", round: 1, combatantId: "fighter", condition: true },
      { type: "turnStarted", round: 1, combatantId: "archer", step: 5, segment: 1, part: "group" },
      { type: "revealed", round: 1, combatantId: "archer" },
    ]);
    t.finish();
    // LOW, D3 melee: the fighter's speed 2 would beat the orc's 6, but the delayed condition loses the tie.
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual(["5.group:archer", "5.group:orc", "5.group:fighter"]);
  });

  it("SEG-6: a delay leaves the turns already taken in the schedule: the turn it was announced on stays there, done", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    const taken = t.state.schedule.slice(0, t.state.cursor + 1);
    t.do({ type: "delay", combatantId: "fighter" });
    expect(t.state.schedule.slice(0, taken.length)).toEqual(taken);
    const rows = gmTimeline(t.state).filter((r) => r.kind === "turn");
    expect(rows.map((r) => [r.combatantId, r.label?.key, r.done, r.active])).toEqual([
      ["mage", "TEMPO.COMBAT.Segment.High", true, false],
      ["thief", "TEMPO.COMBAT.Segment.High", true, false],
      // The fighter's HIGH turn happened (it announced its delay there); its LOW turn is still to come.
      ["fighter", "TEMPO.COMBAT.Segment.High", true, false],
      ["archer", "TEMPO.COMBAT.Segment.Low", false, true],
      ["orc", "TEMPO.COMBAT.Segment.Low", false, false],
      ["fighter", "TEMPO.COMBAT.Segment.Low", false, false],
      ["mage", "TEMPO.COMBAT.Segment.Segment", false, false],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it("SEG-6, SEG-16: the turn given up to a delay spent nothing: the major action is still there for an immediate attack", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    t.do({ type: "delay", combatantId: "fighter" });
    expect(t.refused({ type: "immediateAttack", combatantId: "fighter", targetId: "orc" })).toBeNull();
    // The thief's turn, taken before, did spend its major action.
    expect(t.refused({ type: "immediateAttack", combatantId: "thief", targetId: "orc" })).toBe(
      "TEMPO.ERRORS.Segment.MajorSpent",
    );
  });

  it("SEG-6: a delay in LOW also leaves the turn it was announced on in the schedule, done", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "archer");
    const taken = t.state.schedule.slice(0, t.state.cursor + 1);
    t.do({ type: "delay", combatantId: "archer" });
    expect(t.state.schedule.slice(0, taken.length)).toEqual(taken);
    const rows = gmTimeline(t.state).filter((r) => r.kind === "turn");
    expect(rows.map((r) => [r.combatantId, r.done, r.active])).toEqual([
      ["mage", true, false],
      ["thief", true, false],
      ["fighter", true, false],
      ["archer", true, false],
      ["orc", false, true],
      ["archer", false, false],
      ["mage", false, false],
    ]);
  });

  it("SEG-6: delaying in LOW costs the major action; the creature acts again after everyone else in LOW", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "archer");
    t.events = [];
    expect(t.do({ type: "delay", combatantId: "archer" })).toEqual([
      { type: "delayed", round: 1, combatantId: "archer", condition: false },
      { type: "majorActionLost", round: 1, combatantId: "archer" },
      { type: "turnStarted", round: 1, combatantId: "orc", step: 5, segment: 1, part: "group" },
      { type: "revealed", round: 1, combatantId: "orc" },
    ]);
    expect(t.refused({ type: "delay", combatantId: "orc" })).toBeNull();
    t.next();
    expect(t.state.current).toBe("archer");
    expect(t.refused({ type: "delay", combatantId: "archer" })).toBe("TEMPO.ERRORS.Segment.AlreadyDelayed");
  });

  it("SEG-6: a delay is announced during group actions, on the creature's own turn", () => {
    const t = new SegmentTable([...roster, member("ogre", "orcs")]);
    t.begin({ ...plan, ogre: decl({ action: "charge" }) }, { party: 5, orcs: 2 });
    expect(t.state.current).toBe("ogre");
    expect(t.refused({ type: "delay", combatantId: "ogre" })).toBe("TEMPO.ERRORS.Segment.NotGroupActions");
    t.next();
    expect(t.refused({ type: "delay", combatantId: "thief" })).toBe("TEMPO.ERRORS.Segment.NotYourTurn");
  });

  it("SEG-7: between two delayed creatures the tie is not lost automatically: weapon speed decides", () => {
    const t = new SegmentTable(roster);
    t.do({ type: "start" });
    t.declare(plan);
    t.do({ type: "setDelayed", combatantId: "fighter", delayed: true });
    t.do({ type: "setDelayed", combatantId: "orc", delayed: true });
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    t.next();
    t.finish();
    // Both are LOW and delayed: D3 melee goes by weapon speed, the fighter's 2 before the orc's 6.
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual([
      "5.target:mage",
      "5.group:thief",
      "5.group:archer",
      "5.group:fighter",
      "5.group:orc",
    ]);
  });

  it("SEG-7: a delayed creature's delaying activity counts as complex and goes last", () => {
    const t = new SegmentTable(roster);
    const reload = { kind: "delaying" as const, takesSegment: true, beforeMajor: true };
    t.do({ type: "start" });
    t.declare({ ...plan, thief: decl({ action: "missile", minors: [reload] }) });
    t.do({ type: "setDelayed", combatantId: "thief", delayed: true });
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    t.next();
    t.finish();
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual([
      "5.target:mage",
      "5.group:fighter",
      "5.group:archer",
      "5.group:orc",
      "5.complex:thief",
    ]);
  });
});

describe("segment rounds: spells and concentration", () => {
  it("SEG-10: a casting interrupted before it resolves fails: its step-7 turn is gone", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "orc");
    expect(t.do({ type: "interrupt", combatantId: "mage" })).toEqual([
      { type: "castingFailed", round: 1, combatantId: "mage" },
    ]);
    t.finish();
    expect(turns(t).some((x) => x.startsWith("7."))).toBe(false);
    expect(t.refused({ type: "interrupt", combatantId: "fighter" })).toBe("TEMPO.ERRORS.Segment.NotCasting");
  });

  it("SEG-11: one spell per round: a declared caster cannot add an immediate spell, nor can a failed caster", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    expect(t.refused({ type: "immediateSpell", combatantId: "mage" })).toBe("TEMPO.ERRORS.Segment.OneSpellPerRound");
    expect(t.do({ type: "immediateSpell", combatantId: "thief" })).toEqual([
      { type: "immediateSpell", round: 1, combatantId: "thief" },
    ]);
    expect(t.refused({ type: "immediateSpell", combatantId: "thief" })).toBe("TEMPO.ERRORS.Segment.OneSpellPerRound");
    t.do({ type: "interrupt", combatantId: "mage" });
    expect(t.refused({ type: "immediateSpell", combatantId: "mage" })).toBe("TEMPO.ERRORS.Segment.OneSpellPerRound");
  });

  it("SEG-11: the caster names its target in its group's D1, before the group's other actions", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    t.finish();
    expect(turns(t).filter((x) => x.startsWith("5."))[0]).toBe("5.target:mage");
  });
});

describe("segment rounds: free and immediate attacks", () => {
  const withOgre = [...roster, member("ogre", "orcs")];
  const charge = { ...plan, ogre: decl({ action: "charge" }) };

  it("SEG-16: a free attack happens as its trigger happens, in the trigger's segment", () => {
    const t = new SegmentTable(withOgre);
    t.begin(charge, { party: 5, orcs: 2 });
    expect(t.state.current).toBe("ogre");
    expect(t.do({ type: "freeAttack", combatantId: "fighter", targetId: "ogre" })).toEqual([
      { type: "freeAttack", round: 1, combatantId: "fighter", targetId: "ogre", segment: 1, during: "ogre" },
    ]);
    // It costs no action: the fighter still has its own turn in step 5.
    t.finish();
    expect(turns(t)).toContain("5.group:fighter");
  });

  it("SEG-16: one free attack per opponent per round, one per segment, none while surprised", () => {
    const t = new SegmentTable([...withOgre, { id: "dozer", groupId: "party", dexReaction: 0, surprised: true }]);
    t.begin(charge, { party: 5, orcs: 2 });
    t.do({ type: "freeAttack", combatantId: "fighter", targetId: "ogre" });
    expect(t.refused({ type: "freeAttack", combatantId: "fighter", targetId: "orc" })).toBe(
      "TEMPO.ERRORS.Segment.OneFreeAttackPerSegment",
    );
    expect(t.refused({ type: "freeAttack", combatantId: "dozer", targetId: "ogre" })).toBe(
      "TEMPO.ERRORS.Segment.Surprised",
    );
    t.next();
    expect(t.refused({ type: "freeAttack", combatantId: "fighter", targetId: "ogre" })).toBe(
      "TEMPO.ERRORS.Segment.OpponentAlreadyAttacked",
    );
    expect(t.refused({ type: "freeAttack", combatantId: "fighter", targetId: "orc" })).toBeNull();
  });

  it("SEG-16: a free attack breaks the attacker's concentration: its casting fails", () => {
    const t = new SegmentTable(withOgre);
    t.begin(charge, { party: 5, orcs: 2 });
    expect(t.do({ type: "freeAttack", combatantId: "mage", targetId: "ogre" }).map((e) => e.type)).toEqual([
      "freeAttack",
      "castingFailed",
    ]);
  });

  it("SEG-16: an immediate attack uses the unspent major action, replacing the declared one", () => {
    const t = new SegmentTable(withOgre);
    t.begin(charge, { party: 5, orcs: 2 });
    t.do({ type: "immediateAttack", combatantId: "thief", targetId: "ogre" });
    t.next();
    expect(t.refused({ type: "immediateAttack", combatantId: "thief", targetId: "orc" })).toBe(
      "TEMPO.ERRORS.Segment.MajorSpent",
    );
    // The orc's major action is spent once its own turn has come.
    upTo(t, "orc");
    t.next();
    expect(t.refused({ type: "immediateAttack", combatantId: "orc", targetId: "fighter" })).toBe(
      "TEMPO.ERRORS.Segment.MajorSpent",
    );
    t.finish();
    expect(turns(t).some((x) => x.endsWith(":thief"))).toBe(false);
  });

  it("SEG-8: a creature busy with a complex activity cannot make free attacks or delay", () => {
    const t = new SegmentTable(withOgre);
    t.begin({ ...charge, thief: decl({ action: "complex" }) }, { party: 5, orcs: 2 });
    expect(t.refused({ type: "freeAttack", combatantId: "thief", targetId: "ogre" })).toBe(
      "TEMPO.ERRORS.Segment.ComplexAlone",
    );
    upTo(t, "thief");
    expect(t.refused({ type: "delay", combatantId: "thief" })).toBe("TEMPO.ERRORS.Segment.ComplexAlone");
  });
});

describe("segment rounds: defeat and changes mid-round", () => {
  it("DEF-1: a defeated creature is skipped but keeps its place on the tracker", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    t.do({ type: "defeat", combatantId: "orc" });
    t.finish();
    expect(turns(t).some((x) => x.endsWith(":orc"))).toBe(false);
    const row = gmTimeline(t.state).find((r) => r.combatantId === "orc");
    expect(row).toMatchObject({ kind: "turn", defeated: true, position: 500 });
  });

  it("DEF-1: revived before its turn comes, it acts", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    t.do({ type: "defeat", combatantId: "orc" });
    t.do({ type: "revive", combatantId: "orc" });
    t.finish();
    expect(turns(t)).toContain("5.group:orc");
  });

  it("a creature joining mid-round gets the turns still to come (LOW when its group has not rolled)", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    t.do({ type: "join", combatant: member("gnoll", "gnolls") });
    t.do({ type: "join", combatant: member("squire", "party") });
    t.finish();
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual([
      "5.target:mage",
      "5.group:thief",
      "5.group:fighter",
      "5.group:squire",
      "5.group:archer",
      "5.group:orc",
      "5.group:gnoll",
    ]);
  });

  it("setInitiative moves a creature between HIGH and LOW without losing or repeating its turn", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    t.do({ type: "setInitiative", combatantId: "orc", value: 6 });
    t.do({ type: "setInitiative", combatantId: "thief", value: 1 });
    t.finish();
    expect(turns(t).filter((x) => x.startsWith("5."))).toEqual([
      "5.target:mage",
      "5.group:fighter",
      "5.group:orc",
      "5.group:thief",
      "5.group:archer",
    ]);
  });

  it("leaving on its own turn hands the turn on; unknown ids are typed errors", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    expect(t.do({ type: "leave", combatantId: "fighter" })).toEqual([
      { type: "combatantLeft", combatantId: "fighter" },
      { type: "turnStarted", round: 1, combatantId: "archer", step: 5, segment: 1, part: "group" },
      { type: "revealed", round: 1, combatantId: "archer" },
    ]);
    expect(t.refused({ type: "defeat", combatantId: "fighter" })).toBe("TEMPO.ERRORS.Segment.UnknownCombatant");
    expect(segmentScheduler.timeline(t.state).some((r) => r.combatantId === "fighter")).toBe(false);
  });
});
