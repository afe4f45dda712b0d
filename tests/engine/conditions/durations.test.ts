import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { unwrap } from "../../../src/engine/core/result.ts";
import type { CommonEvent, RulesetId } from "../../../src/engine/initiative/contract.ts";
import {
  advanceTimedEffects,
  createTimedEffect,
  type DurationClockEvent,
  type TimedEffect,
  type TimedEffectInput,
} from "../../../src/engine/conditions/durations.ts";

type Mark = { readonly round: number; readonly at: string };

/** TIME-1 round lengths written out from RULES.md (not read from the implementation). */
const ROUND_LENGTH: Readonly<Record<RulesetId, number>> = { count: 6, standard: 5, phase: 6, segment: 60, rotation: 6 };

/** A round of turns: roundStarted, then start/end for each id in order, then roundEnded. */
function round(n: number, order: string[]): CommonEvent[] {
  const events: CommonEvent[] = [{ type: "roundStarted", round: n }];
  for (const id of order)
    events.push({ type: "turnStarted", round: n, combatantId: id }, { type: "turnEnded", round: n, combatantId: id });
  events.push({ type: "roundEnded", round: n });
  return events;
}

/** Runs events and says where each effect expired: "start:A" / "end:A" / "round-start" … with the round. */
function run(effects: TimedEffect[], events: DurationClockEvent[]): Record<string, Mark[]> {
  const marks: Record<string, Mark[]> = {};
  let current: readonly TimedEffect[] = effects;
  for (const event of events) {
    const r = advanceTimedEffects(current, event);
    current = r.effects;
    for (const e of r.expired) {
      const at =
        event.type === "turnStarted"
          ? `start:${event.combatantId}`
          : event.type === "turnEnded"
            ? `end:${event.combatantId}`
            : event.type;
      (marks[e.effectId] ??= []).push({ round: e.round, at });
    }
  }
  return marks;
}

const effect = (over: Partial<TimedEffectInput>): TimedEffect =>
  unwrap(
    createTimedEffect({
      id: "bless",
      originatorId: "A",
      value: 5,
      unit: "seconds",
      boundary: "start",
      ruleset: "standard",
      round: 1,
      ...over,
    }),
  );

/** Round 1 from A's turn on (the effect is created during A's turn, after its turnStarted). */
const restOfRound1 = (): CommonEvent[] => [
  { type: "turnEnded", round: 1, combatantId: "A" },
  { type: "turnStarted", round: 1, combatantId: "B" },
  { type: "turnEnded", round: 1, combatantId: "B" },
  { type: "roundEnded", round: 1 },
];

describe("conditions: durations anchored on the originator's turns", () => {
  it("STD-5: an effect of 5 s ends at the start of the originator's next turn, 10 s one turn later", () => {
    const marks = run(
      [effect({ id: "five" }), effect({ id: "ten", value: 10 })],
      [...restOfRound1(), ...round(2, ["A", "B"]), ...round(3, ["A", "B"])],
    );
    expect(marks).toEqual({ five: [{ round: 2, at: "start:A" }], ten: [{ round: 3, at: "start:A" }] });
  });

  it("STD-5: 12 s rounds up to the turn at 15 s; 1 round in the standard ruleset equals 5 s", () => {
    const marks = run(
      [effect({ id: "twelve", value: 12 }), effect({ id: "oneRound", value: 1, unit: "rounds" })],
      [...restOfRound1(), ...round(2, ["A", "B"]), ...round(3, ["A", "B"]), ...round(4, ["A", "B"])],
    );
    expect(marks).toEqual({ twelve: [{ round: 4, at: "start:A" }], oneRound: [{ round: 2, at: "start:A" }] });
  });

  it("DUR-1: reordering and a newcomer mid-round change nothing: the originator's own turn ends the effect", () => {
    const events: CommonEvent[] = [
      ...restOfRound1(),
      { type: "roundStarted", round: 2 },
      { type: "combatantJoined", combatantId: "C" },
      { type: "initiativeSet", combatantId: "A", value: 1 },
      { type: "turnStarted", round: 2, combatantId: "C" },
      { type: "turnEnded", round: 2, combatantId: "C" },
      { type: "turnStarted", round: 2, combatantId: "B" },
      { type: "turnEnded", round: 2, combatantId: "B" },
      { type: "turnStarted", round: 2, combatantId: "A" },
    ];
    expect(run([effect({})], events)).toEqual({ bless: [{ round: 2, at: "start:A" }] });
  });

  it("DUR-1: 'until the end of its next turn' ends at the end of the originator's next turn", () => {
    const marks = run(
      [
        effect({ value: 1, unit: "rounds", boundary: "end" }),
        effect({ id: "thisTurn", value: 0, unit: "rounds", boundary: "end" }),
      ],
      [...restOfRound1(), ...round(2, ["B", "A"])],
    );
    expect(marks).toEqual({ thisTurn: [{ round: 1, at: "end:A" }], bless: [{ round: 2, at: "end:A" }] });
  });

  it("DUR-1: created by a reaction outside the originator's turn, 'end of this turn' lasts to the end of its next turn", () => {
    const marks = run(
      [effect({ value: 0, unit: "rounds", boundary: "end" })],
      [{ type: "turnEnded", round: 1, combatantId: "B" }, { type: "roundEnded", round: 1 }, ...round(2, ["A", "B"])],
    );
    expect(marks).toEqual({ bless: [{ round: 2, at: "end:A" }] });
  });

  it("STD-5: an effect made by a reaction before the originator's turn in that round counts that turn as second 0", () => {
    // Round 2: B acts first, A reacts during B's turn with a 5 s effect; A's own turn follows in round 2.
    const events: CommonEvent[] = [
      { type: "turnEnded", round: 2, combatantId: "B" },
      { type: "turnStarted", round: 2, combatantId: "A" },
      { type: "turnEnded", round: 2, combatantId: "A" },
      { type: "roundEnded", round: 2 },
      ...round(3, ["B", "A"]),
    ];
    const marks = run(
      [effect({ round: 2 }), effect({ id: "endOfTurn", value: 0, unit: "rounds", boundary: "end", round: 2 })],
      events,
    );
    expect(marks).toEqual({ endOfTurn: [{ round: 2, at: "end:A" }], bless: [{ round: 3, at: "start:A" }] });
  });

  it("DUR-1: in the phase ruleset the originator's battle turn is its turn; its movement turn does not count", () => {
    const phased = (n: number): DurationClockEvent[] => [
      { type: "roundStarted", round: n },
      { type: "turnStarted", round: n, combatantId: "A", phase: "movement" },
      { type: "turnEnded", round: n, combatantId: "A", phase: "movement" },
      { type: "turnStarted", round: n, combatantId: "A", phase: "battle" },
      { type: "turnEnded", round: n, combatantId: "A", phase: "battle" },
      { type: "roundEnded", round: n },
    ];
    // Created in round 1's movement phase: 6 s ends at the start of A's battle turn in round 2.
    const marks = run([effect({ value: 6, ruleset: "phase" })], [...phased(1), ...phased(2), ...phased(3)]);
    expect(marks).toEqual({ bless: [{ round: 2, at: "start:A" }] });
  });

  it("DUR-1: an originator who leaves mid-round hands its effects to the round clock", () => {
    const marks = run(
      [effect({ value: 10 })],
      [
        ...restOfRound1(),
        ...round(2, ["A", "B"]).slice(0, -1),
        { type: "combatantLeft", combatantId: "A" },
        { type: "roundEnded", round: 2 },
        ...round(3, ["B"]),
      ],
    );
    expect(marks).toEqual({ bless: [{ round: 3, at: "roundStarted" }] });
  });

  it("DUR-1: an originator whose turn starts twice in a round (a delay, several segment turns) is one round older, not two", () => {
    const twice = (n: number): CommonEvent[] => [
      { type: "roundStarted", round: n },
      { type: "turnStarted", round: n, combatantId: "A" },
      { type: "turnStarted", round: n, combatantId: "B" },
      { type: "turnEnded", round: n, combatantId: "B" },
      { type: "turnStarted", round: n, combatantId: "A" },
      { type: "turnEnded", round: n, combatantId: "A" },
      { type: "roundEnded", round: n },
    ];
    const marks = run(
      [effect({ value: 10 }), effect({ id: "twoTurns", value: 1, unit: "rounds", boundary: "end" })],
      [...restOfRound1(), ...twice(2), ...twice(3)],
    );
    expect(marks).toEqual({ bless: [{ round: 3, at: "start:A" }], twoTurns: [{ round: 2, at: "end:A" }] });
  });

  it("DUR-1: a defeated originator's effects follow the round clock until it is revived", () => {
    const marks = run(
      [effect({ value: 15 })],
      [
        ...restOfRound1(),
        { type: "combatantDefeated", combatantId: "A" },
        ...round(2, ["B"]), // counts as A's 1st turn
        { type: "combatantRevived", combatantId: "A" },
        ...round(3, ["B"]), // A revived but skipped its turn: nothing counts
        ...round(4, ["A", "B"]), // A's 2nd turn
        ...round(5, ["B", "A"]), // A's 3rd turn: 15 s
      ],
    );
    expect(marks).toEqual({ bless: [{ round: 5, at: "start:A" }] });
  });

  it("STD-5: a negative, non-finite or already-past duration is a typed error", () => {
    const base: TimedEffectInput = {
      id: "x",
      originatorId: "A",
      value: -5,
      unit: "seconds",
      boundary: "start",
      ruleset: "standard",
      round: 1,
    };
    expect(createTimedEffect(base)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Conditions.InvalidDuration", data: { value: "-5", unit: "seconds" } },
    });
    expect(createTimedEffect({ ...base, value: Number.POSITIVE_INFINITY }).ok).toBe(false);
    expect(createTimedEffect({ ...base, value: 0 }).ok).toBe(false);
    expect(createTimedEffect({ ...base, value: 1.5, unit: "rounds" }).ok).toBe(false);
  });

  it("DUR-1: a malformed effect (unknown ruleset, unit or boundary, a round that is not a whole number ≥ 0, no ids) is a typed error", () => {
    const base: TimedEffectInput = {
      id: "x",
      originatorId: "A",
      value: 5,
      unit: "seconds",
      boundary: "start",
      ruleset: "standard",
      round: 1,
    };
    const before = structuredClone(base);
    const bad: Partial<Record<keyof TimedEffectInput, unknown>>[] = [
      { ruleset: "chess" },
      { unit: "minutes" },
      { boundary: "middle" },
      { round: 1.5 },
      { round: -1 },
      { round: Number.NaN },
      { id: "" },
      { originatorId: "" },
    ];
    for (const over of bad) {
      const r = createTimedEffect({ ...base, ...over } as TimedEffectInput);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.key).toBe("TEMPO.ERRORS.Conditions.InvalidEffect");
    }
    expect(base).toEqual(before);
  });

  it("DUR-1: whatever the input holds, createTimedEffect answers with a Result and never throws (property)", () => {
    const arbInput = fc.oneof(
      fc.record({
        id: fc.oneof(fc.constant("e"), fc.anything()),
        originatorId: fc.oneof(fc.constant("A"), fc.anything()),
        value: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.double(), fc.anything()),
        unit: fc.oneof(fc.constantFrom("seconds", "rounds"), fc.anything()),
        boundary: fc.oneof(fc.constantFrom("start", "end"), fc.anything()),
        ruleset: fc.oneof(fc.constantFrom("count", "standard", "phase", "segment", "rotation"), fc.anything()),
        round: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.anything()),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(arbInput, (input) => {
        const r = createTimedEffect(input as TimedEffectInput);
        if (!r.ok) expect(r.error.key).toMatch(/^TEMPO\.ERRORS\.Conditions\./);
        else expect(r.value.turns).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("DUR-1: an event no effect cares about returns the very same list", () => {
    const list = [effect({})];
    expect(JSON.parse(JSON.stringify(list))).toStrictEqual(list);
    expect(advanceTimedEffects(list, { type: "turnStarted", round: 1, combatantId: "B" }).effects).toBe(list);
  });

  it("DUR-1: an event of a type durations read must carry that type's fields; a host's loosely typed one is read only when it does", () => {
    const list = [effect({ value: 1, unit: "rounds" })];
    const roundless = { type: "turnStarted", combatantId: "A" } as const;
    // @ts-expect-error: a turnStarted without its round is refused by the compiler (and ignored if it slips through)
    expect(advanceTimedEffects(list, roundless).effects).toBe(list);
    const loose: { readonly type: string; readonly [field: string]: unknown } = {
      type: "turnStarted",
      round: "2",
      combatantId: "A",
    };
    expect(advanceTimedEffects(list, loose).effects).toBe(list);
    const host: { readonly type: string; readonly [field: string]: unknown } = {
      type: "turnStarted",
      round: 2,
      combatantId: "A",
    };
    expect(advanceTimedEffects(list, host).expired).toEqual([
      { type: "effectExpired", effectId: "bless", originatorId: "A", round: 2 },
    ]);
  });

  it("DUR-1: every duration expires exactly once, on the originator's turn, whatever the order of the others", () => {
    const order = fc
      .shuffledSubarray(["B", "C", "D"])
      .chain((others) =>
        fc.integer({ min: 0, max: others.length }).map((at) => [...others.slice(0, at), "A", ...others.slice(at)]),
      );
    const ruleset = fc.constantFrom<RulesetId>("count", "standard", "phase", "segment", "rotation");
    fc.assert(
      fc.property(
        ruleset,
        fc.integer({ min: 0, max: 130 }),
        fc.constantFrom<"seconds" | "rounds">("seconds", "rounds"),
        fc.constantFrom<"start" | "end">("start", "end"),
        fc.array(order, { minLength: 32, maxLength: 32 }),
        (rs, raw, unit, boundary, orders) => {
          const value = unit === "rounds" ? raw % 30 : raw;
          const made = createTimedEffect({ id: "e", originatorId: "A", value, unit, boundary, ruleset: rs, round: 1 });
          if (!made.ok) return boundary === "start" && value === 0;
          const events = orders.flatMap((o, i) => round(i + 2, o));
          const marks = run([made.value], events)["e"] ?? [];
          // A acts every round from round 2: its N-th turn after creation is in round N + 1.
          const turns = unit === "rounds" ? value : Math.ceil(value / ROUND_LENGTH[rs]);
          const expectedRound = (boundary === "start" ? turns : Math.max(turns, 1)) + 1;
          return (
            marks.length === 1 &&
            marks[0]?.at === (boundary === "start" ? "start:A" : "end:A") &&
            marks[0]?.round === expectedRound
          );
        },
      ),
    );
  });
});
