import { describe, expect, it } from "vitest";
import { withHistory, withHistoryState } from "../../../../src/engine/initiative/history.ts";
import {
  parseStandardState,
  standardScheduler,
  type StandardCommand,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";
import { deepFreeze } from "./laws.ts";
import { brief, nextTimes, orderOf, roll, startedWith, step } from "./fixtures.ts";

/** Bram 19, Aria 14, Cole 8, Dana 5 (round 1, Bram acting). */
function fourInRound1(): StandardState {
  const started = startedWith([
    { id: "Aria", dexBonus: 2 },
    { id: "Bram", dexBonus: 0 },
    { id: "Cole", dexBonus: 3 },
    { id: "Dana", dexBonus: 1 },
  ]);
  return roll(started.state, { Aria: 14, Bram: 19, Cole: 8, Dana: 5 }).state;
}

function details(state: StandardState): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const e of standardScheduler.timeline(state)) out[e.combatantId ?? ""] = e.detail?.key ?? null;
  return out;
}

/** The command is refused with `key` and the (frozen) state is left as it was. */
function refused(state: StandardState, command: StandardCommand, key: string): void {
  deepFreeze(state);
  const before = JSON.stringify(state);
  const result = standardScheduler.apply(state, command);
  expect(result.ok ? "applied" : result.error.key).toBe(key);
  expect(JSON.stringify(state)).toBe(before);
}

describe("standard: Delay (ruling in scheduler.ts)", () => {
  it("STD-4, Delay: the acting creature steps out without ending its turn and the next creature starts", () => {
    const delayed = step(fourInRound1(), { type: "delay", combatantId: "Bram" });
    expect(brief(delayed.events)).toEqual(["delayed:Bram", "T+1:Aria"]);
    expect(standardScheduler.current(delayed.state)).toBe("Aria");
    // Not done: it still takes its turn this round.
    const bram = standardScheduler.timeline(delayed.state).find((e) => e.combatantId === "Bram");
    expect(bram).toMatchObject({ done: false, active: false, detail: { key: "TEMPO.COMBAT.Standard.Delaying" } });
  });

  it("STD-1, Delay: `act` re-enters right after the acting creature and takes its total for later rounds", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    const acted = step(state, { type: "act", combatantId: "Bram" });
    expect(brief(acted.events)).toEqual(["delayEnded:Bram>Aria", "init:Bram=14"]);
    // Aria keeps her turn; Bram's comes when it ends.
    expect(standardScheduler.current(acted.state)).toBe("Aria");
    expect(details(acted.state).Bram).toBe("TEMPO.COMBAT.Standard.Reentering");
    state = acted.state;
    const walked = nextTimes(state, 3);
    expect(brief(walked.events)).toEqual(["T-1:Aria", "T+1:Bram", "T-1:Bram", "T+1:Cole", "T-1:Cole", "T+1:Dana"]);
    // Round 2: Bram goes right after Aria, whose total it took (STD-2 ties: it followed her).
    const round2 = nextTimes(walked.state, 1);
    expect(brief(round2.events)).toEqual(["T-1:Dana", "R-1", "R+2", "T+2:Aria"]);
    expect(orderOf(round2.state)).toEqual(["Aria", "Bram", "Cole", "Dana"]);
    expect(round2.state.combatants.Bram?.initiative).toBe(14);
  });

  it("STD-4, Delay: at the end of the round at the latest, delayed creatures re-enter in their old order", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    state = step(state, { type: "delay", combatantId: "Aria" }).state;
    const end = nextTimes(state, 2);
    expect(brief(end.events)).toEqual([
      "T-1:Cole",
      "T+1:Dana",
      "delayEnded:Bram>Dana!",
      "init:Bram=5",
      "delayEnded:Aria>Bram!",
      "init:Aria=5",
      "T-1:Dana",
      "T+1:Bram",
    ]);
    const round2 = nextTimes(end.state, 2);
    expect(brief(round2.events).slice(-3)).toEqual(["R-1", "R+2", "T+2:Cole"]);
    // Each took the place it re-entered at: Dana 5, Bram after her, Aria after Bram.
    expect(orderOf(round2.state)).toEqual(["Cole", "Dana", "Bram", "Aria"]);
  });

  it("STD-4, Delay: two creatures re-entering on one turn go in the order they said so", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    state = step(state, { type: "delay", combatantId: "Aria" }).state; // Cole acts
    state = step(state, { type: "act", combatantId: "Aria" }).state;
    state = step(state, { type: "act", combatantId: "Bram" }).state;
    const walked = nextTimes(state, 3);
    expect(brief(walked.events).filter((e) => e.startsWith("T+"))).toEqual(["T+1:Aria", "T+1:Bram", "T+1:Dana"]);
  });

  it("STD-4, Delay: the creature's turn starts twice and ends once; it cannot delay again that round", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    state = step(state, { type: "act", combatantId: "Bram" }).state;
    state = step(state, { type: "next" }).state;
    expect(standardScheduler.current(state)).toBe("Bram");
    refused(state, { type: "delay", combatantId: "Bram" }, "TEMPO.ERRORS.Standard.AlreadyDelayed");
    // Next round it may delay again.
    const round2 = nextTimes(state, 3).state;
    expect(standardScheduler.current(round2)).toBe("Aria");
    const again = nextTimes(round2, 1).state;
    expect(standardScheduler.current(again)).toBe("Bram");
    expect(brief(step(again, { type: "delay", combatantId: "Bram" }).events)).toEqual(["delayed:Bram", "T+2:Cole"]);
  });

  it("STD-4, DEF-1, Delay: illegal delays and re-entries are typed errors and change nothing", () => {
    const state = fourInRound1();
    refused(state, { type: "delay", combatantId: "Aria" }, "TEMPO.ERRORS.Standard.NotTheirTurn");
    refused(state, { type: "delay", combatantId: "Zed" }, "TEMPO.ERRORS.Standard.UnknownCombatant");
    refused(state, { type: "act", combatantId: "Aria" }, "TEMPO.ERRORS.Standard.NotDelaying");
    refused(state, { type: "act", combatantId: "Zed" }, "TEMPO.ERRORS.Standard.UnknownCombatant");
    // The last creature of the round has nobody to wait for.
    const last = nextTimes(state, 3).state;
    expect(standardScheduler.current(last)).toBe("Dana");
    refused(last, { type: "delay", combatantId: "Dana" }, "TEMPO.ERRORS.Standard.NobodyToWaitFor");
    // A defeated delayed creature cannot re-enter; it stays out until the round ends.
    let delayed = step(state, { type: "delay", combatantId: "Bram" }).state;
    delayed = step(delayed, { type: "defeat", combatantId: "Bram" }).state;
    refused(delayed, { type: "act", combatantId: "Bram" }, "TEMPO.ERRORS.Standard.CannotAct");
    const round2 = nextTimes(delayed, 3);
    expect(brief(round2.events).slice(-4)).toEqual(["R-1", "R+2", "skip2:Bram", "T+2:Aria"]);
    expect(round2.state.delayed).toEqual({});
    // Before the start nobody acts.
    const setup = startedWith([{ id: "Aria", dexBonus: 0 }]).state;
    refused(setup, { type: "delay", combatantId: "Aria" }, "TEMPO.ERRORS.Standard.NotTheirTurn");
  });

  it("STD-4, Delay: when the acting creature leaves as the round's last, delayed creatures re-enter before the round ends", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    state = nextTimes(state, 2).state; // Dana acts
    const left = step(state, { type: "leave", combatantId: "Dana" });
    // Dana is gone: Bram keeps its own total and re-enters.
    expect(brief(left.events)).toEqual(["delayEnded:Bram>-!", "T-1:Dana", "combatantLeft:Dana", "T+1:Bram"]);
    expect(left.state.combatants.Bram?.initiative).toBe(19);
  });

  it("STD-4, Delay: undo puts back exactly the state before the delay and before the re-entry", () => {
    const history = withHistory(standardScheduler);
    const before = withHistoryState(fourInRound1());
    const delayed = history.apply(before, { type: "delay", combatantId: "Bram" });
    if (!delayed.ok) throw new Error(delayed.error.key);
    const acted = history.apply(delayed.value.state, { type: "act", combatantId: "Bram" });
    if (!acted.ok) throw new Error(acted.error.key);
    const undone = history.apply(acted.value.state, { type: "undo" });
    expect(undone.ok && undone.value.state.present).toEqual(delayed.value.state.present);
    const undone2 = undone.ok ? history.apply(undone.value.state, { type: "undo" }) : undone;
    expect(undone2.ok && undone2.value.state.present).toEqual(before.present);
  });
});

describe("standard: Ready (ruling in scheduler.ts)", () => {
  it("STD-4, STD-6, Ready: the acting creature readies an action, its turn ends, and the trigger resolves it", () => {
    const state = nextTimes(fourInRound1(), 1).state; // Aria acts
    const readied = step(state, { type: "ready", combatantId: "Aria", trigger: "  when the ogre moves " });
    expect(brief(readied.events)).toEqual(["readied:Aria", "T-1:Aria", "T+1:Cole"]);
    expect(readied.state.readied.Aria).toEqual({ trigger: "when the ogre moves", round: 1 });
    const aria = standardScheduler.timeline(readied.state).find((e) => e.combatantId === "Aria");
    expect(aria?.detail).toEqual({ key: "TEMPO.COMBAT.Standard.Readied", data: { trigger: "when the ogre moves" } });
    const triggered = step(readied.state, { type: "trigger", combatantId: "Aria" });
    expect(triggered.events).toEqual([
      { type: "readyTriggered", round: 1, combatantId: "Aria", trigger: "when the ogre moves" },
    ]);
    // Outside the order: Cole still acts, and the readied action is gone.
    expect(standardScheduler.current(triggered.state)).toBe("Cole");
    refused(triggered.state, { type: "trigger", combatantId: "Aria" }, "TEMPO.ERRORS.Standard.NothingReadied");
  });

  it("STD-4, Ready: an untriggered readied action lapses when the creature's next turn starts", () => {
    let state = nextTimes(fourInRound1(), 1).state;
    state = step(state, { type: "ready", combatantId: "Aria", trigger: "if the door opens" }).state;
    const round2 = nextTimes(state, 3);
    expect(brief(round2.events)).toEqual([
      "T-1:Cole",
      "T+1:Dana",
      "T-1:Dana",
      "R-1",
      "R+2",
      "T+2:Bram",
      "T-2:Bram",
      "readyLapsed:Aria",
      "T+2:Aria",
    ]);
    expect(round2.state.readied).toEqual({});
  });

  it("STD-6, DEF-1, Ready: a defeated creature cannot trigger, and its readied action lapses when its slot is passed over", () => {
    let state = nextTimes(fourInRound1(), 1).state;
    state = step(state, { type: "ready", combatantId: "Aria", trigger: "when it charges" }).state;
    state = step(state, { type: "defeat", combatantId: "Aria" }).state;
    refused(state, { type: "trigger", combatantId: "Aria" }, "TEMPO.ERRORS.Standard.CannotReact");
    const round2 = nextTimes(state, 3);
    expect(brief(round2.events).slice(-4)).toEqual(["T-2:Bram", "skip2:Aria", "T+2:Cole", "readyLapsed:Aria"]);
    expect(round2.state.readied).toEqual({});
  });

  it("STD-6, Ready: a trigger must be 1 to 200 characters of text, and only the acting creature readies", () => {
    const state = fourInRound1();
    for (const trigger of ["", "   ", "x".repeat(201), 42, null]) {
      refused(
        state,
        { type: "ready", combatantId: "Bram", trigger } as unknown as StandardCommand,
        "TEMPO.ERRORS.Standard.InvalidTrigger",
      );
    }
    refused(state, { type: "ready", combatantId: "Aria", trigger: "now" }, "TEMPO.ERRORS.Standard.NotTheirTurn");
    refused(state, { type: "trigger", combatantId: "Zed" }, "TEMPO.ERRORS.Standard.UnknownCombatant");
    expect(
      step(state, { type: "ready", combatantId: "Bram", trigger: "x".repeat(200) }).state.readied.Bram?.trigger,
    ).toHaveLength(200);
  });
});

describe("standard: Delay and Ready in storage", () => {
  it("STD-4, Delay, Ready: a state with delays, re-entries and readied actions reads back unchanged; damaged records are named", () => {
    let state = step(fourInRound1(), { type: "delay", combatantId: "Bram" }).state;
    state = step(state, { type: "act", combatantId: "Bram" }).state;
    state = step(state, { type: "ready", combatantId: "Aria", trigger: "when the gate falls" }).state;
    const copy = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
    expect(parseStandardState(copy)).toEqual({ ok: true, value: state });
    const invalid = (field: string) => ({
      ok: false,
      error: { key: "TEMPO.ERRORS.Standard.InvalidState", data: { field } },
    });
    expect(parseStandardState({ ...copy, delayed: { Cole: 1 } })).toEqual(invalid("delayed"));
    expect(parseStandardState({ ...copy, delayed: { Zed: 1 } })).toEqual(invalid("delayed"));
    expect(parseStandardState({ ...copy, reentered: { Bram: "1" } })).toEqual(invalid("reentered"));
    expect(parseStandardState({ ...copy, delayRank: { Bram: 0.5 } })).toEqual(invalid("delayRank"));
    expect(parseStandardState({ ...copy, readied: { Aria: { trigger: "", round: 1 } } })).toEqual(invalid("readied"));
    expect(parseStandardState({ ...copy, readied: [] })).toEqual(invalid("readied"));
  });

  it("STD-4, Delay, Ready: a state stored before Delay and Ready existed reads with empty records", () => {
    const state = fourInRound1();
    const stored = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
    const older = ["delayed", "reentered", "delayRank", "readied"];
    const old = Object.fromEntries(Object.entries(stored).filter(([key]) => !older.includes(key)));
    expect(parseStandardState(old)).toEqual({ ok: true, value: state });
  });
});
