import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import { withHistory, withHistoryState, type HistoryEvent } from "../../../../src/engine/initiative/history.ts";
import {
  createPhaseState,
  parsePhaseState,
  phaseCombatant,
  phaseCombatants,
  phaseScheduler,
  type PhaseCommand,
  type PhaseEvent,
  type PhaseState,
} from "../../../../src/engine/initiative/phase/index.ts";
import { soakTimeout } from "../../../support/soak-depth.ts";
import { playRandomSessions } from "../../../support/random-sessions.ts";

const IDS = ["a", "b", "c", "d", "e", "__proto__"] as const;
const id = fc.constantFrom(...IDS);

/** A step of a random session: a command, or "answer the pending dice" with these raw seeds. */
type Action =
  | { readonly kind: "command"; readonly command: PhaseCommand }
  | { readonly kind: "answer"; readonly seeds: readonly number[]; readonly all: boolean }
  /** A battle action by whoever's turn it is (random actors would almost always be refused). */
  | { readonly kind: "current"; readonly act: "defend" | "disengage" | "delay"; readonly afterId: string };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 14, arbitrary: fc.constant<Action>({ kind: "command", command: { type: "next" } }) },
  {
    weight: 6,
    arbitrary: fc
      .record({ seeds: fc.array(fc.nat(1000), { minLength: 1, maxLength: 8 }), all: fc.boolean() })
      .map((r): Action => ({ kind: "answer", ...r })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ act: fc.constantFrom("defend" as const, "disengage" as const, "delay" as const), afterId: id })
      .map((r): Action => ({ kind: "current", ...r })),
  },
  ...(
    [
      id.map((x): PhaseCommand => ({ type: "join", combatant: { id: x, int: x.charCodeAt(0) % 3, agi: -1 } })),
      id.map((x): PhaseCommand => ({ type: "leave", combatantId: x })),
      id.map((x): PhaseCommand => ({ type: "defeat", combatantId: x })),
      id.map((x): PhaseCommand => ({ type: "revive", combatantId: x })),
      fc
        .tuple(id, fc.integer({ min: -2, max: 16 }))
        .map(([x, value]): PhaseCommand => ({ type: "setInitiative", combatantId: x, value })),
      id.map((x): PhaseCommand => ({ type: "seize", combatantId: x })),
      fc.tuple(id, id).map(([x, y]): PhaseCommand => ({ type: "delay", combatantId: x, afterId: y })),
      id.map((x): PhaseCommand => ({ type: "defend", combatantId: x })),
      id.map((x): PhaseCommand => ({ type: "disengage", combatantId: x })),
      fc.constant<PhaseCommand>({ type: "start" }),
      fc.constant<PhaseCommand>({ type: "rolls", results: [{ requestId: "nope", total: 3 }] }),
    ] as const
  ).map((arbitrary) => ({ weight: 1, arbitrary: arbitrary.map((command): Action => ({ kind: "command", command })) })),
);

/** Valid totals for the pending requests (all of them, or the first few). */
function answer(state: PhaseState, seeds: readonly number[], all: boolean): PhaseCommand {
  const pending = phaseScheduler.pending(state);
  const take = all ? pending : pending.slice(0, seeds.length);
  const results = take.map((r, i) => {
    const seed = seeds[i % seeds.length] ?? 0;
    if (r.formula === "1d6") return { requestId: r.id, total: 1 + ((seed + i) % 6) };
    const c = phaseCombatant(state, r.combatantId ?? "");
    const base = c === null ? 0 : c.int + c.agi;
    return { requestId: r.id, total: base + 2 + (seed % 11) };
  });
  return { type: "rolls", results };
}

function toCommand(state: PhaseState, step: Action): PhaseCommand {
  if (step.kind === "command") return step.command;
  if (step.kind === "answer") return answer(state, step.seeds, step.all);
  const who = state.current ?? "a";
  return step.act === "delay"
    ? { type: "delay", combatantId: who, afterId: step.afterId }
    : { type: step.act, combatantId: who };
}

function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(hasUndefined);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasUndefined);
  return typeof value === "number" && !Number.isFinite(value);
}

/** Runs a session, checking the laws after every step; returns nothing, throws on a broken law. */
function run(actions: readonly Action[]): void {
  const history = withHistory(phaseScheduler);
  let h = withHistoryState(
    unwrap(
      createPhaseState([
        { id: "a", int: 1, agi: 0 },
        { id: "b", int: 0, agi: 2 },
        { id: "c", int: 0, agi: 0 },
      ]),
    ),
  );
  const present = new Set(["a", "b", "c"]);
  // Turn bookkeeping for the round in progress.
  let eligible = new Set<string>();
  let turns = new Map<string, number>();

  const count = (events: readonly (PhaseEvent | HistoryEvent)[]): void => {
    for (const e of events) {
      if (e.type === "phaseStarted" && e.phase === "movement") {
        eligible = new Set(
          phaseCombatants(h.present)
            .filter((c) => !c.defeated)
            .map((c) => c.id),
        );
        turns = new Map();
      }
      if (e.type === "turnEnded") {
        const key = `${e.phase}:${e.combatantId}`;
        turns.set(key, (turns.get(key) ?? 0) + 1);
        // Nobody ever has two turns in the same phase of a round.
        expect(turns.get(key)).toBe(1);
      }
      if (e.type === "combatantLeft" || e.type === "combatantDefeated" || e.type === "combatantRevived")
        eligible.delete(e.combatantId);
      if (e.type === "combatantLeft") {
        // One that joins again under the same id is a newcomer: the turns of the one that left are not its.
        turns.delete(`movement:${e.combatantId}`);
        turns.delete(`battle:${e.combatantId}`);
      }
      if (e.type === "phaseStarted" && e.phase === "end") {
        // Everyone up for the whole round moved once and acted once.
        for (const who of eligible) {
          expect(turns.get(`movement:${who}`)).toBe(1);
          expect(turns.get(`battle:${who}`)).toBe(1);
        }
      }
    }
  };

  for (const step of actions) {
    const command = toCommand(h.present, step);
    const before = JSON.stringify(h);
    const result = history.apply(h, command);
    if (!result.ok) {
      // Illegal: a typed error, and nothing changed.
      expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
      expect(JSON.stringify(h)).toBe(before);
      continue;
    }
    const previous = h;
    h = result.value.state;
    // Events that concern turns are counted against the state they produced.
    count(result.value.events);
    if (command.type === "join") present.add(command.combatant.id);
    if (command.type === "leave") present.delete(command.combatantId);

    const state = h.present;
    // Plain JSON: a round trip gives the exact same state, with no undefined (or NaN) anywhere.
    expect(hasUndefined(state)).toBe(false);
    expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
    // Read back from storage, it passes the host's checks.
    expect(parsePhaseState(JSON.parse(JSON.stringify(state)))).toEqual({ ok: true, value: state });
    // No combatant lost: everyone present is in the state and on the tracker.
    const ids = new Set(phaseCombatants(state).map((c) => c.id));
    expect(ids).toEqual(present);
    const shown = new Set(
      phaseScheduler.timeline(state).flatMap((r) => (r.combatantId === null ? [] : [r.combatantId])),
    );
    expect(shown).toEqual(present);
    // The current combatant is present and up to date.
    if (state.current !== null) expect(present.has(state.current)).toBe(true);
    // Undo gives back the exact earlier state; redo the same state again.
    const undone = unwrap(history.apply(h, { type: "undo" })).state;
    expect(undone.present).toStrictEqual(previous.present);
    const redone = unwrap(history.apply(undone, { type: "redo" })).state;
    expect(redone.present).toStrictEqual(h.present);
  }
}

describe("phase rounds: laws over random sessions", () => {
  it(
    "PHS-1, PHS-2, DEF-1: random commands keep the state plain JSON, lose nobody, and give each creature one move and one action per round",
    () => {
      playRandomSessions(action, { kind: "command", command: { type: "start" } }, run);
    },
    soakTimeout(30_000),
  );

  it("PHS-3, PHS-7: a full round with no interference moves everyone lowest first and battles highest first", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 12, maxLength: 12 }), (seeds) => {
        let state = unwrap(createPhaseState(IDS.map((x) => ({ id: x, int: 0, agi: 0 }))));
        const events: PhaseEvent[] = [];
        const apply = (command: PhaseCommand): void => {
          const r = unwrap(phaseScheduler.apply(state, command));
          state = r.state;
          events.push(...r.events);
        };
        apply({ type: "start" });
        let guard = 0;
        while (phaseScheduler.pending(state).length > 0 && guard++ < 50)
          apply(answer(state, seeds.slice(guard % 6), true));
        while (state.phase !== "end") apply({ type: "next" });
        const rank = (who: string): [number, readonly number[]] => {
          const c = phaseCombatant(state, who);
          return [c?.initiative ?? 0, c?.rollOff ?? []];
        };
        const higher = (x: string, y: string): boolean => {
          const [a, ra] = rank(x);
          const [b, rb] = rank(y);
          if (a !== b) return a > b;
          for (let i = 0; i < Math.min(ra.length, rb.length); i++)
            if (ra[i] !== rb[i]) return (ra[i] ?? 0) > (rb[i] ?? 0);
          throw new Error("a tie was left unresolved");
        };
        const lane = (phase: string): string[] =>
          events.flatMap((e) => (e.type === "turnStarted" && e.phase === phase ? [e.combatantId] : []));
        const move = lane("movement");
        const battle = lane("battle");
        expect(move).toHaveLength(6);
        expect(battle).toEqual([...move].reverse());
        for (let i = 1; i < battle.length; i++) expect(higher(battle[i - 1] ?? "", battle[i] ?? "")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
