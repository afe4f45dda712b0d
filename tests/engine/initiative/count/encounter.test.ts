import { describe, expect, it } from "vitest";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { apply, asked, attack, encounter, next, roll, run, show, spell, startedEncounter, track } from "./support.ts";

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
    expect(show(apply(s, { type: "markSurprised", combatantId: "goblin", surprised: true }).events)).toEqual([
      "surprised goblin true",
    ]);
    s = apply(s, { type: "markSurprised", combatantId: "goblin", surprised: true }).state;

    // Brakka 9 − 1 = 8, Isolde 3 − 4 = −1 (surprise), Pip 12 − 4 = 8, ogre 13 − 1 = 12, goblin 14 − 2 = 12.
    let step = roll(s, { brakka: 9, isolde: 3, pip: 12, ogre: 13, goblin: 14 });
    expect(show(step.events)).toEqual([
      "count brakka=8",
      "count isolde=0",
      "count pip=8",
      "count ogre=12",
      "count goblin=12",
      "round 0",
      "turn isolde",
    ]);
    // CNT-4 ruling (issue 18 item 5): round 1's contests are asked for at once (Brakka and Pip share 8, the
    // goblin and the ogre share 12); the surprise round does not wait for them.
    expect(asked(step)).toEqual(["brakka:contest", "pip:contest", "goblin:contest", "ogre:contest"]);
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
      // CNT-11, CNT-4 ruling (track.ts endStepSaves): only Isolde took part in the surprise round; the rest save in round 1.
      "end step 0",
    ]);
    s = r.state;
    expect(
      countScheduler.apply(s, { type: "react", combatantId: "goblin", reaction: { kind: "stopCasting" } }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.SurprisedCannotReact" },
    });

    // Round 1 needs its contests first: nobody has rolled them yet.
    step = apply(s, next);
    expect(show(step.events)).toEqual(["end round 0"]);
    expect(asked(step.state)).toEqual(["brakka:contest", "pip:contest", "goblin:contest", "ogre:contest"]);
    expect(countScheduler.apply(step.state, next)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.AwaitingRolls" },
    });
    // Brakka 10 + 1 = 11, Pip 7 + 4 = 11, goblin 12 + 2 = 14, ogre 13 + 1 = 14: both pairs level, both reroll.
    step = roll(step.state, { brakka: 10, pip: 7, goblin: 12, ogre: 13 });
    expect(asked(step)).toEqual(["brakka:contest", "pip:contest", "goblin:contest", "ogre:contest"]);
    // Brakka 13 + 1 = 14 beats Pip 5 + 4 = 9; goblin 18 + 2 = 20 beats ogre 3 + 1 = 4.
    step = roll(step.state, { brakka: 13, pip: 5, goblin: 18, ogre: 3 });
    expect(show(step.events)).toEqual([
      "contest brakka=14",
      "contest pip=9",
      "contest goblin=20",
      "contest ogre=4",
      "round 1",
      "turn isolde",
    ]);
    // CNT-4: Isolde's −1 is tracked as 0 from round 1.
    expect(track(step.state)).toEqual(["0 isolde *", "8 brakka", "8 pip", "12 goblin", "12 ogre", "20 end step"]);
    s = step.state;

    // Round 1. Isolde: a 3rd-level spell (delay 3) at the ogre.
    r = run(s, [spell("isolde", 3, ["ogre"])]);
    expect(track(r.state)).toEqual([
      "0 isolde *",
      "3 pending isolde",
      "8 brakka",
      "8 pip",
      "12 goblin",
      "12 ogre",
      "20 end step",
    ]);
    // Brakka: two Maul attacks (Great, 3 apart) at 11 and 14. Pip: a blade with no delaying property, at once.
    r = run(r.state, [
      next,
      attack("brakka", ["great"], ["ogre", "goblin"]),
      next,
      attack("pip", [], ["goblin"]),
      next,
    ]);
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
    expect(track(step.state)).toEqual([
      "0 isolde *",
      "5 wolf",
      "8 brakka",
      "8 pip",
      "11 ogre",
      "12 goblin",
      "20 end step",
    ]);
  });
});

/**
 * A second encounter: a mage's 9th-level spell carried into the next round, a knight knocked out and
 * healed, a troll defeated on its own turn, and idle creatures drifting earlier.
 * Mage (bonus 3) 19 − 3 = 16, knight (bonus 1) 5 − 1 = 4, troll (bonus 0) 10, imp (bonus 2) 9 − 2 = 7.
 */
describe("a second count-track encounter", () => {
  it("CNT-9, CNT-10, CNT-11, CNT-13, CNT-14, DEF-1: a long spell, a knight down and back up, a troll defeated", () => {
    let s = startedEncounter([
      ["mage", 3, true],
      ["knight", 1, true],
      ["troll", 0],
      ["imp", 2],
    ]).state;
    s = roll(s, { mage: 19, knight: 5, troll: 10, imp: 9 }).state;
    expect(track(s)).toEqual(["4 knight *", "7 imp", "10 troll", "16 mage", "20 end step"]);

    // Round 1.
    let r = run(s, [
      attack("knight", ["heavy"], ["troll"]),
      next,
      spell("imp", 2, ["knight"]),
      next,
      attack("troll", [], ["knight"]),
      { type: "unconscious", combatantId: "knight" },
      next,
      spell("mage", 9, ["troll"]),
      next,
    ]);
    expect(show(r.events)).toEqual([
      "declare a1 knight@1:6",
      "done knight",
      "resolve a1 knight@1:6",
      "saves knight",
      "turn imp",
      "declare a2 imp@1:9",
      "done imp",
      "resolve a2 imp@1:9",
      "saves imp",
      "turn troll",
      "declare a3 troll@1:10",
      "resolve a3 troll@1:10",
      "saves troll",
      "ko knight",
      "done troll",
      "turn mage",
      // 16 + 9 = 25: count 5 of round 2 (CNT-9).
      "declare a4 mage@2:5",
      "done mage",
      "end step 1",
      // Nothing of the mage resolved this round: it saves in the end step; the knight rolls death saves.
      "saves mage",
      "death saves knight",
    ]);
    // CNT-14: the knight now sits at 20; the spell waits for count 5 of the next round.
    expect(track(r.state)).toEqual([
      "7 imp done",
      "10 troll done",
      "16 mage done",
      "20 end step *",
      "20 knight",
      "5 pending mage",
    ]);

    // Round 2: the spell resolves at 5, before the imp's turn; the mage's own turn is still to come.
    r = run(r.state, [next]);
    expect(show(r.events)).toEqual(["end round 1", "round 2", "resolve a4 mage@2:5", "turn imp"]);
    // The knight is healed on the imp's turn: count 20 − 1 = 19, still ahead, so it acts this round.
    r = run(r.state, [{ type: "regainConsciousness", combatantId: "knight" }]);
    expect(show(r.events)).toEqual(["wake knight=19"]);
    expect(track(r.state)).toEqual(["7 imp *", "10 troll", "16 mage", "19 knight", "20 end step"]);
    // The imp does nothing; the troll is defeated on its own turn (which ends it); the mage does nothing either.
    r = run(r.state, [
      next,
      { type: "defeat", combatantId: "troll" },
      next,
      { type: "declare", combatantId: "knight", action: { kind: "other", delay: 0 } },
      next,
    ]);
    expect(show(r.events)).toEqual([
      "done imp",
      "turn troll",
      "done troll",
      "defeat troll",
      "turn mage",
      "done mage",
      // CNT-11: its last resolution (count 5) came before its turn: saves as that turn ends.
      "saves mage",
      "turn knight",
      "declare a5 knight@2:19",
      "resolve a5 knight@2:19",
      "saves knight",
      "done knight",
      "end step 2",
      "saves imp",
    ]);

    // CNT-13: the idle mage (16 − 3 = 13) and imp (7 − 2 = 5) drift earlier; the defeated troll keeps its place.
    r = run(r.state, [next]);
    expect(show(r.events)).toEqual(["end round 2", "lower mage 16->13", "lower imp 7->5", "round 3", "turn imp"]);
    expect(track(r.state)).toEqual(["5 imp *", "10 troll defeated", "13 mage", "19 knight", "20 end step"]);
  });
});
