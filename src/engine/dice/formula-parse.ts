/**
 * Text → Formula. A hand-written recursive-descent parser over the grammar in `formula.ts`.
 * Whitespace is allowed between terms and operators (not inside a term); "d" and "kh"/"kl" are
 * case-insensitive; "d20" means "1d20" and "kh" means "kh1", as in Foundry. Never throws: any
 * text that does not fit is `TEMPO.ERRORS.Dice.Unparseable` with the text in its data.
 */
import { err, type Result } from "../core/result.ts";
import type { DiceTerm, Formula, FormulaTerm, KeepRule, PoolMember, SignedTerm } from "./formula.ts";
import { validateFormula } from "./formula-validate.ts";

/** Longest formula text we read at all (a person never types more; guards pasted garbage). */
const MAX_LENGTH = 2000;

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text.charAt(this.pos))) this.pos++;
  }
  peek(): string {
    return this.text.charAt(this.pos);
  }
  eat(ch: string): boolean {
    if (this.text.charAt(this.pos).toLowerCase() !== ch) return false;
    this.pos++;
    return true;
  }
  /** Digits as a number (NaN when there are none, Infinity-like when absurdly long). */
  number(): number {
    const start = this.pos;
    while (this.pos < this.text.length && /[0-9]/.test(this.text.charAt(this.pos))) this.pos++;
    return start === this.pos ? Number.NaN : Number(this.text.slice(start, this.pos));
  }
  atEnd(): boolean {
    return this.pos >= this.text.length;
  }
}

/** A parser step's result; null means "does not fit the grammar" (reported as Unparseable). */
type Parsed<T> = T | null;

/** An optional "khK"/"klK" suffix: the rule, null when absent, or "bad" when malformed. */
function parseKeep(c: Cursor): KeepRule | null | "bad" {
  if (!c.eat("k")) return null;
  const highest = c.eat("h") ? true : c.eat("l") ? false : null;
  if (highest === null) return "bad";
  const digits = c.number();
  return { highest, count: Number.isNaN(digits) ? 1 : digits };
}

/** dice | constant (pool members and top-level terms other than pools). */
function parseSimple(c: Cursor): Parsed<DiceTerm | { type: "constant"; value: number }> {
  const count = c.number();
  if (c.eat("d")) {
    const sides = c.number();
    if (Number.isNaN(sides)) return null;
    const keep = parseKeep(c);
    if (keep === "bad") return null;
    return { type: "dice", count: Number.isNaN(count) ? 1 : count, sides, keep };
  }
  if (Number.isNaN(count)) return null;
  return { type: "constant", value: count };
}

function parseTerm(c: Cursor): Parsed<FormulaTerm> {
  if (!c.eat("{")) return parseSimple(c);
  const members: PoolMember[] = [];
  for (;;) {
    c.skipSpace();
    const member = parseSimple(c);
    if (member === null) return null;
    members.push(member);
    c.skipSpace();
    if (c.eat("}")) break;
    if (!c.eat(",")) return null;
  }
  const keep = parseKeep(c);
  if (keep === "bad") return null;
  return { type: "pool", members, keep };
}

function parseTerms(c: Cursor): Parsed<SignedTerm[]> {
  const terms: SignedTerm[] = [];
  c.skipSpace();
  let sign: 1 | -1 = c.eat("-") ? -1 : 1;
  if (sign === 1) c.eat("+");
  for (;;) {
    c.skipSpace();
    const term = parseTerm(c);
    if (term === null) return null;
    terms.push({ sign, term });
    c.skipSpace();
    if (c.atEnd()) return terms;
    if (c.eat("+")) sign = 1;
    else if (c.eat("-")) sign = -1;
    else return null;
  }
}

/** Parses a formula such as "2d6 + 3", "4d6kh3" or "{1d6,1d6,1d8}kh2", then checks its limits. */
export function parseFormula(text: string): Result<Formula> {
  if (typeof text !== "string" || text.length > MAX_LENGTH)
    return err("TEMPO.ERRORS.Dice.Unparseable", { formula: typeof text === "string" ? text.slice(0, 40) : "" });
  const terms = parseTerms(new Cursor(text));
  if (terms === null) return err("TEMPO.ERRORS.Dice.Unparseable", { formula: text });
  return validateFormula({ terms }, text);
}
