import { describe, expect, it } from "vitest";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { apply, asked, attack, encounter, next, roll, run, show, spell, track } from "./support.ts";

/**
 * A whole encounter played from the seed text: Brakka (fighter, bonus 1, a Maul: Great), Isolde (wizard,
 * bonus 4), Pip (rogue, bonus 4) against an ogre (bonus 1) and a goblin (bonus 2); a wolf joins later.
 * Every figure below is worked out from RULES §1 by hand.
 */
describe("a count-track encounter from the seed", () => {
  it("CNT-4, CNT-5, CNT-7, CNT-11, CNT-12, CNT-13: surprise, contests, delays, a reaction, a join and an idle ogre over three rounds", () => {
    let s = encounter([
      ["brakka", 1, true],
      ["isolde", 4, true],
      ["pip", 4, true],
      ["ogre", 1],
      ["goblin", 2],
    ]);
    s = apply(s, { type: "start" }).state;
    // The GM marks the goblin surprised while the dice are out.
    expect(show(apply(s, { type: "markSurprised", combatantId: "goblin", surprised: true }).events)).toEqual(["surprised goblin true"]);
    s = apply(s, { type: "markSurprised", combatantId: "goblin", surprised: true }).state;

    // Brakka 9 − 1 = 8, Isolde 3 − 4 = −1 (surprise), Pip 12 − 4 = 8, ogre 13 − 1 = 12, goblin 14 − 2 = 12.
    let step = roll(s, { brakka: 9, isolde: 3, pip: 12, ogre: 13, goblin: 14 });
    expect(show(step.events)).toEqual(["count brakka=8", "count isolde=0", "count pip=8", "count ogre=12", "count goblin=12", "round 0", "turn isolde"]);
    // CNT-4: only Isolde acts in the surprise round, at 20 − 4 = 16; the rest wait.
    expect(track(step.state)).toEqual(["16 isolde *", "20 end step", "20 brakka", "20 pip", "20 goblin", "20 ogre"]);
    s = step.state;

    // Surprise round: a 1st-level spell at the goblin resolves at 17. The surprised goblin cannot react.
    let r = run(s, [spell("isolde", 1, ["goblin"]), next]);
    expect(show(r.events)).toEqual([
      "declare a1 isolde@0:17",
      "done isolde",
      "resolve a1 isolde@0:17",
      "saves isolde",
      "end step 0",
      "saves brakka",
      "saves pip",
      "saves ogre",
      "saves goblin",
    ]);
    s = r.state;
    expect(countScheduler.apply(s, { type: "react", combatantId: "goblin", reaction: { kind: "stopCasting" } })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.SurprisedCannotReact" },
    });

    // Round 1 needs contests first: Brakka and Pip share 8, the goblin and the ogre share 12.
    step = apply(s, next);
    expect(show(step.events)).toEqual(["end round 0"]);
    expect(asked(step)).toEqual(["brakka:contest", "pip:contest", "goblin:contest", "ogre:contest"]);
    expect(countScheduler.apply(step.state, next)).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Count.AwaitingRolls" } });
    // Brakka 10 + 1 = 11, Pip 7 + 4 = 11, goblin 12 + 2 = 14, ogre 13 + 1 = 14: both pairs level, both reroll.
    step = roll(step.state, { brakka: 10, pip: 7, goblin: 12, ogre: 13 });
    expect(asked(step)).toEqual(["brakka:contest", "pip:contest", "goblin:contest", "ogre:contest"]);
    // Brakka 13 + 1 = 14 beats Pip 5 + 4 = 9; goblin 18 + 2 = 20 beats ogre 3 + 1 = 4.
    step = roll(step.state, { brakka: 13, pip: 5, goblin: 18, ogre: 3 });
    expect(show(step.events)).toEqual(["contest brakka=14", "contest pip=9", "contest goblin=20", "contest ogre=4", "round 1", "turn isolde"]);
    // CNT-4: Isolde's −1 is tracked as 0 from round 1.
    expect(track(step.state)).toEqual(["0 isolde *", "8 brakka", "8 pip", "12 goblin", "12 ogre", "20 end step"]);
    s = step.state;

    // Round 1. Isolde: a 3rd-level spell (delay 3) at the ogre.
    r = run(s, [spell("isolde", 3, ["ogre"])]);
    expect(track(r.state)).toEqual(["0 isolde *", "3 pending isolde", "8 brakka", "8 pip", "12 goblin", "12 ogre", "20 end step"]);
    // Brakka: two Maul attacks (Great, 3 apart) at 11 and 14. Pip: a light blade, at once.
    r = run(r.state, [next, attack("brakka", ["great"], ["ogre", "goblin"]), next, attack("pip", ["light"], ["goblin"]), next]);
    expect(show(r.events)).toEqual([
      "done isolde",
      "resolve a2 isolde@1:3",
      "saves isolde",
      "turn brakka",
      "declare a3 brakka@1:11",
      "declare a4 brakka@1:14",
      "done brakka",
      "turn pip",
      "declare a5 pip@1:8",
      "resolve a5 pip@1:8",
      "saves pip",
      "done pip",
      "resolve a3 brakka@1:11",
      "turn goblin",
    ]);
    // The goblin throws a spear at Brakka (Thrown: 14). Brakka reacts: its second swing goes to the ogre.
    r = run(r.state, [
      attack("goblin", ["thrown"], ["brakka"]),
      { type: "react", combatantId: "brakka", reaction: { kind: "redirect", actionIds: ["a4"], target: "ogre" } },
      next,
      next,
    ]);
    expect(show(r.events)).toEqual([
      "declare a6 goblin@1:14",
      "react brakka redirect",
      "retarget a4->ogre",
      "done goblin",
      "turn ogre",
      // The ogre does nothing on its turn.
      "done ogre",
      "resolve a4 brakka@1:14",
      "saves brakka",
      "resolve a6 goblin@1:14",
      "saves goblin",
      "end step 1",
      "saves ogre",
    ]);
    s = r.state;

    // A wolf (bonus 1) joins in the end step: 6 − 1 = 5.
    step = apply(s, { type: "join", combatant: { id: "wolf", bonus: 1, isPlayer: false, defeated: false } });
    expect(asked(step)).toEqual(["wolf:init"]);
    step = roll(step.state, { wolf: 6 });
    expect(show(step.events)).toEqual(["count wolf=5"]);

    // CNT-13: the idle ogre drops by its bonus, 12 → 11, from round 2 on.
    step = apply(step.state, next);
    expect(show(step.events)).toEqual(["end round 1", "lower ogre 12->11", "round 2", "turn isolde"]);
    expect(track(step.state)).toEqual(["0 isolde *", "5 wolf", "8 brakka", "8 pip", "11 ogre", "12 goblin", "20 end step"]);
  });
});
