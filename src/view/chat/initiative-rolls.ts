/**
 * The initiative card of a horde's click, packed (issue 17: a roll all of 300 creatures, its roll-offs
 * included, must cost little on every client; the card must read the same after the creatures or the
 * combat are gone). One card holds every roll of the click, grouped by creature:
 * - `names`: the creatures' names, each once, split into a stem and a trailing number (a horde's
 *   "Goblin 1" … "Goblin 300" is one stem) — the card names its creatures itself, so chat history
 *   stays readable forever;
 * - `kinds`: each `[reason, formula]` once;
 * - `who`: per creature, its stem (`w` characters) and its number + 1 (`v` characters, 0: none), in
 *   base 64;
 * - `rolls`: per creature, `,`-separated: a kind character (`KIND`) then the totals of that kind, one
 *   character each (total + `TOTAL_OFFSET` in base 64), the next kind character when it changes.
 * `packInitiativeRolls` returns null when the click does not pack (a total or a kind count out of
 * range): the caller keeps the table then. `unpackInitiativeRolls` gives one line per roll, a
 * creature's rolls together, in the order the creatures first rolled.
 */
import type { I18nKey } from "../../engine/index.ts";
import type { InitiativeCardLine, RolledLine } from "./initiative-pack.ts";

export interface InitiativeCardRolls {
  readonly names: readonly string[];
  readonly kinds: readonly (readonly [reason: I18nKey, formula: string])[];
  /** Characters of a creature's stem and of its number in `who`. */
  readonly w: number;
  readonly v: number;
  readonly who: string;
  readonly rolls: string;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Kind characters: none is a base-64 digit, `,` or a character JSON escapes. */
const KIND = "!$%&()*+./:;<=>?@[]^`{|}~";
const TOTAL_OFFSET = 20;
const SEPARATOR = ",";

/** A name as a stem and its trailing number (written without leading zeros), or no number. */
function splitName(name: string): readonly [string, number | null] {
  const m = /^(.*?)(\d{1,6})$/.exec(name);
  const digits = m?.[2];
  if (m === null || digits === undefined || String(Number(digits)) !== digits) return [name, null];
  return [m[1] ?? "", Number(digits)];
}

function digitsOf(value: number, width: number): string | null {
  let out = "";
  let n = value;
  for (let i = 0; i < width; i++) {
    out = (DIGITS[n % 64] ?? "") + out;
    n = Math.floor(n / 64);
  }
  return n === 0 ? out : null;
}

function valueOf(text: string): number {
  let n = 0;
  for (const c of text) {
    const d = DIGITS.indexOf(c);
    if (d < 0) return -1;
    n = n * 64 + d;
  }
  return n;
}

const widthFor = (largest: number): number => (largest < 1 ? 0 : largest < 64 ? 1 : largest < 4096 ? 2 : 3);

/** The click's rolls packed (see the file comment), or null. */
export function packInitiativeRolls(lines: readonly RolledLine[]): InitiativeCardRolls | null {
  const byCreature = new Map<string, RolledLine[]>();
  for (const line of lines) {
    const list = byCreature.get(line.combatantId);
    if (list === undefined) byCreature.set(line.combatantId, [line]);
    else list.push(line);
  }
  const names: string[] = [];
  // Issue 17: each name's index by name, not a search of the list per creature (1,000 distinct names at once).
  const nameIndex = new Map<string, number>();
  const kinds: (readonly [I18nKey, string])[] = [];
  const refs: (readonly [number, number])[] = [];
  let rolls = "";
  for (const list of byCreature.values()) {
    const [stem, number] = splitName(list[0]?.name ?? "");
    let at = nameIndex.get(stem);
    if (at === undefined) {
      at = names.push(stem) - 1;
      nameIndex.set(stem, at);
    }
    refs.push([at, number === null ? 0 : number + 1]);
    if (rolls !== "") rolls += SEPARATOR;
    let kind = -1;
    for (const line of list) {
      let k = kinds.findIndex(([r, f]) => r === line.reason && f === line.formula);
      if (k < 0) k = kinds.push([line.reason, line.formula]) - 1;
      const total = Number.isInteger(line.total) ? DIGITS[line.total + TOTAL_OFFSET] : undefined;
      if (k >= KIND.length || total === undefined) return null;
      if (k !== kind) rolls += KIND.charAt(k);
      kind = k;
      rolls += total;
    }
  }
  const w = Math.max(1, widthFor(names.length - 1));
  const v = widthFor(Math.max(0, ...refs.map(([, n]) => n)));
  let who = "";
  for (const [stem, number] of refs) {
    const s = digitsOf(stem, w);
    const n = digitsOf(number, v);
    if (s === null || n === null) return null;
    who += s + n;
  }
  const packed = { names, kinds, w, v, who, rolls };
  // Exact or not at all: the lines read back are the click's, a creature's rolls together.
  const grouped = [...byCreature.values()].flat();
  const back = unpackInitiativeRolls(packed);
  const same =
    back.length === grouped.length &&
    back.every((l, i) => {
      const g = grouped[i];
      return (
        g !== undefined && l.name === g.name && l.reason === g.reason && l.formula === g.formula && l.total === g.total
      );
    });
  return same ? packed : null;
}

/** One line per roll of a packed click (see the file comment); what does not read is left out. */
export function unpackInitiativeRolls(packed: InitiativeCardRolls): InitiativeCardLine[] {
  const { names, kinds, w, v, who, rolls } = packed;
  if (!Array.isArray(names) || !Array.isArray(kinds) || typeof who !== "string" || typeof rolls !== "string") return [];
  if (!Number.isInteger(w) || !Number.isInteger(v) || w < 1 || v < 0) return [];
  const out: InitiativeCardLine[] = [];
  const rows = rolls === "" ? [] : rolls.split(SEPARATOR);
  rows.forEach((row, i) => {
    const ref = who.slice(i * (w + v), (i + 1) * (w + v));
    const stem = names[valueOf(ref.slice(0, w))];
    const number = v === 0 ? 0 : valueOf(ref.slice(w));
    if (typeof stem !== "string" || number < 0) return;
    const name = number === 0 ? stem : `${stem}${number - 1}`;
    let kind: readonly [I18nKey, string] | undefined;
    for (const c of row) {
      const k = KIND.indexOf(c);
      if (k >= 0) {
        kind = kinds[k];
        continue;
      }
      const total = DIGITS.indexOf(c);
      if (kind === undefined || total < 0) continue;
      out.push({ name, reason: kind[0], formula: kind[1], total: total - TOTAL_OFFSET });
    }
  });
  return out;
}
