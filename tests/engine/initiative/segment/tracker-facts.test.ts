import { describe, expect, it } from "vitest";
import { segmentTrackerFacts, type SegmentViewer } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const cast = [member("fighter", "party"), member("mage", "party"), member("bear", "orcs"), member("shaman", "orcs")];

const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 5 }),
  mage: decl({ action: "spell", castingTime: 4 }),
  bear: decl({ action: "melee", routines: 2, inMelee: true }),
  shaman: decl({ action: "spell", castingTime: 6 }),
};

const gm: SegmentViewer = { gm: true, combatantIds: [] };
const fightersPlayer: SegmentViewer = { gm: false, combatantIds: ["fighter"] };

function running(): SegmentTable {
  const t = new SegmentTable(cast);
  t.begin(plan, { party: 5, orcs: 2 });
  return t;
}

describe("segment rounds: what the tracker is given", () => {
  it("SEG-2: the steps, the groups' d6 with HIGH and LOW, and every turn in rule order for the GM", () => {
    const facts = segmentTrackerFacts(running().state, gm);
    expect(facts.step).toBe(4);
    expect(facts.groups).toEqual([
      { id: "party", roll: 5, band: "high" },
      { id: "orcs", roll: 2, band: "low" },
    ]);
    expect(facts.turns.map((t) => `${t.step}.${t.part}:${t.combatantId}@${t.segment}`)).toEqual([
      "4.firstRoutine:bear@1",
      "5.target:mage@1",
      "5.group:fighter@1",
      "5.target:shaman@1",
      "6.restRoutines:bear@1",
      "7.spell:mage@4",
      "7.spell:shaman@6",
    ]);
    expect(facts.turns[0]).toMatchObject({ active: true, done: false });
    expect(facts.creatures.every((c) => c.declaration !== null && c.locked && !c.withheld)).toBe(true);
  });

  it("SEG-2: a player gets neither another creature's unrevealed declaration nor the turns that would tell it", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    t.declare(plan);
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    const facts = segmentTrackerFacts(t.state, fightersPlayer);
    const shaman = facts.creatures.find((c) => c.id === "shaman");
    expect(shaman).toMatchObject({ declared: true, declaration: null, withheld: true, rollBand: "low" });
    expect(facts.creatures.find((c) => c.id === "fighter")?.declaration).toEqual(plan.fighter);
    // Its own (the fighter's) and no one else's: the spells' segments and the bear's routines would tell them.
    expect(facts.turns.map((x) => x.combatantId)).toEqual(["fighter"]);
    expect(JSON.stringify(facts)).not.toContain('"castingTime":6');
  });

  it("SEG-2: once revealed (by the GM, or by acting on it) the declaration and its turns are everyone's", () => {
    const t = running();
    // The bear acts first (step 4), which reveals its declaration; the shaman's stays hidden.
    let facts = segmentTrackerFacts(t.state, fightersPlayer);
    expect(facts.creatures.find((c) => c.id === "bear")).toMatchObject({ revealed: true, withheld: false });
    expect(facts.turns.filter((x) => x.combatantId === "bear").map((x) => x.part)).toEqual([
      "firstRoutine",
      "restRoutines",
    ]);
    expect(facts.creatures.find((c) => c.id === "shaman")?.withheld).toBe(true);
    t.do({ type: "reveal", combatantId: null });
    facts = segmentTrackerFacts(t.state, fightersPlayer);
    expect(facts.creatures.find((c) => c.id === "shaman")?.declaration).toEqual(plan.shaman);
    expect(facts.turns.find((x) => x.part === "spell" && x.combatantId === "shaman")?.segment).toBe(6);
  });

  it("SEG-2: declarations are open in step 1 and locked once the round runs", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    t.declare({ fighter: plan.fighter });
    expect(segmentTrackerFacts(t.state, gm).creatures.map((c) => [c.id, c.declared, c.locked])).toEqual([
      ["fighter", true, false],
      ["mage", false, false],
      ["bear", false, false],
      ["shaman", false, false],
    ]);
    t.next();
    expect(segmentTrackerFacts(t.state, gm).creatures.every((c) => c.locked)).toBe(true);
    expect(segmentTrackerFacts(t.state, gm).groups.map((g) => g.band)).toEqual([null, null]);
  });

  it("SEG-6, SEG-7: a delay in HIGH marks the turn given up and the creature delayed", () => {
    const t = running();
    while (t.state.current !== "fighter") t.next();
    t.do({ type: "delay", combatantId: "fighter" });
    const facts = segmentTrackerFacts(t.state, gm);
    expect(facts.creatures.find((c) => c.id === "fighter")?.delayed).toBe(true);
    expect(facts.turns.filter((x) => x.combatantId === "fighter").map((x) => [x.band, x.gaveUp, x.done])).toEqual([
      ["high", true, true],
      ["low", false, false],
    ]);
  });

  it("SEG-1: the segment the round is in: 0 while declaring, 1 through steps 3–6, then the spell's own segment", () => {
    const t = new SegmentTable(cast);
    t.do({ type: "start" });
    expect(segmentTrackerFacts(t.state, gm).nowSegment).toBe(0);
    t.declare(plan);
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    expect(segmentTrackerFacts(t.state, gm).nowSegment).toBe(0);
    t.next();
    expect(segmentTrackerFacts(t.state, gm)).toMatchObject({ step: 4, nowSegment: 1 });
    const step = (): number => t.state.step;
    while (t.state.current !== "mage" || step() !== 7) t.next();
    expect(segmentTrackerFacts(t.state, gm)).toMatchObject({ step: 7, nowSegment: 4 });
    while (step() !== 8) t.next();
    expect(segmentTrackerFacts(t.state, gm).nowSegment).toBe(0);
  });
});
