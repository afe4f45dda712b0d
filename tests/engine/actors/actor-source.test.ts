import { describe, expect, it } from "vitest";
import { checkActorSource } from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

/** The paths and keys of the problems found. */
function problems(system: unknown): string[] {
  return checkActorSource(system).map((p) => `${p.path} ${p.key}`);
}

describe("actor sources (pack documents): the check the build and the pack tests run", () => {
  it("accepts complete, sound statistics", () => {
    expect(problems(actorStats())).toEqual([]);
  });

  it("names a missing or mistyped field and a field the actor models do not have", () => {
    const { hitDice: _dropped, ...noHitDice } = actorStats();
    expect(problems(noHitDice)).toEqual(["hitDice TEMPO.ERRORS.Actor.NotText"]);
    expect(problems({ ...actorStats(), hp: { value: "12", max: 12 } })).toEqual([
      "hp.value TEMPO.ERRORS.Actor.NotWhole",
    ]);
    expect(problems({ ...actorStats(), hitpoints: 12 })).toEqual(["hitpoints TEMPO.ERRORS.Actor.UnknownField"]);
    expect(problems({ ...actorStats(), weaponSkills: [{ group: "blades", bonus: 2 }] })).toEqual([
      "weaponSkills.0.proficient TEMPO.ERRORS.Actor.NotFlag",
    ]);
    expect(problems(null)).toEqual(["system TEMPO.ERRORS.Actor.NotAnObject"]);
  });

  it("SEG-14, DR-1: a sound shape still goes through validateActorStats", () => {
    expect(problems(actorStats({ hitDice: "4-4" }))).toEqual(["hitDice TEMPO.ERRORS.Attack.HitDiceBonusInvalid"]);
    expect(problems(actorStats({ dr: { arcane: -1 } }))).toEqual(["dr TEMPO.ERRORS.Damage.InvalidDr"]);
  });
});

describe("actor sources: the biography and ATK", () => {
  it("a biography is optional rich text beside the statistics: HTML passes, a number is refused", () => {
    expect(problems({ ...actorStats(), biography: "<p>A gnoll.</p>" })).toEqual([]);
    expect(problems({ ...actorStats(), biography: 3 })).toEqual(["biography TEMPO.ERRORS.Actor.NotText"]);
  });

  it("PHS-8: ATK is a whole number the source must carry (negative allowed), a fraction is refused", () => {
    expect(problems(actorStats({ atk: -2 }))).toEqual([]);
    expect(problems(actorStats({ atk: 1.5 }))).toEqual(["atk TEMPO.ERRORS.Actor.NotWhole"]);
    const { atk: _dropped, ...noAtk } = actorStats();
    expect(problems(noAtk)).toEqual(["atk TEMPO.ERRORS.Actor.NotWhole"]);
  });
});

describe("actor sources: stored action resources", () => {
  it("SEG-16: attack routines are optional; when present they are checked like the model checks them", () => {
    expect(problems({ ...actorStats(), actions: { segment: { attackRoutines: 2 } } })).toEqual([]);
    expect(problems({ ...actorStats(), actions: { segment: { attackRoutines: "2" } } })).toEqual([
      "actions.segment.attackRoutines TEMPO.ERRORS.Actor.NotWhole",
    ]);
    expect(problems({ ...actorStats(), actions: { segment: { attackRoutines: 0 } } })).toEqual([
      "actions.segment.attackRoutines TEMPO.ERRORS.Actor.AttackRoutines",
    ]);
    expect(problems({ ...actorStats(), actions: { rotation: {}, segment: { attackRoutines: 1 } } })).toEqual([
      "actions.rotation TEMPO.ERRORS.Actor.UnknownField",
    ]);
  });
});
