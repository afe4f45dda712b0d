import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSortedBy } from "../../../../src/engine/initiative/shared/round-order.ts";
import {
  compareStandardOrder,
  createStandardState,
  parseStandardState,
  standardScheduler,
  type StandardCommand,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";
import { checkMalformedCommands, linearOps, walkLinearLaws } from "../shared/linear-laws.ts";
import { soakDepth, soakTimeout } from "../../../support/soak-depth.ts";

// "constructor" checks that ids never reach an object prototype.
const IDS = ["a", "b", "c", "d", "e", "constructor"] as const;
const id = fc.constantFrom(...IDS);

const common = linearOps(
  id,
  {
    weight: 2,
    arbitrary: fc
      .record({ id, dex: fc.integer({ min: -2, max: 4 }) })
      .map<StandardCommand>(({ id, dex }) => ({ type: "join", combatantId: id, dexBonus: dex })),
  },
  8,
);

/** Delay and Ready (scheduler.ts rulings); a delay is legal only for the acting creature, so it comes often. */
const delayReady = fc
  .oneof(
    { weight: 3, arbitrary: id.map<StandardCommand>((c) => ({ type: "delay", combatantId: c })) },
    { weight: 2, arbitrary: id.map<StandardCommand>((c) => ({ type: "act", combatantId: c })) },
    {
      weight: 3,
      arbitrary: fc
        .record({ id, trigger: fc.constantFrom("when it moves", "when it moves", "") })
        .map<StandardCommand>(({ id, trigger }) => ({ type: "ready", combatantId: id, trigger })),
    },
    { weight: 4, arbitrary: id.map<StandardCommand>((c) => ({ type: "trigger", combatantId: c })) },
  )
  .map((command) => ({ op: "cmd" as const, command }));

const op = fc.oneof({ weight: 4, arbitrary: common }, { weight: 1, arbitrary: delayReady });

/** Delay: a delayed creature's slot has passed this round and it is not acting; at a round start nobody is delayed. */
function checkDelays(state: StandardState, roundStarted: boolean): void {
  for (const delayed of Object.keys(state.delayed)) {
    const at = state.order.indexOf(delayed);
    expect(at, `${delayed} delayed`).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(state.turnIndex);
  }
  if (roundStarted) expect(state.delayed).toEqual({});
}

function checkOrder(state: StandardState): void {
  const ids = Object.keys(state.combatants);
  for (const [key, c] of Object.entries(state.combatants)) expect(c.id).toBe(key);
  if (state.status !== "running") {
    expect(state.order).toEqual([]);
    return;
  }
  // Running: the order holds exactly the creatures that have a total, once each.
  const withTotal = ids.filter((i) => state.combatants[i]?.initiative !== null).sort();
  expect([...state.order].sort()).toEqual(withTotal);
  expect(state.turnIndex).toBeGreaterThanOrEqual(0);
  expect(state.turnIndex).toBeLessThanOrEqual(state.order.length);
}

describe("standard: laws over random command sequences", () => {
  it(
    "STD-3, DEF-1, Delay, Ready: state stays plain JSON, errors change nothing, nobody is lost, one turn each per round, undo/redo is exact",
    () => {
      let deepest = 0;
      let turns = 0;
      let delays = 0;
      let readies = 0;
      fc.assert(
        fc.property(
          fc.array(op, { minLength: 40, maxLength: 110, size: "max" }),
          fc.subarray([...IDS], { minLength: 1 }),
          (ops, initial) => {
            const created = createStandardState(initial.map((c, i) => ({ id: c, dexBonus: i % 3 })));
            if (!created.ok) throw new Error("setup");
            walkLinearLaws(
              standardScheduler,
              parseStandardState,
              created.value,
              ops,
              (pending) => pending.max + 1,
              ({ next, events, members }) => {
                checkOrder(next);
                const roundStarted = events.some((e) => e.type === "roundStarted");
                checkDelays(next, roundStarted);
                if (roundStarted) {
                  // STD-1: every round starts in initiative order (delay ranks included), whatever happened in the last one.
                  const { combatants, order, delayRank } = next;
                  expect(
                    isSortedBy(order, (x, y) => {
                      const cx = combatants[x];
                      const cy = combatants[y];
                      return cx && cy ? compareStandardOrder(cx, cy, delayRank) : 0;
                    }),
                  ).toBe(true);
                }
                delays += events.filter((e) => e.type === "delayEnded").length;
                readies += events.filter((e) => e.type === "readied").length;
                expect(standardScheduler.timeline(next).length).toBe(members.size);
                deepest = Math.max(deepest, next.round);
                turns += events.filter((e) => e.type === "turnStarted").length;
              },
            );
          },
        ),
        // A fixed seed, so the floors below do not hold by chance (see rotation/properties.test.ts). 120 runs
        // (200 until session 18) reach 24 rounds, 1,438 turns, 10 delays and 15 readied actions; `npm run soak`
        // plays 2,000.
        { numRuns: soakDepth(120, 2000), seed: 17 },
      );
      // The generator must reach real combats, not just errors.
      expect(deepest).toBeGreaterThanOrEqual(4);
      expect(turns).toBeGreaterThan(1000);
      // …and real delays and readied actions (a trigger needs its creature's readied action still kept: rarer).
      expect(delays).toBeGreaterThan(4);
      expect(readies).toBeGreaterThan(10);
    },
    soakTimeout(30_000),
  );

  it("STD-1: once every roll is in and the order is walked a full round, each creature that can act acts once, highest first", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.string({ minLength: 1, maxLength: 4 }).filter((x) => x !== "__proto__"),
            dex: fc.integer({ min: -1, max: 5 }),
            total: fc.integer({ min: 1, max: 20 }),
          }),
          { selector: (c) => c.id, minLength: 1, maxLength: 12 },
        ),
        (creatures) => {
          const created = createStandardState(
            creatures.map((c) => ({ id: c.id, dexBonus: c.dex, initiative: c.total + c.dex })),
          );
          if (!created.ok || Object.keys(created.value.combatants).length === 0) return;
          let result = standardScheduler.apply(created.value, { type: "start" });
          let tie = 1;
          while (result.ok && result.value.state.status === "rolling") {
            const pending = standardScheduler.pending(result.value.state);
            result = standardScheduler.apply(result.value.state, {
              type: "rolls",
              results: pending.map((r) => ({ requestId: r.id, total: (tie++ % 20) + 1 })),
            });
          }
          if (!result.ok) throw new Error(result.error.key);
          const state = result.value.state;
          // Walk one whole round and collect who acts, without reading the scheduler's order.
          let s = state;
          const seen: string[] = [standardScheduler.current(s) ?? ""];
          for (let i = 1; i < creatures.length; i++) {
            const t = standardScheduler.apply(s, { type: "next" });
            if (!t.ok) throw new Error(t.error.key);
            s = t.value.state;
            seen.push(standardScheduler.current(s) ?? "");
          }
          expect([...seen].sort()).toEqual(creatures.map((c) => c.id).sort());
          // STD-1 higher total first; STD-2 equal totals: higher DEX first, then the higher kept tie-breaker.
          const input = new Map(creatures.map((c) => [c.id, c]));
          for (let i = 1; i < seen.length; i++) {
            const a = input.get(seen[i - 1] ?? "");
            const b = input.get(seen[i] ?? "");
            if (a === undefined || b === undefined) throw new Error("unknown creature");
            const totalA = a.total + a.dex;
            const totalB = b.total + b.dex;
            if (totalA !== totalB) expect(totalA).toBeGreaterThan(totalB);
            else if (a.dex !== b.dex) expect(a.dex).toBeGreaterThan(b.dex);
            else {
              const ta = state.combatants[a.id]?.tieBreak ?? [];
              const tb = state.combatants[b.id]?.tieBreak ?? [];
              const k = ta.findIndex((v, j) => v !== tb[j]);
              expect(k, `${a.id} and ${b.id} separated by a tie-breaker`).toBeGreaterThanOrEqual(0);
              expect(ta[k]).toBeGreaterThan(tb[k] ?? 0);
            }
          }
        },
      ),
    );
  });

  it("STD-2: the order is total and transitive, also while a tie-breaker is still being rolled", () => {
    const combatant = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      dexBonus: fc.integer({ min: 0, max: 1 }),
      initiative: fc.constantFrom(null, 2, 3),
      tieBreak: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
      defeated: fc.constant(false),
    });
    fc.assert(
      fc.property(combatant, combatant, combatant, (x, y, z) => {
        const sign = (n: number): number => Math.sign(n) + 0;
        expect(sign(compareStandardOrder(x, y))).toBe(sign(-compareStandardOrder(y, x)));
        if (compareStandardOrder(x, y) <= 0 && compareStandardOrder(y, z) <= 0)
          expect(compareStandardOrder(x, z)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("malformed commands never throw: a typed error and an unchanged state, or a legal transition", () => {
    const created = createStandardState([
      { id: "a", dexBonus: 1, initiative: 12 },
      { id: "b", dexBonus: 0, initiative: null },
    ]);
    if (!created.ok) throw new Error("setup");
    const started = standardScheduler.apply(created.value, { type: "start" });
    if (!started.ok) throw new Error("start");
    const rolled = standardScheduler.apply(started.value.state, {
      type: "rolls",
      results: standardScheduler.pending(started.value.state).map((r) => ({ requestId: r.id, total: 5 })),
    });
    if (!rolled.ok) throw new Error("rolls");
    // Round 1: "a" (12) delays, "b" readies an action, and the round's end brings "a" back.
    const delayed = standardScheduler.apply(rolled.value.state, { type: "delay", combatantId: "a" });
    if (!delayed.ok) throw new Error(delayed.error.key);
    const readied = standardScheduler.apply(delayed.value.state, { type: "ready", combatantId: "b", trigger: "t" });
    if (!readied.ok) throw new Error(readied.error.key);
    const states = [created.value, started.value.state, delayed.value.state, readied.value.state];
    checkMalformedCommands(standardScheduler, states, ["dexBonus", "trigger"], ["delay", "act", "ready", "trigger"]);
  });
});
