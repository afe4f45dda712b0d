/** Issue 19 item 3: what a creature has left now, in words, where the combat's own state keeps the budget. */
import { describe, expect, it } from "vitest";
import { countTurnLeft, phaseTurnLeft, segmentTurnLeft, type TurnLeft } from "../../../src/engine/actions/turn-left.ts";
import { PhaseTable } from "../initiative/phase/driver.ts";
import { decl, member, SegmentTable } from "../initiative/segment/driver.ts";
import { apply, attack, next, onTrack } from "../initiative/count/support.ts";

/** Each line as "kind: state key" (the state's data, when any, after it). */
const said = (lines: readonly TurnLeft[]) =>
  lines.map((l) => `${l.kind}: ${l.state.key}${l.state.data === undefined ? "" : ` ${JSON.stringify(l.state.data)}`}`);

describe("what is left (issue 19 item 3)", () => {
  it("PHS-7: one battle action in the creature's battle turn: left, then used (Attack); others wait for theirs", () => {
    const t = new PhaseTable([
      { id: "ava", int: 2, agi: 1 },
      { id: "orc", int: 0, agi: 0 },
    ]);
    expect(phaseTurnLeft(t.state, "ava")).toEqual([]);
    t.do({ type: "start" });
    t.roll({ ava: 12, orc: 8 });
    while (t.phase() !== "battle") t.next();
    expect(said(phaseTurnLeft(t.state, "ava"))).toEqual(['battleAction: TEMPO.LEFT.Left {"count":1}']);
    expect(said(phaseTurnLeft(t.state, "orc"))).toEqual(["battleAction: TEMPO.LEFT.Phase.NotYourTurn"]);
    t.do({ type: "battleAction", combatantId: "ava", action: "attack" });
    expect(said(phaseTurnLeft(t.state, "ava"))).toEqual(["battleAction: TEMPO.LEFT.Phase.UsedAttack"]);
    expect(phaseTurnLeft(t.state, "ava")[0]?.available).toBe(false);
    t.next();
    expect(said(phaseTurnLeft(t.state, "ava"))).toEqual(["battleAction: TEMPO.LEFT.Phase.Done"]);
    expect(said(phaseTurnLeft(t.state, "orc"))).toEqual(['battleAction: TEMPO.LEFT.Left {"count":1}']);
    t.do({ type: "defend", combatantId: "orc" });
    expect(said(phaseTurnLeft(t.state, "orc"))).toEqual(["battleAction: TEMPO.LEFT.Phase.UsedDefend"]);
  });

  it("PHS-7, PHS-9: a delayer still has its battle action, after its delay", () => {
    const t = new PhaseTable([
      { id: "ava", int: 2, agi: 1 },
      { id: "orc", int: 0, agi: 0 },
    ]);
    t.do({ type: "start" });
    t.roll({ ava: 12, orc: 8 });
    while (t.phase() !== "battle") t.next();
    t.do({ type: "delay", combatantId: "ava", afterId: "orc" });
    expect(said(phaseTurnLeft(t.state, "ava"))).toEqual(["battleAction: TEMPO.LEFT.Phase.Waiting"]);
  });

  it("SEG-9: one major action a round, 1 left until declared, then the declaration and the minors declared with it", () => {
    const t = new SegmentTable([member("ava", "party"), member("orc", "enemies")]);
    expect(segmentTurnLeft(t.state, "ava")).toEqual([]);
    t.do({ type: "start" });
    expect(said(segmentTurnLeft(t.state, "ava"))).toEqual(['major: TEMPO.LEFT.Left {"count":1}']);
    const minor = { kind: "simple", takesSegment: false, beforeMajor: true } as const;
    t.declare({ ava: decl({ action: "melee", weaponSpeed: 5, routines: 1, minors: [minor] }) });
    expect(said(segmentTurnLeft(t.state, "ava"))).toEqual([
      'major: TEMPO.COMBAT.Segment.Action.Melee {"speed":5,"routines":1}',
      'minors: TEMPO.LEFT.Segment.MinorsDeclared {"count":1}',
    ]);
    expect(segmentTurnLeft(t.state, "ava")[0]?.label.key).toBe("TEMPO.LEFT.Segment.MajorDeclared");
    expect(said(segmentTurnLeft(t.state, "orc"))).toEqual(['major: TEMPO.LEFT.Left {"count":1}']);
  });

  it("CNT-7: one action declared on the creature's turn; a weapon's attacks are pending together after it", () => {
    const s = onTrack([
      ["fighter", 4],
      ["orc", 10],
    ]);
    expect(said(countTurnLeft(s, "fighter"))).toEqual(["action: TEMPO.LEFT.Count.DeclareNow"]);
    expect(said(countTurnLeft(s, "orc"))).toEqual(["action: TEMPO.LEFT.Count.NotYourTurn"]);
    const declared = apply(s, attack("fighter", ["heavy"], ["orc", "orc"])).state;
    expect(said(countTurnLeft(declared, "fighter"))).toEqual(['action: TEMPO.LEFT.Count.Declared {"count":2}']);
    const later = apply(declared, next).state;
    expect(said(countTurnLeft(later, "orc"))).toEqual(["action: TEMPO.LEFT.Count.DeclareNow"]);
    expect(countTurnLeft(later, "fighter")[0]?.available).toBe(false);
  });
});
