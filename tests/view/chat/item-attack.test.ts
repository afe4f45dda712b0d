import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, ITEM_USE_RULINGS, phaseAttackOdds, type ConditionId } from "../../../src/engine/index.ts";
import { buildAttackCard } from "../../../src/view/chat/attack-card.ts";
import {
  attackHit,
  attacksThroughCombat,
  planDamage,
  planWeaponAttack,
  type CreatureSnapshot,
  type WeaponAttackInput,
} from "../../../src/view/chat/item-attack.ts";
import { actorStats } from "../../support/actor-stats.ts";

const VIEW = { isGM: true, owns: true, showOdds: true };

function creature(name: string, over: Parameters<typeof actorStats>[0] = {}, conditions: ConditionId[] = []) {
  const stats = actorStats(over);
  const isPlayer = stats.side === "pc";
  const descendingAc = stats.defenses.descendingAc;
  return {
    name,
    stats,
    aac0: null,
    descendingAc,
    conditions: new Set(conditions),
    isPlayer,
  } satisfies CreatureSnapshot;
}

function input(over: Partial<WeaponAttackInput>): WeaponAttackInput {
  return {
    ruleset: "standard",
    attacker: creature("Vex", { abilities: { str: 3 } }),
    target: creature("Raider", { defenses: { ac: 14 }, side: "enemy" }),
    weapon: { name: "Blade", stats: { ...ITEM_DEFAULTS.weapon, damage: "1d8", group: "blades" } },
    phaseExtra: null,
    ...over,
  };
}

function planned(over: Partial<WeaponAttackInput>) {
  const plan = planWeaponAttack(input(over));
  if (!plan.ok) throw new Error(plan.error.key);
  return plan.value;
}

describe("item attacks: the rule each ruleset uses and the card it makes", () => {
  it("STD-1 table (standard): one d20 + the primary modifier (ruling) against the target's AC; 11 + 3 meets AC 14", () => {
    const plan = planned({});
    expect(plan.dice).toEqual(["1d20"]);
    const card = plan.resolve([11]);
    expect(card.resolution).toEqual({
      scheme: "d20",
      snapshot: { bonus: 3, armorClass: 14, criticalFrom: ITEM_USE_RULINGS.criticalFrom, mode: "normal" },
      faces: [11],
    });
    expect(attackHit(card)).toBe(true);
    expect(attackHit(plan.resolve([10]))).toBe(false);
    // The exact chance before the roll: faces 11..20 hit = 50 %.
    expect(buildAttackCard(card, VIEW).odds?.[0]?.exact).toBeCloseTo(0.5, 12);
  });

  it("SEG-12: segment attacks read the attacker's AAC0 against descending AC, and refuse without one", () => {
    const attacker = { ...creature("Ogre"), aac0: 15 };
    const target = creature("Knight", { defenses: { descendingAc: 3 } });
    const plan = planned({ ruleset: "segment", attacker, target });
    const card = plan.resolve([12]);
    expect(card.resolution.scheme).toBe("segment");
    expect(attackHit(card)).toBe(true); // needs 15 − 3 = 12
    expect(attackHit(plan.resolve([11]))).toBe(false);
    const refused = planWeaponAttack(input({ ruleset: "segment", attacker: creature("Nobody") }));
    expect(refused).toEqual({ ok: false, error: { key: "TEMPO.CHAT.Errors.NoAac0", data: { name: "Nobody" } } });
  });

  it("ATK-ROT-1: rotation uses the weapon group's skill, halved without proficiency, against the higher defence", () => {
    const attacker = creature("Vex", { weaponSkills: [{ group: "blades", bonus: 5, proficient: false }] });
    const target = creature("Raider", { defenses: { dodge: 12, armor: 9 }, side: "enemy" });
    const card = planned({ ruleset: "rotation", attacker, target }).resolve([10]);
    const r = card.resolution;
    if (r.scheme !== "rotation") throw new Error("not rotation");
    expect(r.snapshot.skillBonus).toBe(5);
    expect(r.snapshot.proficient).toBe(false);
    // 10 + floor(5 / 2) = 12 ties Dodge 12: the attacking PC wins the tie (ATK-ROT-2).
    expect(attackHit(card)).toBe(true);
  });

  it("ATK-ROT-2: the snapshot's player flags decide ties: a PC attacking a PC misses on a tie", () => {
    const attacker = creature("Vex", { weaponSkills: [{ group: "blades", bonus: 2, proficient: true }] });
    const ally = creature("Ally", { defenses: { dodge: 12, armor: 0 }, side: "pc" });
    const tie = planned({ ruleset: "rotation", attacker, target: ally }).resolve([10]);
    expect(attackHit(tie)).toBe(false);
    const foe = { ...ally, isPlayer: false };
    expect(attackHit(planned({ ruleset: "rotation", attacker, target: foe }).resolve([10]))).toBe(true);
  });

  it("STL-3: a hidden attacker rolls two d20s against a rotation defender; ATK-ROT-5: flanked lowers the defence", () => {
    const attacker = creature("Shade", {}, ["hidden"]);
    const target = creature("Guard", { side: "enemy" }, ["flanked"]);
    const plan = planned({ ruleset: "rotation", attacker, target });
    expect(plan.dice).toEqual(["1d20", "1d20"]);
    const r = plan.resolve([3, 15]).resolution;
    if (r.scheme !== "rotation") throw new Error("not rotation");
    expect(r.snapshot.defender.unaware).toBe(true);
    expect(r.snapshot.defender.adjacentEnemies).toBe(2);
  });

  it("PHS-8, ADV-1: phase rolls the step-dice pool (a tier above: 2d6 + d6) plus the combat's sources", () => {
    const attacker = creature("Hero", { tier: 2, atk: 1 });
    const target = creature("Brute", { tier: 1, defenses: { def: 9 } });
    const plan = planned({ ruleset: "phase", attacker, target });
    expect(plan.dice).toEqual(["1d6", "1d6", "1d6"]);
    const card = plan.resolve([1, 4, 4]);
    expect(card.resolution).toMatchObject({ scheme: "phase", input: { atk: 1, def: 9, advantage: 1 } });
    expect(attackHit(card)).toBe(true); // 4 + 4 + 1 = 9
    // PHS-10: the target defends: one source of disadvantage cancels the tier's advantage (ADV-3).
    const defended = planned({ ruleset: "phase", attacker, target, phaseExtra: { advantage: 0, disadvantage: 1 } });
    expect(defended.dice).toEqual(["1d6", "1d6"]);
  });

  it("PHS-8: a phase NPC with ATK +2 attacks at 2d6 + 2 (its ATK, not its ability modifier); the odds are the engine's", () => {
    const attacker = creature("Raider", { atk: 2, abilities: { str: 4 }, side: "enemy" });
    const target = creature("Hero", { defenses: { def: 9 }, side: "pc" });
    const plan = planned({ ruleset: "phase", attacker, target });
    expect(plan.dice).toEqual(["1d6", "1d6"]);
    const miss = plan.resolve([3, 3]);
    expect(miss.resolution).toMatchObject({ scheme: "phase", input: { atk: 2, def: 9 } });
    expect(attackHit(miss)).toBe(false); // 3 + 3 + 2 = 8 < DEF 9 (with STR +4 it would have hit)
    expect(attackHit(plan.resolve([3, 4]))).toBe(true); // 9
    const engine = phaseAttackOdds({ atk: 2, def: 9, advantage: 0, disadvantage: 0 });
    if (!engine.ok) throw new Error(engine.error.key);
    expect(engine.value.chance).toBeCloseTo(21 / 36, 12); // 2d6 >= 7
    expect(buildAttackCard(miss, VIEW).odds?.[0]?.exact).toBe(engine.value.chance);
  });

  it("CNT-6, SEG-2: count and segment declare on the combat first; the others roll at once", () => {
    expect(
      ["count", "standard", "phase", "segment", "rotation"].filter((r) => attacksThroughCombat(r as never)),
    ).toEqual(["count", "segment"]);
  });
});

describe("item damage: swings, kind and the target's DR", () => {
  it("AP-1: an AP weapon rolls one swing per AP step; DR-1: the card carries the target's DR", () => {
    const target = creature("Raider", { dr: { physical: 3 } });
    const plan = planDamage({ attacker: "Vex", target, formula: "1d8", kind: "physical", swings: 3, drMode: "perHit" });
    expect(plan.swings).toBe(3);
    expect(plan.card([5, 2, 8])).toEqual({
      attacker: "Vex",
      target: "Raider",
      formula: "1d8",
      swings: [5, 2, 8],
      kind: "physical",
      dr: { physical: 3, elemental: 0, arcane: 0 },
      drMode: "perHit",
    });
    const single = planDamage({
      attacker: "Vex",
      target,
      formula: "1d8",
      kind: "physical",
      swings: null,
      drMode: "perHit",
    });
    expect(single.swings).toBe(1);
  });
});
