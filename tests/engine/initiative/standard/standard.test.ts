import { describe, expect, it } from "vitest";
import { withHistory, withHistoryState } from "../../../../src/engine/initiative/history.ts";
import {
  STANDARD_ROUND_SECONDS,
  STANDARD_ROUNDS_PER_MINUTE,
  standardCanReact,
  standardScheduler,
  type StandardCommand,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";
import { brief, make, must, nextTimes, orderOf, roll, startedWith, step } from "./fixtures.ts";

/** Aria (DEX +2) rolls 14, Bram (+0) rolls 19, Cole (+3) rolls 8: Bram, Aria, Cole. */
function partyInRound1(): StandardState {
  const started = startedWith([
    { id: "Aria", dexBonus: 2 },
    { id: "Bram", dexBonus: 0 },
    { id: "Cole", dexBonus: 3 },
  ]);
  return roll(started.state, { Aria: 14, Bram: 19, Cole: 8 }).state;
}

describe("standard: initiative (STD-1, STD-2)", () => {
  it("STD-1: start asks every creature for 1d20 + its DEX bonus and the highest total acts first", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 2 },
      { id: "Bram", dexBonus: 0 },
      { id: "Cole", dexBonus: -1 },
    ]);
    expect(brief(started.events)).toEqual(["start"]);
    expect(started.requests.map((r) => [r.combatantId, r.formula, r.reason])).toEqual([
      ["Aria", "1d20 + 2", "TEMPO.COMBAT.Standard.InitiativeRoll"],
      ["Bram", "1d20", "TEMPO.COMBAT.Standard.InitiativeRoll"],
      ["Cole", "1d20 - 1", "TEMPO.COMBAT.Standard.InitiativeRoll"],
    ]);
    expect(standardScheduler.current(started.state)).toBeNull();

    const rolled = roll(started.state, { Aria: 14, Bram: 19, Cole: 8 });
    expect(brief(rolled.events)).toEqual(["init:Aria=14", "init:Bram=19", "init:Cole=8", "R+1", "T+1:Bram"]);
    expect(orderOf(rolled.state)).toEqual(["Bram", "Aria", "Cole"]);
  });

  it("STD-1: a total the formula cannot produce is a typed error and changes nothing", () => {
    const started = startedWith([{ id: "Aria", dexBonus: 2 }]);
    const request = started.requests[0];
    const bad = standardScheduler.apply(started.state, {
      type: "rolls",
      results: [{ requestId: request?.id ?? "", total: 23 }],
    });
    expect(bad).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.RollOutOfRange", data: { min: 3, max: 22 } },
    });
    const unknown = standardScheduler.apply(started.state, {
      type: "rolls",
      results: [{ requestId: "std-99", total: 10 }],
    });
    expect(unknown.ok ? null : unknown.error.key).toBe("TEMPO.ERRORS.Standard.UnknownRequest");
  });

  it("STD-2: on equal totals the higher DEX bonus goes first, with no extra roll", () => {
    const started = startedWith([
      { id: "Bram", dexBonus: 1 },
      { id: "Aria", dexBonus: 3 },
    ]);
    const rolled = roll(started.state, { Bram: 15, Aria: 15 });
    expect(rolled.requests).toEqual([]);
    expect(orderOf(rolled.state)).toEqual(["Aria", "Bram"]);
  });

  it("STD-2: still tied, both roll a 1d20 tie-breaker; round 1 waits for it and the result is kept", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 3 },
      { id: "Bram", dexBonus: 1 },
      { id: "Cole", dexBonus: 2 },
      { id: "Dana", dexBonus: 2 },
    ]);
    const rolled = roll(started.state, { Aria: 15, Bram: 15, Cole: 12, Dana: 12 });
    expect(rolled.requests.map((r) => [r.combatantId, r.formula, r.reason])).toEqual([
      ["Cole", "1d20", "TEMPO.COMBAT.Standard.TieBreakRoll"],
      ["Dana", "1d20", "TEMPO.COMBAT.Standard.TieBreakRoll"],
    ]);
    expect(brief(rolled.events)).not.toContain("R+1");
    expect(standardScheduler.current(rolled.state)).toBeNull();

    // The tie-breaker ties again: both roll once more.
    const again = roll(rolled.state, { Cole: 9, Dana: 9 });
    expect(again.requests.map((r) => r.combatantId)).toEqual(["Cole", "Dana"]);
    const settled = roll(again.state, { Cole: 11, Dana: 3 });
    expect(brief(settled.events)).toEqual(["R+1", "T+1:Aria"]);
    expect(orderOf(settled.state)).toEqual(["Aria", "Bram", "Cole", "Dana"]);

    // Kept: round 2 has the same order and nobody rolls again.
    const round2 = nextTimes(settled.state, 4);
    expect(brief(round2.events).slice(-4)).toEqual(["T-1:Dana", "R-1", "R+2", "T+2:Aria"]);
    expect(orderOf(round2.state)).toEqual(["Aria", "Bram", "Cole", "Dana"]);
    expect(standardScheduler.pending(round2.state)).toEqual([]);
  });

  it("STD-2: when a tie goes away before its tie-breaker is rolled (one leaves, or gets a new total), the other stops waiting", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 1 },
      { id: "Bram", dexBonus: 1 },
      { id: "Cole", dexBonus: 0 },
    ]);
    const tied = roll(started.state, { Aria: 15, Bram: 15, Cole: 9 });
    expect(standardScheduler.pending(tied.state).map((r) => r.combatantId)).toEqual(["Aria", "Bram"]);
    const left = step(tied.state, { type: "leave", combatantId: "Bram" });
    expect(standardScheduler.pending(left.state)).toEqual([]);
    expect(brief(left.events)).toEqual(["combatantLeft:Bram", "R+1", "T+1:Aria"]);
    const moved = step(tied.state, { type: "setInitiative", combatantId: "Aria", value: 20 });
    expect(standardScheduler.pending(moved.state)).toEqual([]);
    expect(brief(moved.events)).toEqual(["init:Aria=20", "R+1", "T+1:Aria"]);
  });

  it("STD-2: a newcomer tied with creatures that already broke their tie rolls alone, until it is separated", () => {
    let state = startedWith([
      { id: "Cole", dexBonus: 2 },
      { id: "Dana", dexBonus: 2 },
      { id: "Aria", dexBonus: 3 },
    ]).state;
    state = roll(state, { Cole: 12, Dana: 12, Aria: 15 }).state;
    state = roll(state, { Cole: 9, Dana: 9 }).state;
    state = roll(state, { Cole: 11, Dana: 3 }).state; // Cole [9, 11], Dana [9, 3]
    const joined = step(state, { type: "join", combatantId: "Eve", dexBonus: 2 });
    const level = roll(joined.state, { Eve: 12 });
    expect(level.requests.map((r) => [r.combatantId, r.formula])).toEqual([["Eve", "1d20"]]);
    // 9 is level with both kept first rolls: Eve alone rolls again.
    const stillLevel = roll(level.state, { Eve: 9 });
    expect(stillLevel.requests.map((r) => r.combatantId)).toEqual(["Eve"]);
    const placed = roll(stillLevel.state, { Eve: 5 });
    expect(placed.requests).toEqual([]);
    expect(orderOf(placed.state)).toEqual(["Aria", "Cole", "Eve", "Dana"]);
  });
});

describe("standard: joining a running combat (STD-3)", () => {
  it("STD-3: a newcomer whose slot has passed waits for the next round and cannot react until its first turn", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state; // Bram done, Aria acting
    const joined = step(inAriasTurn, { type: "join", combatantId: "Finn", dexBonus: 1 });
    expect(brief(joined.events)).toEqual(["combatantJoined:Finn"]);
    expect(joined.requests.map((r) => [r.combatantId, r.formula])).toEqual([["Finn", "1d20 + 1"]]);
    expect(standardCanReact(joined.state, "Finn")).toBe(false);
    expect(standardCanReact(joined.state, "Bram")).toBe(true);

    const rolled = roll(joined.state, { Finn: 17 });
    const rows = standardScheduler.timeline(rolled.state);
    expect(rows.map((r) => [r.combatantId, r.position, r.active, r.done])).toEqual([
      ["Bram", 19, false, true],
      ["Finn", 17, false, false],
      ["Aria", 14, true, false],
      ["Cole", 8, false, false],
    ]);

    const rest = nextTimes(rolled.state, 3);
    expect(brief(rest.events)).toEqual([
      "T-1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
      "T-2:Bram",
      "T+2:Finn",
    ]);
    expect(standardCanReact(rest.state, "Finn")).toBe(true);
  });

  it("STD-3: a newcomer slotted behind the creature acting now takes its first turn this round", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state;
    const joined = step(inAriasTurn, { type: "join", combatantId: "Finn", dexBonus: 1 });
    const rolled = roll(joined.state, { Finn: 10 });
    const rest = nextTimes(rolled.state, 3);
    expect(brief(rest.events)).toEqual([
      "T-1:Aria",
      "T+1:Finn",
      "T-1:Finn",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
    ]);
  });

  it("STD-3, STD-2: a newcomer level with the acting creature takes the slot its tie-breaker gives it", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state; // Aria (14, DEX +2) acting
    // Abe (DEX +2) rolls 14: level with Aria. Both roll a tie-breaker; Aria wins, so Abe's slot is after hers.
    const tied = roll(step(inAriasTurn, { type: "join", combatantId: "Abe", dexBonus: 2 }).state, { Abe: 14 });
    expect(tied.requests.map((r) => [r.combatantId, r.formula])).toEqual([
      ["Aria", "1d20"],
      ["Abe", "1d20"],
    ]);
    const lost = roll(tied.state, { Aria: 18, Abe: 3 }).state;
    expect(brief(nextTimes(lost, 3).events)).toEqual([
      "T-1:Aria",
      "T+1:Abe",
      "T-1:Abe",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
    ]);
    // Had Abe won, its slot (before Aria's) would have passed: its first turn is in round 2.
    const won = roll(tied.state, { Aria: 3, Abe: 18 }).state;
    expect(brief(nextTimes(won, 3).events)).toEqual([
      "T-1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
      "T-2:Bram",
      "T+2:Abe",
    ]);
    expect(standardCanReact(won, "Abe")).toBe(false);
  });

  it("STD-3: a creature added before the combat starts rolls with everyone and can react from the start", () => {
    const state = step(make([{ id: "Aria", dexBonus: 0 }]), { type: "join", combatantId: "Bram", dexBonus: 0 }).state;
    const started = step(state, { type: "start" });
    expect(started.requests.map((r) => r.combatantId)).toEqual(["Aria", "Bram"]);
    expect(standardCanReact(started.state, "Bram")).toBe(true);
  });
});

describe("standard: rounds (STD-4)", () => {
  it("STD-4: a round starts when its first creature starts its turn; 5 seconds, 12 rounds a minute", () => {
    expect(STANDARD_ROUND_SECONDS).toBe(5);
    expect(STANDARD_ROUNDS_PER_MINUTE * STANDARD_ROUND_SECONDS).toBe(60);
    expect(standardScheduler.roundSeconds).toBe(5);
    const walked = nextTimes(partyInRound1(), 6);
    expect(brief(walked.events)).toEqual([
      "T-1:Bram",
      "T+1:Aria",
      "T-1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
      "T-2:Bram",
      "T+2:Aria",
      "T-2:Aria",
      "T+2:Cole",
      "T-2:Cole",
      "R-2",
      "R+3",
      "T+3:Bram",
    ]);
    expect(walked.state.round).toBe(3);
  });

  it("STD-4: turn events carry the round, so a creature's next turn is exactly 5 seconds after its last (STD-5's anchor)", () => {
    const walked = nextTimes(partyInRound1(), 9);
    const ariaTurns = walked.events.flatMap((e) =>
      e.type === "turnStarted" && e.combatantId === "Aria" ? [e.round] : [],
    );
    expect(ariaTurns.map((round) => round * STANDARD_ROUND_SECONDS)).toEqual([5, 10, 15]);
  });

  it("STD-4: next before the start, or while initiative is being rolled, is a typed error", () => {
    const setup = make([{ id: "Aria", dexBonus: 0 }]);
    expect(standardScheduler.apply(setup, { type: "next" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.NotStarted" },
    });
    const rolling = step(setup, { type: "start" }).state;
    expect(standardScheduler.apply(rolling, { type: "next" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.WaitingForRolls" },
    });
    expect(standardScheduler.apply(rolling, { type: "start" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.AlreadyStarted" },
    });
    expect(standardScheduler.apply(make([]), { type: "start" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.NoCombatants" },
    });
  });

  it("STD-4: creatures given a total up front start round 1 at once", () => {
    const started = startedWith([
      { id: "Aria", dexBonus: 0, initiative: 12 },
      { id: "Bram", dexBonus: 0, initiative: 18 },
    ]);
    expect(brief(started.events)).toEqual(["start", "R+1", "T+1:Bram"]);
    expect(started.requests).toEqual([]);
  });
});

describe("standard: defeated creatures (DEF-1)", () => {
  it("DEF-1: a defeated creature keeps its place in the tracker, is skipped, and acts again once revived", () => {
    const state = step(partyInRound1(), { type: "defeat", combatantId: "Aria" });
    expect(brief(state.events)).toEqual(["combatantDefeated:Aria"]);
    const rows = standardScheduler.timeline(state.state);
    expect(rows.map((r) => [r.combatantId, r.defeated])).toEqual([
      ["Bram", false],
      ["Aria", true],
      ["Cole", false],
    ]);

    const walked = nextTimes(state.state, 3);
    expect(brief(walked.events)).toEqual([
      "T-1:Bram",
      "skip1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Bram",
      "T-2:Bram",
      "skip2:Aria",
      "T+2:Cole",
    ]);

    const revived = step(walked.state, { type: "revive", combatantId: "Aria" });
    expect(brief(nextTimes(revived.state, 2).events)).toEqual([
      "T-2:Cole",
      "R-2",
      "R+3",
      "T+3:Bram",
      "T-3:Bram",
      "T+3:Aria",
    ]);
  });

  it("DEF-1: with everyone defeated, next is refused and the state is unchanged", () => {
    let state = partyInRound1();
    for (const id of ["Aria", "Bram", "Cole"]) state = step(state, { type: "defeat", combatantId: id }).state;
    expect(standardScheduler.apply(state, { type: "next" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.NobodyCanAct" },
    });
    expect(standardScheduler.apply(state, { type: "defeat", combatantId: "Aria" }).ok).toBe(false);
    expect(standardScheduler.apply(state, { type: "revive", combatantId: "Nobody" }).ok).toBe(false);
  });
});

describe("standard: changes in the middle of a round", () => {
  it("STD-1: raising the total of a creature that has not acted keeps its turn this round and moves it up next round", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state; // Bram done
    const raised = step(inAriasTurn, { type: "setInitiative", combatantId: "Cole", value: 25 });
    expect(brief(raised.events)).toEqual(["init:Cole=25"]);
    const walked = nextTimes(raised.state, 3);
    expect(brief(walked.events)).toEqual([
      "T-1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Cole",
      "T-2:Cole",
      "T+2:Bram",
    ]);
  });

  it("STD-1: lowering the total of a creature that has acted does not give it a second turn this round", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state;
    const lowered = step(inAriasTurn, { type: "setInitiative", combatantId: "Bram", value: 1 }).state;
    const walked = nextTimes(lowered, 3);
    expect(brief(walked.events)).toEqual([
      "T-1:Aria",
      "T+1:Cole",
      "T-1:Cole",
      "R-1",
      "R+2",
      "T+2:Aria",
      "T-2:Aria",
      "T+2:Cole",
    ]);
  });

  it("STD-3: when the acting creature leaves, its turn ends and the next one starts", () => {
    const inAriasTurn = step(partyInRound1(), { type: "next" }).state;
    const left = step(inAriasTurn, { type: "leave", combatantId: "Aria" });
    expect(brief(left.events)).toEqual(["T-1:Aria", "combatantLeft:Aria", "T+1:Cole"]);
    const lastLeaves = step(left.state, { type: "leave", combatantId: "Cole" });
    expect(brief(lastLeaves.events)).toEqual(["T-1:Cole", "combatantLeft:Cole", "R-1", "R+2", "T+2:Bram"]);
  });
});

describe("standard: tracker and history", () => {
  it("STD-1: the timeline lists turns highest first with their initiative as position and label", () => {
    const rows = standardScheduler.timeline(partyInRound1());
    expect(rows.map((r) => [r.kind, r.position, r.label, r.active, r.done, r.groupId])).toEqual([
      ["turn", 19, { key: "TEMPO.COMBAT.Standard.Initiative", data: { value: 19 } }, true, false, null],
      ["turn", 14, { key: "TEMPO.COMBAT.Standard.Initiative", data: { value: 14 } }, false, false, null],
      ["turn", 8, { key: "TEMPO.COMBAT.Standard.Initiative", data: { value: 8 } }, false, false, null],
    ]);
  });

  it("STD-4: undo restores the exact earlier turn and redo returns to the same state", () => {
    const scheduler = withHistory(standardScheduler);
    let state = withHistoryState(partyInRound1());
    const before = state.present;
    state = must(scheduler.apply(state, { type: "next" })).state;
    const after = state;
    const undone = must(scheduler.apply(state, { type: "undo" })).state;
    expect(undone.present).toEqual(before);
    expect(scheduler.current(undone)).toBe("Bram");
    expect(must(scheduler.apply(undone, { type: "redo" })).state).toEqual(after);
  });

  it("STD-1: bad creatures are refused with typed errors", () => {
    const state = partyInRound1();
    expect(standardScheduler.apply(state, { type: "join", combatantId: "Aria", dexBonus: 0 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.DuplicateCombatant", data: { id: "Aria" } },
    });
    expect(standardScheduler.apply(state, { type: "join", combatantId: "Finn", dexBonus: 1.5 }).ok).toBe(false);
    expect(standardScheduler.apply(state, { type: "setInitiative", combatantId: "Aria", value: Number.NaN }).ok).toBe(
      false,
    );
    expect(standardScheduler.apply(state, { type: "leave", combatantId: "Nobody" }).ok).toBe(false);
  });
});

describe("standard: commands from outside", () => {
  it("STD-3: malformed commands (as a player's query could send) are typed errors, never a crash", () => {
    const state = partyInRound1();
    const malformed = (command: unknown) => standardScheduler.apply(state, command as StandardCommand);
    expect(malformed(null)).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Standard.UnknownCommand" } });
    expect(malformed({ type: "dance" })).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Standard.UnknownCommand" } });
    expect(malformed({ type: "rolls", results: "20" }).ok).toBe(false);
    expect(malformed({ type: "rolls", results: [null] }).ok).toBe(false);
    expect(malformed({ type: "leave", combatantId: Object.create(null) })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.UnknownCombatant", data: { id: "object" } },
    });
    expect(malformed({ type: "setInitiative", combatantId: "Aria", value: "12" }).ok).toBe(false);
    expect(malformed({ type: "join", combatantId: "", dexBonus: 0 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.InvalidId" },
    });
  });
});

describe("standard: a whole encounter", () => {
  it("STD-1, STD-2, STD-3, STD-4, DEF-1: three rounds with a tie-breaker, a DEX tie, a newcomer, a defeat, a revival and a departure", () => {
    const events: string[] = [];
    const run = (t: {
      state: StandardState;
      events: readonly Parameters<typeof brief>[0][number][];
    }): StandardState => {
      events.push(...brief(t.events));
      return t.state;
    };
    let state = run(
      startedWith([
        { id: "Aria", dexBonus: 2 },
        { id: "Bram", dexBonus: 0 },
        { id: "Cole", dexBonus: 2 },
        { id: "Dana", dexBonus: 1 },
      ]),
    );
    // Aria and Cole tie on total and DEX: they roll off. Bram and Dana tie on total: Dana's DEX wins.
    state = run(roll(state, { Aria: 15, Bram: 12, Cole: 15, Dana: 12 }));
    expect(standardScheduler.pending(state).map((r) => r.combatantId)).toEqual(["Aria", "Cole"]);
    state = run(roll(state, { Aria: 4, Cole: 16 }));
    state = run(step(state, { type: "next" }));
    state = run(step(state, { type: "join", combatantId: "Eve", dexBonus: 3 }));
    state = run(roll(state, { Eve: 13 }));
    state = run(step(state, { type: "next" }));
    state = run(step(state, { type: "defeat", combatantId: "Dana" }));
    state = run(step(state, { type: "next" }));
    state = run(step(state, { type: "next" }));
    state = run(step(state, { type: "revive", combatantId: "Dana" }));
    state = run(step(state, { type: "leave", combatantId: "Aria" }));
    for (let i = 0; i < 4; i++) state = run(step(state, { type: "next" }));
    expect(events).toEqual([
      "start",
      "init:Aria=15",
      "init:Bram=12",
      "init:Cole=15",
      "init:Dana=12",
      "R+1",
      "T+1:Cole",
      "T-1:Cole",
      "T+1:Aria",
      "combatantJoined:Eve",
      "init:Eve=13",
      "T-1:Aria",
      "T+1:Eve",
      "combatantDefeated:Dana",
      "T-1:Eve",
      "skip1:Dana",
      "T+1:Bram",
      "T-1:Bram",
      "R-1",
      "R+2",
      "T+2:Cole",
      "combatantRevived:Dana",
      "combatantLeft:Aria",
      "T-2:Cole",
      "T+2:Eve",
      "T-2:Eve",
      "T+2:Dana",
      "T-2:Dana",
      "T+2:Bram",
      "T-2:Bram",
      "R-2",
      "R+3",
      "T+3:Cole",
    ]);
    expect(orderOf(state)).toEqual(["Cole", "Eve", "Dana", "Bram"]);
  });
});
