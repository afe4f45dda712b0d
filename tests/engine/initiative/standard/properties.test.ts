import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withHistory, withHistoryState, type HistoryState } from "../../../../src/engine/initiative/history.ts";
import { isSortedBy } from "../../../../src/engine/initiative/shared/round-order.ts";
import {
  compareStandardOrder,
  createStandardState,
  parseStandardState,
  standardScheduler,
  type StandardCommand,
  type StandardState,
} from "../../../../src/engine/initiative/standard/index.ts";
import { deepFreeze, expectPlainJson, TurnLedger } from "./laws.ts";

// "constructor" checks that ids never reach an object prototype.
const IDS = ["a", "b", "c", "d", "e", "constructor"] as const;
const id = fc.constantFrom(...IDS);

/** Abstract commands; `answer` is turned into a `rolls` command against whatever is pending. */
type Op =
  | { readonly op: "cmd"; readonly command: StandardCommand }
  | { readonly op: "answer"; readonly seeds: readonly number[]; readonly bad: boolean }
  | { readonly op: "undo" }
  | { readonly op: "redo" };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Op>({ op: "cmd", command: { type: "start" } }) },
  { weight: 14, arbitrary: fc.constant<Op>({ op: "cmd", command: { type: "next" } }) },
  {
    weight: 2,
    arbitrary: fc
      .record({ id, dex: fc.integer({ min: -2, max: 4 }) })
      .map<Op>(({ id, dex }) => ({ op: "cmd", command: { type: "join", combatantId: id, dexBonus: dex } })),
  },
  { weight: 1, arbitrary: id.map<Op>((c) => ({ op: "cmd", command: { type: "leave", combatantId: c } })) },
  { weight: 2, arbitrary: id.map<Op>((c) => ({ op: "cmd", command: { type: "defeat", combatantId: c } })) },
  { weight: 2, arbitrary: id.map<Op>((c) => ({ op: "cmd", command: { type: "revive", combatantId: c } })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ id, value: fc.integer({ min: 0, max: 8 }) })
      .map<Op>(({ id, value }) => ({ op: "cmd", command: { type: "setInitiative", combatantId: id, value } })),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({ seeds: fc.array(fc.nat(), { maxLength: 8 }), bad: fc.boolean() })
      .map<Op>(({ seeds, bad }) => ({ op: "answer", seeds, bad })),
  },
  { weight: 1, arbitrary: fc.constant<Op>({ op: "undo" }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: "redo" }) },
);

const scheduler = withHistory(standardScheduler);
type Command = Parameters<typeof scheduler.apply>[1];

function toCommand(o: Op, state: HistoryState<StandardState>): Command {
  if (o.op === "undo" || o.op === "redo") return { type: o.op };
  if (o.op === "cmd") return o.command;
  // Small totals on purpose (few values) so ties and tie-breakers happen often.
  const results = state.present.rolls.slice(0, Math.max(1, o.seeds.length)).map((pending, i) => {
    const seed = o.seeds[i] ?? 0;
    const span = Math.min(3, pending.max - pending.min + 1);
    return { requestId: pending.request.id, total: o.bad && i === 0 ? pending.max + 1 : pending.min + (seed % span) };
  });
  return { type: "rolls", results };
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
  it("STD-3, DEF-1: state stays plain JSON, errors change nothing, nobody is lost, one turn each per round, undo/redo is exact", () => {
    let deepest = 0;
    let turns = 0;
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 30, maxLength: 90, size: "max" }),
        fc.subarray([...IDS], { minLength: 1 }),
        (ops, initial) => {
          const created = createStandardState(initial.map((c, i) => ({ id: c, dexBonus: i % 3 })));
          if (!created.ok) throw new Error("setup");
          let state = withHistoryState(created.value);
          const members = new Set<string>(initial);
          const ledger = new TurnLedger();
          for (const o of ops) {
            deepFreeze(state);
            const before = JSON.stringify(state.present);
            const command = toCommand(o, state);
            const result = scheduler.apply(state, command);
            if (!result.ok) {
              expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
              expect(JSON.stringify(state.present)).toBe(before); // and frozen: any write would have thrown
              continue;
            }
            const next = result.value.state;
            expectPlainJson(next.present);
            // What the scheduler produces, read back from storage, is accepted as it is.
            expect(parseStandardState(JSON.parse(JSON.stringify(next.present)))).toEqual({
              ok: true,
              value: next.present,
            });
            if (command.type === "undo" || command.type === "redo") {
              ledger.reset();
              members.clear();
              for (const k of Object.keys(next.present.combatants)) members.add(k);
            } else {
              if (command.type === "join") members.add(command.combatantId);
              if (command.type === "leave") members.delete(command.combatantId);
              ledger.observe(result.value.events, () =>
                next.present.order.filter((c) => next.present.combatants[c]?.defeated === false),
              );
              // Undo then redo returns to exactly this state.
              const undone = scheduler.apply(next, { type: "undo" });
              expect(undone.ok && undone.value.state.present).toEqual(state.present);
              if (undone.ok) {
                const redone = scheduler.apply(undone.value.state, { type: "redo" });
                expect(redone.ok && redone.value.state.present).toEqual(next.present);
              }
            }
            expect(Object.keys(next.present.combatants).sort()).toEqual([...members].sort());
            checkOrder(next.present);
            if (result.value.events.some((e) => e.type === "roundStarted")) {
              // STD-1: every round starts in initiative order, whatever happened in the last one.
              const { combatants, order } = next.present;
              expect(
                isSortedBy(order, (x, y) => {
                  const cx = combatants[x];
                  const cy = combatants[y];
                  return cx && cy ? compareStandardOrder(cx, cy) : 0;
                }),
              ).toBe(true);
            }
            expect(standardScheduler.timeline(next.present).length).toBe(members.size);
            state = next;
            deepest = Math.max(deepest, next.present.round);
            turns += result.value.events.filter((e) => e.type === "turnStarted").length;
          }
        },
      ),
      { numRuns: 200 },
    );
    // The generator must reach real combats, not just errors.
    expect(deepest).toBeGreaterThanOrEqual(4);
    expect(turns).toBeGreaterThan(1000);
  }, 30_000);

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
    const states = [created.value, started.value.state];
    const field = fc.oneof(fc.anything(), fc.constantFrom("a", "b", "g1", 3, -1, 2.5, null));
    const garbage = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom("start", "next", "rolls", "join", "leave", "defeat", "revive", "setInitiative", "undo"),
        combatantId: field,
        value: field,
        results: fc.oneof(fc.anything(), fc.array(fc.record({ requestId: field, total: field }))),
        dexBonus: field,
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...states), garbage, (state, command) => {
        deepFreeze(state);
        const before = JSON.stringify(state);
        const result = standardScheduler.apply(state, command as StandardCommand);
        if (!result.ok) expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
        expect(JSON.stringify(state)).toBe(before);
        if (result.ok) expectPlainJson(result.value.state);
      }),
      { numRuns: 500 },
    );
  });
});
