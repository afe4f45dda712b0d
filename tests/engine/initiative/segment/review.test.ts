import { describe, expect, it } from "vitest";
import { decl, member, SegmentTable } from "./driver.ts";

/** Cases found in review: each worked out by hand from RULES.md §4. */
describe("segment rounds: review cases", () => {
  it("SEG-7: in steps 4 and 6 a delayed multi-attacker loses the weapon-speed tie to one that is not delayed", () => {
    // Both beasts are in the LOW group (1 against 6). The bear (speed 2) would win the tie on weapon
    // speed against the wolf (speed 5), but the bear is delayed: it loses every tie, so the wolf's
    // routines come first in step 4 and again in step 6.
    const t = new SegmentTable([member("bear", "beasts"), member("wolf", "beasts"), member("fighter", "party")]);
    t.do({ type: "start" });
    t.declare({
      bear: decl({ action: "melee", routines: 2, weaponSpeed: 2 }),
      wolf: decl({ action: "melee", routines: 2, weaponSpeed: 5 }),
      fighter: decl({ action: "missile" }),
    });
    t.do({ type: "setDelayed", combatantId: "bear", delayed: true });
    t.next();
    t.rollGroups({ beasts: 1, party: 6 });
    t.next();
    t.finish();
    expect(SegmentTable.turns(t.events)).toEqual([
      "4.firstRoutine:wolf",
      "4.firstRoutine:bear",
      "5.group:fighter",
      "6.restRoutines:wolf",
      "6.restRoutines:bear",
    ]);
  });

  it("SEG-8: a creature busy with a complex activity cannot cast an immediate spell either", () => {
    const t = new SegmentTable([member("thief", "party"), member("orc", "orcs")]);
    t.begin({ thief: decl({ action: "complex" }), orc: decl({ action: "melee" }) }, { party: 5, orcs: 2 });
    expect(t.refused({ type: "immediateSpell", combatantId: "thief" })).toBe("TEMPO.ERRORS.Segment.ComplexAlone");
  });

  it("SEG-11: a creature that cast an immediate spell while declarations are open cannot declare a spell too", () => {
    const t = new SegmentTable([member("mage", "party"), member("orc", "orcs")]);
    t.do({ type: "start" });
    t.do({ type: "immediateSpell", combatantId: "mage" });
    expect(
      t.refused({ type: "declare", combatantId: "mage", declaration: decl({ action: "spell", castingTime: 2 }) }),
    ).toBe("TEMPO.ERRORS.Segment.OneSpellPerRound");
    // Anything else may still be declared.
    expect(t.refused({ type: "declare", combatantId: "mage", declaration: decl({ action: "missile" }) })).toBeNull();
  });
});
