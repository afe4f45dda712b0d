/**
 * Formula → text in Foundry `Roll` syntax: "2d6 + 3", "4d6kh3", "{1d6,1d6,1d8}kh2 - 1".
 * Always explicit ("1d20", "kh1") so that parsing the output gives back the same formula.
 */
import type { Formula, FormulaTerm, KeepRule } from "./formula.ts";

function formatKeep(keep: KeepRule | null): string {
  return keep === null ? "" : `${keep.highest ? "kh" : "kl"}${keep.count}`;
}

/** One term in Foundry Roll syntax ("4d6kh3", "{1d6,1d8}kl1", "3"); takes a checked or helper-built term. */
export function formatTerm(term: FormulaTerm): string {
  switch (term.type) {
    case "constant":
      return String(term.value);
    case "dice":
      return `${term.count}d${term.sides}${formatKeep(term.keep)}`;
    case "pool":
      return `{${term.members.map(formatTerm).join(",")}}${formatKeep(term.keep)}`;
  }
}

/** A whole formula in Foundry Roll syntax ("2d6 + 3"); takes a formula from parseFormula/checkFormula or the term helpers, unchecked. */
export function formatFormula(f: Formula): string {
  return f.terms
    .map(({ sign, term }, i) => {
      const text = formatTerm(term);
      if (i === 0) return sign < 0 ? `-${text}` : text;
      return `${sign < 0 ? "-" : "+"} ${text}`;
    })
    .join(" ");
}
