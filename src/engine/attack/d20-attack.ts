import { err, ok, type Result } from "../core/result.ts";
import { probAtLeast, probOf } from "../dice/distribution.ts";
import type { AttackOdds, AttackOutcome } from "./attack-outcome.ts";
import { isWhole, shown } from "../dice/checks.ts";
import { checkD20Mode, naturalRuleAttack, naturalRuleHitChance, snapshotInvalid } from "./d20-roll.ts";
import { isRecord } from "../dice/checks.ts";
import { d20Distribution, type D20RollMode } from "../dice/d20.ts";

/**
 * d20 + bonus against an ascending Armor Class: the attack roll of the `count` (seeds/000) and
 * `standard` (seeds/001) rulesets.
 *
 * **Ruling** (both seeds and RULES.md are silent on natural rolls and criticals): the classic d20
 * rule. A natural 20 always hits and is a critical hit; a natural 1 always misses. Otherwise the
 * attack hits when d20 + bonus ≥ AC. `criticalFrom` widens the critical range (19 means 19–20);
 * every face in the range hits and is critical.
 */
export interface D20AttackSnapshot {
  /** Every modifier to the roll, summed (ability, proficiency, magic, circumstances). */
  readonly bonus: number;
  /** The target's ascending Armor Class. */
  readonly armorClass: number;
  /** Lowest natural face that is a critical hit: 20 normally, 2–20 allowed. */
  readonly criticalFrom: number;
  readonly mode: D20RollMode;
}

function validate(snapshot: D20AttackSnapshot): Result<D20AttackSnapshot> {
  if (!isRecord(snapshot)) return snapshotInvalid("snapshot");
  if (!isWhole(snapshot.bonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(snapshot.bonus) });
  if (!isWhole(snapshot.armorClass))
    return err("TEMPO.ERRORS.Attack.ArmorClassInvalid", { value: shown(snapshot.armorClass) });
  if (!isWhole(snapshot.criticalFrom) || snapshot.criticalFrom < 2 || snapshot.criticalFrom > 20) {
    return err("TEMPO.ERRORS.Attack.CriticalRangeInvalid", { value: shown(snapshot.criticalFrom) });
  }
  return ok(snapshot);
}

/** `count`/`standard` attack (ruling above): resolves one d20 attack from one face, or two with advantage/disadvantage. */
export function resolveD20Attack(faces: readonly number[], snapshot: D20AttackSnapshot): Result<AttackOutcome> {
  const valid = validate(snapshot);
  if (!valid.ok) return valid;
  const needed = snapshot.armorClass;
  const roll = naturalRuleAttack(faces, snapshot.mode, snapshot.bonus, needed, snapshot.criticalFrom);
  if (!roll.ok) return roll;
  const { face, total, hit, notes } = roll.value;
  const critical = face >= snapshot.criticalFrom;
  if (critical) notes.push({ key: "TEMPO.ATTACK.Note.Critical" });
  return ok({ hit, critical, fumble: face === 1, face, total, needed, notes });
}

/** `count`/`standard` attack: exact odds of {@link resolveD20Attack} for the same snapshot. */
export function d20AttackOdds(snapshot: D20AttackSnapshot): Result<AttackOdds> {
  const valid = validate(snapshot);
  if (!valid.ok) return valid;
  const mode = checkD20Mode(snapshot.mode);
  if (!mode.ok) return mode;
  const kept = d20Distribution(snapshot.mode);
  // The critical range always hits; 1 never does.
  const hit = naturalRuleHitChance(snapshot.mode, snapshot.armorClass, snapshot.bonus, snapshot.criticalFrom);
  return ok({ hit, critical: probAtLeast(kept, snapshot.criticalFrom), fumble: probOf(kept, 1), miss: 1 - hit });
}
