/**
 * ATK-ROT-4 on the cards: a rotation critical's damage card adds the weapon's maximum once (the
 * engine's ruling: to the first swing, reduced by DR with it) and says so on its own line. The seed's
 * numbers (004-rotation-ap-dr-overshield): a D10 weapon, AP cost 10, 80 AP (8 swings); a natural 20
 * reads as 25 and is above a critical threshold of 20; the d10 rolled 4, so the hit deals 4 + 10 = 14.
 */
import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, trustedDamage, type ConditionId, type DamageCardFacts } from "../../../src/engine/index.ts";
import { buildDamageCard } from "../../../src/view/chat/damage-card.ts";
import {
  attackCritical,
  attackHit,
  planDamage,
  planWeaponAttack,
  type CreatureSnapshot,
} from "../../../src/view/chat/item-attack.ts";
import { actorStats } from "../../support/actor-stats.ts";

const VIEW = { isGM: true, owns: true, showOdds: true };
const D10 = { ...ITEM_DEFAULTS.weapon, damage: "1d10", group: "blades", apCost: 10 };

function creature(name: string, over: Parameters<typeof actorStats>[0] = {}, conditions: ConditionId[] = []) {
  const stats = actorStats(over);
  return {
    name,
    stats,
    aac0: null,
    descendingAc: stats.defenses.descendingAc,
    conditions: new Set(conditions),
    isPlayer: stats.side === "pc",
  } satisfies CreatureSnapshot;
}

const vex = creature("Vex", {
  side: "pc",
  criticalThreshold: 20,
  weaponSkills: [{ group: "blades", bonus: 2, proficient: true }],
});
const raider = creature("Raider", {
  side: "enemy",
  defenses: { dodge: 15, armor: 12 },
  dr: { physical: 2, elemental: 0, arcane: 0 },
});

function attack(face: number) {
  const plan = planWeaponAttack({
    ruleset: "rotation",
    attacker: vex,
    target: raider,
    weapon: { name: "Blade", stats: D10 },
    phaseExtra: null,
  });
  if (!plan.ok) throw new Error(plan.error.key);
  return plan.value.resolve([face]);
}

function damage(swings: number | null, critical: boolean) {
  const crit = critical ? { attackMessageId: "attack1" } : null;
  return planDamage({
    attacker: "Vex",
    target: raider,
    formula: "1d10",
    kind: "slashing",
    swings,
    drMode: "perHit",
    critical: crit,
  });
}

describe("ATK-ROT-4: a critical adds the weapon's maximum once", () => {
  it("ATK-ROT-4: the seed's D10: a natural 20 (25) above threshold 20 rolls 4 and the card deals 4 + 10 = 14 (DR 2 per hit: 12)", () => {
    const crit = attack(20);
    expect(attackHit(crit)).toBe(true);
    expect(attackCritical(crit)).toBe(true);
    // 19 + 2 = 21 hits, but 19 is not above 20: no critical.
    expect(attackCritical(attack(19))).toBe(false);
    const card = damage(null, true).card([4]);
    expect(card).toMatchObject({ swings: [4], criticalBonus: 10, attackMessageId: "attack1" });
    const built = buildDamageCard({ ...card, dr: { physical: 0, elemental: 0, arcane: 0 } }, VIEW);
    expect(built.critical).toEqual({ key: "TEMPO.CHAT.Damage.Critical", data: { amount: 10 } });
    expect(built.dealt).toBe(14);
    expect(buildDamageCard(card, VIEW).dealt).toBe(12);
    // Expected: E[d10] + 10 = 15.5, exact.
    expect(built.odds?.[0]?.exact).toBeCloseTo(15.5, 12);
    const plain = buildDamageCard(damage(null, false).card([4]), VIEW);
    expect([plain.critical, plain.dealt]).toEqual([null, 2]);
  });

  it("ATK-ROT-4 with AP-1 (the seed's 80 AP, cost 10: 8 swings): the bonus is added once, to the first swing", () => {
    const card = damage(8, true).card([4, 1, 1, 1, 1, 1, 1, 1]);
    // Per hit, DR 2: (4 + 10 − 2) + 7 × 0 = 12, not 8 × 10 more.
    expect(buildDamageCard(card, VIEW).dealt).toBe(12);
    // Per attack: 4 + 7 + 10 = 21, − 2 = 19.
    expect(buildDamageCard({ ...card, drMode: "perAttack" }, VIEW).dealt).toBe(19);
  });

  it("ATK-ROT-4 (issue 18): a GM's card's bonus is trusted as written; a player's claimed bonus without its attack card is refused", () => {
    const card = { swings: [4], kind: "slashing", targetUuid: "T", criticalBonus: 10, attackMessageId: "a1" };
    const gm: DamageCardFacts = { authorIsGM: true, card, attacker: null, item: null, rolls: [] };
    expect(trustedDamage(gm)).toEqual({
      ok: true,
      value: { swings: [14], kind: "slashing", targetUuid: null, effect: "damage", effects: [], shield: null },
    });
    const item = { name: "Blade", ofAttacker: true, formula: "1d10", kind: "slashing", maxSwings: 8 };
    const roll = { formula: "1d10", dice: [{ faces: 10, results: [{ result: 4, active: true }] }] };
    const player: DamageCardFacts = {
      authorIsGM: false,
      card,
      attacker: { name: "Vex", ownedByAuthor: true },
      item,
      rolls: [roll],
      attack: null,
    };
    expect(trustedDamage(player)).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Trust.CriticalUnverified" } });
    const d20 = (result: number) => ({ formula: "1d20", dice: [{ faces: 20, results: [{ result, active: true }] }] });
    const attack = {
      sameAuthor: true,
      scheme: "rotation",
      attackerUuid: "A",
      itemUuid: "I",
      targetUuid: "T",
      rolls: [d20(20)],
      advantage: false,
      criticalThreshold: 20,
    };
    const named = { ...card, attackerUuid: "A", itemUuid: "I" };
    const granted = trustedDamage({ ...player, card: named, attack });
    expect(granted).toEqual({
      ok: true,
      value: { swings: [14], kind: "slashing", targetUuid: "T", effect: "damage", effects: [], shield: null },
    });
    // The attacker's own threshold read on the GM's side (24: 25 is above it; 25: not).
    expect(trustedDamage({ ...player, card: named, attack: { ...attack, criticalThreshold: 24 } }).ok).toBe(true);
    expect(trustedDamage({ ...player, card: named, attack: { ...attack, criticalThreshold: 25 } }).ok).toBe(false);
    // Two d20s: the higher only when the GM's side reads STL-3 advantage on the attacker, else the lower.
    const twice = { ...attack, rolls: [d20(20), d20(5)] };
    expect(trustedDamage({ ...player, card: named, attack: twice }).ok).toBe(false);
    expect(trustedDamage({ ...player, card: named, attack: { ...twice, advantage: true } }).ok).toBe(true);
    expect(trustedDamage({ ...player, card: named, attack: { ...attack, sameAuthor: false } }).ok).toBe(false);
  });
});
