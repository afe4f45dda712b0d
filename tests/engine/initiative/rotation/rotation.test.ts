import { describe, expect, it } from "vitest";
import { withHistory, withHistoryState } from "../../../../src/engine/initiative/history.ts";
import {
  createRotationState,
  ROTATION_SECONDS,
  ROTATIONS_PER_MINUTE,
  rotationIsPlanning,
  rotationScheduler,
  rotationContestRanks,
  rotationTiePlaces,
  rotationTieWinnerValue,
  type RotationCommand,
  type RotationInitiator,
  type RotationState,
} from "../../../../src/engine/initiative/rotation/index.ts";
import { brief, make, must, nextTimes, roll, startedWith, step, turns } from "./fixtures.ts";

/** Kael (PC, +2) rolls 14, Lyra (PC, +0) 19, the ogre (enemy, −1) 8: Lyra, Kael, Ogre. */
function inRotation1(): RotationState {
  const started = startedWith([
    { id: "Kael", kind: "pc", modifier: 2 },
    { id: "Lyra", kind: "pc" },
    { id: "Ogre", kind: "enemy", modifier: -1 },
  ]);
  return roll(started.state, { Kael: 14, Lyra: 19, Ogre: 8 }).state;
}

describe("rotation: initiative (ROT-1, ROT-2)", () => {
  it("ROT-1: each creature rolls 1d20 + its initiative modifiers, +0 by default, and the highest goes first", () => {
    const started = startedWith([
      { id: "Kael", kind: "pc", modifier: 2 },
      { id: "Lyra", kind: "pc" },
      { id: "Ogre", kind: "enemy", modifier: -1 },
    ]);
    expect(started.requests.map((r) => [r.combatantId, r.formula, r.reason])).toEqual([
      ["Kael", "1d20 + 2", "TEMPO.COMBAT.Rotation.InitiativeRoll"],
      ["Lyra", "1d20", "TEMPO.COMBAT.Rotation.InitiativeRoll"],
      ["Ogre", "1d20 - 1", "TEMPO.COMBAT.Rotation.InitiativeRoll"],
    ]);
    const rolled = roll(started.state, { Kael: 14, Lyra: 19, Ogre: 8 });
    expect(brief(rolled.events)).toEqual(["init:Kael=14", "init:Lyra=19", "init:Ogre=8", "R+1", "T+1:Lyra"]);
    expect(turns(rolled.state)).toEqual([
      ["Lyra", 19],
      ["Kael", 14],
      ["Ogre", 8],
    ]);
  });

  it("ROT-1: a total outside 1d20 + modifier is a typed error and changes nothing", () => {
    const started = startedWith([{ id: "Ogre", kind: "enemy", modifier: -1 }]);
    const id = started.requests[0]?.id ?? "";
    expect(rotationScheduler.apply(started.state, { type: "rolls", results: [{ requestId: id, total: 20 }] })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.RollOutOfRange", data: { min: 0, max: 19 } },
    });
  });

  it("ROT-2: two tied creatures reroll; the winner adds +0.5 to its original result, the other keeps its own", () => {
    const started = startedWith([
      { id: "Ash", kind: "pc" },
      { id: "Bo", kind: "enemy" },
      { id: "Cy", kind: "enemy" },
    ]);
    const tied = roll(started.state, { Ash: 15, Bo: 15, Cy: 12 });
    expect(tied.requests.map((r) => [r.combatantId, r.formula, r.reason])).toEqual([
      ["Ash", "1d20", "TEMPO.COMBAT.Rotation.TieRoll"],
      ["Bo", "1d20", "TEMPO.COMBAT.Rotation.TieRoll"],
    ]);
    expect(rotationScheduler.current(tied.state)).toBeNull();
    const settled = roll(tied.state, { Ash: 7, Bo: 12 });
    expect(brief(settled.events)).toEqual(["init:Bo=15.5", "R+1", "T+1:Bo"]);
    expect(turns(settled.state)).toEqual([
      ["Bo", 15.5],
      ["Ash", 15],
      ["Cy", 12],
    ]);
  });

  it("ROT-2: A, B, C at 12 rerolling 9, 17, 3 end at 12.25, 12.5, 12: one reroll ranks them all at once", () => {
    const started = startedWith([
      { id: "A", kind: "pc" },
      { id: "B", kind: "pc" },
      { id: "C", kind: "enemy" },
    ]);
    const tied = roll(started.state, { A: 12, B: 12, C: 12 });
    expect(tied.requests.map((r) => [r.combatantId, r.formula])).toEqual([
      ["A", "1d20"],
      ["B", "1d20"],
      ["C", "1d20"],
    ]);
    const settled = roll(tied.state, { A: 9, B: 17, C: 3 });
    // No second reroll: the highest adds +0.5, the next +0.25, the lowest keeps its result.
    expect(settled.requests).toEqual([]);
    expect(brief(settled.events)).toEqual(["init:B=12.5", "init:A=12.25", "R+1", "T+1:B"]);
    expect(turns(settled.state)).toEqual([
      ["B", 12.5],
      ["A", 12.25],
      ["C", 12],
    ]);
  });

  it("ROT-2: A, B, C at 12 rerolling 9, 17, 9: B ends at 12.5, and A and C reroll between themselves for +0.25 and +0", () => {
    const started = startedWith([
      { id: "A", kind: "pc" },
      { id: "B", kind: "pc" },
      { id: "C", kind: "enemy" },
    ]);
    const tied = roll(started.state, { A: 12, B: 12, C: 12 });
    const first = roll(tied.state, { A: 9, B: 17, C: 9 });
    expect(brief(first.events)).toEqual(["init:B=12.5"]);
    // Only the two whose rerolls tie roll again, for the places they share.
    expect(first.requests.map((r) => r.combatantId)).toEqual(["A", "C"]);
    expect(rotationScheduler.current(first.state)).toBeNull();
    const second = roll(first.state, { A: 4, C: 15 });
    expect(brief(second.events)).toEqual(["init:C=12.25", "R+1", "T+1:B"]);
    expect(turns(second.state)).toEqual([
      ["B", 12.5],
      ["C", 12.25],
      ["A", 12],
    ]);
  });

  it("ROT-2: rerolls tied at the top roll again for the top places; the lowest keeps its result at once", () => {
    const started = startedWith([
      { id: "Ash", kind: "pc" },
      { id: "Bo", kind: "pc" },
      { id: "Cy", kind: "enemy" },
    ]);
    const state = roll(started.state, { Ash: 15, Bo: 15, Cy: 15 }).state;
    const topTie = roll(state, { Ash: 12, Bo: 12, Cy: 3 });
    // Cy is last: it keeps 15 (no new result to announce); Ash and Bo roll for 15.5 and 15.25.
    expect(brief(topTie.events)).toEqual([]);
    expect(topTie.requests.map((r) => r.combatantId)).toEqual(["Ash", "Bo"]);
    const again = roll(topTie.state, { Ash: 6, Bo: 6 });
    expect(again.requests.map((r) => r.combatantId)).toEqual(["Ash", "Bo"]);
    const settled = roll(again.state, { Ash: 2, Bo: 11 });
    expect(brief(settled.events)).toEqual(["init:Bo=15.5", "init:Ash=15.25", "R+1", "T+1:Bo"]);
    expect(turns(settled.state)).toEqual([
      ["Bo", 15.5],
      ["Ash", 15.25],
      ["Cy", 15],
    ]);
  });

  it("ROT-2: a tie's places are the free steps above its value, highest first, and the value itself last; a reroll ranks by roll with ties together", () => {
    expect(rotationTiePlaces(12, 3, [12, 13])).toEqual([12.5, 12.25, 12]);
    expect(rotationTiePlaces(12, 4, [12])).toEqual([12.5, 12.25, 12.125, 12]);
    expect(rotationTiePlaces(15, 2, [15.5, 15])).toEqual([15.25, 15]);
    expect(rotationContestRanks({ A: 9, B: 17, C: 3 }, ["A", "B", "C"])).toEqual([["B"], ["A"], ["C"]]);
    expect(rotationContestRanks({ A: 9, B: 17, C: 9 }, ["A", "B", "C"])).toEqual([["B"], ["A", "C"]]);
  });

  it("ROT-2: a tie of more creatures than halving can tell apart still gets distinct places in order, and its roll-off ends", () => {
    const places = rotationTiePlaces(12, 60, [12, 13]);
    expect(places).toHaveLength(60);
    expect(new Set(places).size).toBe(60);
    expect(places.at(-1)).toBe(12);
    for (let i = 1; i < places.length; i++) expect(places[i]).toBeLessThan(places[i - 1] ?? 0);
    expect(places[0]).toBeLessThan(13);
    // 60 creatures on the same result: the rerolls (1d20, so many of them tie again) are answered by a
    // fixed sequence until nothing is asked any more.
    const ids = Array.from({ length: 60 }, (_, i) => `c${String(i).padStart(2, "0")}`);
    let t = roll(
      startedWith(ids.map((id) => ({ id, kind: "enemy" as const }))).state,
      Object.fromEntries(ids.map((id) => [id, 12])),
    );
    let batches = 0;
    for (; t.requests.length > 0 && batches < 50; batches++)
      t = roll(
        t.state,
        Object.fromEntries(t.requests.map((r, i) => [r.combatantId, ((i * 7 + batches * 3) % 20) + 1])),
      );
    expect(t.requests).toEqual([]);
    const results = turns(t.state).map(([, position]) => position);
    expect(new Set(results).size).toBe(60);
    expect(results).toEqual([...results].sort((a, b) => b - a));
  });

  it("ROT-2: a newcomer tying with a creature that already lost a roll-off gets the next free step when +0.5 is taken", () => {
    expect(rotationTieWinnerValue(15, [15, 12])).toBe(15.5);
    expect(rotationTieWinnerValue(15, [15.5, 15])).toBe(15.25);
    let state = startedWith([
      { id: "Ash", kind: "pc" },
      { id: "Bo", kind: "enemy" },
    ]).state;
    state = roll(state, { Ash: 15, Bo: 15 }).state;
    state = roll(state, { Ash: 14, Bo: 2 }).state; // Ash 15.5 acts, Bo 15
    state = step(state, { type: "join", combatantId: "Jax", kind: "enemy", modifier: 0, groupId: null }).state;
    const tied = roll(state, { Jax: 15 });
    expect(tied.requests.map((r) => r.combatantId)).toEqual(["Bo", "Jax"]);
    const settled = roll(tied.state, { Bo: 4, Jax: 18 });
    expect(brief(settled.events)).toEqual(["init:Jax=15.25"]);
    expect(turns(settled.state)).toEqual([
      ["Ash", 15.5],
      ["Jax", 15.25],
      ["Bo", 15],
    ]);
    // Jax slots in behind the creature acting now and takes its turn this rotation.
    expect(brief(nextTimes(settled.state, 2).events)).toEqual(["T-1:Ash", "T+1:Jax", "T-1:Jax", "T+1:Bo"]);
  });
});

describe("rotation: turns and rotations (ROT-3)", () => {
  it("ROT-3: a rotation is every creature taking its turn; 6 seconds, 10 rotations a minute", () => {
    expect(ROTATION_SECONDS).toBe(6);
    expect(ROTATIONS_PER_MINUTE * ROTATION_SECONDS).toBe(60);
    expect(rotationScheduler.roundSeconds).toBe(6);
    const walked = nextTimes(inRotation1(), 4);
    expect(brief(walked.events)).toEqual([
      "T-1:Lyra",
      "T+1:Kael",
      "T-1:Kael",
      "T+1:Ogre",
      "T-1:Ogre",
      "R-1",
      "R+2",
      "T+2:Lyra",
      "T-2:Lyra",
      "T+2:Kael",
    ]);
  });

  it("ROT-3: next before start or while rolling is a typed error", () => {
    const setup = make([{ id: "Kael", kind: "pc" }]);
    expect(rotationScheduler.apply(setup, { type: "next" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.NotStarted" },
    });
    const rolling = step(setup, { type: "start" }).state;
    expect(rotationScheduler.apply(rolling, { type: "next" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.WaitingForRolls" },
    });
  });
});

describe("rotation: shared initiative and enemy groups (ROT-4, ROT-5)", () => {
  it("ROT-4: creatures sharing initiative roll once and each takes its own turn, one after another", () => {
    const state = make(
      [
        { id: "Kael", kind: "pc", modifier: 1, groupId: "party" },
        { id: "Lyra", kind: "pc", groupId: "party" },
        { id: "Mira", kind: "ally", groupId: "party" },
        { id: "Ogre", kind: "enemy" },
      ],
      { sharedInitiative: true },
    );
    const started = step(state, { type: "start" });
    // The group's one roll is made by its first member and names the group; Ogre rolls for itself.
    expect(started.requests.map((r) => [r.combatantId, r.groupId, r.formula])).toEqual([
      ["Kael", "party", "1d20 + 1"],
      ["Ogre", null, "1d20"],
    ]);
    const rolled = roll(started.state, { Kael: 12, Ogre: 15 });
    expect(brief(rolled.events)).toEqual([
      "init:Kael=12",
      "init:Lyra=12",
      "init:Mira=12",
      "init:Ogre=15",
      "R+1",
      "T+1:Ogre",
    ]);
    expect(brief(nextTimes(rolled.state, 4).events)).toEqual([
      "T-1:Ogre",
      "T+1:Kael",
      "T-1:Kael",
      "T+1:Lyra",
      "T-1:Lyra",
      "T+1:Mira",
      "T-1:Mira",
      "R-1",
      "R+2",
      "T+2:Ogre",
    ]);
    const rows = rotationScheduler.timeline(rolled.state);
    expect(rows.map((r) => [r.kind, r.combatantId, r.groupId, r.position])).toEqual([
      ["turn", "Ogre", null, 15],
      ["group", null, "party", 12],
      ["turn", "Kael", "party", 12],
      ["turn", "Lyra", "party", 12],
      ["turn", "Mira", "party", 12],
    ]);
  });

  it("ROT-4: setting one member's initiative sets the whole group's, and a newcomer to the group takes it over", () => {
    let state = startedWith(
      [
        { id: "Kael", kind: "pc", groupId: "party" },
        { id: "Lyra", kind: "pc", groupId: "party" },
      ],
      { sharedInitiative: true },
    ).state;
    state = roll(state, { Kael: 10 }).state;
    const set = step(state, { type: "setInitiative", combatantId: "Lyra", value: 17 });
    expect(brief(set.events)).toEqual(["init:Kael=17", "init:Lyra=17"]);
    const joined = step(set.state, { type: "join", combatantId: "Nox", kind: "ally", modifier: 3, groupId: "party" });
    expect(joined.requests).toEqual([]);
    expect(turns(joined.state)).toEqual([
      ["Kael", 17],
      ["Lyra", 17],
      ["Nox", 17],
    ]);
    // Kael is acting: Nox joins the end of the group and still acts this rotation.
    expect(brief(nextTimes(joined.state, 2).events)).toEqual(["T-1:Kael", "T+1:Lyra", "T-1:Lyra", "T+1:Nox"]);
  });

  it("ROT-4: groups are refused while neither shared initiative nor enemy groups are on", () => {
    expect(createRotationState([{ id: "Kael", kind: "pc", groupId: "party" }])).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.GroupsDisabled", data: { group: "party" } },
    });
  });

  it("ROT-5: enemies grouped 1–3 share one result; a fourth enemy or a player character is refused", () => {
    const state = make(
      [
        { id: "g1", kind: "enemy", groupId: "goblins" },
        { id: "g2", kind: "enemy", groupId: "goblins" },
        { id: "g3", kind: "enemy", groupId: "goblins" },
        { id: "Kael", kind: "pc", modifier: 2 },
      ],
      { enemyGroups: true },
    );
    const fourth = rotationScheduler.apply(state, {
      type: "join",
      combatantId: "g4",
      kind: "enemy",
      modifier: 0,
      groupId: "goblins",
    });
    expect(fourth).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.GroupTooLarge", data: { group: "goblins", size: 4, max: 3 } },
    });
    const player = rotationScheduler.apply(state, {
      type: "join",
      combatantId: "Lyra",
      kind: "pc",
      modifier: 0,
      groupId: "goblins",
    });
    expect(player).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.GroupNotEnemies", data: { group: "goblins" } },
    });

    const started = step(state, { type: "start" });
    expect(started.requests.map((r) => [r.combatantId, r.groupId])).toEqual([
      ["g1", "goblins"],
      ["Kael", null],
    ]);
    const rolled = roll(started.state, { g1: 16, Kael: 9 });
    expect(brief(nextTimes(rolled.state, 3).events)).toEqual([
      "T-1:g1",
      "T+1:g2",
      "T-1:g2",
      "T+1:g3",
      "T-1:g3",
      "T+1:Kael",
    ]);
  });

  it("ROT-5: a group of four enemies is refused when the encounter is built", () => {
    const four = ["a", "b", "c", "d"].map((id) => ({ id, kind: "enemy" as const, groupId: "orcs" }));
    expect(createRotationState(four, { enemyGroups: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.GroupTooLarge", data: { group: "orcs", size: 4, max: 3 } },
    });
  });

  it("ROT-5: the group keeps its turns when one member is defeated or leaves mid-turn (DEF-1)", () => {
    let state = startedWith(
      [
        { id: "g1", kind: "enemy", groupId: "goblins" },
        { id: "g2", kind: "enemy", groupId: "goblins" },
        { id: "g3", kind: "enemy", groupId: "goblins" },
        { id: "Kael", kind: "pc" },
      ],
      { enemyGroups: true },
    ).state;
    state = roll(state, { g1: 16, Kael: 9 }).state;
    state = step(state, { type: "defeat", combatantId: "g2" }).state;
    const left = step(state, { type: "leave", combatantId: "g1" });
    expect(brief(left.events)).toEqual(["T-1:g1", "combatantLeft:g1", "skip1:g2", "T+1:g3"]);
    expect(rotationScheduler.timeline(left.state).map((r) => [r.kind, r.combatantId, r.defeated, r.active])).toEqual([
      ["group", null, false, true],
      ["turn", "g2", true, false],
      ["turn", "g3", false, true],
      ["turn", "Kael", false, false],
    ]);
  });
});

describe("rotation: no more than two player characters in a row (ROT-6)", () => {
  const roster = [
    { id: "P1", kind: "pc" as const, initiative: 18 },
    { id: "P2", kind: "pc" as const, initiative: 17 },
    { id: "P3", kind: "pc" as const, initiative: 16 },
    { id: "E1", kind: "enemy" as const, initiative: 10 },
    { id: "P4", kind: "pc" as const, initiative: 9 },
    { id: "E2", kind: "enemy" as const, initiative: 5 },
  ];

  it("ROT-6: where three player characters would go in a row, the next enemy moves up behind the second", () => {
    const state = startedWith(roster, { noThreePlayersInRow: true }).state;
    expect(turns(state)).toEqual([
      ["P1", 18],
      ["P2", 17],
      ["E1", 10],
      ["P3", 16],
      ["P4", 9],
      ["E2", 5],
    ]);
    expect(brief(nextTimes(state, 6).events).filter((e) => e.startsWith("T+"))).toEqual([
      "T+1:P2",
      "T+1:E1",
      "T+1:P3",
      "T+1:P4",
      "T+1:E2",
      "T+2:P1",
    ]);
  });

  it("ROT-6: a player character joining mid-rotation is slotted so that the rest of the rotation keeps the rule", () => {
    let state = startedWith(
      [
        { id: "P1", kind: "pc", initiative: 18 },
        { id: "P2", kind: "pc", initiative: 17 },
        { id: "E1", kind: "enemy", initiative: 10 },
        { id: "P3", kind: "pc", initiative: 9 },
      ],
      { noThreePlayersInRow: true },
    ).state;
    expect(turns(state).map(([id]) => id)).toEqual(["P1", "P2", "E1", "P3"]);
    // P1 is acting; P4 rolls 16: P2 and P4 would follow P1, so E1 moves up behind P2.
    state = step(state, { type: "join", combatantId: "P4", kind: "pc", modifier: 0, groupId: null }).state;
    state = roll(state, { P4: 16 }).state;
    expect(turns(state).map(([id]) => id)).toEqual(["P1", "P2", "E1", "P4", "P3"]);
    expect(brief(nextTimes(state, 4).events).filter((e) => e.startsWith("T+"))).toEqual([
      "T+1:P2",
      "T+1:E1",
      "T+1:P4",
      "T+1:P3",
    ]);
  });

  it("ROT-6: when an enemy leaves mid-rotation, the next enemy moves up so three player characters never follow one another", () => {
    const five = [
      { id: "P1", kind: "pc" as const, initiative: 18 },
      { id: "P2", kind: "pc" as const, initiative: 17 },
      { id: "E1", kind: "enemy" as const, initiative: 10 },
      { id: "P3", kind: "pc" as const, initiative: 9 },
      { id: "E2", kind: "enemy" as const, initiative: 5 },
    ];
    const state = startedWith(five, { noThreePlayersInRow: true }).state; // P1 acting
    const left = step(state, { type: "leave", combatantId: "E1" }).state;
    // P1, P2, P3 would follow one another: E2 moves up behind P2, this rotation and the next.
    expect(brief(nextTimes(left, 4).events).filter((e) => e.startsWith("T+"))).toEqual([
      "T+1:P2",
      "T+1:E2",
      "T+1:P3",
      "T+2:P1",
    ]);
    expect(
      brief(nextTimes(left, 7).events)
        .filter((e) => e.startsWith("T+"))
        .slice(-3),
    ).toEqual(["T+2:P2", "T+2:E2", "T+2:P3"]);
  });

  it("ROT-6: a shared-initiative group that starts with a player character counts as players: the enemy moves up before it", () => {
    const state = startedWith(
      [
        { id: "P1", kind: "pc", initiative: 18 },
        { id: "P2", kind: "pc", initiative: 17 },
        { id: "P3", kind: "pc", groupId: "band", initiative: 16 },
        { id: "A1", kind: "ally", groupId: "band" },
        { id: "E1", kind: "enemy", initiative: 10 },
      ],
      { noThreePlayersInRow: true, sharedInitiative: true },
    ).state;
    expect(turns(state).map(([id]) => id)).toEqual(["P1", "P2", "E1", "P3", "A1"]);
  });

  it("ROT-6: a shared-initiative group that ends with a player character starts a run: two more would make three", () => {
    const state = startedWith(
      [
        { id: "A1", kind: "ally", groupId: "band", initiative: 16 },
        { id: "P1", kind: "pc", groupId: "band" },
        { id: "P2", kind: "pc", initiative: 15 },
        { id: "P3", kind: "pc", initiative: 14 },
        { id: "E1", kind: "enemy", initiative: 10 },
      ],
      { noThreePlayersInRow: true, sharedInitiative: true },
    ).state;
    expect(turns(state).map(([id]) => id)).toEqual(["A1", "P1", "P2", "E1", "P3"]);
  });

  it("ROT-6: with the setting off the order is plain highest first", () => {
    const state = startedWith(roster).state;
    expect(turns(state).map(([id]) => id)).toEqual(["P1", "P2", "P3", "E1", "P4", "E2"]);
  });

  it("ROT-6: an ally is not a player character, and with no one left to move up players still go in a row", () => {
    const state = startedWith(
      [
        { id: "P1", kind: "pc", initiative: 18 },
        { id: "P2", kind: "pc", initiative: 17 },
        { id: "A1", kind: "ally", initiative: 16 },
        { id: "P3", kind: "pc", initiative: 15 },
        { id: "E1", kind: "enemy", initiative: 20 },
        { id: "P4", kind: "pc", initiative: 14 },
        { id: "P5", kind: "pc", initiative: 13 },
      ],
      { noThreePlayersInRow: true },
    ).state;
    expect(turns(state).map(([id]) => id)).toEqual(["E1", "P1", "P2", "A1", "P3", "P4", "P5"]);
  });
});

describe("rotation: planning phase (ROT-7)", () => {
  function planning(initiator: RotationInitiator): RotationState {
    const started = startedWith(
      [
        { id: "Kael", kind: "pc" },
        { id: "Lyra", kind: "pc" },
        { id: "Ogre", kind: "enemy" },
      ],
      { planningPhase: true, initiator },
    );
    return roll(started.state, { Kael: 14, Lyra: 19, Ogre: 16 }).state;
  }

  it("ROT-7: the side that started the encounter takes planning turns (round 0) before the first rotation", () => {
    const started = startedWith(
      [
        { id: "Kael", kind: "pc" },
        { id: "Lyra", kind: "pc" },
        { id: "Ogre", kind: "enemy" },
      ],
      { planningPhase: true, initiator: "players" },
    );
    const rolled = roll(started.state, { Kael: 14, Lyra: 19, Ogre: 16 });
    expect(brief(rolled.events)).toEqual(["init:Kael=14", "init:Lyra=19", "init:Ogre=16", "plan+:players", "T+0:Lyra"]);
    expect(rotationIsPlanning(rolled.state)).toBe(true);
    const rows = rotationScheduler.timeline(rolled.state);
    expect(rows[0]).toMatchObject({
      kind: "boundary",
      round: 0,
      label: { key: "TEMPO.COMBAT.Rotation.PlanningPhase" },
      detail: { key: "TEMPO.COMBAT.Rotation.PlanningAllowance" },
    });
    const walked = nextTimes(rolled.state, 2);
    expect(brief(walked.events)).toEqual(["T-0:Lyra", "T+0:Kael", "T-0:Kael", "plan-", "R+1", "T+1:Lyra"]);
    expect(rotationIsPlanning(walked.state)).toBe(false);
    expect(turns(walked.state).map(([id]) => id)).toEqual(["Lyra", "Ogre", "Kael"]);
  });

  it("ROT-7: when the enemies started it only they plan; when both did, everyone does", () => {
    expect(rotationScheduler.current(planning("enemies"))).toBe("Ogre");
    expect(brief(nextTimes(planning("enemies"), 1).events)).toEqual(["T-0:Ogre", "plan-", "R+1", "T+1:Lyra"]);
    expect(brief(nextTimes(planning("both"), 3).events)).toEqual([
      "T-0:Lyra",
      "T+0:Ogre",
      "T-0:Ogre",
      "T+0:Kael",
      "T-0:Kael",
      "plan-",
      "R+1",
      "T+1:Lyra",
    ]);
  });

  it("ROT-7: the GM sets who started the encounter until the planning turns begin; then it is settled", () => {
    const made = make(
      [
        { id: "Kael", kind: "pc" },
        { id: "Ogre", kind: "enemy" },
      ],
      { planningPhase: true },
    );
    const set = step(made, { type: "setInitiator", initiator: "enemies" });
    expect(brief(set.events)).toEqual(["initiator:enemies"]);
    const started = step(set.state, { type: "start" }).state;
    // While the dice are out it can still change; the planning turns then go to the side set last.
    const both = step(started, { type: "setInitiator", initiator: "both" }).state;
    const rolled = roll(both, { Kael: 14, Ogre: 16 });
    expect(brief(rolled.events)).toContain("plan+:both");
    expect(rotationScheduler.apply(rolled.state, { type: "setInitiator", initiator: "players" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InitiatorSettled" },
    });
    expect(rotationScheduler.apply(made, { type: "setInitiator", initiator: "villains" as "both" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InvalidInitiator", data: { initiator: "villains" } },
    });
  });

  it("ROT-7: without the setting the first rotation starts at once", () => {
    const started = startedWith([{ id: "Kael", kind: "pc", initiative: 3 }]);
    expect(brief(started.events)).toEqual(["start", "R+1", "T+1:Kael"]);
  });
});

describe("rotation: defeated creatures, changes and history", () => {
  it("DEF-1: a defeated creature stays in the tracker, is skipped, and acts again once revived", () => {
    const defeated = step(inRotation1(), { type: "defeat", combatantId: "Kael" }).state;
    const walked = nextTimes(defeated, 2);
    expect(brief(walked.events)).toEqual(["T-1:Lyra", "skip1:Kael", "T+1:Ogre", "T-1:Ogre", "R-1", "R+2", "T+2:Lyra"]);
    expect(rotationScheduler.timeline(walked.state).map((r) => r.defeated)).toEqual([false, true, false]);
    const revived = step(walked.state, { type: "revive", combatantId: "Kael" }).state;
    expect(brief(nextTimes(revived, 1).events)).toEqual(["T-2:Lyra", "T+2:Kael"]);
  });

  it("ROT-1: a new result for a creature that has not acted keeps its turn this rotation", () => {
    const inKaelsTurn = step(inRotation1(), { type: "next" }).state;
    const raised = step(inKaelsTurn, { type: "setInitiative", combatantId: "Ogre", value: 30 }).state;
    expect(brief(nextTimes(raised, 3).events)).toEqual([
      "T-1:Kael",
      "T+1:Ogre",
      "T-1:Ogre",
      "R-1",
      "R+2",
      "T+2:Ogre",
      "T-2:Ogre",
      "T+2:Lyra",
    ]);
  });

  it("ROT-3: undo restores the exact earlier turn and redo returns to the same state", () => {
    const scheduler = withHistory(rotationScheduler);
    const before = inRotation1();
    const after = must(scheduler.apply(withHistoryState(before), { type: "next" })).state;
    const undone = must(scheduler.apply(after, { type: "undo" })).state;
    expect(undone.present).toEqual(before);
    expect(must(scheduler.apply(undone, { type: "redo" })).state).toEqual(after);
  });

  it("ROT-1: bad input is refused with typed errors", () => {
    expect(createRotationState([], { initiator: "nobody" as unknown as RotationInitiator })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InvalidOptions" },
    });
    const state = inRotation1();
    expect(
      rotationScheduler.apply(state, { type: "join", combatantId: "Kael", kind: "pc", modifier: 0, groupId: null }).ok,
    ).toBe(false);
    expect(
      rotationScheduler.apply(state, { type: "join", combatantId: "Zed", kind: "pc", modifier: 0.5, groupId: null }).ok,
    ).toBe(false);
    expect(rotationScheduler.apply(state, { type: "rolls", results: [{ requestId: "rot-99", total: 3 }] }).ok).toBe(
      false,
    );
    expect(rotationScheduler.apply(state, { type: "revive", combatantId: "Kael" }).ok).toBe(false);
  });
});

describe("rotation: commands from outside", () => {
  it("ROT-1: malformed commands (as a player's query could send) are typed errors, never a crash", () => {
    const state = inRotation1();
    const malformed = (command: unknown) => rotationScheduler.apply(state, command as RotationCommand);
    expect(malformed(undefined)).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Rotation.UnknownCommand" } });
    expect(malformed({ type: "rolls", results: [{ requestId: 1, total: 2 }] }).ok).toBe(false);
    expect(malformed({ type: "join", combatantId: "Zed", kind: "dragon", modifier: 0, groupId: null })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InvalidKind", data: { id: "Zed" } },
    });
    expect(malformed({ type: "join", combatantId: "Zed", kind: "enemy", modifier: 0, groupId: "" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InvalidGroup", data: { id: "Zed" } },
    });
  });
});

describe("rotation: a whole encounter", () => {
  it("ROT-2, ROT-5, ROT-6, ROT-7: planning, a roll-off, an enemy group gaining a member, two player characters at most in a row", () => {
    const events: string[] = [];
    const run = (t: { state: RotationState; events: Parameters<typeof brief>[0] }): RotationState => {
      events.push(...brief(t.events));
      return t.state;
    };
    let state = run(
      startedWith(
        [
          { id: "Kael", kind: "pc", modifier: 1 },
          { id: "Lyra", kind: "pc" },
          { id: "Mira", kind: "pc" },
          { id: "g1", kind: "enemy", groupId: "gob" },
          { id: "g2", kind: "enemy", groupId: "gob" },
          { id: "Ogre", kind: "enemy" },
        ],
        { enemyGroups: true, noThreePlayersInRow: true, planningPhase: true, initiator: "players" },
      ),
    );
    expect(rotationScheduler.pending(state).map((r) => [r.combatantId, r.formula])).toEqual([
      ["Kael", "1d20 + 1"],
      ["Lyra", "1d20"],
      ["Mira", "1d20"],
      ["g1", "1d20"],
      ["Ogre", "1d20"],
    ]);
    state = run(roll(state, { Kael: 18, Lyra: 15, Mira: 15, g1: 9, Ogre: 12 }));
    state = run(roll(state, { Lyra: 8, Mira: 13 }));
    for (let i = 0; i < 4; i++) state = run(step(state, { type: "next" }));
    state = run(step(state, { type: "join", combatantId: "g3", kind: "enemy", modifier: 0, groupId: "gob" }));
    for (let i = 0; i < 6; i++) state = run(step(state, { type: "next" }));
    expect(events).toEqual([
      "start",
      "init:Kael=18",
      "init:Lyra=15",
      "init:Mira=15",
      "init:g1=9",
      "init:g2=9",
      "init:Ogre=12",
      "init:Mira=15.5",
      "plan+:players",
      "T+0:Kael",
      "T-0:Kael",
      "T+0:Mira",
      "T-0:Mira",
      "T+0:Lyra",
      "T-0:Lyra",
      "plan-",
      "R+1",
      "T+1:Kael",
      "T-1:Kael",
      "T+1:Mira",
      "combatantJoined:g3",
      "T-1:Mira",
      "T+1:Ogre",
      "T-1:Ogre",
      "T+1:Lyra",
      "T-1:Lyra",
      "T+1:g1",
      "T-1:g1",
      "T+1:g2",
      "T-1:g2",
      "T+1:g3",
      "T-1:g3",
      "R-1",
      "R+2",
      "T+2:Kael",
    ]);
    expect(turns(state)).toEqual([
      ["Kael", 18],
      ["Mira", 15.5],
      ["Ogre", 12],
      ["Lyra", 15],
      ["g1", 9],
      ["g2", 9],
      ["g3", 9],
    ]);
  });
});

describe("rotation: ROT-2 worked examples", () => {
  const trio = [
    { id: "Ash", kind: "pc" as const },
    { id: "Bo", kind: "pc" as const },
    { id: "Cy", kind: "enemy" as const },
  ];

  it("ROT-2: three tied at 12 with a 13 above them: one reroll gives +0.5 and +0.25, the last keeps 12", () => {
    const started = startedWith([...trio, { id: "Dax", kind: "enemy" }]);
    const state = roll(started.state, { Ash: 12, Bo: 12, Cy: 12, Dax: 13 }).state;
    const settled = roll(state, { Ash: 4, Bo: 11, Cy: 19 });
    expect(brief(settled.events)).toEqual(["init:Cy=12.5", "init:Bo=12.25", "R+1", "T+1:Dax"]);
    expect(turns(settled.state)).toEqual([
      ["Dax", 13],
      ["Cy", 12.5],
      ["Bo", 12.25],
      ["Ash", 12],
    ]);
  });

  it("ROT-2: four tied at 12: one reroll gives +0.5, +0.25, +0.125, the last keeps 12", () => {
    const started = startedWith([...trio, { id: "Dax", kind: "enemy" }]);
    const state = roll(started.state, { Ash: 12, Bo: 12, Cy: 12, Dax: 12 }).state;
    const settled = roll(state, { Ash: 2, Bo: 9, Cy: 7, Dax: 3 });
    expect(brief(settled.events)).toEqual(["init:Bo=12.5", "init:Cy=12.25", "init:Dax=12.125", "R+1", "T+1:Bo"]);
    expect(turns(settled.state)).toEqual([
      ["Bo", 12.5],
      ["Cy", 12.25],
      ["Dax", 12.125],
      ["Ash", 12],
    ]);
  });

  it("ROT-2: four tied at 12 rerolling in two tied pairs: each pair rolls again for its own two places", () => {
    const started = startedWith([...trio, { id: "Dax", kind: "enemy" }]);
    const state = roll(started.state, { Ash: 12, Bo: 12, Cy: 12, Dax: 12 }).state;
    const pairs = roll(state, { Ash: 5, Bo: 16, Cy: 5, Dax: 16 });
    expect(brief(pairs.events)).toEqual([]);
    expect(pairs.requests.map((r) => r.combatantId)).toEqual(["Bo", "Dax", "Ash", "Cy"]);
    const top = roll(pairs.state, { Bo: 3, Dax: 8 });
    expect(brief(top.events)).toEqual(["init:Dax=12.5", "init:Bo=12.25"]);
    const bottom = roll(top.state, { Ash: 10, Cy: 2 });
    expect(brief(bottom.events)).toEqual(["init:Ash=12.125", "R+1", "T+1:Dax"]);
    expect(turns(bottom.state)).toEqual([
      ["Dax", 12.5],
      ["Bo", 12.25],
      ["Ash", 12.125],
      ["Cy", 12],
    ]);
  });

  it("ROT-2: a later two-way tie at 15 adds +0.5 when 15.5 is free, even with a 15.25 left from an earlier roll-off", () => {
    // Ash, Bo and Cy tie at 15: Ash 15.5, Bo 15.25, Cy keeps 15. Ash leaves; Jax joins and rolls 15.
    let state = startedWith(trio).state;
    state = roll(state, { Ash: 15, Bo: 15, Cy: 15 }).state;
    state = roll(state, { Ash: 20, Bo: 10, Cy: 1 }).state;
    expect(turns(state)).toEqual([
      ["Ash", 15.5],
      ["Bo", 15.25],
      ["Cy", 15],
    ]);
    state = step(state, { type: "leave", combatantId: "Ash" }).state;
    state = step(state, { type: "join", combatantId: "Jax", kind: "enemy", modifier: 0, groupId: null }).state;
    state = roll(state, { Jax: 15 }).state;
    const settled = roll(state, { Cy: 3, Jax: 17 });
    // The winner of a two-way tie adds +0.5 to its original result.
    expect(brief(settled.events)).toEqual(["init:Jax=15.5"]);
    // Bo (15.25) is acting: Jax's slot above it has passed, so Jax's first turn is in rotation 2.
    expect(turns(settled.state)).toEqual([
      ["Jax", 15.5],
      ["Bo", 15.25],
      ["Cy", 15],
    ]);
    expect(rotationScheduler.timeline(settled.state).map((r) => [r.combatantId, r.done, r.active])).toEqual([
      ["Jax", false, false],
      ["Bo", false, true],
      ["Cy", false, false],
    ]);
    expect(brief(nextTimes(settled.state, 2).events)).toEqual(["T-1:Bo", "T+1:Cy", "T-1:Cy", "R-1", "R+2", "T+2:Jax"]);
  });

  it("ROT-2: a newcomer tied with the creature acting now takes the slot the roll-off gives it", () => {
    const inKaelsTurn = step(inRotation1(), { type: "next" }).state; // Lyra 19 done, Kael 14 acting, Ogre 8
    const tied = roll(
      step(inKaelsTurn, { type: "join", combatantId: "Finn", kind: "enemy", modifier: 0, groupId: null }).state,
      { Finn: 14 },
    );
    expect(tied.requests.map((r) => r.combatantId)).toEqual(["Finn", "Kael"]);
    // Kael wins (14.5): Finn keeps 14, after Kael, and acts this rotation.
    const lost = roll(tied.state, { Finn: 2, Kael: 19 });
    expect(brief(lost.events)).toEqual(["init:Kael=14.5"]);
    expect(brief(nextTimes(lost.state, 3).events)).toEqual([
      "T-1:Kael",
      "T+1:Finn",
      "T-1:Finn",
      "T+1:Ogre",
      "T-1:Ogre",
      "R-1",
      "R+2",
      "T+2:Lyra",
    ]);
    // Finn wins (14.5): its slot is above Kael's, which is under way: its first turn is in rotation 2.
    const won = roll(tied.state, { Finn: 19, Kael: 2 });
    expect(brief(nextTimes(won.state, 3).events)).toEqual([
      "T-1:Kael",
      "T+1:Ogre",
      "T-1:Ogre",
      "R-1",
      "R+2",
      "T+2:Lyra",
      "T-2:Lyra",
      "T+2:Finn",
    ]);
  });
});
