/**
 * Checks a formula against the limits a person could break by typing (or a document could hold):
 * dice with fewer than 2 sides, absurd counts, keeping more than is rolled. Every failure is a
 * typed error with the offending formula in its data, never an exception.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { Formula, FormulaTerm, KeepRule } from "./formula.ts";
import { MAX_CONSTANT, MAX_DICE, MAX_SIDES, MAX_TERMS } from "./formula.ts";
import { formatFormula } from "./formula-format.ts";
import { isRecord, isWhole } from "./checks.ts";

function checkKeep(keep: KeepRule | null, available: number, text: string): Result<true> {
  if (keep === null) return ok(true);
  if (keep.count > available)
    return err("TEMPO.ERRORS.Dice.KeepTooMany", { formula: text, keep: keep.count, count: available });
  if (!isWhole(keep.count) || keep.count < 0) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
  return ok(true);
}

/** Dice rolled by a term (pool members included). */
export function termDiceCount(term: FormulaTerm): number {
  if (term.type === "dice") return term.count;
  if (term.type === "constant") return 0;
  return term.members.reduce((n, m) => n + termDiceCount(m), 0);
}

function checkTerm(term: FormulaTerm, text: string): Result<true> {
  switch (term.type) {
    case "constant":
      // Limits first, so "99999999999999999999" says "too large" rather than "unreadable".
      if (term.value > MAX_CONSTANT)
        return err("TEMPO.ERRORS.Dice.NumberTooLarge", { formula: text, max: MAX_CONSTANT });
      if (!isWhole(term.value) || term.value < 0) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
      return ok(true);
    case "dice":
      if (term.count > MAX_DICE) return err("TEMPO.ERRORS.Dice.TooManyDice", { formula: text, max: MAX_DICE });
      if (term.sides > MAX_SIDES) return err("TEMPO.ERRORS.Dice.TooManySides", { formula: text, max: MAX_SIDES });
      if (!isWhole(term.count) || !isWhole(term.sides)) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
      if (term.count < 1) return err("TEMPO.ERRORS.Dice.TooFewDice", { formula: text });
      if (term.sides < 2) return err("TEMPO.ERRORS.Dice.TooFewSides", { formula: text, sides: term.sides });
      return checkKeep(term.keep, term.count, text);
    case "pool": {
      if (term.members.length === 0) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
      for (const member of term.members) {
        if (member.type !== "dice" && member.type !== "constant")
          return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
        const r = checkTerm(member, text);
        if (!r.ok) return r;
      }
      return checkKeep(term.keep, term.members.length, text);
    }
  }
}

/** `ok(formula)` when every term is within limits; `text` is what the error messages quote. */
/** Terms plus pool members: what the odds walk over (bounded so a stored formula cannot stall it). */
function termCount(f: Formula): number {
  return f.terms.reduce((n, { term }) => n + (term.type === "pool" ? 1 + term.members.length : 1), 0);
}

/** `ok(formula)` when a formula of the right shape is within the limits; `text` is what errors quote (internal: use checkFormula). */
export function validateFormula(f: Formula, text: string): Result<Formula> {
  if (f.terms.length === 0) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
  if (termCount(f) > MAX_TERMS)
    return err("TEMPO.ERRORS.Dice.TooManyTerms", { formula: text.slice(0, 80), max: MAX_TERMS });
  let dice = 0;
  for (const { sign, term } of f.terms) {
    if (sign !== 1 && sign !== -1) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
    const r = checkTerm(term, text);
    if (!r.ok) return r;
    dice += termDiceCount(term);
  }
  if (dice > MAX_DICE) return err("TEMPO.ERRORS.Dice.TooManyDice", { formula: text, max: MAX_DICE });
  return ok(f);
}

function isKeepShape(v: unknown): v is KeepRule | null {
  return v === null || (isRecord(v) && typeof v["highest"] === "boolean" && typeof v["count"] === "number");
}

function isTermShape(v: unknown, inPool: boolean): v is FormulaTerm {
  if (!isRecord(v)) return false;
  switch (v["type"]) {
    case "constant":
      return typeof v["value"] === "number";
    case "dice":
      return typeof v["count"] === "number" && typeof v["sides"] === "number" && isKeepShape(v["keep"]);
    case "pool": {
      const members = v["members"];
      return !inPool && Array.isArray(members) && members.every((m) => isTermShape(m, true)) && isKeepShape(v["keep"]);
    }
    default:
      return false;
  }
}

/** True when `v` has the shape of a Formula (stored data may not: it comes from documents). */
export function isFormulaShape(v: unknown): v is Formula {
  if (!isRecord(v) || !Array.isArray(v["terms"])) return false;
  return v["terms"].every(
    (t: unknown) => isRecord(t) && (t["sign"] === 1 || t["sign"] === -1) && isTermShape(t["term"], false),
  );
}

/**
 * Checks any value (a hand-built formula, or one read back from a document): its shape first,
 * then its limits. Error messages quote the formula as Foundry would write it.
 */
export function checkFormula(v: unknown): Result<Formula> {
  if (!isFormulaShape(v)) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: "" });
  // Count before formatting: a stored formula of a million terms is refused without writing it out.
  if (termCount(v) > MAX_TERMS) return err("TEMPO.ERRORS.Dice.TooManyTerms", { formula: "", max: MAX_TERMS });
  return validateFormula(v, formatFormula(v));
}
