import { describe, expect, it } from "vitest";
import { withHistory, withHistoryState } from "../../../../src/engine/initiative/history.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import {
  act,
  apply,
  asked,
  attack,
  encounter,
  next,
  onTrack,
  roll,
  rolledEncounter,
  run,
  show,
  spell,
  startedEncounter,
  track,
} from "./support.ts";

describe("saving throws (CNT-11)", () => {
  it("CNT-11: saves come right after the creature's last action resolving this round", () => {
    const r = run(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      [attack("fighter", ["heavy"], ["orc", "orc"]), next],
    );
    expect(show(r.events).slice(2)).toEqual([
      "done fighter",
      "resolve a1 fighter@1:6",
      "resolve a2 fighter@1:8",
      "saves fighter",
      "turn orc",
    ]);
  });

  it("CNT-11: a creature with nothing resolving this round saves in the end step", () => {
    const r = run(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      [next, next],
    );
    expect(show(r.events)).toEqual([
      "done fighter",
      "turn orc",
      "done orc",
      "end step 1",
      "saves fighter",
      "saves orc",
    ]);
  });

  it("CNT-11: when the last resolution comes before the creature's turn, saves follow as that turn ends", () => {
    // Round 1: the wizard casts a 5th-level spell at 18, due at count 3 of round 2; in round 2 it passes.
    const s = run(
      onTrack([
        ["orc", 2],
        ["wizard", 18, 0],
      ]),
      [act("orc"), next, spell("wizard", 5, ["orc"]), next, next, act("orc")],
    ).state;
    const r = run(s, [next, next]);
    expect(show(r.events)).toEqual([
      "done orc",
      "resolve a2 wizard@2:3",
      "turn wizard",
      "done wizard",
      "saves wizard",
      "end step 2",
    ]);
  });
});

describe("idle creatures (CNT-13)", () => {
  it("CNT-13: a creature that spent no action lowers its count by its bonus from the next round, not below 0", () => {
    // goblin: bonus 3, count 2; knight: bonus 2, count 9; both pass; the orc acts.
    const s = onTrack([
      ["goblin", 2, 3],
      ["orc", 5],
      ["knight", 9, 2],
    ]);
    const r = run(s, [next, act("orc"), next, next, next]);
    expect(show(r.events)).toEqual([
      "done goblin",
      "turn orc",
      "declare a1 orc@1:5",
      "resolve a1 orc@1:5",
      "saves orc",
      "done orc",
      "turn knight",
      "done knight",
      "end step 1",
      "saves goblin",
      "saves knight",
      "end round 1",
      "lower goblin 2->0",
      "lower knight 9->7",
      "round 2",
      "turn goblin",
    ]);
    expect(track(r.state)).toEqual(["0 goblin *", "5 orc", "7 knight", "20 end step"]);
  });

  it("CNT-13: the surprise round lowers no one", () => {
    // rogue 2 − 4 = −2 has surprise; the orc (12 − 2 = 10) waits the surprise round out.
    const start = rolledEncounter(
      [
        ["rogue", 4, true],
        ["orc", 2],
      ],
      { rogue: 2, orc: 12 },
    );
    const r = run(start.state, [next, next]);
    expect(show(r.events)).toEqual(["done rogue", "end step 0", "saves rogue", "end round 0", "round 1", "turn rogue"]);
    expect(track(r.state)).toEqual(["0 rogue *", "10 orc", "20 end step"]);
  });
});

describe("unconscious creatures (CNT-14)", () => {
  it("CNT-14: an unconscious creature sits at count 20, takes no turn and rolls death saves in the end step", () => {
    const s = onTrack([
      ["fighter", 4],
      ["cleric", 8, 3],
      ["orc", 12],
    ]);
    const ko = apply(s, { type: "unconscious", combatantId: "cleric" });
    expect(track(ko.state)).toEqual(["4 fighter *", "12 orc", "20 end step", "20 cleric"]);
    expect(countScheduler.timeline(ko.state).at(-1)).toMatchObject({
      detail: { key: "TEMPO.COMBAT.Count.Unconscious" },
    });
    const r = run(ko.state, [act("fighter"), next, act("orc"), next]);
    expect(show(r.events)).toEqual([
      "declare a1 fighter@1:4",
      "resolve a1 fighter@1:4",
      "saves fighter",
      "done fighter",
      "turn orc",
      "declare a2 orc@1:12",
      "resolve a2 orc@1:12",
      "saves orc",
      "done orc",
      "end step 1",
      "saves cleric",
      "death saves cleric",
    ]);
  });

  it("CNT-14: regaining consciousness gives count 20 − bonus at once; it acts this round when that is still ahead", () => {
    // The cleric (bonus 3) is down; it wakes during the fighter's turn at 4: count 17 is ahead.
    let s = run(
      onTrack([
        ["fighter", 4],
        ["cleric", 8, 3],
        ["orc", 12],
      ]),
      [{ type: "unconscious", combatantId: "cleric" }],
    ).state;
    const woke = apply(s, { type: "regainConsciousness", combatantId: "cleric" });
    expect(show(woke.events)).toEqual(["wake cleric=17"]);
    expect(track(woke.state)).toEqual(["4 fighter *", "12 orc", "17 cleric", "20 end step"]);
    s = run(woke.state, [next, next]).state;
    expect(countScheduler.current(s)).toBe("cleric");
  });

  it("CNT-14: woken after its new count has passed, it waits for the next round", () => {
    // The cleric (bonus 9) wakes at 11 on the orc's turn at 12: count 11 is behind.
    let s = run(
      onTrack([
        ["fighter", 4],
        ["cleric", 8, 9],
        ["orc", 12],
      ]),
      [{ type: "unconscious", combatantId: "cleric" }, next],
    ).state;
    s = apply(s, { type: "regainConsciousness", combatantId: "cleric" }).state;
    expect(track(s)).toEqual(["4 fighter done", "12 orc *", "20 end step", "20 cleric"]);
    const r = run(s, [next, next]);
    // Nobody spent an action and every bonus on the track is 0 but the cleric's, which had no turn (CNT-13).
    expect(show(r.events)).toEqual([
      "done orc",
      "end step 1",
      "saves fighter",
      "saves cleric",
      "saves orc",
      "end round 1",
      "round 2",
      "turn fighter",
    ]);
    expect(track(r.state)).toEqual(["4 fighter *", "11 cleric", "12 orc", "20 end step"]);
  });
});

describe("defeated creatures (DEF-1)", () => {
  it("DEF-1: a defeated creature keeps its place on the track but is skipped", () => {
    const s = apply(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      { type: "defeat", combatantId: "orc" },
    ).state;
    expect(track(s)).toEqual(["4 fighter *", "8 orc defeated", "12 goblin", "20 end step"]);
    const r = apply(s, next);
    expect(show(r.events)).toEqual(["done fighter", "turn goblin"]);
  });

  it("DEF-1: creatures whose ids are also object keys (__proto__, constructor) keep their place like any other", () => {
    const s = apply(
      onTrack([
        ["__proto__", 4],
        ["constructor", 8],
        ["orc", 12],
      ]),
      { type: "defeat", combatantId: "constructor" },
    ).state;
    expect(track(s)).toEqual(["4 __proto__ *", "8 constructor defeated", "12 orc", "20 end step"]);
    expect(show(apply(s, next).events)).toEqual(["done __proto__", "turn orc"]);
  });

  it("DEF-1: a defeated creature's pending action does not resolve; defeated on its turn, the track steps on at once", () => {
    const s = run(
      onTrack([
        ["orc", 4],
        ["fighter", 8],
      ]),
      [attack("orc", ["great"], ["fighter"])],
    ).state;
    const defeated = apply(s, { type: "defeat", combatantId: "orc" });
    expect(show(defeated.events)).toEqual(["done orc", "defeat orc", "cancel a1", "turn fighter"]);
  });

  it("DEF-1: revived before its place comes up, it acts this round", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      [
        { type: "defeat", combatantId: "orc" },
        { type: "revive", combatantId: "orc" },
      ],
    ).state;
    expect(show(apply(s, next).events)).toEqual(["done fighter", "turn orc"]);
  });

  it("DEF-1: revived after its place was passed over, it waits for the next round unless moved ahead again", () => {
    let s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      [{ type: "defeat", combatantId: "orc" }, next],
    ).state;
    // The goblin acts at 12; the orc's place at 8 was passed over.
    expect(countScheduler.current(s)).toBe("goblin");
    s = apply(s, { type: "revive", combatantId: "orc" }).state;
    expect(show(apply(s, next).events)).toEqual([
      "done goblin",
      "end step 1",
      "saves fighter",
      "saves orc",
      "saves goblin",
    ]);
    // It has had no turn this round: set to a count still ahead, it takes one there, like a newcomer.
    s = apply(s, { type: "setInitiative", combatantId: "orc", value: 15 }).state;
    expect(track(s)).toEqual(["4 fighter done", "12 goblin *", "15 orc", "20 end step"]);
    expect(show(apply(s, next).events)).toEqual(["done goblin", "turn orc"]);
  });

  it("DEF-1: defeating twice or reviving the living is a typed error", () => {
    const s = apply(onTrack([["fighter", 4]]), { type: "defeat", combatantId: "fighter" }).state;
    expect(countScheduler.apply(s, { type: "defeat", combatantId: "fighter" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.AlreadyDefeated", data: { id: "fighter" } },
    });
    expect(countScheduler.apply(onTrack([["fighter", 4]]), { type: "revive", combatantId: "fighter" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.NotDefeated", data: { id: "fighter" } },
    });
  });
});

describe("joining, leaving and moving mid-round", () => {
  const join = (id: string, bonus = 0) =>
    ({ type: "join", combatant: { id, bonus, isPlayer: false, defeated: false } }) as const;

  it("a creature joining mid-round rolls and acts this round when its count is still ahead", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 12],
      ]),
      [next],
    ).state;
    const joined = apply(s, join("wolf", 2));
    expect(asked(joined)).toEqual(["wolf:init"]);
    expect(track(joined.state)).toEqual(["4 fighter done", "12 orc *", "20 end step", "20 wolf"]);
    // wolf 17 − 2 = 15: ahead of the orc's 12.
    const rolled = roll(joined.state, { wolf: 17 });
    expect(track(rolled.state)).toEqual(["4 fighter done", "12 orc *", "15 wolf", "20 end step"]);
    expect(show(apply(rolled.state, next).events)).toEqual(["done orc", "turn wolf"]);
  });

  it("a creature joining behind the current count waits for the next round", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 12],
      ]),
      [next, join("wolf")],
    ).state;
    const rolled = roll(s, { wolf: 6 }).state;
    expect(track(rolled)).toEqual(["4 fighter done", "12 orc *", "20 end step", "20 wolf"]);
    expect(countScheduler.timeline(rolled).at(-1)).toMatchObject({ detail: { key: "TEMPO.COMBAT.Count.NextRound" } });
    const r = run(rolled, [next, next]);
    expect(track(r.state)).toEqual(["4 fighter *", "6 wolf", "12 orc", "20 end step"]);
  });

  it("CNT-5: a joiner landing on a taken count contests before it is placed", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 12],
      ]),
      [join("wolf")],
    ).state;
    const rolled = roll(s, { wolf: 12 });
    expect(asked(rolled)).toEqual(["orc:contest", "wolf:contest"]);
    const settled = roll(rolled.state, { orc: 5, wolf: 11 }).state;
    expect(track(settled)).toEqual(["4 fighter *", "12 wolf", "12 orc", "20 end step"]);
  });

  it("when the creature whose turn it is leaves, the next one starts, and its pending actions go with it", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      [attack("fighter", ["heavy"], ["orc", "orc"])],
    ).state;
    const r = apply(s, { type: "leave", combatantId: "fighter" });
    expect(show(r.events)).toEqual(["cancel a1", "cancel a2", "leave fighter", "turn orc"]);
    expect(track(r.state)).toEqual(["8 orc *", "12 goblin", "20 end step"]);
  });

  it("a creature that leaves before its turn is not waited for; the others keep their turns", () => {
    const s = apply(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      { type: "leave", combatantId: "orc" },
    ).state;
    expect(show(run(s, [next, next]).events)).toEqual([
      "done fighter",
      "turn goblin",
      "done goblin",
      "end step 1",
      "saves fighter",
      "saves goblin",
    ]);
  });

  it("setting the initiative of a creature still to act moves it this round; one that acted keeps it for next round", () => {
    let s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 8],
        ["goblin", 12],
      ]),
      [next],
    ).state;
    const moved = apply(s, { type: "setInitiative", combatantId: "goblin", value: 10 });
    expect(track(moved.state)).toEqual(["4 fighter done", "8 orc *", "10 goblin", "20 end step"]);
    // Moved behind the current count, the goblin still gets its turn, right after the orc.
    const behind = apply(s, { type: "setInitiative", combatantId: "goblin", value: 1 });
    expect(track(behind.state)).toEqual(["4 fighter done", "8 orc *", "8 goblin", "20 end step"]);
    s = apply(s, { type: "setInitiative", combatantId: "fighter", value: 15 }).state;
    expect(track(s)).toEqual(["4 fighter done", "8 orc *", "12 goblin", "20 end step"]);
    s = run(s, [act("orc"), next, act("goblin"), next, next]).state;
    expect(track(s)).toEqual(["8 orc *", "12 goblin", "15 fighter", "20 end step"]);
  });

  it("bad commands are typed errors and change nothing", () => {
    const s = onTrack([["fighter", 4]]);
    const copy = JSON.parse(JSON.stringify(s)) as unknown;
    expect(countScheduler.apply(s, { type: "setInitiative", combatantId: "fighter", value: 25 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidCount", data: { value: "25" } },
    });
    expect(countScheduler.apply(s, { type: "leave", combatantId: "ghost" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.UnknownCombatant", data: { id: "ghost" } },
    });
    expect(countScheduler.apply(s, join("fighter"))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.DuplicateCombatant", data: { id: "fighter" } },
    });
    expect(countScheduler.apply(s, { type: "rolls", results: [{ requestId: "r99", total: 3 }] })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.UnknownRequest", data: { id: "r99" } },
    });
    expect(s).toEqual(copy);
  });
});

describe("undo (withHistory)", () => {
  it("undo restores the exact earlier state, pending actions and declarations included; redo returns the same state", () => {
    const scheduler = withHistory(countScheduler);
    let h = withHistoryState(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
    );
    const step = (command: Parameters<typeof scheduler.apply>[1]): void => {
      const r = scheduler.apply(h, command);
      if (!r.ok) throw new Error(r.error.key);
      h = r.value.state;
    };
    const before = h.present;
    step(attack("fighter", ["heavy"], ["orc", "orc"]));
    const declared = h.present;
    step(next);
    expect(scheduler.current(h)).toBe("orc");
    step({ type: "undo" });
    expect(h.present).toEqual(declared);
    expect(track(h.present)).toEqual([
      "4 fighter *",
      "6 pending fighter",
      "8 pending fighter",
      "10 orc",
      "20 end step",
    ]);
    step({ type: "undo" });
    expect(h.present).toEqual(before);
    step({ type: "redo" });
    step({ type: "redo" });
    expect(scheduler.current(h)).toBe("orc");
  });
});

describe("more edges", () => {
  it("CNT-10: retargeting the spell being cast (with the reaction) does not end the casting", () => {
    const s = run(
      onTrack([
        ["wizard", 5],
        ["orc", 10],
      ]),
      [spell("wizard", 7, ["orc"]), next],
    ).state;
    const r = apply(s, {
      type: "react",
      combatantId: "wizard",
      reaction: { kind: "retarget", actionId: "a1", targets: ["troll"] },
    });
    expect(countScheduler.timeline(r.state)[0]).toMatchObject({
      combatantId: "wizard",
      detail: { key: "TEMPO.COMBAT.Count.Casting" },
    });
    expect(show(apply(r.state, next).events)).toEqual([
      "done orc",
      "resolve a1 wizard@1:12",
      "saves wizard",
      "end step 1",
      "saves orc",
    ]);
  });

  it("CNT-12: an action that is neither an attack nor a spell cannot be retargeted", () => {
    const s = run(
      onTrack([
        ["monk", 5],
        ["orc", 10],
      ]),
      [act("monk", 3)],
    ).state;
    expect(
      countScheduler.apply(s, {
        type: "react",
        combatantId: "monk",
        reaction: { kind: "retarget", actionId: "a1", targets: ["orc"] },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.CannotRetarget" },
    });
  });

  it("CNT-14, DEF-1: an action pending when its owner falls unconscious does not resolve", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      [attack("fighter", ["heavy"], ["orc"])],
    ).state;
    // DEF-1's ruling for CNT-14: falling on its own turn ends that turn at once.
    const fallen = apply(s, { type: "unconscious", combatantId: "fighter" });
    expect(show(fallen.events)).toEqual(["done fighter", "ko fighter", "cancel a1", "turn orc"]);
  });

  it("a creature joining while the first rolls are out is waited for", () => {
    let s = startedEncounter([["fighter", 0]]).state;
    s = apply(s, { type: "join", combatant: { id: "wolf", bonus: 0, isPlayer: false, defeated: false } }).state;
    s = roll(s, { fighter: 7 }).state;
    expect(s.status).toBe("rolling");
    expect(track(roll(s, { wolf: 3 }).state)).toEqual(["3 wolf *", "7 fighter", "20 end step"]);
  });

  it("CNT-4: a creature joining during the surprise round does not act in it, whatever it rolls", () => {
    // rogue 3 − 5 = −2 has surprise (15 in the surprise round); orc 12.
    let s = rolledEncounter(
      [
        ["rogue", 5],
        ["orc", 0],
      ],
      { rogue: 3, orc: 12 },
    ).state;
    s = apply(s, { type: "join", combatant: { id: "imp", bonus: 4, isPlayer: false, defeated: false } }).state;
    // imp 2 − 4 = −2: a result that gives surprise at the start, but the surprise round is under way.
    const rolled = roll(s, { imp: 2 });
    expect(show(rolled.events)).toEqual(["count imp=0"]);
    expect(show(apply(rolled.state, next).events)).toEqual([
      "done rogue",
      "end step 0",
      // CNT-11, CNT-4 ruling: the orc and the imp are not in the surprise round; they save in round 1.
      "saves rogue",
    ]);
  });

  it("CNT-5: a contest owed by a creature whose tie partner leaves is no longer owed, and the round starts", () => {
    const tied = rolledEncounter(
      [
        ["orc", 0],
        ["goblin", 0],
        ["wolf", 0],
      ],
      { orc: 9, goblin: 9, wolf: 14 },
    );
    expect(asked(tied)).toEqual(["goblin:contest", "orc:contest"]);
    // The same rolls are still owed, under the same request ids, after an unrelated change.
    const ids = countScheduler.pending(tied.state).map((r) => r.id);
    const defeated = apply(tied.state, { type: "defeat", combatantId: "wolf" });
    expect(defeated.requests).toEqual([]);
    expect(countScheduler.pending(defeated.state).map((r) => r.id)).toEqual(ids);
    const left = apply(defeated.state, { type: "leave", combatantId: "goblin" });
    expect(show(left.events)).toEqual(["leave goblin", "round 1", "turn orc"]);
    expect(countScheduler.pending(left.state)).toEqual([]);
  });

  it("a creature leaving in the end step changes nothing for the others", () => {
    const s = run(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      [next, next],
    ).state;
    const r = run(s, [{ type: "leave", combatantId: "fighter" }, next]);
    expect(show(r.events)).toEqual(["leave fighter", "end round 1", "round 2", "turn orc"]);
  });

  it("a join with a bad bonus or an empty id is refused", () => {
    const s = onTrack([["fighter", 4]]);
    expect(
      countScheduler.apply(s, { type: "join", combatant: { id: "", bonus: 0, isPlayer: false, defeated: false } }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidCombatant" },
    });
    expect(
      countScheduler.apply(s, { type: "join", combatant: { id: "x", bonus: 1.5, isPlayer: false, defeated: false } }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidBonus", data: { id: "x" } },
    });
  });
});

describe("plain JSON state", () => {
  it("a bonus or an initiative of −0 is stored as 0, so the state survives JSON exactly", () => {
    let s = encounter([["a", -0]]);
    s = apply(s, { type: "setInitiative", combatantId: "a", value: -0 }).state;
    expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  });
});
