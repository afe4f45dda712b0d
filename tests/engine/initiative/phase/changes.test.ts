import { describe, expect, it } from "vitest";
import { phaseCombatant, phaseInitiative, phaseScheduler } from "../../../../src/engine/initiative/phase/index.ts";
import { PhaseTable } from "./driver.ts";

const party = [
  { id: "ava", int: 2, agi: 1 },
  { id: "bram", int: 0, agi: 0 },
  { id: "orc", int: 1, agi: 1 },
];

/** Round 1 in the battle phase: Ava 12, Bram 10, Orc 8, Ava acting. */
function toBattle(): PhaseTable {
  const t = new PhaseTable(party);
  t.do({ type: "start" });
  t.roll({ ava: 12, bram: 10, orc: 8 });
  while (t.phase() !== "battle") t.next();
  t.events = [];
  return t;
}

const battleRest = (t: PhaseTable): string[] => {
  while (t.phase() === "battle") t.next();
  return PhaseTable.turns(t.events);
};

describe("phase rounds: defeated combatants", () => {
  it("DEF-1: a defeated creature is skipped in both lanes but keeps its place and data", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.do({ type: "defeat", combatantId: "orc" });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual(["movement:bram", "movement:ava", "battle:ava", "battle:bram"]);
    const rows = phaseScheduler.timeline(t.state).filter((r) => r.kind === "turn");
    expect(rows.map((r) => [r.combatantId, r.defeated])).toEqual([
      ["orc", true],
      ["bram", false],
      ["ava", false],
      ["ava", false],
      ["bram", false],
      ["orc", true],
    ]);
    expect(phaseCombatant(t.state, "orc")).toMatchObject({ id: "orc", int: 1, agi: 1, initiative: 8 });
  });

  it("DEF-1: a defeated creature does not roll next round; revived mid-battle it acts from its old place", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.do({ type: "defeat", combatantId: "orc" });
    while (t.phase() !== "end") t.next();
    t.next();
    expect(t.asked()).toEqual(["ava: 2d6 + 2 + 1", "bram: 2d6 + 0 + 0"]);
    t.roll({ ava: 5, bram: 9 });
    while (t.phase() !== "battle") t.next();
    t.events = [];
    // Battle round 2: Bram 9, Orc (kept 8), Ava 5. Orc is revived while Bram acts.
    t.do({ type: "revive", combatantId: "orc" });
    expect(battleRest(t)).toEqual(["battle:orc", "battle:ava"]);
  });

  it("DEF-1: revived mid-round, a creature defeated when the round began keeps its old initiative: it neither rolls nor rolls off", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.do({ type: "defeat", combatantId: "orc" });
    while (t.phase() !== "end") t.next();
    t.next();
    t.events = [];
    // Round 2: Ava rolls the 8 Orc kept; Orc is down, so nobody rolls off.
    t.roll({ ava: 8, bram: 9 });
    expect(t.asked()).toEqual([]);
    t.next(); // Orc is passed over; Ava moves
    t.do({ type: "revive", combatantId: "orc" });
    expect(t.asked()).toEqual([]);
    expect(phaseInitiative(t.state, "orc")).toBe(8);
    while (t.phase() !== "end") t.next();
    // Level on 8, Ava and Orc act in join order.
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:ava",
      "movement:bram",
      "battle:bram",
      "battle:ava",
      "battle:orc",
    ]);
  });

  it("DEF-1: a creature passed over in the movement phase while down does not move once revived and moved in the order, and acts at its new place", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.do({ type: "defeat", combatantId: "orc" });
    t.next(); // Orc is passed over; Bram moves
    t.do({ type: "revive", combatantId: "orc" });
    t.do({ type: "setInitiative", combatantId: "orc", value: 11 });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:bram",
      "movement:ava",
      "battle:ava",
      "battle:orc",
      "battle:bram",
    ]);
  });

  it("DEF-1: defeating the creature whose delay target it was lets the delayer act when that turn is skipped", () => {
    const t = toBattle();
    t.do({ type: "delay", combatantId: "ava", afterId: "orc" });
    t.do({ type: "defeat", combatantId: "orc" });
    expect(battleRest(t)).toEqual(["battle:bram", "battle:ava"]);
  });

  it("DEF-1: phase: defeated on its own battle turn, the creature a delayer waits for passes at once and the delayer acts", () => {
    const t = toBattle();
    t.do({ type: "delay", combatantId: "ava", afterId: "bram" });
    expect(t.state.current).toBe("bram");
    t.events = [];
    const events = t.do({ type: "defeat", combatantId: "bram" });
    expect(events.map((e) => e.type)).toEqual(["turnEnded", "combatantDefeated", "turnStarted"]);
    expect(t.state.current).toBe("ava");
    expect(battleRest(t)).toEqual(["battle:ava", "battle:orc"]);
  });

  it("DEF-1: phase: defeated on its own movement turn, the next creature moves at once", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.next();
    const mover = t.state.current ?? "";
    expect(mover).toBe("orc");
    expect(PhaseTable.turns(t.do({ type: "defeat", combatantId: mover }))).toEqual(["movement:bram"]);
  });
});

describe("phase rounds: changes mid-round", () => {
  it("PHS-2: a creature joining mid-battle rolls and acts in the part of the order still to come", () => {
    const t = toBattle();
    const events = t.do({ type: "join", combatant: { id: "imp", int: 0, agi: 0 } });
    expect(events).toEqual([{ type: "combatantJoined", combatantId: "imp" }]);
    expect(t.asked()).toEqual(["imp: 2d6 + 0 + 0"]);
    // 11 is above Bram's 10, so the imp acts before Bram; Ava (12) has already acted.
    t.roll({ imp: 11 });
    expect(battleRest(t)).toEqual(["battle:imp", "battle:bram", "battle:orc"]);
  });

  it("PHS-2: a mid-battle joiner tied with a creature still to act rolls off against it", () => {
    const t = toBattle();
    t.do({ type: "join", combatant: { id: "imp", int: 0, agi: 0 } });
    t.roll({ imp: 8 });
    expect(t.asked()).toEqual(["orc: 1d6", "imp: 1d6"]);
    t.roll({ orc: 2, imp: 5 });
    expect(battleRest(t)).toEqual(["battle:bram", "battle:imp", "battle:orc"]);
  });

  it("setInitiative moves a creature that has not acted, and never gives a second turn to one that has", () => {
    const t = toBattle();
    t.next(); // Ava done, Bram acting
    t.do({ type: "setInitiative", combatantId: "ava", value: 1 });
    t.do({ type: "setInitiative", combatantId: "orc", value: 20 });
    expect(battleRest(t)).toEqual(["battle:bram", "battle:orc"]);
    const ended = t.events.flatMap((e) => (e.type === "turnEnded" ? [e.combatantId] : []));
    expect(ended).toEqual(["ava", "bram", "orc"]);
  });

  it("setInitiative during the movement phase also moves the creature in the battle lane", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    t.next(); // Orc moves
    t.do({ type: "setInitiative", combatantId: "ava", value: 3 });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:orc",
      "movement:ava",
      "movement:bram",
      "battle:bram",
      "battle:orc",
      "battle:ava",
    ]);
  });

  it("a creature leaving on its own turn hands the turn to the next one", () => {
    const t = toBattle();
    expect(t.do({ type: "leave", combatantId: "ava" })).toEqual([
      { type: "combatantLeft", combatantId: "ava" },
      { type: "turnStarted", round: 1, combatantId: "bram", phase: "battle" },
    ]);
    expect(phaseScheduler.timeline(t.state).some((r) => r.combatantId === "ava")).toBe(false);
  });

  it("PHS-9: if the awaited creature leaves, its delayers act next", () => {
    const t = toBattle();
    t.do({ type: "delay", combatantId: "ava", afterId: "orc" });
    t.do({ type: "leave", combatantId: "orc" });
    expect(battleRest(t)).toEqual(["battle:bram", "battle:ava"]);
  });

  it("unknown combatants and illegal commands are typed errors", () => {
    const t = toBattle();
    expect(phaseScheduler.apply(t.state, { type: "defeat", combatantId: "nobody" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Phase.UnknownCombatant", data: { id: "nobody" } },
    });
    expect(phaseScheduler.apply(t.state, { type: "start" }).ok).toBe(false);
    expect(phaseScheduler.apply(t.state, { type: "revive", combatantId: "ava" }).ok).toBe(false);
    expect(phaseScheduler.apply(t.state, { type: "join", combatant: { id: "ava", int: 0, agi: 0 } }).ok).toBe(false);
    expect(phaseScheduler.apply(t.state, { type: "join", combatant: { id: "x", int: 0.5, agi: 0 } }).ok).toBe(false);
    expect(phaseScheduler.apply(t.state, { type: "setInitiative", combatantId: "ava", value: Number.NaN }).ok).toBe(
      false,
    );
  });
});
