/**
 * SEG-14: a creature with hit dice saves on the Monster Save Table by its save hit dice (X + ceil(Y/4):
 * 5+5 HD saves as 7 HD, on the seed's row "7-8").
 *
 * **Ruling — the Monster Save Table.** Seed 003 names the table and its row labels ("7-8") but does not
 * print it. Tempo keeps one number per row, the d20 roll that saves (or more), on the classic two-hit-dice
 * rows from "1-2" to "17+": 17, 16, 14, 13, 11, 10, 8, 7, 6; under 1 HD (a creature of fractional hit
 * dice written "0") 19. GMs who own the source's table can replace these values.
 * **Ruling (segment saves):** in the segment ruleset a creature with hit dice rolls this save against
 * anything that calls for one (a spell's save included), with no ability modifier and no DC: the table
 * is the seed's save. A creature without hit dice saves as the other rulesets do (spell-save.ts).
 * Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import { isWhole, shown } from "../dice/checks.ts";

export interface MonsterSaveRow {
  /** The row as the seed prints it ("7-8"). */
  readonly label: string;
  readonly fromHitDice: number;
  /** The d20 roll that saves, or more. */
  readonly target: number;
}

const UNDER_ONE_HD: MonsterSaveRow = { label: "0", fromHitDice: 0, target: 19 };

export const MONSTER_SAVE_TABLE: readonly MonsterSaveRow[] = [
  UNDER_ONE_HD,
  { label: "1-2", fromHitDice: 1, target: 17 },
  { label: "3-4", fromHitDice: 3, target: 16 },
  { label: "5-6", fromHitDice: 5, target: 14 },
  { label: "7-8", fromHitDice: 7, target: 13 },
  { label: "9-10", fromHitDice: 9, target: 11 },
  { label: "11-12", fromHitDice: 11, target: 10 },
  { label: "13-14", fromHitDice: 13, target: 8 },
  { label: "15-16", fromHitDice: 15, target: 7 },
  { label: "17+", fromHitDice: 17, target: 6 },
];

/** What a save card by hit dice cites. */
export const HIT_DICE_SAVE_RULE = "SEG-14";

/** The save's die: one d20, nothing added. */
export const MONSTER_SAVE_FORMULA = "1d20";

/** SEG-14: the Monster Save Table row of a creature that saves as `saveHitDice` HD. */
export function monsterSaveRow(saveHitDice: number): Result<MonsterSaveRow> {
  if (!isWhole(saveHitDice) || saveHitDice < 0)
    return err("TEMPO.ERRORS.Attack.HitDiceInvalid", { value: shown(saveHitDice) });
  let found = UNDER_ONE_HD;
  for (const row of MONSTER_SAVE_TABLE) if (row.fromHitDice <= saveHitDice) found = row;
  return ok(found);
}
