import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { unwrap, type Result } from "../../../src/engine/core/result.ts";
import type { CommonEvent } from "../../../src/engine/initiative/contract.ts";
import type { ActionEconomy } from "../../../src/engine/actions/economy.ts";
import {
  standardActions,
  standardEconomy,
  standardReactionLeft,
  type StandardActionKind,
  type StandardActions,
} from "../../../src/engine/actions/standard-actions.ts";
import { countActions, countEconomy } from "../../../src/engine/actions/count-actions.ts";
import { phaseActions, phaseEconomy } from "../../../src/engine/actions/phase-actions.ts";
import {
  rotationActions,
  rotationEconomy,
  rotationPlanningActions,
  spendRotationTask,
  type RotationActions,
} from "../../../src/engine/actions/rotation-actions.ts";
import { segmentActions, segmentEconomy, type SegmentActions } from "../../../src/engine/actions/segment-actions.ts";
import { ACTION_ECONOMIES, INITIAL_ACTIONS } from "../../../src/engine/actions/economies.ts";
import type { RotationEvent } from "../../../src/engine/initiative/rotation/scheduler.ts";

const started = (combatantId: string, round = 1): CommonEvent => ({ type: "turnStarted", round, combatantId });
const ended = (combatantId: string, round = 1): CommonEvent => ({ type: "turnEnded", round, combatantId });
const left = <S, K extends string, C>(economy: ActionEconomy<S, K, C>, state: S): Record<string, number | null> =>
  Object.fromEntries(economy.remaining(state).map((r) => [r.kind, r.left]));
const spendAll = <S, K extends string, C>(economy: ActionEconomy<S, K, C>, state: S, kinds: K[]): Result<S> => {
  let current = state;
  for (const kind of kinds) {
    const r = economy.spend(current, kind);
    if (!r.ok) return r;
    current = r.value;
  }
  return { ok: true, value: current };
};

describe("actions: standard", () => {
  const onTurn = standardEconomy.observe(standardActions(false), started("a"), "a");

  it("STD-6: on its turn, an Action, a Quick Action and an Interaction in any order, once each", () => {
    const done = unwrap(spendAll(standardEconomy, onTurn, ["interaction", "action", "quickAction"]));
    expect(left(standardEconomy, done)).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    expect(standardEconomy.spend(done, "action")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft", data: { kind: "action" } },
    });
  });

  it("STD-6: the Reaction is spent outside the turn and comes back at the start of the creature's turn", () => {
    expect(standardEconomy.spend(onTurn, "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OutsideTurnOnly" },
    });
    const after = standardEconomy.observe(onTurn, ended("a"), "a");
    expect(standardEconomy.spend(after, "action")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NotYourTurn", data: { kind: "action" } },
    });
    const reacted = unwrap(standardEconomy.spend(after, "reaction"));
    expect(standardEconomy.spend(reacted, "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    // Another creature's turn does not refresh it; its own does.
    expect(standardEconomy.observe(reacted, started("b"), "a")).toBe(reacted);
    expect(left(standardEconomy, standardEconomy.observe(reacted, started("a", 2), "a")).reaction).toBe(1);
  });

  it("STD-6, Delay: delaying closes the turn's actions (the Reaction stays); re-entering starts them afresh", () => {
    const spent = unwrap(standardEconomy.spend(onTurn, "action"));
    const delayed = standardEconomy.observe(spent, { type: "delayed", round: 1, combatantId: "a" }, "a");
    expect(left(standardEconomy, delayed)).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    expect(standardEconomy.spend(delayed, "quickAction")).toMatchObject({ ok: false });
    // Another creature's delay changes nothing.
    expect(standardEconomy.observe(spent, { type: "delayed", round: 1, combatantId: "b" }, "a")).toBe(spent);
    const reentered = standardEconomy.observe(delayed, started("a"), "a");
    expect(left(standardEconomy, reentered)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
  });

  it("STD-6, Ready: a readied action that triggers spends the Reaction; with none left a trigger is refused", () => {
    const after = standardEconomy.observe(onTurn, ended("a"), "a");
    expect(standardReactionLeft(after)).toEqual({ ok: true, value: true });
    const fired = { type: "readyTriggered", round: 1, combatantId: "a", trigger: "when it moves" } as const;
    const triggered = standardEconomy.observe(after, fired, "a");
    expect(left(standardEconomy, triggered).reaction).toBe(0);
    expect(standardReactionLeft(triggered)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft", data: { kind: "reaction" } },
    });
    expect(standardEconomy.observe(after, { ...fired, combatantId: "b" }, "a")).toBe(after);
  });

  it("STD-3: a creature joining mid-combat cannot react until its first turn", () => {
    const joined = standardActions(true);
    expect(standardEconomy.spend(joined, "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(standardActions(false).reaction).toBe(1);
  });
});

describe("actions: rotation", () => {
  const turn = rotationEconomy.observe(rotationActions(), started("r"), "r");

  it("ACT-ROT: a turn holds 2 Full, 1 Swift, 1 Free and 1 Reaction", () => {
    expect(turn).toMatchObject({ full: 2, swift: 1, free: 1, reaction: 1 });
    // Splitting counted in: 2 Full → up to 5 Swift, up to 11 Free.
    expect(left(rotationEconomy, turn)).toEqual({ full: 2, swift: 5, free: 11, reaction: 1, twoFull: 1, wholeTurn: 1 });
  });

  it("ACT-ROT: a Full action spent as two Swift actions, a Swift as two Free actions", () => {
    const threeSwift = unwrap(spendAll(rotationEconomy, turn, ["swift", "swift", "swift"]));
    expect(threeSwift).toMatchObject({ full: 1, swift: 0, free: 1 });
    const freeAfter = unwrap(spendAll(rotationEconomy, threeSwift, ["free", "free", "free"]));
    expect(freeAfter).toMatchObject({ full: 0, swift: 1, free: 0 });
  });

  it("ACT-ROT: medium armor takes 2 Full actions; heavy armor the whole, untouched turn", () => {
    expect(unwrap(spendRotationTask(turn, "mediumArmor"))).toMatchObject({ full: 0, swift: 1, free: 1 });
    expect(unwrap(spendRotationTask(turn, "heavyArmor"))).toMatchObject({ full: 0, swift: 0, free: 0 });
    const winked = unwrap(rotationEconomy.spend(turn, "free"));
    expect(spendRotationTask(winked, "heavyArmor")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NeedsWholeTurn" },
    });
    expect(spendRotationTask(unwrap(rotationEconomy.spend(turn, "full")), "mediumArmor")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
  });

  it("ROT-11: one attack per Full action: after attacking twice there is no third attack, though a Swift remains", () => {
    const twice = unwrap(spendRotationTask(unwrap(spendRotationTask(turn, "attack")), "attack"));
    expect(spendRotationTask(twice, "attack")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(unwrap(spendRotationTask(twice, "switchWeapon"))).toMatchObject({ swift: 0 });
  });

  it("ROT-11: a Full split for Swift actions can no longer attack; a 5 ft step is Swift, Disengage Full", () => {
    // Step (own Swift), switch weapons (a Full split), then only one Full remains to attack with.
    const s = unwrap(spendRotationTask(unwrap(spendRotationTask(turn, "step")), "switchWeapon"));
    expect(s).toMatchObject({ full: 1, swift: 1 });
    const d = unwrap(spendRotationTask(s, "disengage"));
    expect(spendRotationTask(d, "attack")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
  });

  it("ROT-10: an attack of opportunity spends the Reaction, once per turn, even outside the creature's turn", () => {
    const off = rotationActions();
    const aoo = unwrap(spendRotationTask(off, "opportunityAttack"));
    expect(spendRotationTask(aoo, "opportunityAttack")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(spendRotationTask(off, "attack")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NotYourTurn", data: { kind: "full" } },
    });
  });

  it("ROT-7: the planning phase gives one Swift action that cannot attack", () => {
    const plan = rotationPlanningActions();
    expect(spendRotationTask(plan, "trip")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoAttackWhilePlanning", data: { task: "trip" } },
    });
    const used = unwrap(spendRotationTask(plan, "useItem"));
    expect(spendRotationTask(used, "useItem")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
  });
});

describe("actions: segment", () => {
  const round = segmentActions(false);

  it("SEG-9: one major action per round, and any number of minor actions", () => {
    const r = unwrap(spendAll(segmentEconomy, round, ["minor", "major", "minor", "minor"]));
    expect(r.minors).toBe(3);
    expect(segmentEconomy.spend(r, "major")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
  });

  it("SEG-9: moving 10 ft is a minor action only after the major action and out of melee", () => {
    const before = unwrap(segmentEconomy.spend(round, "move", { feet: 10 }));
    expect(before.major).toBe(0); // before the major action, moving is the major action
    const attacked = unwrap(segmentEconomy.spend(round, "attackRoutine"));
    expect(unwrap(segmentEconomy.spend(attacked, "move", { feet: 10 }))).toMatchObject({ positioned: true, minors: 1 });
    expect(segmentEconomy.spend(attacked, "move", { feet: 10, inMelee: true })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.MoveNeedsMajor" },
    });
    expect(segmentEconomy.spend(attacked, "move", { feet: 15 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.MoveNeedsMajor" },
    });
  });

  it("SEG-11: one spell per round, an immediate one included", () => {
    const immediate = unwrap(segmentEconomy.spend(round, "spell", { immediate: true }));
    expect(immediate.major).toBe(1);
    expect(segmentEconomy.spend(immediate, "spell")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneSpellPerRound" },
    });
    const cast = unwrap(segmentEconomy.spend(round, "spell"));
    expect(cast).toMatchObject({ major: 0, spell: 0 });
    expect(segmentEconomy.spend(cast, "spell", { immediate: true })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneSpellPerRound" },
    });
    expect(
      unwrap(segmentEconomy.spend(segmentEconomy.observe(cast, { type: "roundStarted", round: 2 }, "w"), "spell"))
        .spell,
    ).toBe(0);
  });

  it("SEG-16: normally one attack routine per round; a multi-attacker's later routines need no second major action", () => {
    const once = unwrap(segmentEconomy.spend(round, "attackRoutine"));
    expect(segmentEconomy.spend(once, "attackRoutine")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneAttackRoutine" },
    });
    const beast = unwrap(segmentEconomy.spend(segmentActions(false, 2), "attackRoutine"));
    expect(unwrap(segmentEconomy.spend(beast, "attackRoutine")).attackRoutinesUsed).toBe(2);
  });

  it("SEG-16: free attacks: one per opponent per round and one per segment, and never while surprised", () => {
    const first = unwrap(segmentEconomy.spend(round, "freeAttack", { opponentId: "orc1", segment: 3 }));
    expect(first.major).toBe(1); // a free attack does not touch the other actions
    expect(segmentEconomy.spend(first, "freeAttack", { opponentId: "orc2", segment: 3 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneFreeAttackPerSegment", data: { segment: 3 } },
    });
    expect(segmentEconomy.spend(first, "freeAttack", { opponentId: "orc1", segment: 5 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneFreeAttackPerOpponent" },
    });
    expect(segmentEconomy.spend(first, "freeAttack", { opponentId: "orc2", segment: 5 }).ok).toBe(true);
    expect(segmentEconomy.spend(segmentActions(true), "freeAttack", { opponentId: "orc1", segment: 1 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.Surprised", data: { kind: "freeAttack" } },
    });
    expect(segmentEconomy.spend(round, "freeAttack", { opponentId: "orc1", segment: 11 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.InvalidDetail" },
    });
    // An opponent that already took this creature's attack routine draws no free attack from it this round.
    const routine = unwrap(segmentEconomy.spend(round, "attackRoutine", { opponentId: "orc1" }));
    expect(segmentEconomy.spend(routine, "freeAttack", { opponentId: "orc1", segment: 9 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.OneFreeAttackPerOpponent" },
    });
    expect(segmentEconomy.spend(routine, "freeAttack", { opponentId: "orc2", segment: 9 }).ok).toBe(true);
  });

  it("SEG-16: an immediate attack needs the major action unspent and uses it", () => {
    const used = unwrap(segmentEconomy.spend(round, "immediateAttack", { opponentId: "orc1", segment: 2 }));
    expect(used.major).toBe(0);
    const majorGone = unwrap(segmentEconomy.spend(round, "major"));
    expect(segmentEconomy.spend(majorGone, "immediateAttack", { opponentId: "orc1", segment: 2 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NeedsMajor", data: { kind: "immediateAttack" } },
    });
  });
});

describe("actions: count and phase", () => {
  it("CNT-12: one action on the creature's turn and one reaction per round, usable at any time", () => {
    let s = countEconomy.observe(countActions(false), { type: "roundStarted", round: 1 }, "c");
    s = countEconomy.observe(s, started("c"), "c");
    s = unwrap(spendAll(countEconomy, s, ["action", "reaction"]));
    expect(countEconomy.spend(s, "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    s = countEconomy.observe(s, ended("c"), "c");
    // The reaction comes back with the next round, not with the next turn of someone else.
    expect(countEconomy.spend(countEconomy.observe(s, started("d"), "c"), "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(countEconomy.spend(countEconomy.observe(s, { type: "roundStarted", round: 2 }, "c"), "reaction").ok).toBe(
      true,
    );
  });

  it("CNT-4: surprised creatures take neither actions nor reactions in the surprise round", () => {
    let s = countEconomy.observe(countActions(true), { type: "roundStarted", round: 0 }, "c");
    s = countEconomy.observe(s, started("c", 0), "c");
    expect(countEconomy.spend(s, "action")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.Surprised" },
    });
    expect(countEconomy.spend(s, "reaction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.Surprised" },
    });
    s = countEconomy.observe(s, { type: "roundStarted", round: 1 }, "c");
    expect(countEconomy.spend(s, "reaction").ok).toBe(true);
  });

  it("PHS-5, PHS-7: one movement power on the movement turn and one battle action on the battle turn, each round", () => {
    const phaseTurn = (type: "turnStarted" | "turnEnded", phase: string): CommonEvent => {
      const event = { type, round: 1, combatantId: "p", phase };
      return event;
    };
    let s = phaseEconomy.observe(phaseActions(), phaseTurn("turnStarted", "movement"), "p");
    expect(phaseEconomy.spend(s, "battleAction")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NotYourTurn", data: { kind: "battleAction" } },
    });
    s = unwrap(phaseEconomy.spend(s, "movementPower"));
    expect(phaseEconomy.spend(s, "movementPower")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    s = phaseEconomy.observe(
      phaseEconomy.observe(s, phaseTurn("turnEnded", "movement"), "p"),
      phaseTurn("turnStarted", "battle"),
      "p",
    );
    s = unwrap(phaseEconomy.spend(s, "battleAction"));
    expect(phaseEconomy.spend(s, "battleAction")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(phaseEconomy.observe(s, { type: "roundStarted", round: 2 }, "p")).toEqual(phaseActions());
  });
});

describe("actions: laws of every tracker", () => {
  const event = (id: string): fc.Arbitrary<CommonEvent> =>
    fc.oneof(
      fc.constant<CommonEvent>(started(id)),
      fc.constant<CommonEvent>(ended(id)),
      // Round 0: a surprise round (count), a planning turn (rotation, ROT-7).
      fc.constant<CommonEvent>(started(id, 0)),
      fc.constant<CommonEvent>(ended(id, 0)),
      fc.constant<CommonEvent>(started("other")),
      // The phase scheduler's turn events carry their phase.
      fc.constantFrom("movement", "battle").map((phase): CommonEvent => {
        const e = { type: "turnStarted" as const, round: 1, combatantId: id, phase };
        return e;
      }),
      fc.integer({ min: 0, max: 3 }).map((round): CommonEvent => ({ type: "roundStarted", round })),
      fc.integer({ min: 0, max: 3 }).map((round): CommonEvent => ({ type: "roundEnded", round })),
    );
  const moreOrEqual = (a: number | null, b: number | null): boolean => a === null || (b !== null && a >= b);

  function law<S, K extends string, C, E = CommonEvent>(
    name: string,
    economy: ActionEconomy<S, K, C, E>,
    initial: fc.Arbitrary<S>,
    context: fc.Arbitrary<C | undefined>,
    events: fc.Arbitrary<E>,
  ): void {
    it(`STD-6, ACT-ROT, SEG-9, CNT-12: ${name}: spending never increases what remains; a refused spend changes nothing; state is plain JSON`, () => {
      const step = fc.oneof(
        events.map((e) => ({ event: e, kind: null, context: undefined })),
        fc.tuple(fc.constantFrom(...economy.kinds), context).map(([kind, c]) => ({ event: null, kind, context: c })),
      );
      fc.assert(
        fc.property(initial, fc.array(step, { maxLength: 40 }), (start, steps) => {
          let state = start;
          for (const s of steps) {
            if (s.event !== null) {
              state = economy.observe(state, s.event, "me");
              continue;
            }
            if (s.kind === null) continue;
            const before = structuredClone(state);
            const beforeLeft = economy.remaining(state);
            const r = economy.spend(state, s.kind, s.context);
            if (!r.ok) {
              if (!r.error.key.startsWith("TEMPO.ERRORS.Actions.")) return false;
              expect(state).toEqual(before);
              continue;
            }
            const afterLeft = economy.remaining(r.value);
            for (let i = 0; i < afterLeft.length; i++) {
              const a = beforeLeft[i];
              const b = afterLeft[i];
              if (a === undefined || b === undefined || !moreOrEqual(a.left, b.left)) return false;
            }
            state = r.value;
            // State is plain JSON: it survives being stored in Combatant.system.
            expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
          }
          return true;
        }),
      );
    });
  }

  law("standard", standardEconomy, fc.boolean().map(standardActions), fc.constant(undefined), event("me"));
  law("count", countEconomy, fc.boolean().map(countActions), fc.constant(undefined), event("me"));
  law("phase", phaseEconomy, fc.constant(phaseActions()), fc.constant(undefined), event("me"));
  law<RotationActions, Parameters<typeof rotationEconomy.spend>[1], never, RotationEvent>(
    "rotation",
    rotationEconomy,
    fc.constantFrom(rotationActions(), rotationPlanningActions(), rotationPlanningActions(1)),
    fc.constant(undefined),
    // ROT-7: the rotation scheduler's planning events too.
    fc.oneof(
      event("me"),
      fc.constantFrom<RotationEvent>({ type: "planningStarted", initiator: "players" }, { type: "planningEnded" }),
    ),
  );
  law(
    "segment",
    segmentEconomy,
    fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 3 }))
      .map(([surprised, routines]): SegmentActions => segmentActions(surprised, routines)),
    fc.option(
      fc.record({
        feet: fc.integer({ min: -5, max: 30 }),
        inMelee: fc.boolean(),
        immediate: fc.boolean(),
        opponentId: fc.constantFrom("o1", "o2", "o3"),
        segment: fc.integer({ min: 0, max: 11 }),
      }),
      { nil: undefined },
    ),
    event("me"),
  );

  it("STD-6, ACT-ROT, SEG-9, CNT-12: a kind the tracker does not know is a typed error and the state is unchanged", () => {
    const bogus = "teleport" as never;
    const unknown = { ok: false, error: { key: "TEMPO.ERRORS.Actions.UnknownKind", data: { kind: "teleport" } } };
    const onTurn = <S, K extends string, C>(economy: ActionEconomy<S, K, C>, state: S): S =>
      economy.observe(state, started("me"), "me");
    const cases: [ActionEconomy<never, string, never>, unknown][] = [
      [standardEconomy as ActionEconomy<never, string, never>, onTurn(standardEconomy, standardActions(false))],
      [countEconomy as ActionEconomy<never, string, never>, onTurn(countEconomy, countActions(false))],
      [phaseEconomy as ActionEconomy<never, string, never>, phaseActions()],
      [rotationEconomy as ActionEconomy<never, string, never>, onTurn(rotationEconomy, rotationActions())],
      [segmentEconomy as ActionEconomy<never, string, never>, segmentActions(false)],
    ];
    for (const [economy, state] of cases) {
      const before = structuredClone(state);
      expect(economy.spend(state as never, bogus)).toEqual(unknown);
      expect(state).toEqual(before);
    }
    expect(spendRotationTask(rotationActions(), "juggle" as never)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.UnknownKind", data: { kind: "juggle" } },
    });
  });

  it("STD-6, ACT-ROT, SEG-9, CNT-12: a malformed stored state (null, NaN counts, missing lists) is a typed error, never a throw", () => {
    const invalid = (kind: string) => ({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.InvalidState", data: { kind } },
    });
    expect(standardEconomy.spend(null as unknown as StandardActions, "action")).toEqual(invalid("action"));
    expect(standardEconomy.spend({ ...standardActions(false), onTurn: true, action: Number.NaN }, "action")).toEqual(
      invalid("action"),
    );
    expect(rotationEconomy.spend({ ...rotationActions(), full: -1 }, "full")).toEqual(invalid("full"));
    expect(
      segmentEconomy.spend(
        { ...segmentActions(false), freeAttackSegments: null } as unknown as SegmentActions,
        "major",
      ),
    ).toEqual(invalid("major"));
  });

  it("STD-6: the kinds a tracker lists are exactly those it reports", () => {
    const state: StandardActions = standardActions(false);
    expect(standardEconomy.remaining(state).map((r) => r.kind)).toEqual<StandardActionKind[]>([
      "action",
      "quickAction",
      "interaction",
      "reaction",
    ]);
  });
});

describe("actions: one tracker per ruleset", () => {
  it("STD-6, ACT-ROT, SEG-9, CNT-12: each ruleset has its tracker, with its own starting state", () => {
    for (const id of ["count", "standard", "phase", "segment", "rotation"] as const)
      expect(ACTION_ECONOMIES[id].ruleset).toBe(id);
    expect(INITIAL_ACTIONS.standard({ joinedMidCombat: true, surprised: false }).reaction).toBe(0);
    expect(INITIAL_ACTIONS.segment({ joinedMidCombat: false, surprised: true }).surprised).toBe(true);
  });
});
