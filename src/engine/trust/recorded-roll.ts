/**
 * A roll as a chat message records it, checked against the formula the rules say was rolled (issue 18,
 * "cards that cannot be forged"). A card's own total is never read: the total is the sum of the kept
 * dice the roll records, each die checked against the formula's dice (as many dice as the term rolls,
 * each face within the die, the kept ones exactly those the keep rule keeps), plus the formula's numbers.
 * What cannot be checked here: whether the faces were rolled at random (Foundry rolls on the client;
 * see the report of issue 18): a forged roll is still bounded by the formula.
 * Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { DiceTerm, Formula } from "../dice/formula.ts";
import { parseFormula } from "../dice/formula-parse.ts";

/** One die of a recorded roll: its result and whether it counts (a keep rule drops some). */
export interface RecordedResult {
  readonly result: number;
  readonly active: boolean;
}

/** One dice term of a recorded roll (Foundry's Die term: `faces`, and its `results`). */
export interface RecordedDice {
  readonly faces: number;
  readonly results: readonly RecordedResult[];
}

/** A roll as a message keeps it: its formula and its dice terms in order. */
export interface RecordedRoll {
  readonly formula: string;
  readonly dice: readonly RecordedDice[];
}

const FORMULA_KEY = "TEMPO.ERRORS.Trust.RollFormula";
const DICE_KEY = "TEMPO.ERRORS.Trust.RollDice";

function sameFormula(a: Formula, b: Formula): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isFace(value: unknown, faces: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= faces;
}

/** Whether the active dice are exactly a choice the keep rule makes (ties may be kept either way). */
function keptRight(term: DiceTerm, results: readonly RecordedResult[]): boolean {
  if (term.keep === null) return results.every((r) => r.active);
  const active = results.filter((r) => r.active).map((r) => r.result);
  const dropped = results.filter((r) => !r.active).map((r) => r.result);
  if (active.length !== Math.min(term.keep.count, term.count)) return false;
  if (active.length === 0 || dropped.length === 0) return true;
  return term.keep.highest ? Math.min(...active) >= Math.max(...dropped) : Math.max(...active) <= Math.min(...dropped);
}

/** The sum of one term's kept dice, or null when the recorded dice do not fit the term. */
function termSum(term: DiceTerm, recorded: RecordedDice | undefined): number | null {
  if (recorded === undefined || recorded.faces !== term.sides || recorded.results.length !== term.count) return null;
  if (!recorded.results.every((r) => isFace(r.result, term.sides) && typeof r.active === "boolean")) return null;
  if (!keptRight(term, recorded.results)) return null;
  return recorded.results.filter((r) => r.active).reduce((sum, r) => sum + r.result, 0);
}

/**
 * The total of `roll`, when it is a roll of `expected` (same formula, dice that fit it). Errors:
 * `Trust.RollFormula` (another formula, or one that does not parse), `Trust.RollDice` (dice that the
 * formula cannot have rolled, or a pool, which no Tempo card rolls).
 */
export function recordedRollTotal(expected: string, roll: RecordedRoll): Result<number> {
  const wanted = parseFormula(expected);
  const given = typeof roll.formula === "string" ? parseFormula(roll.formula) : null;
  if (!wanted.ok || given === null || !given.ok || !sameFormula(wanted.value, given.value))
    return err(FORMULA_KEY, { formula: String(roll.formula), expected });
  const dice = Array.isArray(roll.dice) ? roll.dice : [];
  let next = 0;
  let total = 0;
  for (const { sign, term } of wanted.value.terms) {
    if (term.type === "pool") return err(DICE_KEY, { formula: expected });
    if (term.type === "constant") {
      total += sign * term.value;
      continue;
    }
    const sum = termSum(term, dice[next++]);
    if (sum === null) return err(DICE_KEY, { formula: expected });
    total += sign * sum;
  }
  return next === dice.length ? ok(total) : err(DICE_KEY, { formula: expected });
}
