/**
 * Issue 18: a viewer kept from the odds (the `tempo.odds` setting) is kept from the target's defence
 * too: the ruling names no AC, AAC0 number, Dodge, Armor or DEF, and no engine note states it. The GM's
 * card is unchanged.
 */
import { describe, expect, it } from "vitest";
import type { RotationAttackSnapshot } from "../../../src/engine/index.ts";
import { buildAttackCard, type AttackCardInput, type AttackResolution } from "../../../src/view/chat/attack-card.ts";

const gm = { isGM: true, owns: false, showOdds: false };
const player = { isGM: false, owns: true, showOdds: false };
const playerWithOdds = { isGM: false, owns: true, showOdds: true };

const card = (resolution: AttackResolution): AttackCardInput => ({
  attacker: "Aria",
  target: "Brute",
  weapon: null,
  resolution,
});

const rotation: RotationAttackSnapshot = {
  skillBonus: 4,
  proficient: true,
  criticalThreshold: 22,
  attackerIsPlayer: true,
  defender: {
    dodge: 14,
    armor: 12,
    isPlayer: false,
    adjacentEnemies: 1,
    defense: null,
    unaware: false,
    grappled: false,
  },
};

const RESOLUTIONS: Readonly<Record<string, AttackResolution>> = {
  d20: { scheme: "d20", snapshot: { bonus: 5, armorClass: 15, criticalFrom: 20, mode: "normal" }, faces: [12] },
  segment: { scheme: "segment", snapshot: { aac0: 19, armorClass: 4, modifier: 1, mode: "normal" }, faces: [14] },
  rotation: { scheme: "rotation", snapshot: rotation, faces: [10] },
  phase: { scheme: "phase", input: { atk: 3, def: 9, advantage: 0, disadvantage: 0 }, dice: [4, 3] },
};

/** Every number a message carries, as text. */
const numbersIn = (value: unknown): string => JSON.stringify(value);

describe("attack card: the defence stays with those who see the odds (issue 18)", () => {
  it.each(Object.keys(RESOLUTIONS))("%s: a player without odds reads hit or miss, not the defence", (scheme) => {
    const resolution = RESOLUTIONS[scheme];
    if (resolution === undefined) throw new Error(scheme);
    const forGm = buildAttackCard(card(resolution), gm);
    const forPlayer = buildAttackCard(card(resolution), player);
    expect(forGm.error).toBeNull();
    expect(forPlayer.verdict).toEqual(forGm.verdict);
    expect(forPlayer.total).toBe(forGm.total);
    expect(forPlayer.decision?.sentence.key).toMatch(/HiddenDefence(Hit|Miss)$/);
    expect(forPlayer.decision?.rule).toBeNull();
    expect(forPlayer.decision?.sentence.data).toEqual({ total: forGm.total });
    const keys = forPlayer.notes.map((n) => n.key);
    for (const k of ["AgainstArmor", "AgainstDodge", "AttackTable", "TieToDefender", "TieToPlayer"])
      expect(keys).not.toContain(`TEMPO.ATTACK.Note.${k}`);
    expect(numbersIn(forGm.decision)).not.toBe(numbersIn(forPlayer.decision));
  });

  it("the GM, and a player where odds are shown to players, read the full ruling", () => {
    const resolution = RESOLUTIONS.d20;
    if (resolution === undefined) throw new Error("d20");
    const forGm = buildAttackCard(card(resolution), gm);
    expect(forGm.decision?.sentence).toEqual({
      key: "TEMPO.CHAT.Attack.Rule.MeetsAc",
      data: { total: 17, ac: 15, face: 12, from: 20 },
    });
    expect(buildAttackCard(card(resolution), playerWithOdds).decision).toEqual(forGm.decision);
  });

  it("a natural 20 names no defence and reads the same for everyone", () => {
    const resolution: AttackResolution = {
      scheme: "d20",
      snapshot: { bonus: 5, armorClass: 30, criticalFrom: 20, mode: "normal" },
      faces: [20],
    };
    expect(buildAttackCard(card(resolution), player).decision).toEqual(buildAttackCard(card(resolution), gm).decision);
  });
});
