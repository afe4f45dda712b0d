import { err, ok, type Message, type Result } from "../core/result.ts";
import { probOf } from "../dice/distribution.ts";
import type { AttackOdds, AttackOutcome } from "./attack-outcome.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { checkD20Mode, naturalRuleAttack, naturalRuleHitChance, snapshotInvalid } from "./d20-roll.ts";
import { d20Distribution, type D20RollMode } from "../dice/d20.ts";

/** SEG-12: descending Armor Class runs from −10 (best) to 10 (worst). */
export const DESCENDING_AC_BEST = -10;
/** SEG-12: the worst descending Armor Class. */
export const DESCENDING_AC_WORST = 10;

/**
 * The AAC0 values the engine accepts. 21 is the table's "20*" (needs 20 against AC 0 and AC 1); 0 is
 * beyond any published attacker. **Ruling:** outside 0–25 the input is treated as a data error.
 */
export const AAC0_MIN = 0;
/** SEG-12: the highest AAC0 the engine accepts (see AAC0_MIN): "20*****", 20 against AC 0 to AC 5. */
export const AAC0_MAX = 25;

function checkArmorClass(ac: number): Result<number> {
  return isWhole(ac) && ac >= DESCENDING_AC_BEST && ac <= DESCENDING_AC_WORST
    ? ok(ac)
    : err("TEMPO.ERRORS.Attack.ArmorClassOutOfRange", {
        value: shown(ac),
        best: DESCENDING_AC_BEST,
        worst: DESCENDING_AC_WORST,
      });
}

function checkAac0(aac0: number): Result<number> {
  return isWhole(aac0) && aac0 >= AAC0_MIN && aac0 <= AAC0_MAX
    ? ok(aac0)
    : err("TEMPO.ERRORS.Attack.Aac0Invalid", { value: shown(aac0), min: AAC0_MIN, max: AAC0_MAX });
}

/**
 * SEG-12: applies an AC bonus on the descending scale. Bonuses are written positive and lower the AC
 * (AC 5 with a +2 bonus is AC 3); penalties are negative. A result off the −10..10 scale is an error.
 */
export function descendingArmorClass(baseAc: number, bonus: number): Result<number> {
  const base = checkArmorClass(baseAc);
  if (!base.ok) return base;
  if (!isWhole(bonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(bonus) });
  return checkArmorClass(baseAc - bonus);
}

/** What one armour or shield item gives a creature's AC (SEG-12). */
export interface WornArmor {
  readonly acBonus: number;
  /** Worn or held: an item carried in a pack gives nothing. */
  readonly equipped: boolean;
}

/** SEG-12: a creature's descending AC with what it wears, and the bonus that made it. */
export interface WornArmorClass {
  readonly ac: number;
  readonly bonus: number;
}

/**
 * SEG-12: the creature's AC with the bonuses of every armour and shield it wears or holds, added up
 * (a +2 shield on AC 5 makes AC 3). **Ruling:** the scale stops at its ends: bonuses past AC −10 are
 * lost and penalties past AC 10 stop there (the stored AC and each item were checked on their own, so a
 * sum off the scale is a table fact, not bad input). A base AC off the scale is taken at its end too.
 */
export function wornArmorClass(baseAc: number, worn: readonly WornArmor[]): WornArmorClass {
  let bonus = 0;
  for (const item of worn) if (item.equipped && isWhole(item.acBonus)) bonus += item.acBonus;
  const base = isWhole(baseAc) ? baseAc : DESCENDING_AC_WORST;
  const ac = Math.min(DESCENDING_AC_WORST, Math.max(DESCENDING_AC_BEST, base - bonus));
  return { ac, bonus };
}

/** The most stars "20*" notation takes: each one more AC above 0 that also needs a 20 (AAC0 25). */
const MAX_STARS = AAC0_MAX - 20;

/**
 * SEG-12: an AAC0 as the seed writes it. Up to 20 it is the number; the seed's "20*" (a 20 is needed
 * against AC 0 and also AC 1) is AAC0 21 of the formula. **Ruling:** each further star is one more AC
 * above 0 that needs a 20 ("20**" is AAC0 22, up to "20*****", 25): the six repeating 20s start one AC
 * higher per star.
 */
export function formatAac0(aac0: number): string {
  return aac0 > 20 ? `20${"*".repeat(aac0 - 20)}` : String(aac0);
}

/**
 * SEG-12: reads an AAC0 as printed in a stat block: a whole number 0–20, or "20*" (see formatAac0).
 * A number above 20 is refused with the notation to write instead: the table never asks for 21 against
 * AC 0 before its six 20s, so "21" is not an AAC0 the seed's tables print.
 */
export function parseAac0(text: string): Result<number> {
  if (typeof text !== "string")
    return err("TEMPO.ERRORS.Attack.Aac0Invalid", { value: shown(text), min: AAC0_MIN, max: AAC0_MAX });
  const trimmed = text.trim();
  const starred = /^20(\*+)$/.exec(trimmed);
  if (starred !== null && starred[1] !== undefined && starred[1].length <= MAX_STARS) return ok(20 + starred[1].length);
  if (/^\d{1,2}$/.test(trimmed) && Number(trimmed) > 20 && Number(trimmed) <= AAC0_MAX)
    return err("TEMPO.ERRORS.Attack.Aac0Starred", { value: trimmed, written: formatAac0(Number(trimmed)) });
  if (!/^\d{1,2}$/.test(trimmed) || Number(trimmed) > 20)
    return err("TEMPO.ERRORS.Attack.Aac0Invalid", { value: trimmed.slice(0, 40), min: AAC0_MIN, max: AAC0_MAX });
  return checkAac0(Number(trimmed));
}

/** The unclamped n = AAC0 − AC, before the table's repeated 20s. */
function rawNeeded(aac0: number, ac: number): number {
  return aac0 - ac;
}

/** SEG-12: the six-20s rule. n ≤ 20 → n; 21–25 → 20; n ≥ 26 → n − 5. */
function tableValue(n: number): number {
  if (n <= 20) return n;
  if (n <= 25) return 20;
  return n - 5;
}

/**
 * SEG-12: the modified roll needed to hit descending AC `ac` with the given AAC0
 * (AAC0 19 against AC −3: n = 22, which the table reads as 20; against AC −7: n = 26 → 21).
 */
export function aac0Needed(aac0: number, ac: number): Result<number> {
  const a = checkAac0(aac0);
  if (!a.ok) return a;
  const c = checkArmorClass(ac);
  if (!c.ok) return c;
  return ok(tableValue(rawNeeded(aac0, ac)));
}

export interface SegmentAttackSnapshot {
  /** The attacker's roll needed against AC 0 (from its class table, or its hit dice: SEG-13). */
  readonly aac0: number;
  /** The defender's descending AC, −10..10, with its AC bonuses already applied. */
  readonly armorClass: number;
  /** Every modifier to the attack roll, summed (the GM relays them). */
  readonly modifier: number;
  readonly mode: D20RollMode;
}

function validate(snapshot: SegmentAttackSnapshot): Result<number> {
  if (!isRecord(snapshot)) return snapshotInvalid("snapshot");
  if (!isWhole(snapshot.modifier)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(snapshot.modifier) });
  const mode = checkD20Mode(snapshot.mode);
  if (!mode.ok) return mode;
  return aac0Needed(snapshot.aac0, snapshot.armorClass);
}

/**
 * SEG-12: resolves a segment-ruleset attack. The modified roll (face + modifier) must reach the
 * table value; a natural 20 always hits and a natural 1 always misses. The seed has no critical hits,
 * so `critical` is always false; `fumble` marks the natural 1 (an automatic miss, nothing more).
 */
export function resolveSegmentAttack(faces: readonly number[], snapshot: SegmentAttackSnapshot): Result<AttackOutcome> {
  const needed = validate(snapshot);
  if (!needed.ok) return needed;
  const raw = rawNeeded(snapshot.aac0, snapshot.armorClass);
  const table: Message[] =
    raw === needed.value ? [] : [{ key: "TEMPO.ATTACK.Note.AttackTable", data: { raw, needed: needed.value } }];
  const roll = naturalRuleAttack(faces, snapshot.mode, snapshot.modifier, needed.value, 20, table);
  if (!roll.ok) return roll;
  const { face, total, hit, notes } = roll.value;
  return ok({ hit, critical: false, fumble: face === 1, face, total, needed: needed.value, notes });
}

/** SEG-12: exact odds of {@link resolveSegmentAttack}. */
export function segmentAttackOdds(snapshot: SegmentAttackSnapshot): Result<AttackOdds> {
  const needed = validate(snapshot);
  if (!needed.ok) return needed;
  const hit = naturalRuleHitChance(snapshot.mode, needed.value, snapshot.modifier, 20);
  return ok({ hit, critical: 0, fumble: probOf(d20Distribution(snapshot.mode), 1), miss: 1 - hit });
}
