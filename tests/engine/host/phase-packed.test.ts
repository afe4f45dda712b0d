/**
 * Issue 17: phase's stored form (initiative/phase/packed.ts): the ranking derived from the rolled
 * values, the rolled values one string per roster leaf. Every state must read back exactly; a roll all
 * at 300 creatures must write little and add an undo step under 1 KB.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packState, unpackState } from "../../../src/engine/host/stored-pack.ts";
import {
  createPhaseState,
  createStoreMemo,
  phaseScheduler,
  rulesetHost,
  settle,
  stepCombat,
  storeCombatState,
  storedFingerprint,
  updateBytes,
  type CombatStep,
  type HostCommand,
  type Json,
  type PhaseCommand,
  type PhaseState,
} from "../../../src/engine/index.ts";
import { rollsFor, seeded, step, storedEncounter, unwrapStep } from "../../support/host-encounter.ts";

/** The state read back from its stored form, through JSON as Foundry keeps it. */
const reread = (state: unknown): unknown => unpackState(JSON.parse(JSON.stringify(packState(state))) as Json);

const IDS = Array.from({ length: 40 }, (_, i) => `rt${String(i).padStart(14, "0")}`);
const id = fc.constantFrom(...IDS);

const command: fc.Arbitrary<PhaseCommand | "answer" | "current"> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<"answer">("answer") },
  { weight: 10, arbitrary: fc.constant<PhaseCommand>({ type: "next" }) },
  { weight: 2, arbitrary: fc.constant<"current">("current") },
  ...[
    id.map((x): PhaseCommand => ({ type: "join", combatant: { id: x, int: x.length % 3, agi: -1 } })),
    id.map((x): PhaseCommand => ({ type: "leave", combatantId: x })),
    id.map((x): PhaseCommand => ({ type: "defeat", combatantId: x })),
    id.map((x): PhaseCommand => ({ type: "revive", combatantId: x })),
    fc
      .tuple(id, fc.integer({ min: -40, max: 60 }))
      .map(([x, value]): PhaseCommand => ({ type: "setInitiative", combatantId: x, value })),
    id.map((x): PhaseCommand => ({ type: "seize", combatantId: x })),
  ].map((arbitrary) => ({ weight: 1, arbitrary })),
);

/** Plays `commands` from a started combat of 30 creatures (`seed`: the dice), calling `visit` with each state. */
function playSession(
  commands: readonly (PhaseCommand | "answer" | "current")[],
  seed: number,
  visit: (state: PhaseState) => void,
): void {
  const random = seeded(seed);
  const joins = IDS.slice(0, 30).map((x, i) => ({ id: x, int: i % 3, agi: (i * 7) % 4 }));
  let state = unwrapStep(phaseScheduler.apply(unwrapStep(createPhaseState(joins)), { type: "start" })).state;
  visit(state);
  for (const c of commands) {
    const given: HostCommand | null =
      c === "answer"
        ? rollsFor(phaseHost, state, random)
        : c === "current"
          ? state.current === null
            ? null
            : { type: "delay", combatantId: state.current, afterId: IDS[Math.floor(random() * 30)] ?? "" }
          : c;
    if (given === null) continue;
    const next = phaseScheduler.apply(state, given as PhaseCommand);
    if (!next.ok) continue;
    state = next.value.state;
    visit(state);
  }
}

describe("phase: the ranking and the rolled values stored packed (issue 17)", () => {
  it("PHS-2, PHS-4, DEF-1: every state of random sessions (roll-offs, seizes, joins, leaves, defeats, initiatives set) reads back exactly, key order included", () => {
    // How often the ranking was stored as runs of the derived one, and as more than one run (a creature
    // placed mid-round, a ranking kept while new totals come in).
    let derived = 0;
    let edited = 0;
    fc.assert(
      fc.property(fc.array(command, { minLength: 20, maxLength: 160 }), fc.nat(), (commands, seed) => {
        playSession(commands, seed, (state) => {
          const back = reread(state);
          expect(back).toEqual(state);
          expect(JSON.stringify(back)).toBe(JSON.stringify(state));
          const runs = (packState(state) as { ranking: { runs?: string } }).ranking.runs;
          if (runs !== undefined) derived++;
          if (runs?.includes(",") === true) edited++;
        });
      }),
      { numRuns: 40 },
    );
    expect(derived).toBeGreaterThan(50);
    expect(edited).toBeGreaterThan(0);
  }, 30_000);

  it("PHS-2, PHS-3, PHS-7, DEF-1 (issue 17): with a host and its memo kept from step to step, every state's order, stored form and fingerprint are those found afresh", () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 20, maxLength: 160 }), fc.nat(), (commands, seed) => {
        // One host and one memo for the session, as the Foundry layer keeps them per combat: the order
        // follows from the last one, a leaf's records are packed once.
        const host = rulesetHost("phase", 6);
        const memo = createStoreMemo();
        playSession(commands, seed, (state) => {
          expect(host.order(state)).toEqual(rulesetHost("phase", 6).order(state));
          const kept = storeCombatState(state, memo);
          const fresh = storeCombatState(state);
          expect(JSON.stringify(kept)).toBe(JSON.stringify(fresh));
          expect(storedFingerprint(kept, memo)).toBe(storedFingerprint(fresh));
        });
      }),
      { numRuns: 40 },
    );
  }, 30_000);

  it("DEF-1: a creature placed mid-battle behind its sorted place is stored as a few runs of the derived order, and reads back, also after a creature leaves", () => {
    const random = seeded(3);
    const joins = IDS.slice(0, 12).map((x, i) => ({ id: x, int: i % 3, agi: 0 }));
    let state = unwrapStep(phaseScheduler.apply(unwrapStep(createPhaseState(joins)), { type: "start" })).state;
    for (let i = 0; i < 200 && !(state.phase === "battle" && state.cursor >= 3); i++) {
      const given = rollsFor(phaseHost, state, random) ?? { type: "next" };
      state = unwrapStep(phaseScheduler.apply(state, given as PhaseCommand)).state;
    }
    expect(state.phase).toBe("battle");
    // The last of the battle lane now has the highest total: it acts next, not at its sorted place (passed),
    // so the ranking is no longer the derived order.
    const last = state.ranking[state.ranking.length - 1] ?? "";
    state = unwrapStep(phaseScheduler.apply(state, { type: "setInitiative", combatantId: last, value: 60 })).state;
    expect(state.ranking[state.cursor + 1]).toBe(last);
    const runs = (packState(state) as { ranking: { runs?: string } }).ranking.runs ?? "";
    expect(runs.split(",").length).toBeGreaterThan(1);
    expect(reread(state)).toEqual(state);
    // The first of the ranking leaves: the runs are taken again from the order without it.
    const left = unwrapStep(phaseScheduler.apply(state, { type: "leave", combatantId: state.ranking[0] ?? "" })).state;
    expect(reread(left)).toEqual(left);
  });

  it("PHS-2: a roll all at 300 creatures, roll-offs included, writes under 2 KB of engine state and adds an undo step under 1 KB, round after round; undo and redo are exact", () => {
    const random = seeded(7);
    const { host, stored } = storedEncounter("phase", 300);
    // The memo the Foundry layer keeps per combat (turn steps then cost what they change).
    const memo = createStoreMemo();
    const stepped = (from: CombatStep, command: HostCommand): CombatStep =>
      unwrapStep(stepCombat(host, from.stored, command, memo));
    let s = step(host, stored, { type: "start" });
    // Round 2's roll replaces round 1's values, which only its undo step keeps.
    for (let round = 1; round <= 2; round++) {
      // The roll all and every roll-off it brings, as one step (as the adapter writes it: run-command.ts).
      let state = s.state;
      for (let rolls = rollsFor(host, state, random); rolls !== null; rolls = rollsFor(host, state, random))
        state = unwrapStep(host.apply(state, rolls)).state;
      const rolled = settle(host, s.stored, s.state, { state, events: [], requests: [] }, "record", memo);
      expect((rolled.state as PhaseState).ranking).toHaveLength(300);
      expect(reread(rolled.state)).toEqual(rolled.state);
      const update = rolled.update as { engine?: Json; history?: { undo?: Json } } | null;
      expect(updateBytes(update?.engine ?? null)).toBeLessThan(2048);
      expect(updateBytes(update?.history?.undo ?? null)).toBeLessThan(1024);
      const undone = stepped(rolled, { type: "undo" });
      expect(undone.state).toEqual(s.state);
      s = stepped(undone, { type: "redo" });
      expect(s.state).toEqual(rolled.state);
      for (let i = 0; host.round(s.state) === round && i < 2000; i++) s = stepped(s, { type: "next" });
    }
  }, 60_000);
});

const phaseHost = storedEncounter("phase", 1).host;
