import { err, ok, type Result } from "../core/result.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { MAX_CONSTANT, MAX_DICE } from "../dice/formula.ts";
import { snapshotInvalid } from "./d20-roll.ts";

/** A monster's hit dice as printed: X+Y (4+4 HD is { dice: 4, bonus: 4 }; plain 6 HD has bonus 0). */
export interface HitDice {
  readonly dice: number;
  readonly bonus: number;
}

/** One row of the monster attack table. `label` is the row name as the seed prints it ("1+", "6-7+"). */
export interface MonsterAttackRow {
  readonly label: string;
  /** Lowest hit dice on this row; the row runs up to the next row's `fromHitDice` − 1. */
  readonly fromHitDice: number;
  /** True for the "X+" row of a single hit die (1+1 HD attacks on "1+"). */
  readonly plus: boolean;
  readonly aac0: number;
}

/**
 * SEG-13 **Ruling — the Monster Attack Table.** Seed 003 names the table and its row labels ("1+",
 * "6-7+") but does not print it. Tempo uses the classic monster matrix's roll needed against AC 0:
 * 1 HD 19, 1+ 18, then two hit dice per row from 2-3+ (16) to 16+ (7). The other columns follow from
 * AAC0 by SEG-12, so only AAC0 is stored. GMs who own the source's table can replace these values.
 */
export const MONSTER_ATTACK_TABLE: readonly MonsterAttackRow[] = [
  { label: "1", fromHitDice: 1, plus: false, aac0: 19 },
  { label: "1+", fromHitDice: 1, plus: true, aac0: 18 },
  { label: "2-3+", fromHitDice: 2, plus: false, aac0: 16 },
  { label: "4-5+", fromHitDice: 4, plus: false, aac0: 15 },
  { label: "6-7+", fromHitDice: 6, plus: false, aac0: 13 },
  { label: "8-9+", fromHitDice: 8, plus: false, aac0: 12 },
  { label: "10-11+", fromHitDice: 10, plus: false, aac0: 10 },
  { label: "12-13+", fromHitDice: 12, plus: false, aac0: 9 },
  { label: "14-15+", fromHitDice: 14, plus: false, aac0: 8 },
  { label: "16+", fromHitDice: 16, plus: false, aac0: 7 },
];

/** What SEG-14 derives from enhanced hit dice X+Y. */
export interface EnhancedHitDice {
  /** Hit dice of the attack row: X, or X+1 when Y ≥ 4 (at most one extra die). */
  readonly attackHitDice: number;
  /** True when the attack uses the "X+" rating (Y is 1–3). */
  readonly attackPlus: boolean;
  readonly attackRow: MonsterAttackRow;
  /** X + ceil(Y/4): used for saves and for every effect about the creature's overall hit dice. */
  readonly saveHitDice: number;
  readonly overallHitDice: number;
  /** Xd8 + X·Y, as a roll formula ("4d8+16"; "6d8" when Y is 0). */
  readonly hitPoints: string;
  readonly moraleBonus: number;
}

function checkHitDice(hd: HitDice): Result<HitDice> {
  if (!isRecord(hd)) return snapshotInvalid("hitDice");
  if (!isWhole(hd.dice) || hd.dice < 1) return err("TEMPO.ERRORS.Attack.HitDiceInvalid", { value: shown(hd.dice) });
  // Negative enhancements ("1-1 HD") are outside SEG-14 and are refused rather than guessed.
  if (!isWhole(hd.bonus) || hd.bonus < 0)
    return err("TEMPO.ERRORS.Attack.HitDiceBonusInvalid", { value: shown(hd.bonus) });
  // The hit points Xd8 + X·Y must stay a formula the dice area can roll.
  if (hd.dice > MAX_DICE || hd.dice * hd.bonus > MAX_CONSTANT)
    return err("TEMPO.ERRORS.Attack.HitDiceTooLarge", {
      value: `${hd.dice}+${hd.bonus}`,
      dice: MAX_DICE,
      extra: MAX_CONSTANT,
    });
  return ok(hd);
}

/** Hit dice as a stat block prints them: "4", "4+4", "8+2 HD" (spaces and a trailing "HD" allowed). */
const HIT_DICE_TEXT = /^\s*(\d{1,7})\s*(?:([+-])\s*(\d{1,7}))?\s*(?:hd)?\s*$/i;

/**
 * SEG-14: reads printed hit dice X or X+Y. Text that is not hit dice is HitDiceInvalid; "1-1 HD"
 * (a negative enhancement, outside SEG-14) is HitDiceBonusInvalid.
 */
export function parseHitDice(text: string): Result<HitDice> {
  const match = typeof text === "string" ? HIT_DICE_TEXT.exec(text) : null;
  if (match === null) return err("TEMPO.ERRORS.Attack.HitDiceInvalid", { value: shown(text).slice(0, 40) });
  const dice = Number(match[1]);
  const bonus = match[3] === undefined ? 0 : Number(match[3]);
  if (match[2] === "-" && bonus !== 0) return err("TEMPO.ERRORS.Attack.HitDiceBonusInvalid", { value: shown(-bonus) });
  return checkHitDice({ dice, bonus });
}

function rowFor(hitDice: number, plus: boolean): MonsterAttackRow | null {
  let found: MonsterAttackRow | null = null;
  for (const row of MONSTER_ATTACK_TABLE) {
    if (row.fromHitDice > hitDice) break;
    // "1+" is its own row; from 2 HD on the rows already include the "+" ratings ("2-3+").
    if (row.fromHitDice === 1 && row.plus !== plus && hitDice === 1) continue;
    found = row;
  }
  return found;
}

/** SEG-14: everything enhanced hit dice X+Y change (5+5 HD attacks as 6 HD, saves as 7 HD). */
export function enhancedHitDice(hd: HitDice): Result<EnhancedHitDice> {
  const valid = checkHitDice(hd);
  if (!valid.ok) return valid;
  const { dice, bonus } = hd;
  const attackHitDice = bonus >= 4 ? dice + 1 : dice;
  const attackPlus = bonus >= 1 && bonus <= 3;
  const attackRow = rowFor(attackHitDice, attackPlus);
  if (attackRow === null) return err("TEMPO.ERRORS.Attack.HitDiceInvalid", { value: shown(dice) });
  const saveHitDice = dice + Math.ceil(bonus / 4);
  const extra = dice * bonus;
  return ok({
    attackHitDice,
    attackPlus,
    attackRow,
    saveHitDice,
    overallHitDice: saveHitDice,
    hitPoints: extra > 0 ? `${dice}d8+${extra}` : `${dice}d8`,
    moraleBonus: bonus,
  });
}

/** Which attack table a creature uses (SEG-13). */
export type AttackTableChoice =
  | { readonly table: "monster"; readonly row: MonsterAttackRow; readonly aac0: number }
  | { readonly table: "class"; readonly level: number };

/**
 * SEG-13: a creature with racial hit dice attacks on the monster table by its hit dice unless its
 * class level is higher, then on its class table at that level (class tables are class data, not
 * engine data). **Ruling:** the class level is compared with the attack-row hit dice of SEG-14 (X, or
 * X+1 when Y ≥ 4); equal goes to the hit dice.
 */
export function monsterAttackTable(hd: HitDice, classLevel: number | null): Result<AttackTableChoice> {
  if (classLevel !== null && (!isWhole(classLevel) || classLevel < 0)) {
    return err("TEMPO.ERRORS.Attack.ClassLevelInvalid", { value: shown(classLevel) });
  }
  const enhanced = enhancedHitDice(hd);
  if (!enhanced.ok) return enhanced;
  const { attackHitDice, attackRow } = enhanced.value;
  if (classLevel !== null && classLevel > attackHitDice) return ok({ table: "class", level: classLevel });
  return ok({ table: "monster", row: attackRow, aac0: attackRow.aac0 });
}
