import { describe, expect, it } from "vitest";
import {
  d20AttackOdds,
  phaseAttackOdds,
  rotationAttackOdds,
  segmentAttackOdds,
  type RotationAttackSnapshot,
} from "../../../src/engine/index.ts";
import { buildAttackCard, type AttackCardInput, type AttackResolution } from "../../../src/view/chat/attack-card.ts";
import { oddsVisibleTo, percentText } from "../../../src/view/chat/card-common.ts";

const gm = { isGM: true, owns: false, showOdds: true };
const player = { isGM: false, owns: true, showOdds: false };

function card(resolution: AttackResolution): AttackCardInput {
  return { attacker: "Aria", target: "Brute", weapon: null, resolution };
}

const rotation = (over: Partial<RotationAttackSnapshot["defender"]> = {}, attackerIsPlayer = true) =>
  ({
    skillBonus: 4,
    proficient: true,
    criticalThreshold: 22,
    attackerIsPlayer,
    defender: {
      dodge: 14,
      armor: 12,
      isPlayer: false,
      adjacentEnemies: 1,
      defense: null,
      unaware: false,
      grappled: false,
      ...over,
    },
  }) satisfies RotationAttackSnapshot;

describe("attack card: odds come from the engine", () => {
  it("the chance to hit on a d20 card is the engine's exact d20AttackOdds, one decimal", () => {
    const snapshot = { bonus: 5, armorClass: 15, criticalFrom: 19, mode: "advantage" as const };
    const built = buildAttackCard(card({ scheme: "d20", snapshot, faces: [3, 11] }), gm);
    const odds = d20AttackOdds(snapshot);
    if (!odds.ok) throw new Error("engine refused");
    expect(built.odds?.[0]?.exact).toBe(odds.value.hit);
    expect(built.odds?.[0]?.label.data?.percent).toBe(percentText(odds.value.hit));
    expect(built.odds?.[1]?.exact).toBe(odds.value.critical);
    // 2d20kh1 ≥ 10: 1 − (9/20)² = 0.7975, printed as 79.8.
    expect(built.odds?.[0]?.label.data?.percent).toBe("79.8");
  });

  it("SEG-12: the segment card's chance equals segmentAttackOdds", () => {
    const snapshot = { aac0: 19, armorClass: -3, modifier: 1, mode: "normal" as const };
    const built = buildAttackCard(card({ scheme: "segment", snapshot, faces: [19] }), gm);
    const odds = segmentAttackOdds(snapshot);
    expect(odds.ok && built.odds?.[0]?.exact).toBe(odds.ok ? odds.value.hit : -1);
  });

  it("ATK-ROT-1: the rotation card's chance equals rotationAttackOdds", () => {
    const snapshot = rotation({ unaware: true });
    const built = buildAttackCard(card({ scheme: "rotation", snapshot, faces: [4, 15] }), gm);
    const odds = rotationAttackOdds(snapshot);
    expect(odds.ok && built.odds?.[0]?.exact).toBe(odds.ok ? odds.value.hit : -1);
  });

  it("PHS-8: the phase card's chance equals phaseAttackOdds (step dice with 1 source of advantage)", () => {
    const input = { atk: 2, def: 10, advantage: 1, disadvantage: 0 };
    const built = buildAttackCard(card({ scheme: "phase", input, dice: [3, 5, 6] }), gm);
    const odds = phaseAttackOdds(input);
    expect(odds.ok && built.odds?.[0]?.exact).toBe(odds.ok ? odds.value.chance : -1);
    expect(built.decision?.rule).toBe("PHS-8, ADV-1");
    expect(built.total).toBe(13);
    expect(built.dice.map((d) => d.kept)).toEqual([false, true, true]);
  });

  it("who sees odds follows the setting: everyone, the GM only, or nobody", () => {
    expect([oddsVisibleTo("everyone", false), oddsVisibleTo("gm", false), oddsVisibleTo("gm", true)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(oddsVisibleTo("nobody", true)).toBe(false);
    const snapshot = { bonus: 5, armorClass: 15, criticalFrom: 20, mode: "normal" as const };
    expect(buildAttackCard(card({ scheme: "d20", snapshot, faces: [12] }), player).odds).toBeNull();
  });
});

describe("attack card: the rule that decided", () => {
  const d20 = (faces: number[], criticalFrom = 20) =>
    buildAttackCard(
      card({ scheme: "d20", snapshot: { bonus: 2, armorClass: 30, criticalFrom, mode: "normal" }, faces }),
      gm,
    );

  it("d20 ruling: a natural 20 hits AC 30, a natural 1 misses, 19 in a 19–20 range hits", () => {
    expect(d20([20]).verdict?.success).toBe(true);
    expect(d20([20]).decision?.sentence.key).toBe("TEMPO.CHAT.Attack.Rule.NaturalTwentyHits");
    expect(d20([1]).verdict?.success).toBe(false);
    expect(d20([1]).decision?.sentence.key).toBe("TEMPO.CHAT.Attack.Rule.NaturalOneMisses");
    expect(d20([19], 19).decision?.sentence.key).toBe("TEMPO.CHAT.Attack.Rule.CriticalRange");
    expect(d20([19], 19).critical).toBe(true);
    expect(d20([10]).decision).toEqual({
      rule: null,
      sentence: { key: "TEMPO.CHAT.Attack.Rule.BelowAc", data: { total: 12, ac: 30, face: 10, from: 20 } },
    });
  });

  it("SEG-12: AAC0 19 against AC −3 is 22, read as 20 by the six-20s table; 19 + 1 hits", () => {
    const built = buildAttackCard(
      card({ scheme: "segment", snapshot: { aac0: 19, armorClass: -3, modifier: 1, mode: "normal" }, faces: [19] }),
      gm,
    );
    expect(built.verdict?.success).toBe(true);
    expect(built.decision?.rule).toBe("SEG-12");
    expect(built.decision?.sentence).toEqual({
      key: "TEMPO.CHAT.Attack.Rule.SixTwentiesHit",
      data: { total: 20, needed: 20, aac0: 19, ac: -3, raw: 22 },
    });
  });

  it("ATK-ROT-2: a tie goes to the attacking player character, and to the defender otherwise", () => {
    // Dodge 14 is the higher defence; 10 + 4 ties it.
    const pc = buildAttackCard(card({ scheme: "rotation", snapshot: rotation(), faces: [10] }), gm);
    expect(pc.verdict?.success).toBe(true);
    expect(pc.decision?.rule).toBe("ATK-ROT-2");
    expect(pc.decision?.sentence.key).toBe("TEMPO.CHAT.Attack.Rule.TieToPlayer");
    const npc = buildAttackCard(card({ scheme: "rotation", snapshot: rotation({}, false), faces: [10] }), gm);
    expect(npc.verdict?.success).toBe(false);
    expect(npc.decision?.sentence.key).toBe("TEMPO.CHAT.Attack.Rule.TieToDefender");
  });

  it("ATK-ROT-3: a natural 20 counts as 25 and is named as the deciding rule", () => {
    const built = buildAttackCard(
      card({ scheme: "rotation", snapshot: { ...rotation({ dodge: 28 }), skillBonus: 4 }, faces: [20] }),
      gm,
    );
    expect(built.total).toBe(29);
    expect(built.verdict?.success).toBe(true);
    expect(built.decision?.rule).toBe("ATK-ROT-3");
  });

  it("ATK-ROT-5: flanking decides when the hit would have missed without the penalty", () => {
    // Three adjacent enemies: −4 to Dodge 16 → 12; 9 + 4 = 13 beats 12 but not 16.
    const built = buildAttackCard(
      card({ scheme: "rotation", snapshot: rotation({ dodge: 16, adjacentEnemies: 3 }), faces: [9] }),
      gm,
    );
    expect(built.verdict?.success).toBe(true);
    expect(built.decision?.rule).toBe("ATK-ROT-5");
    expect(built.decision?.sentence.data).toMatchObject({ penalty: 4, defense: 12, total: 13 });
  });

  it("bad stored data shows the engine's error and no outcome", () => {
    const built = buildAttackCard(
      card({ scheme: "d20", snapshot: { bonus: 2, armorClass: 15, criticalFrom: 20, mode: "normal" }, faces: [25] }),
      gm,
    );
    expect(built.error?.key).toBe("TEMPO.ERRORS.Attack.FaceInvalid");
    expect(built.verdict).toBeNull();
  });
});
