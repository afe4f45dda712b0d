import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compareCountOrder } from "../../../../src/engine/initiative/count/order.ts";
import { countRoundTurns } from "../../../../src/engine/initiative/count/index.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { presentCombatants } from "../../../../src/engine/initiative/count/state.ts";
import {
  act,
  apply,
  asked,
  attack,
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

/** Review scenarios: each expected list is worked out by hand from RULES §1. */
describe("saves after carried actions (CNT-9, CNT-11)", () => {
  it("CNT-11: a spell from the surprise round resolving after its caster's round-1 turn is followed at once by its saves", () => {
    // rogue 2 − 4 = −2 (surprise, 16 in the surprise round, 0 from round 1); orc 12 − 0 = 12.
    let s = rolledEncounter(
      [
        ["rogue", 4, true],
        ["orc", 0],
      ],
      { rogue: 2, orc: 12 },
    ).state;
    // Surprise round: a 9th-level spell from 16 resolves at 25, count 5 of round 1 (CNT-9).
    let r = run(s, [spell("rogue", 9, ["orc"]), next, next]);
    expect(show(r.events)).toEqual([
      "declare a1 rogue@1:5",
      "done rogue",
      "end step 0",
      "saves rogue",
      "end round 0",
      "round 1",
      "turn rogue",
    ]);
    s = r.state;
    // Round 1: the rogue keeps casting (declaring would lose the spell, CNT-10) and ends its turn at 0.
    // The spell at 5 is the last of its actions resolving this round: its saves come right after it.
    r = run(s, [next]);
    expect(show(r.events)).toEqual(["done rogue", "resolve a1 rogue@1:5", "saves rogue", "turn orc"]);
  });

  it("CNT-7, CNT-9, CNT-11: Great attacks staggered past 19 save after the last one inside the round", () => {
    // orc 2, fighter 16 (bonus 0 for both).
    const s = onTrack([
      ["orc", 2],
      ["fighter", 16],
    ]);
    const r = run(s, [act("orc"), next, attack("fighter", ["great"], ["orc", "orc"]), next, next]);
    expect(show(r.events)).toEqual([
      "declare a1 orc@1:2",
      "resolve a1 orc@1:2",
      "saves orc",
      "done orc",
      "turn fighter",
      // 16 + 3 = 19; 16 + 6 = 22 is count 2 of round 2.
      "declare a2 fighter@1:19",
      "declare a3 fighter@2:2",
      "done fighter",
      "resolve a2 fighter@1:19",
      "saves fighter",
      "end step 1",
      "end round 1",
      "round 2",
      // Due on count 2, it resolves before the orc's turn on that count; the fighter's turn is still to come.
      "resolve a3 fighter@2:2",
      "turn orc",
    ]);
  });
});

describe("surprise round ties (CNT-4, CNT-5)", () => {
  it("CNT-4, CNT-5: two creatures with surprise and the same bonus contest for 20 − bonus; the kept totals also order them on 0 in round 1", () => {
    // rogue 3 − 4 = −1, scout 1 − 4 = −3: both act at 16 in the surprise round; orc 12.
    let step = rolledEncounter(
      [
        ["rogue", 4],
        ["scout", 4],
        ["orc", 0],
      ],
      { rogue: 3, scout: 1, orc: 12 },
    );
    expect(asked(step)).toEqual(["rogue:contest", "scout:contest"]);
    // rogue 5 + 4 = 9, scout 11 + 4 = 15: the scout first.
    step = roll(step.state, { rogue: 5, scout: 11 });
    expect(show(step.events)).toEqual(["contest rogue=9", "contest scout=15", "round 0", "turn scout"]);
    expect(track(step.state)).toEqual(["16 scout *", "16 rogue", "20 end step", "20 orc"]);
    const r = run(step.state, [next, next, next]);
    // Both sit on 0 in round 1: no new contest, the kept totals decide.
    expect(asked(r.state)).toEqual([]);
    expect(show(r.events).slice(-3)).toEqual(["end round 0", "round 1", "turn scout"]);
    expect(track(r.state)).toEqual(["0 scout *", "0 rogue", "12 orc", "20 end step"]);
  });
});

describe("contests batched by the adapter (CNT-5)", () => {
  it("CNT-5: however the contest dice come back (in parts, with rerolls), the round starts in full track order with every tie broken", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 30, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 200, maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 50, maxLength: 50 }),
        (bonuses, first, contestDice, batches) => {
          const ids = bonuses.map((_, i) => `c${i}`);
          let s = startedEncounter(
            bonuses.map((b, i) => [ids[i] ?? "", b] as const),
            { surprise: "declared" },
          ).state;
          // Few distinct counts and contest dice of 1–3: ties and equal totals everywhere.
          s = roll(s, Object.fromEntries(ids.map((id, i) => [id, (first[i] ?? 1) + (bonuses[i] ?? 0)]))).state;
          let d = 0;
          let b = 0;
          for (let round = 1; round <= 3; round++) {
            while (s.status === "contest") {
              const part = countScheduler.pending(s).slice(0, batches[b++ % batches.length]);
              s = apply(s, {
                type: "rolls",
                results: part.map((r) => ({
                  requestId: r.id,
                  total: formulaTotal(r.formula, [contestDice[d++ % contestDice.length] ?? 1]),
                })),
              }).state;
            }
            expect(s.round).toBe(round);
            // The order is exactly a fresh sort of everyone by count, then kept totals (compared in turn).
            const entries = presentCombatants(s).map((c) => ({ id: c.id, count: c.count ?? 0, contest: c.contest }));
            expect(countRoundTurns(s).map((t) => t.id)).toEqual([...entries].sort(compareCountOrder).map((e) => e.id));
            for (let i = 1; i < entries.length; i++) {
              const [x, y] = [entries[i - 1], entries[i]];
              if (x !== undefined && y !== undefined && x.count === y.count) expect(x.contest).not.toEqual(y.contest);
            }
            // Everyone passes: CNT-13 moves counts and makes new ties for the next round.
            while (s.status === "turns") s = apply(s, next).state;
            s = apply(s, next).state;
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("waking up (CNT-14)", () => {
  it("CNT-14: knocked out after its turn and woken while 20 − bonus is still ahead, a creature acts again this round", () => {
    // fighter 4, cleric 6 (bonus 3), orc 12. The cleric acts, falls on the orc's turn, and is healed at once.
    const s = onTrack([
      ["fighter", 4],
      ["cleric", 6, 3],
      ["orc", 12],
    ]);
    const r = run(s, [
      act("fighter"),
      next,
      act("cleric"),
      next,
      { type: "unconscious", combatantId: "cleric" },
      { type: "regainConsciousness", combatantId: "cleric" },
    ]);
    expect(show(r.events).slice(-2)).toEqual(["ko cleric", "wake cleric=17"]);
    // 20 − 3 = 17 is still ahead of the orc's 12: it takes its turn there, with an action to spend.
    expect(track(r.state)).toEqual(["4 fighter done", "12 orc *", "17 cleric", "20 end step"]);
    const on = run(r.state, [next, act("cleric"), next]);
    expect(show(on.events)).toEqual([
      "done orc",
      "turn cleric",
      "declare a3 cleric@1:17",
      "resolve a3 cleric@1:17",
      // Its saves were called after its first action; they are not rolled twice in a round.
      "done cleric",
      "end step 1",
      "saves orc",
    ]);
  });
});

describe("surprise decided while the first contests are out (CNT-4)", () => {
  it("CNT-4: a surprise round the GM declares while the first ties are still being contested comes before round 1", () => {
    // rogue 3 − 5 = −2 (surprise); orc 12 − 0 = 12 and goblin 13 − 1 = 12 tie. GM-declares mode.
    let step = rolledEncounter(
      [
        ["rogue", 5],
        ["orc", 0],
        ["goblin", 1],
      ],
      { rogue: 3, orc: 12, goblin: 13 },
      { surprise: "declared" },
    );
    expect(asked(step)).toEqual(["goblin:contest", "orc:contest"]);
    step = apply(step.state, { type: "declareSurprise", value: true });
    // The surprise round needs no contest (only the rogue acts in it, at 20 − 5 = 15): it starts at once.
    expect(show(step.events)).toEqual(["surprise true", "round 0", "turn rogue"]);
    // The contest dice still come back and are kept: goblin 10 + 1 = 11, orc 4 + 0 = 4.
    step = roll(step.state, { goblin: 10, orc: 4 });
    expect(show(step.events)).toEqual(["contest goblin=11", "contest orc=4"]);
    expect(track(step.state)).toEqual(["15 rogue *", "20 end step", "20 goblin", "20 orc"]);
  });

  it("CNT-4: marking one of two tied creatures with surprise as surprised while their contest is out lets the other act alone at once", () => {
    // rogue 3 − 5 = −2 and scout 4 − 5 = −1 have surprise: both would act at 20 − 5 = 15, so they contest.
    let step = rolledEncounter(
      [
        ["rogue", 5],
        ["scout", 5],
        ["orc", 0],
      ],
      { rogue: 3, scout: 4, orc: 12 },
    );
    expect(asked(step)).toEqual(["rogue:contest", "scout:contest"]);
    step = apply(step.state, { type: "markSurprised", combatantId: "scout", surprised: true });
    expect(show(step.events)).toEqual(["surprised scout true", "round 0", "turn rogue"]);
    expect(track(step.state)).toEqual(["15 rogue *", "20 end step", "20 scout", "20 orc"]);
  });
});

describe("the track while a new round's ties are contested (CNT-5, CNT-13)", () => {
  it("CNT-13, CNT-5: an idle creature lowered onto a taken count contests before round 2; meanwhile the track shows round 2 undone", () => {
    // b 3 (bonus 0) acts; a 5 (bonus 2) passes: 5 − 2 = 3, where b is.
    const s = onTrack([
      ["b", 3],
      ["a", 5, 2],
    ]);
    const r = run(s, [act("b"), next, next, next]);
    expect(show(r.events).slice(-2)).toEqual(["end round 1", "lower a 5->3"]);
    expect(asked(r.state)).toEqual(["a:contest", "b:contest"]);
    expect(track(r.state)).toEqual(["3 a", "3 b", "20 end step"]);
    expect(countScheduler.timeline(r.state)[0]).toMatchObject({ round: 2, active: false, done: false });
    // a 4 + 2 = 6, b 10 + 0 = 10: b first.
    const step = roll(r.state, { a: 4, b: 10 });
    expect(show(step.events)).toEqual(["contest a=6", "contest b=10", "round 2", "turn b"]);
    expect(track(step.state)).toEqual(["3 b *", "3 a", "20 end step"]);
  });
});
