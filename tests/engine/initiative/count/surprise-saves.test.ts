/**
 * CNT-11, CNT-14 in the surprise round (CNT-4 ruling, track.ts `endStepSaves`): only the creatures that
 * take part in it (surprise, not marked surprised) roll saves and death saves in its end step; every
 * other creature rolls them in round 1 as usual.
 */
import { describe, expect, it } from "vitest";
import { apply, encounter, next, roll, run, show } from "./support.ts";

describe("saves in the surprise round (CNT-4, CNT-11, CNT-14)", () => {
  it("CNT-11, CNT-4: the surprise round's end step calls saves and death saves only for those taking part in it", () => {
    let s = encounter([
      ["rogue", 4, true],
      ["cleric", 3, true],
      ["imp", 3],
      ["orc", 2],
      ["ogre", 0],
    ]);
    s = apply(s, { type: "start" }).state;
    // The imp has surprise but the GM marks it surprised: it takes no part in the surprise round.
    s = apply(s, { type: "markSurprised", combatantId: "imp", surprised: true }).state;
    // rogue 2 − 4 = −2, cleric 2 − 3 = −1 (surprise), imp 1 − 3 = −2 (surprise, marked), orc 12 − 2 = 10, ogre 8.
    s = roll(s, { rogue: 2, cleric: 2, imp: 1, orc: 12, ogre: 8 }).state;
    // Round 1's contests on count 0 are asked for at once (CNT-4 ruling, track.ts `afterInitiative`).
    s = roll(s, { rogue: 10, cleric: 7, imp: 5 }).state;
    // The cleric (taking part) and the ogre (not) fall unconscious during the rogue's surprise turn.
    s = run(s, [
      { type: "unconscious", combatantId: "cleric" },
      { type: "unconscious", combatantId: "ogre" },
    ]).state;
    const surpriseEnd = run(s, [next]);
    expect(show(surpriseEnd.events)).toEqual([
      "done rogue",
      "end step 0",
      "saves rogue",
      "saves cleric",
      "death saves cleric",
    ]);
    // Round 1: nobody acts; its end step calls everyone's saves and both unconscious creatures' death saves.
    let r = run(surpriseEnd.state, [next]);
    expect(show(r.events)).toEqual(["end round 0", "round 1", "turn rogue"]);
    const events: string[] = [];
    for (let i = 0; i < 10 && !events.includes("end step 1"); i++) {
      r = run(r.state, [next]);
      events.push(...show(r.events));
    }
    expect(events.filter((e) => e.startsWith("saves") || e.startsWith("death saves")).sort()).toEqual([
      "death saves cleric",
      "death saves ogre",
      "saves cleric",
      "saves imp",
      "saves ogre",
      "saves orc",
      "saves rogue",
    ]);
  });
});
