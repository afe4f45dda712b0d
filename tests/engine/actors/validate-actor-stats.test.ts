import { describe, expect, it } from "vitest";
import { validateActorStats, type ActorStats } from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

/** The paths and keys of the problems found. */
function problems(stats: ActorStats): string[] {
  return validateActorStats(stats).map((p) => `${p.path} ${p.key}`);
}

describe("actor statistics: validation", () => {
  it("accepts a plain creature", () => {
    expect(problems(actorStats())).toEqual([]);
  });

  it("DR-1: refuses a negative DR of any kind, on the creature and on its overshield", () => {
    expect(problems(actorStats({ dr: { elemental: -1 } }))).toEqual(["dr TEMPO.ERRORS.Damage.InvalidDr"]);
    expect(problems(actorStats({ overshield: { dr: { arcane: -2 } } }))).toEqual([
      "overshield.dr TEMPO.ERRORS.Damage.InvalidDr",
    ]);
  });

  it("DR-3: refuses a hit point maximum below 1; a value above the maximum is clamped, not refused", () => {
    expect(problems(actorStats({ hp: { value: 0, max: 0 } }))).toEqual(["hp.max TEMPO.ERRORS.Damage.InvalidTarget"]);
    expect(problems(actorStats({ hp: { value: 12, max: 10 } }))).toEqual([]);
    // Below 0 is allowed: dying creatures (CNT-14) sit there.
    expect(problems(actorStats({ hp: { value: -3, max: 10 } }))).toEqual([]);
  });

  it("AP-1: refuses a negative AP maximum; AP above the maximum is clamped, not refused", () => {
    expect(problems(actorStats({ ap: { value: 0, max: -1 } }))).toEqual(["ap.max TEMPO.ERRORS.Damage.InvalidAp"]);
    expect(problems(actorStats({ ap: { value: 90, max: 80 } }))).toEqual([]);
  });

  it("SEG-14: accepts hit dice 4 and 4+4, refuses 1-1, ½ and words", () => {
    expect(problems(actorStats({ hitDice: "4" }))).toEqual([]);
    expect(problems(actorStats({ hitDice: "4+4" }))).toEqual([]);
    expect(problems(actorStats({ hitDice: "8+2 HD" }))).toEqual([]);
    expect(problems(actorStats({ hitDice: "1-1" }))).toEqual(["hitDice TEMPO.ERRORS.Attack.HitDiceBonusInvalid"]);
    expect(problems(actorStats({ hitDice: "½" }))).toEqual(["hitDice TEMPO.ERRORS.Attack.HitDiceInvalid"]);
    expect(problems(actorStats({ hitDice: "ogre" }))).toEqual(["hitDice TEMPO.ERRORS.Attack.HitDiceInvalid"]);
  });

  it("ATK-ROT-4: refuses a critical threshold off the 1–25 range", () => {
    expect(problems(actorStats({ criticalThreshold: 25 }))).toEqual([]);
    expect(problems(actorStats({ criticalThreshold: 26 }))).toEqual([
      "criticalThreshold TEMPO.ERRORS.Actor.CriticalThreshold",
    ]);
    expect(problems(actorStats({ criticalThreshold: 0 }))).toEqual([
      "criticalThreshold TEMPO.ERRORS.Actor.CriticalThreshold",
    ]);
  });

  it("SEG-12: refuses a descending AC off −10…10 and an AAC0 off the table", () => {
    expect(problems(actorStats({ defenses: { descendingAc: -11 } }))).toEqual([
      "defenses.descendingAc TEMPO.ERRORS.Attack.ArmorClassOutOfRange",
    ]);
    expect(problems(actorStats({ aac0: 30 }))).toEqual(["aac0 TEMPO.ERRORS.Attack.Aac0Invalid"]);
  });

  it("OSH-6: a shield without hit points is fine; an overshield above its maximum is clamped, not refused", () => {
    expect(problems(actorStats({ overshield: { effect: "ward", max: 0, condition: "until dawn" } }))).toEqual([]);
    expect(problems(actorStats({ overshield: { effect: "ward", value: 8, max: 5 } }))).toEqual([]);
  });

  it("STD-8: refuses a negative speed; PHS-8: refuses tier 0", () => {
    expect(problems(actorStats({ speeds: { swim: -5 } }))).toEqual(["speeds.swim TEMPO.ERRORS.Movement.InvalidSpeed"]);
    expect(problems(actorStats({ tier: 0 }))).toEqual(["tier TEMPO.ERRORS.Actor.TierInvalid"]);
  });

  it("ATK-ROT-1: each weapon skill names its own proficiency group", () => {
    const sword = { group: "Blades", bonus: 4, proficient: true };
    expect(problems(actorStats({ weaponSkills: [sword] }))).toEqual([]);
    expect(problems(actorStats({ weaponSkills: [sword, { ...sword, group: "blades" }] }))).toEqual([
      "weaponSkills.1.group TEMPO.ERRORS.Actor.WeaponGroupInvalid",
    ]);
    expect(problems(actorStats({ weaponSkills: [{ ...sword, group: " " }] }))).toEqual([
      "weaponSkills.0.group TEMPO.ERRORS.Actor.WeaponGroupInvalid",
    ]);
  });

  it("reports every problem at once, and fractions where whole numbers belong", () => {
    expect(problems(actorStats({ abilities: { dex: 1.5 }, tier: 0, dr: { physical: -1 } }))).toEqual([
      "abilities.dex TEMPO.ERRORS.Actor.NotWhole",
      "dr TEMPO.ERRORS.Damage.InvalidDr",
      "tier TEMPO.ERRORS.Actor.TierInvalid",
    ]);
  });
});
