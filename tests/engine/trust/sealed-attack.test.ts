import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  attackVerdict,
  isRotationCriticalHit,
  phaseAttackOdds,
  SEALED_PHASE_DICE,
  sealedPhaseFaces,
  sealedRotationDefender,
  sealedRotationFaces,
  seenFacesOfSealedRoll,
  unsealedResolution,
  type AttackResolution,
  type ConditionId,
  type SealedAttackerFacts,
  type SealedTargetFacts,
} from "../../../src/engine/index.ts";

const target = (over: Partial<SealedTargetFacts> = {}): SealedTargetFacts => ({
  ac: 14,
  descendingAc: 5,
  dodge: 12,
  armor: 10,
  def: 9,
  isPlayer: false,
  tier: 1,
  conditions: new Set<ConditionId>(),
  ...over,
});

const attacker = (over: Partial<SealedAttackerFacts> = {}): SealedAttackerFacts => ({
  conditions: new Set<ConditionId>(),
  unseen: null,
  phaseExtra: { advantage: 0, disadvantage: 0 },
  ...over,
});

const sealedRotation = (faces: number[]): AttackResolution => ({
  scheme: "rotation",
  snapshot: {
    skillBonus: 3,
    proficient: true,
    criticalThreshold: 20,
    attackerIsPlayer: true,
    defender: sealedRotationDefender(1),
  },
  faces,
  sealedDice: true,
});

const sealedPhase = (dice: number[], attackerTier: number): AttackResolution => ({
  scheme: "phase",
  input: { atk: 2, def: 0, advantage: 0, disadvantage: 0 },
  dice,
  attackerTier,
});

function unsealed(r: AttackResolution, t = target(), a = attacker()): AttackResolution {
  const result = unsealedResolution(r, t, a);
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

describe("issue 18: a sealed attack's dice, read once the GM's side knows the hidden creature", () => {
  it("STL-3: two d20s are rolled; the first alone counts, both (advantage) when the watch says the creature has not seen the attacker", () => {
    expect(sealedRotationFaces([4, 19], false)).toEqual({ ok: true, value: [4] });
    expect(sealedRotationFaces([4, 19], true)).toEqual({ ok: true, value: [4, 19] });
    // 4 + 3 is short of Dodge 12; with advantage the 19 hits.
    expect(attackVerdict(unsealed(sealedRotation([4, 19])))).toMatchObject({ ok: true, value: { hit: false } });
    const unaware = unsealed(sealedRotation([4, 19]), target(), attacker({ unseen: true }));
    expect(attackVerdict(unaware)).toMatchObject({ ok: true, value: { hit: true } });
  });

  it("ATK-ROT-5, ATK-ROT-4: a flanked hidden creature loses 2 from Dodge and Armor (8 + 3 beats Dodge 12 - 2, not 12); a first natural 20 is a critical", () => {
    const flanked = unsealed(sealedRotation([8, 1]), target({ conditions: new Set<ConditionId>(["flanked"]) }));
    expect(flanked.scheme === "rotation" && flanked.snapshot.defender.adjacentEnemies).toBe(2);
    expect(attackVerdict(flanked)).toMatchObject({ ok: true, value: { hit: true } });
    expect(attackVerdict(unsealed(sealedRotation([8, 1])))).toMatchObject({ ok: true, value: { hit: false } });
    expect(isRotationCriticalHit(unsealed(sealedRotation([20, 2])))).toBe(true);
    expect(isRotationCriticalHit(unsealed(sealedRotation([2, 20])))).toBe(false);
  });

  it("ADV-1, ADV-2: six dice are rolled; the two d6s count, and the step die of the size the tiers and sources call for", () => {
    const faces = [1, 2, 3, 4, 5, 6];
    expect(sealedPhaseFaces(faces, { dice: [6, 6] })).toEqual({ ok: true, value: [1, 2] });
    expect(sealedPhaseFaces(faces, { dice: [6, 6, 6] })).toEqual({ ok: true, value: [1, 2, 3] });
    expect(sealedPhaseFaces(faces, { dice: [6, 6, 8] })).toEqual({ ok: true, value: [1, 2, 4] });
    expect(sealedPhaseFaces(faces, { dice: [6, 6, 10] })).toEqual({ ok: true, value: [1, 2, 5] });
    expect(sealedPhaseFaces(faces, { dice: [6, 6, 12] })).toEqual({ ok: true, value: [1, 2, 6] });
    expect(sealedPhaseFaces([1, 2], { dice: [6, 6] })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.SealedDiceCount" },
    });
  });

  it("PHS-8, PHS-10: a tier-3 attacker on a tier-1 creature that defends (2 - 1 = 1 net source: a d6 step die) reads 2d6 and the third d6 against DEF 9", () => {
    const defending = attacker({ phaseExtra: { advantage: 0, disadvantage: 1 } });
    const open = unsealed(sealedPhase([2, 3, 6, 1, 1, 1], 3), target(), defending);
    expect(open).toEqual({
      scheme: "phase",
      input: { atk: 2, def: 9, advantage: 2, disadvantage: 1 },
      dice: [2, 3, 6],
    });
    // keeps 3 and 6: 9 + 2 reaches DEF 9; without the step die 2 + 3 + 2 falls short.
    expect(attackVerdict(open)).toMatchObject({ ok: true, value: { hit: true } });
    const level = unsealed(sealedPhase([2, 3, 6, 1, 1, 1], 1));
    expect(attackVerdict(level)).toMatchObject({ ok: true, value: { hit: false } });
  });

  it("PHS-8, ADV-1..3: for any tiers, sources and faces, the sealed roll judges as the rules' own pool with the picked dice", () => {
    const face = (sides: number) => fc.integer({ min: 1, max: sides });
    fc.assert(
      fc.property(
        fc.tuple(...SEALED_PHASE_DICE.map(face)),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        (dice, attackerTier, tier, advantage, disadvantage) => {
          const a = attacker({ phaseExtra: { advantage, disadvantage } });
          const open = unsealed(sealedPhase(dice, attackerTier), target({ tier }), a);
          if (open.scheme !== "phase") throw new Error("not phase");
          const odds = phaseAttackOdds(open.input);
          expect(odds.ok && odds.value.pool.dice.length).toBe(open.dice.length);
          const gap = attackerTier - tier + advantage - disadvantage;
          expect(open.input.advantage - open.input.disadvantage).toBe(gap);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("FEAT-CLEAVE: a seen target's dice read from a cleave's sealed roll: the first d20 (or both), 2d6 and its step die", () => {
    expect(seenFacesOfSealedRoll([20], [7, 15])).toEqual([7]);
    expect(seenFacesOfSealedRoll([20, 20], [7, 15])).toEqual([7, 15]);
    expect(seenFacesOfSealedRoll([6, 6, 10], [1, 2, 3, 4, 5, 6])).toEqual([1, 2, 5]);
    expect(seenFacesOfSealedRoll([6, 6], [1, 2, 3, 4, 5, 6])).toEqual([1, 2]);
    expect(seenFacesOfSealedRoll([6, 6], [1, 2, 3])).toBeNull();
  });

  it("d20, SEG-12: a sealed card's AC (or descending AC) is the creature's own", () => {
    const d20: AttackResolution = {
      scheme: "d20",
      snapshot: { bonus: 2, armorClass: 0, criticalFrom: 20, mode: "normal" },
      faces: [11],
    };
    expect(attackVerdict(d20)).toMatchObject({ ok: true, value: { hit: true } });
    expect(attackVerdict(unsealed(d20))).toMatchObject({ ok: true, value: { hit: false } });
  });
});
