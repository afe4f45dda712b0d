/**
 * Issue 18 item 3: the state a Tempo combat publishes (engine/host/published.ts). In segment rounds a
 * declaration only the GM may see yet (an NPC's unrevealed one, a hidden creature's) is not in it; a
 * player's tracker shows the same from the published state as from the whole one, through a round.
 * On the count track a hidden creature's roll and pending actions are not in it, in standard rounds an
 * NPC's readied trigger and a hidden creature's total, DEX bonus and pending tie-breaker, in phase and rotation rounds a hidden creature's roll.
 * In every ruleset a hidden creature that does not act now is not in it at all (host/public-order.ts): its
 * place is the GM's secret; the order is the GM's without it, and who acts is the GM's.
 */
import { describe, expect, it } from "vitest";
import {
  createStoreMemo,
  historyIsEmpty,
  publishedCombat,
  publishedEvents,
  publishedState,
  readCombatState,
  segmentTrackerFactsOf,
  storeCombatState,
  type AnyRulesetHost,
  type HostCommand,
} from "../../../src/engine/index.ts";
import { WITHHELD_DECLARATION } from "../../../src/engine/initiative/segment/published.ts";
import type { SegmentState } from "../../../src/engine/initiative/segment/types.ts";
import type { StandardState } from "../../../src/engine/initiative/standard/state.ts";
import {
  putSegmentCombatant,
  segmentCombatant,
  segmentCombatants,
} from "../../../src/engine/initiative/segment/state.ts";
import {
  hostCombatant,
  nextCommand,
  sampleSegmentDeclaration,
  seeded,
  step,
  storedEncounter,
} from "../../support/host-encounter.ts";

const N = 30;
const ids = Array.from({ length: N }, (_, i) => hostCombatant(i).id);
/** NPCs: the creatures no player owns (every side but `pc`); hidden: every seventh. */
const gmOnly = new Set(ids.filter((_, i) => hostCombatant(i).side !== "pc"));
const hidden = new Set(ids.filter((_, i) => i % 7 === 3));
const secrecy = { gmOnly, hidden };
const player = { gm: false, combatantIds: ids.filter((_, i) => i === 1) };

/** The GM's order without the hidden creatures that do not act now: the order players may hold. */
function publicOrder(host: AnyRulesetHost, state: unknown): readonly string[] {
  const current = host.current(state);
  return host.order(state).filter((id) => id === current || !hidden.has(id));
}

/** A segment round under way: everyone who declares has declared; the round then played `steps` steps. */
function round(steps: number): { host: AnyRulesetHost; states: unknown[] } {
  const random = seeded(18);
  const { host, stored } = storedEncounter("segment", N);
  let s = step(host, stored, { type: "start" });
  ids.forEach((id, i) => {
    const declaration = sampleSegmentDeclaration(i);
    if (declaration !== null)
      s = step(host, s.stored, { type: "declare", combatantId: id, declaration } as HostCommand);
  });
  const states = [s.state];
  for (let i = 0; i < steps; i++) {
    s = step(host, s.stored, nextCommand(host, s.state, random));
    states.push(s.state);
  }
  return { host, states };
}

/**
 * The facts with the hidden creatures' records and turns left out: the tracker never draws a hidden
 * creature for a player (view/tracker/tracker-input.ts `visibleTo`).
 */
function unhidden(facts: ReturnType<typeof segmentTrackerFactsOf>): unknown {
  if (facts === null) return null;
  return {
    ...facts,
    creatures: facts.creatures.filter((c) => !hidden.has(c.id)),
    turns: facts.turns.filter((t) => !hidden.has(t.combatantId)),
  };
}

describe("the published state (issue 18 item 3)", () => {
  it("SEG-2: an NPC's unrevealed declaration and a hidden creature's are withheld; that they declared is not", () => {
    const { host, states } = round(0);
    const whole = states[0] as SegmentState;
    const published = publishedState(host, whole, secrecy) as SegmentState;
    let withheld = 0;
    ids.forEach((id) => {
      const before = segmentCombatant(whole, id);
      const after = segmentCombatant(published, id);
      // Issue 18: a hidden creature not acting now is out of the published state.
      if (hidden.has(id) && host.current(whole) !== id) return expect(after).toBeNull();
      expect(after?.declaredRound).toBe(before?.declaredRound);
      if (before?.declaration === null || before?.declaration === undefined) return;
      const secret = hidden.has(id) || (gmOnly.has(id) && !before.revealed);
      expect(after?.declaration, id).toEqual(secret ? WITHHELD_DECLARATION : before.declaration);
      if (secret) withheld++;
    });
    expect(withheld).toBeGreaterThan(2);
    expect(JSON.stringify(storeCombatState(published))).not.toContain('"castingTime":1');
    expect(JSON.stringify(storeCombatState(whole))).toContain('"castingTime":1');
  });

  it("SEG-2: through a round, the published state reads back, and a player's tracker shows from it what it shows from the whole", () => {
    const { host, states } = round(40);
    for (const state of states) {
      const published = publishedState(host, state, secrecy);
      const read = readCombatState(host, storeCombatState(published));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(host.order(read.value)).toEqual(publicOrder(host, state));
      expect(host.current(read.value)).toEqual(host.current(state));
      expect(unhidden(segmentTrackerFactsOf(host, read.value, player))).toEqual(
        unhidden(segmentTrackerFactsOf(host, state, player)),
      );
    }
  });

  it("SEG-2, issue 17: with a memo, a withheld creature the step did not change is published as the very object of the last step, and the same as without", () => {
    const { host, states } = round(0);
    const memo = createStoreMemo();
    const first = states[0] as SegmentState;
    const own = segmentCombatant(first, ids[1] ?? "");
    if (own === null) throw new Error("no creature");
    // A step that changes one creature only (its own) shares every other creature with the state before.
    const next = putSegmentCombatant(first, { ...own, revealed: !own.revealed });
    const before = segmentCombatants(publishedState(host, first, secrecy, memo) as SegmentState);
    const after = segmentCombatants(publishedState(host, next, secrecy, memo) as SegmentState);
    expect(after).toEqual(segmentCombatants(publishedState(host, next, secrecy) as SegmentState));
    const withheld = after.filter((c) => c.declaration === WITHHELD_DECLARATION);
    expect(withheld.length).toBeGreaterThan(2);
    for (const c of withheld) expect(before).toContain(c);
    // Another secrecy (the GM hid the player's creature): the nodes are looked into again.
    const hiding = { gmOnly, hidden: new Set([...hidden, ids[1] ?? ""]) };
    expect(publishedState(host, next, hiding, memo)).toEqual(publishedState(host, next, hiding));
    // Hidden now, and not acting: out of the published state (host/public-order.ts).
    expect(host.current(next)).not.toBe(ids[1]);
    expect(segmentCombatant(publishedState(host, next, hiding, memo) as SegmentState, ids[1] ?? "")).toBeNull();
  });

  it("a state that withholds nothing is published as it is; no ruleset publishes its undo history", () => {
    for (const ruleset of ["count", "standard", "phase", "rotation"] as const) {
      const { host, stored } = storedEncounter(ruleset, 6);
      const s = step(host, stored, { type: "start" });
      // Nothing rolled, declared or readied yet, and nobody hidden: nothing is withheld.
      expect(publishedState(host, s.state, { gmOnly, hidden: new Set<string>() })).toBe(s.state);
      // A hidden creature (c0003) is out of it.
      const published = publishedState(host, s.state, secrecy);
      expect(published).not.toBe(s.state);
      expect(host.order(published)).not.toContain("c0003");
      expect(historyIsEmpty(s.stored)).toBe(false);
      expect(historyIsEmpty(publishedCombat(s.stored))).toBe(true);
    }
  });
});

/** A count or standard encounter played `steps` steps from its start (every die rolled as it comes). */
function played(
  ruleset: "count" | "standard" | "phase" | "rotation",
  steps: number,
): { host: AnyRulesetHost; states: unknown[] } {
  const random = seeded(18);
  const { host, stored } = storedEncounter(ruleset, N);
  let s = step(host, stored, { type: "start" });
  const states = [s.state];
  for (let i = 0; i < steps; i++) {
    s = step(host, s.stored, nextCommand(host, s.state, random));
    states.push(s.state);
  }
  return { host, states };
}

describe("the published state of the other rulesets (issue 18 item 3)", () => {
  it("CNT-2, CNT-6: through count rounds the published state reads back in the public order and turn, without a hidden creature's count or roll but while it acts", () => {
    const { host, states } = played("count", 36);
    expect(host.round(states.at(-1))).toBeGreaterThanOrEqual(1);
    for (const state of states) {
      const read = readCombatState(host, storeCombatState(publishedState(host, state, secrecy)));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      // Core's `turn` indexes one order for every client (write-step.ts): the GM's without the hidden creatures
      // that do not act now, whose counts stay with the GM.
      // CNT-5: a hidden creature in a contest a player still rolls for stays (its leave would take the
      // player's roll away: host/public-order.ts), its result withheld.
      const playerRolls = host.pending(state).some((r) => r.combatantId !== null && !gmOnly.has(r.combatantId));
      const kept = host.order(read.value).filter((id) => hidden.has(id) && id !== host.current(state));
      if (!playerRolls) expect(kept).toEqual([]);
      expect(host.order(read.value)).toEqual(
        host.order(state).filter((id) => !hidden.has(id) || id === host.current(state) || kept.includes(id)),
      );
      expect(host.current(read.value)).toEqual(host.current(state));
      for (const id of ids) {
        const shown = host.initiative(read.value, id);
        const out = hidden.has(id) && host.current(state) !== id && !kept.includes(id);
        if (out) expect(shown, id).toBeNull();
        else if (!hidden.has(id)) expect(shown, id).toEqual(host.initiative(state, id));
      }
      const json = JSON.stringify(storeCombatState(read.value));
      for (const id of hidden) expect(json).not.toMatch(new RegExp(`"combatantId":"${id}"`));
    }
  });

  it.each(["standard", "phase", "rotation"] as const)(
    "%s (STD-1, PHS-2, ROT-1): through rounds the published state reads back in the public order and turn, a hidden creature out of it but while it acts, its total then withheld as 0",
    (ruleset) => {
      const { host, states } = played(ruleset, 36);
      expect(host.round(states.at(-1))).toBeGreaterThanOrEqual(1);
      let withheld = 0;
      for (const state of states) {
        const read = readCombatState(host, storeCombatState(publishedState(host, state, secrecy)));
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(host.order(read.value)).toEqual(publicOrder(host, state));
        expect(host.current(read.value)).toEqual(host.current(state));
        for (const id of ids) {
          const whole = host.initiative(state, id);
          const shown = host.initiative(read.value, id);
          if (hidden.has(id) && host.current(state) !== id) expect(shown, id).toBeNull();
          else if (hidden.has(id) && whole !== null) {
            expect(shown, id).toBe(0);
            withheld++;
          } else expect(shown, id).toEqual(whole);
        }
      }
      expect(withheld).toBeGreaterThan(0);
    },
  );

  it("STD-2: a hidden creature tied on total and DEX with an NPC: it and its tie-breaker are out of the published state; once the tie is settled the NPC shows no tie-breaker, as without the hidden creature", () => {
    const { host, stored } = storedEncounter("standard", 10);
    let s = step(host, stored, { type: "start" });
    // c0003 (hidden) and c0009 (an NPC) have DEX +3 (hostCombatant); both total 13, every other creature its own total.
    const tied = new Set(["c0003", "c0009"]);
    const results = host.pending(s.state).map((r, i) => ({
      requestId: r.id,
      total: tied.has(r.combatantId ?? "") ? 13 : 14 + i,
    }));
    s = step(host, s.stored, { type: "rolls", results });
    const waiting = host.pending(s.state);
    expect(waiting.map((r) => r.combatantId).sort()).toEqual(["c0003", "c0009"]);
    const hiddenOnly = { gmOnly: new Set(["c0009"]), hidden: new Set(["c0003"]) };
    const published = publishedState(host, s.state, hiddenOnly) as StandardState;
    const read = readCombatState(host, storeCombatState(published));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(host.pending(read.value)).toEqual(waiting.filter((r) => r.combatantId === "c0009"));
    expect(host.order(read.value)).toEqual(host.order(s.state).filter((id) => id !== "c0003"));
    expect((read.value as StandardState).combatants.c0003).toBeUndefined();
    expect((read.value as StandardState).combatants.c0009?.dexBonus).toBe(3);
    // The GM's whole state still holds both: the secret half is the difference (secret-store.ts).
    expect((s.state as StandardState).combatants.c0003?.dexBonus).toBe(3);
    // The tie-breakers differ: the round starts, c0009 keeps its roll in the GM's state only.
    const breaks = host.pending(s.state).map((r) => ({ requestId: r.id, total: r.combatantId === "c0003" ? 20 : 2 }));
    s = step(host, s.stored, { type: "rolls", results: breaks });
    expect(host.started(s.state)).toBe(true);
    expect((s.state as StandardState).combatants.c0009?.tieBreak).toEqual([2]);
    const after = publishedState(host, s.state, hiddenOnly) as StandardState;
    expect(after.combatants.c0009?.tieBreak).toEqual([]);
    expect(JSON.stringify(storeCombatState(after))).not.toContain("c0003");
  });

  it("STD-1: the hidden creatures' initiative rolls still to come are not published, the others' are, and still pack", () => {
    const { host, stored } = storedEncounter("standard", N);
    const s = step(host, stored, { type: "start" });
    const published = publishedState(host, s.state, secrecy) as StandardState;
    const all = (s.state as StandardState).rolls;
    expect(published.rolls).toEqual(all.filter((r) => !hidden.has(r.request.combatantId ?? "")));
    const storedRolls = (storeCombatState(published) as { rolls: unknown }).rolls;
    expect(Array.isArray(storedRolls)).toBe(false);
    expect(readCombatState(host, storeCombatState(published)).ok).toBe(true);
  });

  it("Ready: an NPC's readied trigger is published as a placeholder, a player character's as it is; the event summary withholds it too", () => {
    const { host, stored } = storedEncounter("standard", 4);
    let s = step(host, stored, { type: "start" });
    const random = seeded(18);
    const readied: string[] = [];
    for (let i = 0; i < 40 && readied.length < 2; i++) {
      const current = host.current(s.state);
      if (current !== null && !readied.includes(current)) {
        s = step(host, s.stored, { type: "ready", combatantId: current, trigger: `Zq ${current}` } as HostCommand);
        readied.push(current);
      } else s = step(host, s.stored, nextCommand(host, s.state, random));
    }
    expect(readied).toHaveLength(2);
    const npcOnly = { gmOnly: new Set([readied[0] ?? ""]), hidden: new Set<string>() };
    const json = JSON.stringify(storeCombatState(publishedState(host, s.state, npcOnly)));
    expect(json).not.toContain(`Zq ${readied[0] ?? ""}`);
    expect(json).toContain(`Zq ${readied[1] ?? ""}`);
    const event = { type: "readied", round: 1, combatantId: readied[0] ?? "", trigger: "Zq" };
    expect(JSON.stringify(publishedEvents([event], npcOnly))).not.toContain("Zq");
    const roll = { type: "initiativeRolled", combatantId: readied[0] ?? "", total: 3, count: 3 };
    expect(publishedEvents([roll], { gmOnly: new Set(), hidden: new Set([readied[0] ?? ""]) })).toEqual([]);
  });
});
