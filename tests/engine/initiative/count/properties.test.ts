import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { withHistory, withHistoryState, type HistoryState } from "../../../../src/engine/initiative/history.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { presentCombatants } from "../../../../src/engine/initiative/count/state.ts";
import { parseCountState } from "../../../../src/engine/initiative/count/stored.ts";
import type { CountCommand, CountEvent, CountState } from "../../../../src/engine/initiative/count/types.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { encounter, run } from "./support.ts";
import { soakDepth, soakTimeout } from "../../../support/soak-depth.ts";

/** A command chosen by the generator, made concrete against the state it meets. */
type Op =
  | { readonly op: "start" | "next" | "surprise" }
  | { readonly op: "rolls"; readonly dice: readonly number[] }
  | { readonly op: "join"; readonly bonus: number }
  | {
      readonly op: "who";
      readonly what: "leave" | "defeat" | "revive" | "unconscious" | "regainConsciousness" | "markSurprised";
      readonly who: number;
    }
  | { readonly op: "set"; readonly who: number; readonly value: number }
  | {
      readonly op: "declare";
      readonly kind: number;
      readonly n: number;
      readonly level: number;
      readonly mine: boolean;
      readonly who: number;
    }
  | { readonly op: "react"; readonly kind: number; readonly who: number; readonly pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Op>({ op: "start" }) },
  { weight: 8, arbitrary: fc.constant<Op>({ op: "next" }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: "surprise" }) },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.oneof(
          { weight: 20, arbitrary: fc.integer({ min: 1, max: 20 }) },
          { weight: 1, arbitrary: fc.constantFrom(0, 21) },
        ),
        {
          minLength: 1,
          maxLength: 12,
        },
      )
      .map((dice): Op => ({ op: "rolls", dice })),
  },
  { weight: 1, arbitrary: fc.integer({ min: -1, max: 5 }).map((bonus): Op => ({ op: "join", bonus })) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        what: fc.constantFrom(
          "leave",
          "defeat",
          "revive",
          "unconscious",
          "regainConsciousness",
          "markSurprised",
        ) as fc.Arbitrary<"leave" | "defeat" | "revive" | "unconscious" | "regainConsciousness" | "markSurprised">,
        who: fc.nat(9),
      })
      .map((r): Op => ({ op: "who", ...r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ who: fc.nat(9), value: fc.integer({ min: -4, max: 21 }) })
      .map((r): Op => ({ op: "set", ...r })),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({
        kind: fc.nat(5),
        n: fc.integer({ min: 0, max: 3 }),
        level: fc.integer({ min: -1, max: 11 }),
        mine: fc.nat(4).map((n) => n > 0),
        who: fc.nat(9),
      })
      .map((r): Op => ({ op: "declare", ...r })),
  },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.nat(3), who: fc.nat(9), pick: fc.nat(9) }).map((r): Op => ({ op: "react", ...r })),
  },
);

function idAt(state: CountState, who: number): string {
  const ids = presentCombatants(state).map((c) => c.id);
  return ids.length === 0 ? "nobody" : (ids[who % ids.length] ?? "nobody");
}

const PROPERTIES = [["heavy"], ["great"], ["Thrown"], [], ["reach", "heavy"]];

function concrete(state: CountState, op: Op, joined: number): CountCommand {
  switch (op.op) {
    case "start":
    case "next":
      return { type: op.op };
    case "surprise":
      return { type: "declareSurprise", value: true };
    case "rolls":
      return {
        type: "rolls",
        // Die faces, fed back as their formula's total (a face of 0 or 21 gives a total the formula cannot roll).
        results: countScheduler
          .pending(state)
          .slice(0, op.dice.length)
          .map((r, i) => ({ requestId: r.id, total: formulaTotal(r.formula, [op.dice[i] ?? 1]) })),
      };
    case "join":
      return { type: "join", combatant: { id: `j${joined}`, bonus: op.bonus, isPlayer: false, defeated: false } };
    case "who":
      return op.what === "markSurprised"
        ? { type: "markSurprised", combatantId: idAt(state, op.who), surprised: true }
        : { type: op.what, combatantId: idAt(state, op.who) };
    case "set":
      return { type: "setInitiative", combatantId: idAt(state, op.who), value: op.value };
    case "declare": {
      const combatantId = op.mine ? (countScheduler.current(state) ?? "nobody") : idAt(state, op.who);
      const targets = Array.from({ length: op.n }, (_, i) => (i % 2 === 0 ? "t1" : null));
      const properties = PROPERTIES[op.level % PROPERTIES.length] ?? [];
      switch (op.kind) {
        case 0:
          return { type: "declare", combatantId, action: { kind: "attack", properties, targets } };
        case 1:
          return {
            type: "declare",
            combatantId,
            action: { kind: "spell", slotLevel: op.level, targets: ["t1"], origin: op.n === 3 ? "point" : null },
          };
        case 2:
          return {
            type: "declare",
            combatantId,
            action: { kind: "charged", properties, modifier: op.level, target: "t2" },
          };
        default:
          return { type: "declare", combatantId, action: { kind: "other", delay: op.level } };
      }
    }
    case "react": {
      // Mostly someone with something pending, so that reactions have work to do.
      const busy = presentCombatants(state).filter((c) => c.pending.length > 0);
      const combatantId =
        op.who % 3 !== 0 && busy.length > 0 ? (busy[op.who % busy.length]?.id ?? "nobody") : idAt(state, op.who);
      const mine = presentCombatants(state).find((c) => c.id === combatantId)?.pending ?? [];
      const actionId = mine[op.pick % Math.max(1, mine.length)]?.id ?? "a0";
      switch (op.kind) {
        case 0:
          return { type: "react", combatantId, reaction: { kind: "retarget", actionId, targets: ["t3"] } };
        case 1:
          return {
            type: "react",
            combatantId,
            reaction: { kind: "redirect", actionIds: mine.map((m) => m.id), target: "t4" },
          };
        default:
          return { type: "react", combatantId, reaction: { kind: "stopCasting" } };
      }
    }
  }
}

const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown;
function hasKey(key: string): boolean {
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

const encounterArb = fc.record({
  bonuses: fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 6 }),
  declared: fc.boolean(),
  /** Most encounters start and roll first, so the commands meet a running track. */
  opening: fc.boolean(),
  ops: fc.array(opArb, { minLength: 1, maxLength: 60 }),
});

const OPENING: readonly Op[] = [{ op: "start" }, { op: "rolls", dice: [3, 9, 14, 9, 17, 1, 20, 6, 11, 12, 5, 2] }];

const history = withHistory(countScheduler, 1000);

/** Walks a random encounter and checks every law after every command. */
function walk(bonuses: readonly number[], declared: boolean, ops: readonly Op[]): void {
  let state = encounter(
    bonuses.map((b, i) => [`c${i}`, b] as const),
    { surprise: declared ? "declared" : "automatic" },
  );
  let h: HistoryState<CountState> = withHistoryState(state);
  let joined = 0;
  const expected = new Set(bonuses.map((_, i) => `c${i}`));
  // Turns per round, and who was taken off the track during the round (left, defeated, knocked out):
  // only those may miss their turn. A creature whose initiative was set, or who watched others join,
  // leave, fall or come back, keeps exactly one turn (issue 4). CNT-14: a creature woken while its new
  // count is still ahead acts then, so it alone may have a second turn (one per waking).
  let turns = new Map<string, number>();
  let touched = new Set<string>();
  let wakings = new Map<string, number>();
  let onTrackAtStart: string[] = [];
  let round = -1;

  for (const op of ops) {
    const command = concrete(state, op, joined);
    const before = JSON.stringify(state);
    const result = countScheduler.apply(state, command);
    // Transitions never mutate their input.
    expect(JSON.stringify(state)).toBe(before);
    if (!result.ok) {
      expect(result.error.key.startsWith("TEMPO.ERRORS.Count.")).toBe(true);
      expect(hasKey(result.error.key)).toBe(true);
      continue;
    }
    const next = result.value.state;
    // State is plain JSON and round-trips exactly (no undefined, no -0, no Map), and a stored copy reads
    // back as a valid state.
    expect(JSON.parse(JSON.stringify(next))).toStrictEqual(next);
    expect(parseCountState(JSON.parse(JSON.stringify(next)))).toEqual({ ok: true, value: next });
    for (const request of result.value.requests) expect(hasKey(request.reason)).toBe(true);
    // CNT-2, CNT-5: a step asks for exactly the dice owed after it that were not owed before.
    const owedBefore = new Set(countScheduler.pending(state).map((r) => r.id));
    expect(result.value.requests).toEqual(countScheduler.pending(next).filter((r) => !owedBefore.has(r.id)));

    // Undo returns the earlier state; redo the same later state.
    const stepped = history.apply(h, command);
    if (!stepped.ok) throw new Error("history disagrees with the scheduler");
    const undone = history.apply(stepped.value.state, { type: "undo" });
    if (!undone.ok) throw new Error("undo failed");
    expect(undone.value.state.present).toStrictEqual(state);
    const redone = history.apply(undone.value.state, { type: "redo" });
    if (!redone.ok) throw new Error("redo failed");
    expect(redone.value.state.present).toStrictEqual(next);
    h = redone.value.state;

    // The timeline: unique keys, one active row exactly when someone acts (the current one), turns on
    // this round's track in non-decreasing count order up to the end step.
    const rows = countScheduler.timeline(next);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    const activeRows = rows.filter((row) => row.active && row.kind === "turn");
    const current = countScheduler.current(next);
    expect(activeRows.map((row) => row.combatantId)).toEqual(current === null ? [] : [current]);
    const boundary = rows.findIndex((row) => row.kind === "boundary");
    const positions = boundary === -1 ? [] : rows.slice(0, boundary).map((row) => row.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // No combatant is lost: exactly the joined minus the departed remain.
    if (command.type === "join") expected.add(command.combatant.id);
    if (command.type === "join") joined++;
    if (command.type === "leave") expected.delete(command.combatantId);
    expect(new Set(presentCombatants(next).map((c) => c.id))).toEqual(expected);

    const offTrack = ["leave", "defeat", "revive", "unconscious", "regainConsciousness"];
    if ("combatantId" in command && offTrack.includes(command.type)) touched.add(command.combatantId);
    if (command.type === "regainConsciousness")
      wakings.set(command.combatantId, (wakings.get(command.combatantId) ?? 0) + 1);
    for (const event of result.value.events as readonly CountEvent[]) {
      if (event.type === "roundStarted") {
        round = event.round;
        turns = new Map();
        touched = new Set();
        wakings = new Map();
        onTrackAtStart = presentCombatants(next)
          .filter((c) => !c.defeated && !c.unconscious && c.count !== null)
          .map((c) => c.id);
      }
      if (event.type === "turnStarted") {
        expect(event.round).toBe(round);
        turns.set(event.combatantId, (turns.get(event.combatantId) ?? 0) + 1);
        // Nobody repeats a turn within a round (unless woken up again, CNT-14).
        expect(turns.get(event.combatantId)).toBeLessThanOrEqual(1 + (wakings.get(event.combatantId) ?? 0));
      }
      if (event.type === "endStep" && round >= 1) {
        // Everyone able to act all round long had exactly one turn.
        for (const id of onTrackAtStart) if (!touched.has(id)) expect([id, turns.get(id) ?? 0]).toEqual([id, 1]);
      }
    }
    state = next;
  }
}

describe("count track laws (fast-check)", () => {
  it(
    "CNT-3, DEF-1: over random command sequences the laws hold after every command",
    () => {
      fc.assert(
        fc.property(encounterArb, ({ bonuses, declared, opening, ops }) =>
          walk(bonuses, declared, opening ? [...OPENING, ...OPENING.slice(1), ...ops] : ops),
        ),
        { numRuns: soakDepth(60, 2000) },
      );
    },
    soakTimeout(60_000),
  );

  it(
    "CNT-3: long runs of next with everyone rolled walk whole rounds without losing anyone",
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 8 }),
          fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 40, maxLength: 40 }),
          (bonuses, dice) => {
            const ops: Op[] = [{ op: "start" }];
            for (let i = 0; i < 4; i++) ops.push({ op: "rolls", dice: dice.slice(i * 10, i * 10 + 10) });
            for (let i = 0; i < 40; i++)
              ops.push(
                i % 3 === 0 ? { op: "declare", kind: 0, n: 2, level: i % 5, mine: true, who: 0 } : { op: "next" },
              );
            walk(bonuses, false, ops);
          },
        ),
        { numRuns: soakDepth(20, 600) },
      );
    },
    soakTimeout(60_000),
  );
});

describe("count track laws with busy tracks (fast-check)", () => {
  it(
    "CNT-6, CNT-10, CNT-12: declaring, reacting and stepping at random keeps every law",
    () => {
      const turn = fc
        .tuple(
          fc.record({
            kind: fc.nat(3),
            n: fc.integer({ min: 1, max: 3 }),
            level: fc.integer({ min: 0, max: 10 }),
            mine: fc.constant(true),
            who: fc.nat(9),
          }),
          fc.record({ kind: fc.nat(3), who: fc.nat(9), pick: fc.nat(9) }),
          fc.nat(2),
          fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 6, maxLength: 6 }),
        )
        .map(([declare, react, steps, dice]): Op[] => [
          { op: "rolls", dice },
          { op: "declare", ...declare },
          { op: "react", ...react },
          ...Array.from({ length: steps + 1 }, (): Op => ({ op: "next" })),
        ]);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 6 }),
          fc.array(turn, { minLength: 5, maxLength: 20 }),
          fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 12, maxLength: 12 }),
          (bonuses, turns, dice) =>
            walk(bonuses, false, [
              { op: "start" },
              { op: "rolls", dice },
              { op: "rolls", dice },
              { op: "rolls", dice },
              ...turns.flat(),
            ]),
        ),
        { numRuns: soakDepth(30, 1000) },
      );
    },
    soakTimeout(60_000),
  );
});

describe("untrusted commands (fast-check)", () => {
  const TYPES = [
    "start",
    "next",
    "rolls",
    "join",
    "leave",
    "defeat",
    "revive",
    "setInitiative",
    "declare",
    "react",
    "unconscious",
    "regainConsciousness",
    "markSurprised",
    "declareSurprise",
    "nope",
  ];
  const garbage = fc.oneof(
    fc.anything(),
    fc.record({ type: fc.constantFrom(...TYPES) }, { requiredKeys: ["type"] }).chain((base) =>
      fc.record({
        type: fc.constant(base.type),
        combatantId: fc.oneof(fc.constantFrom("fighter", "orc"), fc.anything()),
        value: fc.anything(),
        results: fc.oneof(fc.anything(), fc.array(fc.anything())),
        combatant: fc.anything(),
        action: fc.oneof(
          fc.anything(),
          fc.record({
            kind: fc.constantFrom("attack", "spell", "charged", "other"),
            properties: fc.anything(),
            targets: fc.anything(),
            slotLevel: fc.anything(),
            delay: fc.anything(),
            modifier: fc.anything(),
            target: fc.anything(),
            origin: fc.anything(),
          }),
        ),
        reaction: fc.oneof(
          fc.anything(),
          fc.record({
            kind: fc.constantFrom("retarget", "redirect", "stopCasting"),
            actionId: fc.anything(),
            actionIds: fc.anything(),
            targets: fc.anything(),
            target: fc.anything(),
          }),
        ),
        surprised: fc.anything(),
      }),
    ),
  );

  it(
    "CNT-6, CNT-12: whatever a client sends, the answer is a typed error or a valid step; nothing throws or changes",
    () => {
      // Two tracks: a fresh round, and one with a spell being cast and attacks pending.
      const fresh = onTrackForGarbage();
      const busy = run(fresh, [
        {
          type: "declare",
          combatantId: "fighter",
          action: { kind: "spell", slotLevel: 5, targets: ["orc"], origin: null },
        },
        { type: "next" },
        {
          type: "declare",
          combatantId: "orc",
          action: { kind: "attack", properties: ["heavy"], targets: ["fighter", "fighter"] },
        },
      ]).state;
      fc.assert(
        fc.property(garbage, fc.boolean(), (command, useBusy) => {
          const base = useBusy ? busy : fresh;
          const before = JSON.stringify(base);
          const result = countScheduler.apply(base, command as CountCommand);
          expect(JSON.stringify(base)).toBe(before);
          if (!result.ok) expect(hasKey(result.error.key)).toBe(true);
          else expect(JSON.parse(JSON.stringify(result.value.state))).toStrictEqual(result.value.state);
        }),
        { numRuns: soakDepth(600, 20000) },
      );
      // 600 commands (2,000 until session 18; 20,000 in `npm run soak`): about a second on a quiet machine.
    },
    soakTimeout(30_000),
  );
});

function onTrackForGarbage(): CountState {
  const s = encounter([
    ["fighter", 0],
    ["orc", 0],
  ]);
  const started = countScheduler.apply(s, { type: "start" });
  if (!started.ok) throw new Error(started.error.key);
  const rolled = countScheduler.apply(started.value.state, {
    type: "rolls",
    results: countScheduler
      .pending(started.value.state)
      .map((r, i) => ({ requestId: r.id, total: formulaTotal(r.formula, [4 + i * 6]) })),
  });
  if (!rolled.ok) throw new Error(rolled.error.key);
  return rolled.value.state;
}
