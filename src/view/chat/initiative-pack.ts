/**
 * The initiative card of a horde as it was packed before the card named its creatures (issue 17; now
 * initiative-rolls.ts): each creature named by the last `k` characters of its combatant id, the names
 * read from the card's combat when it is drawn (a creature no longer there shows its reference). Each
 * row's reason and formula is one character (its index in the card's lists) and its total one more;
 * the rows are three strings. Cards posted so are still read: `unpackInitiativeLines` gives the lines
 * back, in roll order.
 */
import type { I18nKey } from "../../engine/index.ts";

/** One line of the card (initiative-card.ts's `InitiativeCardLine`; declared here so the card files import one way). */
export interface InitiativeCardLine {
  readonly name: string;
  readonly reason: I18nKey;
  readonly formula: string;
  readonly total: number;
}

/** The packed rows (see the file comment). */
export interface InitiativeCardPacked {
  readonly reasons: readonly I18nKey[];
  readonly formulas: readonly string[];
  /** Characters of the combatant id's end naming each row. */
  readonly k: number;
  /** Each row's reference, `k` characters each, in roll order. */
  readonly who: string;
  /** Each row's reason × formulas + formula, one digit each. */
  readonly kinds: string;
  /** Each row's total + `TOTAL_OFFSET`, one digit each. */
  readonly totals: string;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const TOTAL_OFFSET = 20;

/** A line of a batch with the combatant id it was rolled for. */
export interface RolledLine extends InitiativeCardLine {
  readonly combatantId: string;
}

/** The lines a packed card holds, names read by `nameOf` (the reference itself when it finds none). */
export function unpackInitiativeLines(
  packed: InitiativeCardPacked,
  nameOf: (ref: string) => string | null,
): InitiativeCardLine[] {
  const { reasons, formulas, k, who, kinds, totals } = packed;
  if (!Array.isArray(reasons) || !Array.isArray(formulas) || typeof who !== "string") return [];
  if (typeof kinds !== "string" || typeof totals !== "string" || !Number.isInteger(k) || k < 1) return [];
  const out: InitiativeCardLine[] = [];
  for (let i = 0; i < kinds.length; i++) {
    const kind = DIGITS.indexOf(kinds.charAt(i));
    const total = DIGITS.indexOf(totals.charAt(i));
    const reason = reasons[Math.floor(kind / Math.max(1, formulas.length))];
    const formula = formulas[kind % Math.max(1, formulas.length)];
    if (kind < 0 || total < 0 || reason === undefined || formula === undefined) continue;
    const ref = who.slice(i * k, i * k + k);
    out.push({ name: nameOf(ref) ?? ref, reason, formula, total: total - TOTAL_OFFSET });
  }
  return out;
}
