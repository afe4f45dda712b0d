import { err, ok, type Message, type Result } from "../core/result.ts";
import { map, probAtLeast, probOf } from "../dice/distribution.ts";
import type { AttackOdds, AttackOutcome } from "./attack-outcome.ts";
import { isWhole, shown } from "../dice/checks.ts";
import { badFlag, keepD20Face, modeNote, snapshotInvalid } from "./d20-roll.ts";
import { d20Distribution, type D20RollMode } from "../dice/d20.ts";

/** ATK-ROT-1: which of its two defences the defender sets against the roll. */
export type RotationDefense = "dodge" | "armor";

export interface RotationDefender {
  readonly dodge: number;
  readonly armor: number;
  readonly isPlayer: boolean;
  /** ATK-ROT-5: enemies adjacent to the defender, the attacker included. */
  readonly adjacentEnemies: number;
  /** ATK-ROT-1: the defender's choice; null takes the higher (ruling). */
  readonly defense: RotationDefense | null;
  /** STL-3: the defender has not seen the attacker (it failed its STL-2 roll, or never had sight). */
  readonly unaware: boolean;
  /**
   * ROT-8: the defender is grappled and "cannot avoid attacks". **Ruling:** it cannot Dodge, so it
   * defends with Armor whatever it would choose.
   */
  readonly grappled: boolean;
}

export interface RotationAttackSnapshot {
  /** The attacker's skill bonus with the weapon or spell, before ATK-ROT-1's proficiency rule. */
  readonly skillBonus: number;
  readonly proficient: boolean;
  /** ATK-ROT-4: a die above this number (a natural 20 read as 25) is a critical. */
  readonly criticalThreshold: number;
  readonly attackerIsPlayer: boolean;
  readonly defender: RotationDefender;
}

/** ATK-ROT-1 on checked numbers. */
function skillBonusOf(skillBonus: number, proficient: boolean): number {
  return proficient || skillBonus <= 0 ? skillBonus : Math.floor(skillBonus / 2);
}

/** ATK-ROT-5 on a checked count. */
function penaltyFor(adjacentEnemies: number): number {
  return 2 * Math.max(0, adjacentEnemies - 1);
}

/**
 * ATK-ROT-1: a creature not proficient with the weapon halves a positive skill bonus, rounding down;
 * a negative bonus applies in full.
 */
export function rotationSkillBonus(skillBonus: number, proficient: boolean): Result<number> {
  if (!isWhole(skillBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(skillBonus) });
  if (typeof proficient !== "boolean") return snapshotInvalid("proficient");
  return ok(skillBonusOf(skillBonus, proficient));
}

/** ATK-ROT-5: each adjacent enemy beyond the first takes 2 off both Dodge and Armor. */
export function flankingPenalty(adjacentEnemies: number): Result<number> {
  if (!isWhole(adjacentEnemies) || adjacentEnemies < 0)
    return err("TEMPO.ERRORS.Attack.AdjacentEnemiesInvalid", { value: shown(adjacentEnemies) });
  return ok(penaltyFor(adjacentEnemies));
}

/** ATK-ROT-3: a natural 20 reads as 25; every other face as itself. */
function dieValue(face: number): number {
  return face === 20 ? 25 : face;
}

interface Prepared {
  readonly bonus: number;
  readonly penalty: number;
  readonly defense: RotationDefense;
  readonly defenseValue: number;
  readonly attackerWinsTies: boolean;
  readonly needed: number;
  readonly mode: D20RollMode;
}

function prepare(s: RotationAttackSnapshot): Result<Prepared> {
  const badAttacker = badFlag(s, ["proficient", "attackerIsPlayer"]);
  if (badAttacker !== null) return snapshotInvalid(badAttacker);
  const badDefender = badFlag(s.defender, ["isPlayer", "unaware", "grappled"]);
  if (badDefender !== null) return snapshotInvalid(badDefender === "snapshot" ? "defender" : badDefender);
  const d = s.defender;
  if (!isWhole(s.skillBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(s.skillBonus) });
  if (!isWhole(s.criticalThreshold))
    return err("TEMPO.ERRORS.Attack.CriticalThresholdInvalid", { value: shown(s.criticalThreshold) });
  if (!isWhole(d.dodge)) return err("TEMPO.ERRORS.Attack.DefenseInvalid", { value: shown(d.dodge) });
  if (!isWhole(d.armor)) return err("TEMPO.ERRORS.Attack.DefenseInvalid", { value: shown(d.armor) });
  if (!isWhole(d.adjacentEnemies) || d.adjacentEnemies < 0)
    return err("TEMPO.ERRORS.Attack.AdjacentEnemiesInvalid", { value: shown(d.adjacentEnemies) });
  if (d.defense !== null && d.defense !== "dodge" && d.defense !== "armor")
    return err("TEMPO.ERRORS.Attack.DefenseChoiceInvalid", { value: shown(d.defense) });
  const penalty = penaltyFor(d.adjacentEnemies);
  const dodge = d.dodge - penalty;
  const armor = d.armor - penalty;
  const defense: RotationDefense = d.grappled ? "armor" : (d.defense ?? (armor > dodge ? "armor" : "dodge"));
  const defenseValue = defense === "dodge" ? dodge : armor;
  // ATK-ROT-2: on a tie the player character wins; between two player characters the defender wins.
  // **Ruling:** between two non-player creatures the defender wins too (a tie is not "above").
  const attackerWinsTies = s.attackerIsPlayer && !d.isPlayer;
  return ok({
    bonus: skillBonusOf(s.skillBonus, s.proficient),
    penalty,
    defense,
    defenseValue,
    attackerWinsTies,
    needed: attackerWinsTies ? defenseValue : defenseValue + 1,
    // STL-3: an unaware defender is attacked with advantage (2d20, keep the higher).
    mode: d.unaware ? "advantage" : "normal",
  });
}

/**
 * ATK-ROT-1..5 and STL-3: resolves a rotation attack. Pass one face, or two when the defender is
 * unaware (advantage). `critical` means the damage step adds the weapon's maximum damage once
 * (ATK-ROT-4; its **Ruling** on AP-1 swings and DR: damage/critical-damage.ts).
 * A natural 1 does not miss by itself: it sets `fumble` and the card's note; the GM narrates.
 */
export function resolveRotationAttack(
  faces: readonly number[],
  snapshot: RotationAttackSnapshot,
): Result<AttackOutcome> {
  const prepared = prepare(snapshot);
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  const kept = keepD20Face(faces, p.mode);
  if (!kept.ok) return kept;
  const { face } = kept.value;
  const value = dieValue(face);
  const total = value + p.bonus;
  const hit = total >= p.needed;
  const critical = hit && value > snapshot.criticalThreshold;
  const notes: Message[] = [];
  if (snapshot.defender.unaware) notes.push({ key: "TEMPO.ATTACK.Note.UnawareTarget" });
  const rollNote = modeNote(kept.value, p.mode);
  if (rollNote !== null) notes.push(rollNote);
  if (!snapshot.proficient && snapshot.skillBonus > 0) {
    notes.push({ key: "TEMPO.ATTACK.Note.NotProficient", data: { from: snapshot.skillBonus, to: p.bonus } });
  }
  if (snapshot.defender.grappled) notes.push({ key: "TEMPO.ATTACK.Note.GrappledArmorOnly" });
  if (p.penalty > 0)
    notes.push({
      key: "TEMPO.ATTACK.Note.Flanked",
      data: { enemies: snapshot.defender.adjacentEnemies, penalty: p.penalty },
    });
  notes.push(
    p.defense === "dodge"
      ? { key: "TEMPO.ATTACK.Note.AgainstDodge", data: { value: p.defenseValue } }
      : { key: "TEMPO.ATTACK.Note.AgainstArmor", data: { value: p.defenseValue } },
  );
  if (face === 20) notes.push({ key: "TEMPO.ATTACK.Note.NaturalTwentyAs25" });
  if (face === 1) notes.push({ key: "TEMPO.ATTACK.Note.Fumble" });
  if (total === p.defenseValue)
    notes.push({ key: p.attackerWinsTies ? "TEMPO.ATTACK.Note.TieToPlayer" : "TEMPO.ATTACK.Note.TieToDefender" });
  if (critical) notes.push({ key: "TEMPO.ATTACK.Note.CriticalMaxDamage" });
  return ok({ hit, critical, fumble: face === 1, face, total, needed: p.needed, notes });
}

/** ATK-ROT-1..5: exact odds of {@link resolveRotationAttack}, with advantage when the defender is unaware (STL-3). */
export function rotationAttackOdds(snapshot: RotationAttackSnapshot): Result<AttackOdds> {
  const prepared = prepare(snapshot);
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  const kept = d20Distribution(p.mode);
  const values = map(kept, dieValue);
  const lowestHittingValue = p.needed - p.bonus;
  const hit = probAtLeast(values, lowestHittingValue);
  const critical = probAtLeast(values, Math.max(lowestHittingValue, snapshot.criticalThreshold + 1));
  return ok({ hit, critical, fumble: probOf(kept, 1), miss: 1 - hit });
}
