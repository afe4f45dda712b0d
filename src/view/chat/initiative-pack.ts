/**
 * The initiative card of a horde, packed (issue 17: a roll all of 300 creatures must cost little on
 * every client). Names are the bulk of a big card and the combat holds them already, so a packed card
 * names each creature by the last `k` characters of its combatant id — the fewest that tell every
 * combatant of the combat apart when the card is posted — and the card's renderer reads the names
 * from the combat (a creature no longer there shows its reference). Each row's reason and formula is
 * one character (its index in the card's lists) and its total one more; the rows are three strings.
 *
 * `packInitiativeLines` returns null when a batch does not pack (a group's roll, which names no
 * combatant; a total or a choice of reason and formula outside one character): the caller keeps the
 * table then. `unpackInitiativeLines` gives the lines back, in roll order.
 */
import type { I18nKey } from "../../engine/index.ts";

/** One line of the card (initiative-card.ts's `InitiativeCardLine`; declared here so the two files import one way). */
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

/** The fewest trailing characters that tell `ids` apart (at least 2), or null when none do. */
export function shortestUniqueSuffix(ids: readonly string[]): number | null {
  const longest = Math.max(0, ...ids.map((id) => id.length));
  for (let k = 2; k <= longest; k++) if (new Set(ids.map((id) => id.slice(-k))).size === ids.length) return k;
  return ids.length <= 1 ? 2 : null;
}

/** The batch packed against the combat's roster `roster` (every combatant id), or null (see the file comment). */
export function packInitiativeLines(
  lines: readonly RolledLine[],
  roster: readonly string[],
): InitiativeCardPacked | null {
  const k = shortestUniqueSuffix(roster);
  if (k === null) return null;
  const reasons: I18nKey[] = [];
  const formulas: string[] = [];
  const indexOf = <T>(list: T[], value: T): number =>
    list.includes(value) ? list.indexOf(value) : list.push(value) - 1;
  const picks = lines.map((l) => [indexOf(reasons, l.reason), indexOf(formulas, l.formula)] as const);
  let who = "";
  let kinds = "";
  let totals = "";
  for (const [i, line] of lines.entries()) {
    const [reason, formula] = picks[i] as readonly [number, number];
    const kind = DIGITS[reason * formulas.length + formula];
    const total = Number.isInteger(line.total) ? DIGITS[line.total + TOTAL_OFFSET] : undefined;
    if (line.combatantId.length < k || kind === undefined || total === undefined) return null;
    who += line.combatantId.slice(-k);
    kinds += kind;
    totals += total;
  }
  return { reasons, formulas, k, who, kinds, totals };
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
