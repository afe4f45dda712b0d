import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import { withHistory, withHistoryState, type HistoryEvent } from "../../../../src/engine/initiative/history.ts";
import {
  compareSegmentEntries,
  createSegmentState,
  parseSegmentState,
  segmentCombatant,
  segmentCombatants,
  segmentRoundSchedule,
  segmentScheduler,
  segmentTimelineFor,
  type SegmentCommand,
  type SegmentDeclaration,
  type SegmentEvent,
  type SegmentState,
} from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member } from "./driver.ts";
import { soakTimeout } from "../../../support/soak-depth.ts";
import { playRandomSessions } from "../../../support/random-sessions.ts";

const IDS = ["a", "b", "c", "d", "e", "__proto__"] as const;
const GROUPS = ["red", "blue", "toString"] as const;
const id = fc.constantFrom(...IDS);

const DECLARATIONS: readonly SegmentDeclaration[] = [
  decl({ action: "melee", weaponSpeed: 4 }),
  decl({ action: "melee", weaponSpeed: 2, routines: 2 }),
  decl({ action: "missile", minors: [{ kind: "simple", takesSegment: true, beforeMajor: true }] }),
  decl({ action: "missile", delay: true }),
  decl({ action: "spell", castingTime: 3 }),
  decl({ action: "spell", castingTime: 1 }),
  decl({ action: "charge", weaponSpeed: 6 }),
  decl({ action: "flee" }),
  decl({ action: "parley" }),
  decl({ action: "other", goesFirst: true }),
  decl({ action: "complex" }),
  decl({ action: "innate", minors: [{ kind: "delaying", takesSegment: true, beforeMajor: true }] }),
  decl({ action: "none" }),
  // Refused ones: a move before the major action, a complex activity with a minor, a bad casting time.
  decl({ action: "melee", minors: [{ kind: "move", takesSegment: true, beforeMajor: true }] }),
  decl({ action: "complex", minors: [{ kind: "simple", takesSegment: false, beforeMajor: false }] }),
  decl({ action: "spell", castingTime: 0 }),
];

/** SEG-2: the turns a declaration gives in a round, worked out from the rules. */
function turnsFor(d: SegmentDeclaration): number {
  if (d.action === "parley" || d.action === "flee" || d.action === "charge" || d.goesFirst) return 1; // step 3
  if (d.action === "melee" && d.routines > 1) return 2; // steps 4 and 6
  if (d.action === "spell") return 2; // D1 target, step 7
  return 1; // step 5 (complex activities too)
}

type Action =
  | { readonly kind: "command"; readonly command: SegmentCommand }
  | { readonly kind: "answer"; readonly seeds: readonly number[] }
  | { readonly kind: "delayCurrent" }
  /** A declaration by one of the combatants present (random ids would mostly be refused). */
  | { readonly kind: "declarePresent"; readonly pick: number; readonly declaration: SegmentDeclaration };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Action>({ kind: "command", command: { type: "next" } }) },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.nat(1000), { minLength: 1, maxLength: 4 })
      .map((seeds): Action => ({ kind: "answer", seeds })),
  },
  {
    weight: 10,
    arbitrary: fc.tuple(id, fc.constantFrom(...DECLARATIONS)).map(([x, declaration]): Action => ({
      kind: "command",
      command: { type: "declare", combatantId: x, declaration },
    })),
  },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "delayCurrent" }) },
  {
    weight: 14,
    arbitrary: fc
      .tuple(fc.nat(100), fc.constantFrom(...DECLARATIONS))
      .map(([pick, declaration]): Action => ({ kind: "declarePresent", pick, declaration })),
  },
  ...(
    [
      fc
        .tuple(id, fc.constantFrom(...GROUPS))
        .map(([x, g]): SegmentCommand => ({ type: "join", combatant: member(x, g) })),
      id.map((x): SegmentCommand => ({ type: "leave", combatantId: x })),
      id.map((x): SegmentCommand => ({ type: "defeat", combatantId: x })),
      id.map((x): SegmentCommand => ({ type: "revive", combatantId: x })),
      fc
        .tuple(id, fc.integer({ min: 0, max: 7 }))
        .map(([x, value]): SegmentCommand => ({ type: "setInitiative", combatantId: x, value })),
      id.map((x): SegmentCommand => ({ type: "interrupt", combatantId: x })),
      fc.tuple(id, id).map(([x, y]): SegmentCommand => ({ type: "freeAttack", combatantId: x, targetId: y })),
      fc.tuple(id, id).map(([x, y]): SegmentCommand => ({ type: "immediateAttack", combatantId: x, targetId: y })),
      id.map((x): SegmentCommand => ({ type: "immediateSpell", combatantId: x })),
      fc
        .tuple(id, fc.boolean())
        .map(([x, delayed]): SegmentCommand => ({ type: "setDelayed", combatantId: x, delayed })),
      fc.option(id, { nil: null }).map((x): SegmentCommand => ({ type: "reveal", combatantId: x })),
      fc.constant<SegmentCommand>({ type: "start" }),
      fc.constant<SegmentCommand>({ type: "rolls", results: [{ requestId: "nope", total: 3 }] }),
    ] as const
  ).map((arbitrary) => ({ weight: 1, arbitrary: arbitrary.map((command): Action => ({ kind: "command", command })) })),
);

function toCommand(state: SegmentState, step: Action): SegmentCommand {
  if (step.kind === "command") return step.command;
  if (step.kind === "delayCurrent") return { type: "delay", combatantId: state.current ?? "a" };
  if (step.kind === "declarePresent") {
    const ids = segmentCombatants(state).map((c) => c.id);
    return {
      type: "declare",
      combatantId: ids[step.pick % Math.max(1, ids.length)] ?? "a",
      declaration: step.declaration,
    };
  }
  const results = state.rolls.map((r, i) => ({
    requestId: r.request.id,
    total: 1 + ((step.seeds[i % step.seeds.length] ?? 0) % 6),
  }));
  return { type: "rolls", results };
}

function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(hasUndefined);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasUndefined);
  return typeof value === "number" && !Number.isFinite(value);
}

/**
 * Commands that may rightly take turns away from their creature this round (it leaves, falls, gives up its
 * major action, or its casting fails): it is then only held to "never more". Setting its initiative or
 * the delayed condition, or its free attacks, only move its turns: it is still held to "exactly".
 */
const DISTURBING = new Set(["leave", "defeat", "revive", "delay", "interrupt", "immediateAttack"]);

function run(actions: readonly Action[]): void {
  const history = withHistory(segmentScheduler);
  let h = withHistoryState(unwrap(createSegmentState([member("a", "red"), member("b", "blue"), member("c", "red")])));
  const present = new Set(["a", "b", "c"]);
  let expected = new Map<string, number>();
  let undisturbed = new Set<string>();
  let ended = new Map<string, number>();

  const count = (events: readonly (SegmentEvent | HistoryEvent)[], command: SegmentCommand): void => {
    if ("combatantId" in command && command.combatantId !== null && DISTURBING.has(command.type))
      undisturbed.delete(command.combatantId);
    for (const e of events) {
      if (e.type === "stepStarted" && e.step === 3) {
        // The round's schedule is built: note what each creature may expect.
        const state = h.present;
        expected = new Map();
        ended = new Map();
        for (const c of segmentCombatants(state)) {
          const d = c.declaredRound === state.round && c.declaration !== null ? c.declaration : decl({});
          expected.set(c.id, turnsFor(d));
        }
        undisturbed = new Set(
          segmentCombatants(state)
            // SEG-10: a casting lost before the round ran (interrupted in steps 1–2) is spent as if cast.
            .filter((c) => !c.defeated && c.castingFailedRound !== state.round)
            .map((c) => c.id),
        );
      }
      if (e.type === "turnEnded") {
        const n = (ended.get(e.combatantId) ?? 0) + 1;
        ended.set(e.combatantId, n);
        // Nobody takes more turns than its declaration gives it.
        expect(n).toBeLessThanOrEqual(expected.get(e.combatantId) ?? 1);
      }
      if (e.type === "stepStarted" && e.step === 8) {
        for (const who of undisturbed) expect(ended.get(who) ?? 0).toBe(expected.get(who));
      }
      if (e.type === "castingFailed") undisturbed.delete(e.combatantId);
    }
  };

  for (const step of actions) {
    const command = toCommand(h.present, step);
    const before = JSON.stringify(h);
    const result = history.apply(h, command);
    if (!result.ok) {
      expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
      expect(JSON.stringify(h)).toBe(before);
      continue;
    }
    const previous = h;
    h = result.value.state;
    if (command.type === "join") present.add(command.combatant.id);
    if (command.type === "leave") {
      present.delete(command.combatantId);
      // DEF-1: its turns left with it. One joining later under the same id (Foundry gives a re-added
      // combatant a new document, so that is how a newcomer looks) gets only the turns still to come.
      ended.delete(command.combatantId);
      expected.delete(command.combatantId);
    }
    count(result.value.events, command);

    const state = h.present;
    // SEG-2, SEG-6: turns already taken this round (up to the cursor) stay as they were; only a creature
    // that leaves takes its own turns off the tracker.
    const was = previous.present;
    if (command.type !== "leave" && state.round === was.round && was.cursor >= 0 && state.step >= 3) {
      expect(state.schedule.slice(0, was.cursor + 1)).toEqual(was.schedule.slice(0, was.cursor + 1));
    }
    expect(hasUndefined(state)).toBe(false);
    expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
    // What the scheduler produces, stored and read back, is accepted as it is.
    expect(parseSegmentState(JSON.parse(JSON.stringify(state)))).toStrictEqual({ ok: true, value: state });
    expect(new Set(segmentCombatants(state).map((c) => c.id))).toEqual(present);
    const rows = segmentTimelineFor(state, { gm: true, combatantIds: [] });
    expect(new Set(rows.flatMap((r) => (r.combatantId === null ? [] : [r.combatantId])))).toEqual(present);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    if (state.current !== null) expect(segmentCombatant(state, state.current)).not.toBeNull();
    // The turns still to come this round are always in rule order (SEG-2 to SEG-5). A schedule kept from the
    // last round (steps 1 and 2, until the rolls settle) is not this round's: it has no turns to come.
    const turns = segmentRoundSchedule(state);
    for (let i = state.cursor + 2; i < turns.length; i++) {
      const [x, y] = [turns[i - 1], turns[i]];
      if (x !== undefined && y !== undefined) expect(compareSegmentEntries(x, y)).toBeLessThanOrEqual(0);
    }
    // Undo restores the exact earlier state (declarations included); redo gives the same state back.
    const undone = unwrap(history.apply(h, { type: "undo" })).state;
    expect(undone.present).toStrictEqual(previous.present);
    expect(unwrap(history.apply(undone, { type: "redo" })).state.present).toStrictEqual(h.present);
  }
}

describe("segment rounds: laws over random sessions", () => {
  it(
    "SEG-2, SEG-9, DEF-1: random commands keep the state plain JSON, lose nobody, and give each creature exactly its declared turns",
    () => {
      playRandomSessions(action, { kind: "command", command: { type: "start" } }, run);
    },
    soakTimeout(30_000),
  );
});
