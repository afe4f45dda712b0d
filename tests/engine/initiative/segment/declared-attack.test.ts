import { describe, expect, it } from "vitest";
import {
  segmentAttackCardDue,
  segmentCastingUnderway,
  segmentDeclaredAttackRefusal,
} from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const roster = [member("fighter", "party"), member("mage", "party"), member("orc", "orcs")];
const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 2 }),
  mage: decl({ action: "spell", castingTime: 3 }),
  orc: decl({ action: "melee", weaponSpeed: 6 }),
};
const upTo = (t: SegmentTable, id: string): void => {
  while (t.state.current !== id) t.next();
};
const refusal = (t: SegmentTable, id: string) => segmentDeclaredAttackRefusal(t.state, id)?.key ?? null;

describe("segment rounds: a declared attack made on its turn (its pending card)", () => {
  it("SEG-6: delaying in HIGH, the attack waits for the creature's turn in LOW, then may be made", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    expect(refusal(t, "fighter")).toBeNull();
    t.do({ type: "delay", combatantId: "fighter" });
    expect(refusal(t, "fighter")).toBe("TEMPO.ERRORS.Segment.WaitsForLow");
    upTo(t, "orc");
    expect(refusal(t, "fighter")).toBe("TEMPO.ERRORS.Segment.WaitsForLow");
    upTo(t, "fighter");
    expect(refusal(t, "fighter")).toBeNull();
  });

  it("SEG-6: delaying in LOW loses the major action: the declared attack is not made this round, and is again the next", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "orc");
    t.do({ type: "delay", combatantId: "orc" });
    expect(refusal(t, "orc")).toBe("TEMPO.ERRORS.Segment.MajorLost");
    upTo(t, "orc");
    expect(refusal(t, "orc")).toBe("TEMPO.ERRORS.Segment.MajorLost");
    t.finish();
    t.next(); // round 2, step 1
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "orc");
    expect(refusal(t, "orc")).toBeNull();
  });

  it("SEG-16: an immediate attack used the major action: the declared one is not made; an unknown creature is not refused here", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    t.do({ type: "immediateAttack", combatantId: "orc", targetId: "fighter" });
    expect(refusal(t, "orc")).toBe("TEMPO.ERRORS.Segment.MajorLost");
    expect(refusal(t, "fighter")).toBeNull();
    expect(refusal(t, "nobody")).toBeNull();
  });

  it("SEG-6: a turn given up to a delay in HIGH keeps its card: the creature's turn in LOW brings no second one; its other routines and the others' turns do", () => {
    const t = new SegmentTable(roster);
    t.begin(plan, { party: 5, orcs: 2 });
    upTo(t, "fighter");
    expect(segmentAttackCardDue(t.state, "fighter", "group")).toBe(true);
    t.do({ type: "delay", combatantId: "fighter" });
    upTo(t, "fighter");
    expect(segmentAttackCardDue(t.state, "fighter", "group")).toBe(false);
    expect(segmentAttackCardDue(t.state, "fighter", "restRoutines")).toBe(true);
    expect(segmentAttackCardDue(t.state, "orc", "group")).toBe(true);
  });

  it("SEG-10: a caster hit while declarations are still secret (step 1) loses its casting: it is lost as if cast, no spell turn comes and its major action is gone", () => {
    const t = new SegmentTable(roster);
    t.do({ type: "start" });
    t.declare(plan);
    expect(segmentCastingUnderway(t.state, "mage")).toBe(true);
    expect(segmentCastingUnderway(t.state, "fighter")).toBe(false);
    t.do({ type: "interrupt", combatantId: "mage" });
    expect(segmentCastingUnderway(t.state, "mage")).toBe(false);
    expect(t.refused({ type: "interrupt", combatantId: "mage" })).toBe("TEMPO.ERRORS.Segment.NotCasting");
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    const turns: string[] = [];
    while (t.state.step !== 8) turns.push(...SegmentTable.turns(t.next()));
    expect(turns.filter((x) => x.includes("mage"))).toEqual(["5.group:mage"]);
  });
});
