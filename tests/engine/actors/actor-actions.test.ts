import { describe, expect, it } from "vitest";
import {
  deriveActorValues,
  segmentActions,
  segmentEconomy,
  standardActions,
  standardEconomy,
  type ActionLeft,
  type ActorDeriveOptions,
} from "../../../src/engine/index.ts";
import { validateActorActions } from "../../../src/engine/actors/actor-actions.ts";
import { actorStats } from "../../support/actor-stats.ts";

const OPTIONS: ActorDeriveOptions = { drMode: "perHit", weapons: [] };

/** A budget as kind → count (null: any number). */
function counts(budget: readonly ActionLeft<string>[]): Record<string, number | null> {
  return Object.fromEntries(budget.map((a) => [a.kind, a.left]));
}

describe("actor action resources per ruleset (system.derived.actions)", () => {
  const { actions } = deriveActorValues(actorStats(), OPTIONS);

  it("STD-6: a fresh turn has an Action, a Quick Action, an Interaction and the Reaction", () => {
    expect(counts(actions.standard)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    // The same list the tracker shows when the creature's turn starts in a combat.
    const started = standardEconomy.observe(
      standardActions(false),
      { type: "turnStarted", round: 1, combatantId: "a" },
      "a",
    );
    expect(actions.standard).toEqual(standardEconomy.remaining(started));
  });

  it("CNT-6, CNT-12: one action on the creature's count and one reaction per round", () => {
    expect(counts(actions.count)).toEqual({ action: 1, reaction: 1 });
  });

  it("PHS-5, PHS-7: one movement power and one battle action a round", () => {
    expect(counts(actions.phase)).toEqual({ movementPower: 1, battleAction: 1 });
  });

  it("ACT-ROT: 2 Full actions, a Swift, a Free and a Reaction (larger ones split into smaller)", () => {
    expect(counts(actions.rotation)).toEqual({ full: 2, swift: 5, free: 11, reaction: 1, twoFull: 1, wholeTurn: 1 });
  });

  it("ACT-ROT, AP-1: AP changes the swings per Full action, never the number of Full actions", () => {
    const fast = deriveActorValues(actorStats({ ap: { value: 80, max: 80 } }), OPTIONS).actions;
    expect(fast.rotation).toEqual(actions.rotation);
  });

  it("SEG-9, SEG-11, SEG-16: one major action, any minor ones, one spell, one attack routine a round", () => {
    expect(counts(actions.segment)).toEqual({
      major: 1,
      minor: null,
      move: 2,
      spell: 1,
      attackRoutine: 1,
      freeAttack: 10,
      immediateAttack: 1,
    });
    expect(actions.segment).toEqual(segmentEconomy.remaining(segmentActions(false)));
  });

  it("SEG-16: a creature with multi-attack stores more attack routines, and only the segment budget changes", () => {
    const beast = deriveActorValues(actorStats(), { ...OPTIONS, actions: { segment: { attackRoutines: 3 } } }).actions;
    expect(counts(beast.segment).attackRoutine).toBe(3);
    expect(beast.standard).toEqual(actions.standard);
    expect(beast.rotation).toEqual(actions.rotation);
  });

  it("SEG-16: fewer than one attack routine, or a fraction, is refused with a localized reason", () => {
    expect(validateActorActions({ segment: { attackRoutines: 2 } })).toEqual([]);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(validateActorActions({ segment: { attackRoutines: bad } })).toEqual([
        expect.objectContaining({ path: "actions.segment.attackRoutines", key: "TEMPO.ERRORS.Actor.AttackRoutines" }),
      ]);
    }
  });
});
