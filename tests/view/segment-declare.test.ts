import { describe, expect, it } from "vitest";
import { SEGMENT_NO_DECLARATION, storeCombatState } from "../../src/engine/index.ts";
import {
  buildSegmentDeclareForm,
  segmentDeclarationFromForm,
  segmentDeclarationOfCommand,
  segmentDeclareCommand,
} from "../../src/view/tracker/segment-declare.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { playedTracker, trackerInputOf } from "./played-tracker.ts";

const form = (fields: Record<string, string>) => ({
  action: "none",
  weaponSpeed: "0",
  castingTime: "1",
  routines: "1",
  ...fields,
});

describe("declaring from the tracker's form", () => {
  it("SEG-5, SEG-16: reads a spell with its casting time and a melee multi-attack, ticked boxes included", () => {
    expect(segmentDeclarationFromForm(form({ action: "spell", castingTime: "4" }))).toEqual({
      ok: true,
      value: { ...SEGMENT_NO_DECLARATION, action: "spell", castingTime: 4 },
    });
    expect(
      segmentDeclarationFromForm(form({ action: "melee", weaponSpeed: "7", routines: "2", inMelee: "on" })),
    ).toEqual({
      ok: true,
      value: { ...SEGMENT_NO_DECLARATION, action: "melee", weaponSpeed: 7, routines: 2, inMelee: true },
    });
    // A casting time belongs to a spell: the field is ignored for anything else.
    expect(segmentDeclarationFromForm(form({ action: "missile", castingTime: "5" }))).toMatchObject({
      ok: true,
      value: { castingTime: null },
    });
  });

  it("SEG-4, SEG-9: reads the 1-segment minors before the major action, positioning after it, and the target", () => {
    const read = segmentDeclarationFromForm(
      form({ action: "melee", weaponSpeed: "7", minorsBefore: "1", positioning: "on", target: "orc" }),
    );
    expect(read).toMatchObject({ ok: true, value: { targetId: "orc" } });
    const minors = read.ok ? read.value.minors : [];
    expect(minors).toEqual([
      { kind: "simple", takesSegment: true, beforeMajor: true },
      { kind: "move", takesSegment: true, beforeMajor: false },
    ]);
    const built = buildSegmentDeclareForm("a", "Aria", read.ok ? read.value : null, [{ id: "orc", name: "Orc" }]);
    expect([built.minorsBefore, built.positioning, built.targets]).toEqual([
      1,
      true,
      [{ id: "orc", name: "Orc", selected: true }],
    ]);
  });

  it("SEG-6, SEG-7: reads a delaying activity (loading a light crossbow) apart from the 1-segment minors, and shows it again", () => {
    const read = segmentDeclarationFromForm(
      form({ action: "missile", weaponSpeed: "3", minorsBefore: "1", delaying: "on" }),
    );
    const minors = read.ok ? read.value.minors : [];
    expect(minors).toEqual([
      { kind: "simple", takesSegment: true, beforeMajor: true },
      { kind: "delaying", takesSegment: true, beforeMajor: true },
    ]);
    const built = buildSegmentDeclareForm("a", "Aria", read.ok ? read.value : null);
    expect([built.minorsBefore, built.delaying]).toEqual([1, true]);
    expect(buildSegmentDeclareForm("a", "Aria", null).delaying).toBe(false);
  });

  it.each([
    [{ action: "dance" }, "TEMPO.ERRORS.Segment.InvalidDeclaration"],
    [{ action: "spell", castingTime: "11" }, "TEMPO.ERRORS.Segment.InvalidCastingTime"],
    [{ action: "spell", castingTime: "" }, "TEMPO.ERRORS.Segment.InvalidCastingTime"],
    [{ action: "melee", weaponSpeed: "2.5" }, "TEMPO.ERRORS.Segment.InvalidWeaponSpeed"],
    [{ action: "missile", routines: "2" }, "TEMPO.ERRORS.Segment.InvalidRoutines"],
    [{ action: "complex", goesFirst: "on" }, "TEMPO.ERRORS.Segment.InvalidDeclaration"],
    [{ action: "melee", minorsBefore: "-1" }, "TEMPO.ERRORS.Segment.InvalidMinors"],
    [{ action: "melee", inMelee: "on", positioning: "on" }, "TEMPO.ERRORS.Segment.MoveIsMajor"],
  ])("SEG-2: refuses %o with the engine's own error (%s), so no command is given", (fields, key) => {
    const read = segmentDeclarationFromForm(form(fields));
    expect(read.ok ? null : read.error.key).toBe(key);
  });

  it("SEG-16: the routines field offers at most what the stat block gives (a bad stat counts as 1; a declaration already past it stays shown)", () => {
    expect(buildSegmentDeclareForm("a", "Bear", null, [], 2).routinesMax).toBe(2);
    expect(buildSegmentDeclareForm("a", "Ogre", null, [], Number.NaN).routinesMax).toBe(1);
    const three = { ...SEGMENT_NO_DECLARATION, action: "melee" as const, routines: 3 };
    expect(buildSegmentDeclareForm("a", "Ogre", three, [], 1).routinesMax).toBe(3);
  });

  it("SEG-2: the form starts from the declaration the control carries, or from none when it carries nothing usable", () => {
    const melee = { ...SEGMENT_NO_DECLARATION, action: "melee" as const, weaponSpeed: 3 };
    expect(segmentDeclarationOfCommand(segmentDeclareCommand("a", melee))).toEqual(melee);
    expect(segmentDeclarationOfCommand({ type: "declare", declaration: { action: "spell", castingTime: 99 } })).toBe(
      SEGMENT_NO_DECLARATION,
    );
    expect(segmentDeclarationOfCommand(null)).toBe(SEGMENT_NO_DECLARATION);
    const built = buildSegmentDeclareForm("a", "Aria", melee);
    expect(built.actions.filter((a) => a.selected).map((a) => a.value)).toEqual(["melee"]);
    expect(built.weaponSpeed).toBe(3);
  });

  it("SEG-2: a declaration given from the form shows on the owner's row; a refused one changes nothing", () => {
    const { combat } = playedTracker("segment", { isGM: false, turns: 0 });
    const read = segmentDeclarationFromForm(form({ action: "melee", weaponSpeed: "3" }));
    if (!read.ok) throw new Error(read.error.key);
    combat.run(segmentDeclareCommand("ilsa", read.value));
    expect(combat.error).toBeNull();
    const context = buildTrackerContext(trackerInputOf(combat, { isGM: false, turns: 0 }));
    const rows = context.body.part === "segment" ? context.body.segment.steps[0]?.rows : [];
    expect(rows?.find((r) => r.combatantId === "ilsa")?.detail).toEqual({
      key: "TEMPO.COMBAT.Segment.Action.Melee",
      data: { speed: 3, routines: 1 },
    });
    const before = JSON.stringify(storeCombatState(combat.state));
    // What the form cannot check (here a creature not in the combat) the engine refuses, the state unchanged.
    combat.run(segmentDeclareCommand("nobody", read.value));
    expect(combat.error?.key).toBe("TEMPO.ERRORS.Segment.UnknownCombatant");
    expect(JSON.stringify(storeCombatState(combat.state))).toBe(before);
  });
});
