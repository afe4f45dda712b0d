import { describe, expect, it } from "vitest";
import { countRoundTurns } from "../../../../src/engine/initiative/count/index.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { apply, asked, encounter, next, roll, rolledEncounter, run, show, startedEncounter, track } from "./support.ts";

/** The seed's party: a fighter (+2), a wizard (+4), a goblin (+1). */
const party = (): ReturnType<typeof encounter> =>
  encounter([
    ["fighter", 2, true],
    ["wizard", 4, true],
    ["goblin", 1],
  ]);

describe("count track: rolling and order", () => {
  it("CNT-2: start asks every creature for 1d20 minus its bonus for initiative", () => {
    const step = apply(party(), { type: "start" });
    expect(show(step.events)).toEqual(["start"]);
    expect(step.requests.map((r) => [r.combatantId, r.formula, r.reason])).toEqual([
      ["fighter", "1d20 - 2", "TEMPO.COMBAT.Count.RollReason.Initiative"],
      ["wizard", "1d20 - 4", "TEMPO.COMBAT.Count.RollReason.Initiative"],
      ["goblin", "1d20 - 1", "TEMPO.COMBAT.Count.RollReason.Initiative"],
    ]);
    expect(countScheduler.pending(step.state)).toEqual(step.requests);
    expect(countScheduler.current(step.state)).toBeNull();
  });

  it("CNT-2: the count is the d20 minus the bonus, and lower counts act first", () => {
    const started = apply(party(), { type: "start" }).state;
    // fighter 15 − 2 = 13, wizard 9 − 4 = 5, goblin 12 − 1 = 11.
    const step = roll(started, { fighter: 15, wizard: 9, goblin: 12 });
    expect(show(step.events)).toEqual([
      "count fighter=13",
      "count wizard=5",
      "count goblin=11",
      "round 1",
      "turn wizard",
    ]);
    expect(countScheduler.current(step.state)).toBe("wizard");
    expect(track(step.state)).toEqual(["5 wizard *", "11 goblin", "13 fighter", "20 end step"]);
  });

  it("CNT-2: rolls may come back one at a time; the round waits for the last one", () => {
    let s = apply(party(), { type: "start" }).state;
    s = roll(s, { fighter: 15 }).state;
    expect(s.status).toBe("rolling");
    expect(countScheduler.apply(s, next)).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Count.AwaitingRolls" } });
    s = roll(s, { wizard: 9, goblin: 12 }).state;
    expect(countScheduler.current(s)).toBe("wizard");
  });

  it("CNT-5: creatures on the same count contest with 1d20 + bonus; the higher total acts first", () => {
    const started = apply(party(), { type: "start" }).state;
    // fighter 9 − 2 = 7 and goblin 8 − 1 = 7 tie; wizard 8 − 4 = 4.
    const rolled = roll(started, { fighter: 9, wizard: 8, goblin: 8 });
    expect(asked(rolled)).toEqual(["fighter:contest", "goblin:contest"]);
    expect(rolled.requests.map((r) => r.formula)).toEqual(["1d20 + 2", "1d20 + 1"]);
    expect(countScheduler.current(rolled.state)).toBeNull();
    // fighter 10 + 2 = 12, goblin 15 + 1 = 16: the goblin goes first on count 7.
    const contested = roll(rolled.state, { fighter: 10, goblin: 15 });
    expect(show(contested.events)).toEqual(["contest fighter=12", "contest goblin=16", "round 1", "turn wizard"]);
    expect(track(contested.state)).toEqual(["4 wizard *", "7 goblin", "7 fighter", "20 end step"]);
  });

  it("CNT-5: equal contest totals reroll, only between those still level", () => {
    const s = encounter([
      ["a", 2],
      ["b", 2],
      ["c", 0],
    ]);
    // a 12 − 2 = 10, b 12 − 2 = 10, c 10 − 0 = 10: all three tie.
    let step = roll(apply(s, { type: "start" }).state, { a: 12, b: 12, c: 10 });
    expect(asked(step)).toEqual(["a:contest", "b:contest", "c:contest"]);
    // a 14 + 2 = 16, b 14 + 2 = 16, c 18 + 0 = 18: c is first; a and b are still level and reroll.
    step = roll(step.state, { a: 14, b: 14, c: 18 });
    expect(asked(step)).toEqual(["a:contest", "b:contest"]);
    step = roll(step.state, { a: 3, b: 9 });
    expect(track(step.state)).toEqual(["10 c *", "10 b", "10 a", "20 end step"]);
  });

  it("CNT-5: kept totals break later ties; only a newcomer to the tie rolls", () => {
    // a and b tie on 10 at the start; later c lands on 10 too: only c rolls, a and b keep their totals.
    let s = rolledEncounter(
      [
        ["a", 0],
        ["b", 0],
        ["c", 0],
      ],
      { a: 10, b: 10, c: 15 },
    ).state;
    s = roll(s, { a: 12, b: 7 }).state;
    const set = apply(s, { type: "setInitiative", combatantId: "c", value: 10 });
    expect(asked(set)).toEqual(["c:contest"]);
    const after = roll(set.state, { c: 9 });
    // Kept totals a 12, c 9, b 7.
    expect(countRoundTurns(after.state).map((t) => t.id)).toEqual(["a", "c", "b"]);
  });
});

describe("count track: the round", () => {
  it("CNT-3: the round counts up through the creatures, then the end step at 20, then a new round at 0", () => {
    let s = roll(apply(party(), { type: "start" }).state, { fighter: 15, wizard: 9, goblin: 12 }).state;
    // Everyone spends an action (delay 0) so that CNT-13 leaves the counts alone.
    const act = (id: string) => ({ type: "declare", combatantId: id, action: { kind: "other", delay: 0 } }) as const;
    const round = run(s, [act("wizard"), next, act("goblin"), next, act("fighter"), next]);
    expect(show(round.events)).toEqual([
      "declare a1 wizard@1:5",
      "resolve a1 wizard@1:5",
      "saves wizard",
      "done wizard",
      "turn goblin",
      "declare a2 goblin@1:11",
      "resolve a2 goblin@1:11",
      "saves goblin",
      "done goblin",
      "turn fighter",
      "declare a3 fighter@1:13",
      "resolve a3 fighter@1:13",
      "saves fighter",
      "done fighter",
      "end step 1",
    ]);
    s = round.state;
    expect(countScheduler.current(s)).toBeNull();
    expect(track(s)).toEqual(["5 wizard done", "11 goblin done", "13 fighter done", "20 end step *"]);
    const newRound = apply(s, next);
    expect(show(newRound.events)).toEqual(["end round 1", "round 2", "turn wizard"]);
    expect(track(newRound.state)).toEqual(["5 wizard *", "11 goblin", "13 fighter", "20 end step"]);
  });

  it("CNT-3: the timeline labels each turn with its count and marks the end-step boundary", () => {
    const s = roll(apply(party(), { type: "start" }).state, { fighter: 15, wizard: 9, goblin: 12 }).state;
    const rows = countScheduler.timeline(s);
    expect(rows[0]).toEqual({
      key: "turn:wizard",
      kind: "turn",
      combatantId: "wizard",
      round: 1,
      position: 5,
      label: { key: "TEMPO.COMBAT.Count.Position", data: { count: 5 } },
      groupId: null,
      active: true,
      done: false,
      defeated: false,
      detail: null,
    });
    expect(rows[3]).toMatchObject({ kind: "boundary", position: 20, label: { key: "TEMPO.COMBAT.Count.EndStep" } });
  });
});

describe("count track: surprise", () => {
  it("CNT-4: a result of 0 or below has surprise: a surprise round at 20 − bonus, then 0 from round 1", () => {
    // rogue 3 − 5 = −2 (surprise), orc 12 − 0 = 12.
    const s = rolledEncounter(
      [
        ["rogue", 5, true],
        ["orc", 0],
      ],
      { rogue: 3, orc: 12 },
    );
    expect(show(s.events)).toEqual(["count rogue=0", "count orc=12", "round 0", "turn rogue"]);
    expect(track(s.state)).toEqual(["15 rogue *", "20 end step", "20 orc"]);
    const round1 = run(s.state, [next, next]);
    expect(show(round1.events)).toEqual([
      "done rogue",
      "end step 0",
      // CNT-11, CNT-4 ruling (track.ts endStepSaves): the orc had no part in the surprise round; it saves in round 1.
      "saves rogue",
      "end round 0",
      "round 1",
      "turn rogue",
    ]);
    expect(track(round1.state)).toEqual(["0 rogue *", "12 orc", "20 end step"]);
  });
});

describe("count track: surprise declared by the GM", () => {
  const ambush = () =>
    startedEncounter(
      [
        ["rogue", 5, true],
        ["orc", 0],
      ],
      { surprise: "declared" },
    ).state;

  it("CNT-4: in 'GM declares' mode there is no surprise round unless the GM declares one", () => {
    const s = roll(ambush(), { rogue: 3, orc: 12 });
    expect(show(s.events)).toEqual(["count rogue=0", "count orc=12", "round 1", "turn rogue"]);
  });

  it("CNT-4: once declared, creatures with surprise act in a surprise round before round 1", () => {
    const declared = apply(ambush(), { type: "declareSurprise", value: true });
    expect(show(declared.events)).toEqual(["surprise true"]);
    const s = roll(declared.state, { rogue: 3, orc: 12 });
    expect(show(s.events)).toEqual(["count rogue=0", "count orc=12", "round 0", "turn rogue"]);
    expect(track(s.state)[0]).toBe("15 rogue *");
  });

  it("CNT-4: the GM cannot declare surprise in automatic mode, nor once the first round has begun", () => {
    const automatic = startedEncounter([["rogue", 5]]).state;
    expect(countScheduler.apply(automatic, { type: "declareSurprise", value: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.SurpriseIsAutomatic" },
    });
    const running = roll(ambush(), { rogue: 3, orc: 12 }).state;
    expect(countScheduler.apply(running, { type: "declareSurprise", value: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.TooLate" },
    });
    expect(countScheduler.apply(running, { type: "markSurprised", combatantId: "orc", surprised: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.TooLate" },
    });
  });

  it("CNT-4: a creature the GM marks surprised does not act in the surprise round even with a low roll", () => {
    let s = startedEncounter([
      ["rogue", 5, true],
      ["scout", 4],
      ["orc", 0],
    ]).state;
    s = apply(s, { type: "markSurprised", combatantId: "scout", surprised: true }).state;
    // rogue 3 − 5 = −2, scout 2 − 4 = −2: both have surprise, but the scout is surprised.
    const r = roll(s, { rogue: 3, scout: 2, orc: 12 });
    expect(track(r.state)).toEqual(["15 rogue *", "20 end step", "20 scout", "20 orc"]);
    expect(countScheduler.timeline(r.state)[2]).toMatchObject({
      combatantId: "scout",
      detail: { key: "TEMPO.COMBAT.Count.Surprised" },
    });
  });
});
