import { describe, expect, it } from "vitest";
import {
  phaseAttackModifiers,
  phaseInitiative,
  phaseLane,
  phaseScheduler,
} from "../../../../src/engine/initiative/phase/index.ts";
import { PhaseTable } from "./driver.ts";

const party = [
  { id: "ava", int: 2, agi: 1 },
  { id: "bram", int: 0, agi: 0 },
  { id: "orc", int: 1, agi: 1 },
];

describe("phase rounds: the round", () => {
  it("PHS-1: a round runs Initiative, Movement, Battle, End, then the next round starts with Initiative", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8 });
    while (t.phase() !== "end") t.next();
    t.next();
    const phases = t.events.flatMap((e) => (e.type === "phaseStarted" ? [`${e.round}:${e.phase}`] : []));
    expect(phases).toEqual(["1:initiative", "1:movement", "1:battle", "1:end", "2:initiative"]);
    expect(t.events.filter((e) => e.type === "roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
  });

  it("PHS-1: the tracker shows the four phases (position = phase index) with the two lanes of turns", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    // Before the rolls everyone waits under the initiative phase.
    expect(phaseScheduler.timeline(t.state).map((r) => [r.kind, r.position, r.combatantId])).toEqual([
      ["boundary", 0, null],
      ["pending", 0, "ava"],
      ["pending", 0, "bram"],
      ["pending", 0, "orc"],
      ["boundary", 1, null],
      ["boundary", 2, null],
      ["boundary", 3, null],
    ]);
    t.roll({ ava: 10, bram: 7, orc: 8 });
    t.next();
    const rows = phaseScheduler.timeline(t.state);
    expect(rows.map((r) => [r.kind, r.position, r.combatantId, r.active, r.done])).toEqual([
      ["boundary", 0, null, false, true],
      ["boundary", 1, null, true, false],
      ["turn", 1, "bram", true, false],
      ["turn", 1, "orc", false, false],
      ["turn", 1, "ava", false, false],
      ["boundary", 2, null, false, false],
      ["turn", 2, "ava", false, false],
      ["turn", 2, "orc", false, false],
      ["turn", 2, "bram", false, false],
      ["boundary", 3, null, false, false],
    ]);
    expect(rows[1]?.label).toEqual({ key: "TEMPO.COMBAT.Phase.Movement" });
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it("PHS-2: every creature rolls 2d6 + INT + AGI at the start of every round", () => {
    const t = new PhaseTable(party);
    const started = phaseScheduler.apply(t.state, { type: "start" });
    expect(started.ok && started.value.requests.map((r) => [r.combatantId, r.formula])).toEqual([
      ["ava", "2d6 + 2 + 1"],
      ["bram", "2d6 + 0 + 0"],
      ["orc", "2d6 + 1 + 1"],
    ]);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8 });
    while (t.phase() !== "end") t.next();
    t.next();
    expect(t.state.round).toBe(2);
    expect(t.asked()).toEqual(["ava: 2d6 + 2 + 1", "bram: 2d6 + 0 + 0", "orc: 2d6 + 1 + 1"]);
  });

  it("PHS-2, DEF-1: when a round starts, creatures up show no initiative until they roll again; a defeated one keeps its own", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    expect(party.map((c) => phaseInitiative(t.state, c.id))).toEqual([null, null, null]);
    t.roll({ ava: 10, bram: 7, orc: 8 });
    expect(party.map((c) => phaseInitiative(t.state, c.id))).toEqual([10, 7, 8]);
    t.do({ type: "defeat", combatantId: "orc" });
    while (t.phase() !== "end") t.next();
    t.next();
    expect(party.map((c) => phaseInitiative(t.state, c.id))).toEqual([null, null, 8]);
    t.roll({ ava: 5 });
    expect(party.map((c) => phaseInitiative(t.state, c.id))).toEqual([5, null, 8]);
  });

  it("PHS-2: a negative modifier is written as a subtraction", () => {
    const t = new PhaseTable([{ id: "slug", int: -1, agi: 2 }]);
    t.do({ type: "start" });
    expect(t.asked()).toEqual(["slug: 2d6 - 1 + 2"]);
  });

  it("PHS-2: the movement phase cannot start while initiative rolls are missing", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 10 });
    const result = phaseScheduler.apply(t.state, { type: "next" });
    expect(result).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Phase.RollsPending", data: { count: 2 } } });
  });

  it("PHS-2: a total the dice cannot make is refused and nothing changes", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    const before = JSON.stringify(t.state);
    const [ask] = phaseScheduler.pending(t.state);
    // Bram rolls 2d6 + 0 + 0: 13 is impossible; Ava (2d6 + 3) can make 15 but not 16.
    const result = phaseScheduler.apply(t.state, { type: "rolls", results: [{ requestId: ask?.id ?? "", total: 16 }] });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error.key).toBe("TEMPO.ERRORS.Phase.InvalidRoll");
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it("PHS-3, PHS-7: lowest initiative moves first, highest acts first in battle", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8 });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:bram",
      "movement:orc",
      "movement:ava",
      "battle:ava",
      "battle:orc",
      "battle:bram",
    ]);
  });

  it("PHS-3, PHS-7: moving on ends the current turn before the next one starts, across the phase boundary", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8 });
    t.next();
    t.next();
    t.next();
    expect(t.next()).toEqual([
      { type: "turnEnded", round: 1, combatantId: "ava", phase: "movement" },
      { type: "phaseStarted", round: 1, phase: "battle" },
      { type: "turnStarted", round: 1, combatantId: "ava", phase: "battle" },
    ]);
  });

  it("PHS-12: the end phase says saves are due for every creature still up", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8 });
    t.do({ type: "defeat", combatantId: "orc" });
    let last: ReturnType<PhaseTable["next"]> = [];
    while (t.phase() !== "end") last = t.next();
    expect(last).toEqual([
      { type: "turnEnded", round: 1, combatantId: "bram", phase: "battle" },
      { type: "phaseStarted", round: 1, phase: "end" },
      { type: "savesDue", combatantId: "ava", round: 1 },
      { type: "savesDue", combatantId: "bram", round: 1 },
    ]);
    expect(phaseScheduler.current(t.state)).toBeNull();
  });
});

describe("phase rounds: ties", () => {
  it("PHS-2: tied creatures roll d6 roll-offs until each has its own place", () => {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 9, bram: 9, orc: 9 });
    expect(t.asked()).toEqual(["ava: 1d6", "bram: 1d6", "orc: 1d6"]);
    // Orc is beaten; Ava and Bram are still level and roll again.
    t.roll({ ava: 4, bram: 4, orc: 2 });
    expect(t.asked()).toEqual(["ava: 1d6", "bram: 1d6"]);
    const blocked = phaseScheduler.apply(t.state, { type: "next" });
    expect(blocked.ok).toBe(false);
    t.roll({ ava: 3, bram: 5 });
    expect(t.asked()).toEqual([]);
    while (t.phase() !== "end") t.next();
    // The roll-off winner counts as the higher initiative: it moves later and acts earlier.
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:orc",
      "movement:ava",
      "movement:bram",
      "battle:bram",
      "battle:ava",
      "battle:orc",
    ]);
  });

  it("PHS-2: only the tied creatures roll off; the others keep their places", () => {
    const t = new PhaseTable([...party, { id: "imp", int: 0, agi: 0 }]);
    t.do({ type: "start" });
    t.roll({ ava: 9, bram: 6, orc: 9, imp: 3 });
    expect(t.asked()).toEqual(["ava: 1d6", "orc: 1d6"]);
    t.roll({ ava: 2, orc: 6 });
    t.next();
    expect(phaseLane(t.state, "battle")).toEqual(["orc", "ava", "bram", "imp"]);
    expect(phaseLane(t.state, "movement")).toEqual(["imp", "bram", "ava", "orc"]);
  });
});

describe("phase rounds: seizing the initiative", () => {
  const four = [...party, { id: "gob", int: 0, agi: 0 }];

  it("PHS-4: seizers move first (lowest first) and act last in battle (highest first)", () => {
    const t = new PhaseTable(four);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8, gob: 5 });
    t.do({ type: "seize", combatantId: "ava" });
    t.do({ type: "seize", combatantId: "orc" });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual([
      "movement:orc",
      "movement:ava",
      "movement:gob",
      "movement:bram",
      "battle:bram",
      "battle:gob",
      "battle:ava",
      "battle:orc",
    ]);
  });

  it("PHS-4: attacks against a seizer have 1 source of advantage until the end of the round", () => {
    const t = new PhaseTable(four);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8, gob: 5 });
    t.do({ type: "seize", combatantId: "ava" });
    expect(phaseScheduler.apply(t.state, { type: "seize", combatantId: "ava" }).ok).toBe(false);
    while (t.phase() !== "end") t.next();
    expect(phaseAttack(t, "bram", "ava")).toEqual({ advantage: 1, disadvantage: 0 });
    expect(phaseAttack(t, "ava", "bram")).toEqual({ advantage: 0, disadvantage: 0 });
    t.next();
    expect(phaseAttack(t, "bram", "ava")).toEqual({ advantage: 0, disadvantage: 0 });
  });

  it("PHS-4: once the movement phase has begun it is too late to seize", () => {
    const t = new PhaseTable(four);
    t.do({ type: "start" });
    t.roll({ ava: 10, bram: 7, orc: 8, gob: 5 });
    t.next();
    const result = phaseScheduler.apply(t.state, { type: "seize", combatantId: "ava" });
    expect(result).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Phase.SeizeTooLate", data: { id: "ava" } } });
  });
});

function phaseAttack(t: PhaseTable, attacker: string, target: string): { advantage: number; disadvantage: number } {
  return phaseAttackModifiers(t.state, attacker, target);
}

describe("phase rounds: battle actions", () => {
  /** Round 1 up to the battle phase with Ava 12, Bram 10, Orc 8: battle order Ava, Bram, Orc. */
  function toBattle(): PhaseTable {
    const t = new PhaseTable(party);
    t.do({ type: "start" });
    t.roll({ ava: 12, bram: 10, orc: 8 });
    while (t.phase() !== "battle") t.next();
    t.events = [];
    return t;
  }

  it("PHS-9: a delayer acts right after the creature it named has finished its turn", () => {
    const t = toBattle();
    expect(t.do({ type: "delay", combatantId: "ava", afterId: "orc" })).toEqual([
      { type: "delayed", round: 1, combatantId: "ava", afterId: "orc" },
      { type: "turnStarted", round: 1, combatantId: "bram", phase: "battle" },
    ]);
    t.next();
    expect(t.next()).toEqual([
      { type: "turnEnded", round: 1, combatantId: "orc", phase: "battle" },
      { type: "turnStarted", round: 1, combatantId: "ava", phase: "battle" },
    ]);
    t.next();
    expect(t.phase()).toBe("end");
    expect(
      t.events.filter((e) => e.type === "turnEnded").map((e) => (e.type === "turnEnded" ? e.combatantId : "")),
    ).toEqual(["bram", "orc", "ava"]);
  });

  it("PHS-9: you cannot delay until after a creature that has already started its turn", () => {
    const t = toBattle();
    t.next();
    const result = phaseScheduler.apply(t.state, { type: "delay", combatantId: "bram", afterId: "ava" });
    expect(result).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Phase.InvalidDelayTarget", data: { id: "bram", afterId: "ava" } },
    });
    expect(phaseScheduler.apply(t.state, { type: "delay", combatantId: "orc", afterId: "bram" }).ok).toBe(false);
  });

  it("PHS-9: delays chain: Ava waits for Bram, Bram then waits for Orc, so Orc, Bram, Ava", () => {
    const t = toBattle();
    t.do({ type: "delay", combatantId: "ava", afterId: "bram" });
    t.do({ type: "delay", combatantId: "bram", afterId: "orc" });
    while (t.phase() !== "end") t.next();
    expect(PhaseTable.turns(t.events)).toEqual(["battle:bram", "battle:orc", "battle:bram", "battle:ava"]);
  });

  it("PHS-9: the tracker shows the delayer after the creature it waits for", () => {
    const t = toBattle();
    t.do({ type: "delay", combatantId: "ava", afterId: "orc" });
    const battle = phaseScheduler
      .timeline(t.state)
      .filter((r) => r.kind === "turn" && r.position === 2)
      .map((r) => [r.combatantId, r.active, r.detail?.key ?? null]);
    expect(battle).toEqual([
      ["bram", true, null],
      ["orc", false, null],
      ["ava", false, "TEMPO.COMBAT.Phase.Delaying"],
    ]);
    // Once everyone has acted, the lane still shows the order the turns really happened in.
    while (t.phase() !== "end") t.next();
    const after = phaseScheduler
      .timeline(t.state)
      .filter((r) => r.kind === "turn" && r.position === 2)
      .map((r) => [r.combatantId, r.done]);
    expect(after).toEqual([
      ["bram", true],
      ["orc", true],
      ["ava", true],
    ]);
  });

  it("PHS-10: attacks against a defender have 1 source of disadvantage until its next turn starts", () => {
    const t = toBattle();
    t.next();
    t.do({ type: "defend", combatantId: "bram" });
    expect(phaseAttack(t, "orc", "bram")).toEqual({ advantage: 0, disadvantage: 1 });
    expect(phaseScheduler.apply(t.state, { type: "disengage", combatantId: "bram" }).ok).toBe(false);
    while (t.phase() !== "initiative") t.next();
    expect(phaseAttack(t, "orc", "bram")).toEqual({ advantage: 0, disadvantage: 1 });
    // Round 2: Bram moves second (Orc 5, Bram 6, Ava 9); its movement turn ends the defence.
    t.roll({ ava: 9, bram: 6, orc: 5 });
    t.next();
    expect(phaseScheduler.current(t.state)).toBe("orc");
    expect(phaseAttack(t, "orc", "bram")).toEqual({ advantage: 0, disadvantage: 1 });
    t.next();
    expect(phaseScheduler.current(t.state)).toBe("bram");
    expect(phaseAttack(t, "orc", "bram")).toEqual({ advantage: 0, disadvantage: 0 });
  });

  it("PHS-11: a disengaged creature's own attacks have 1 source of disadvantage until the end of the next round", () => {
    const t = toBattle();
    t.do({ type: "disengage", combatantId: "ava" });
    expect(phaseAttack(t, "ava", "orc")).toEqual({ advantage: 0, disadvantage: 1 });
    expect(phaseAttack(t, "orc", "ava")).toEqual({ advantage: 0, disadvantage: 0 });
    while (t.phase() !== "initiative") t.next();
    t.roll({ ava: 9, bram: 6, orc: 5 });
    while (t.phase() !== "end") t.next();
    expect(t.state.round).toBe(2);
    expect(phaseAttack(t, "ava", "orc")).toEqual({ advantage: 0, disadvantage: 1 });
    t.next();
    expect(t.state.round).toBe(3);
    expect(phaseAttack(t, "ava", "orc")).toEqual({ advantage: 0, disadvantage: 0 });
  });

  it("PHS-7: only the creature whose turn it is takes a battle action, and only one per turn", () => {
    const t = toBattle();
    expect(phaseScheduler.apply(t.state, { type: "defend", combatantId: "bram" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Phase.NotYourTurn", data: { id: "bram" } },
    });
    t.do({ type: "defend", combatantId: "ava" });
    expect(phaseScheduler.apply(t.state, { type: "delay", combatantId: "ava", afterId: "orc" }).ok).toBe(false);
  });
});
