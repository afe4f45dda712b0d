/**
 * The initiative summary card: the engine's dice requests of one batch, each with who rolled, why
 * (the request's reason key), the formula and the total (src/foundry/combat/roll-requests.ts posts it).
 *
 * A batch of 300 creatures must stay a small message (issue 17), so the card's stored input is a table:
 * the reasons and formulas of the batch once each, and one row `[name, reason index, formula index,
 * total]` per roll (`compactInitiativeLines`). A horde's click is packed further, its creatures'
 * names on the card (initiative-rolls.ts). Cards posted before kept whole `lines`, or a horde's batch
 * packed with names read from the combat (initiative-pack.ts); all four are read.
 */
import type { I18nKey } from "../../engine/index.ts";
import { unpackInitiativeLines, type InitiativeCardLine, type InitiativeCardPacked } from "./initiative-pack.ts";
import { unpackInitiativeRolls, type InitiativeCardRolls } from "./initiative-rolls.ts";

export type { InitiativeCardLine };

/** One roll of the compact table: who, the index of its reason, the index of its formula, the total. */
export type InitiativeCardRow = readonly [name: string, reason: number, formula: number, total: number];

/** The lines of a batch stored compactly (see the file comment). */
export interface InitiativeCardTable {
  readonly reasons: readonly I18nKey[];
  readonly formulas: readonly string[];
  readonly rows: readonly InitiativeCardRow[];
}

export interface InitiativeCardInput {
  /** The compact table (cards posted now). */
  readonly table?: InitiativeCardTable;
  /** A horde's click, packed with its creatures' names (initiative-rolls.ts). */
  readonly rolls?: InitiativeCardRolls;
  /** A horde's batch packed before the card named its creatures (initiative-pack.ts; names read from the combat). */
  readonly packed?: InitiativeCardPacked;
  /** Whole lines (cards posted before the table existed, hand-built samples). */
  readonly lines?: readonly InitiativeCardLine[];
  /** Whispered to the GMs (hidden and NPC combatants). */
  readonly private: boolean;
}

export interface InitiativeCardContext {
  readonly lines: readonly InitiativeCardLine[];
  readonly private: boolean;
  readonly count: number;
}

/** The compact table of `lines` (reasons and formulas once each), in the same order. */
export function compactInitiativeLines(lines: readonly InitiativeCardLine[]): InitiativeCardTable {
  const reasons: I18nKey[] = [];
  const formulas: string[] = [];
  const indexOf = <T>(list: T[], value: T): number => {
    const at = list.indexOf(value);
    if (at >= 0) return at;
    list.push(value);
    return list.length - 1;
  };
  const rows = lines.map((l): InitiativeCardRow => [
    l.name,
    indexOf(reasons, l.reason),
    indexOf(formulas, l.formula),
    l.total,
  ]);
  return { reasons, formulas, rows };
}

/** The lines a stored table holds; a row that does not read back is left out. */
function tableLines(table: InitiativeCardTable): InitiativeCardLine[] {
  const reasons = Array.isArray(table.reasons) ? table.reasons : [];
  const formulas = Array.isArray(table.formulas) ? table.formulas : [];
  const rows: readonly unknown[] = Array.isArray(table.rows) ? table.rows : [];
  const out: InitiativeCardLine[] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const [name, r, f, total] = row as readonly unknown[];
    const reason = typeof r === "number" ? reasons[r] : undefined;
    const formula = typeof f === "number" ? formulas[f] : undefined;
    if (typeof name !== "string" || reason === undefined || formula === undefined || typeof total !== "number")
      continue;
    out.push({ name, reason, formula, total });
  }
  return out;
}

/** Marks a line's name as a reference to its combatant (issue 18: a hidden creature on the GMs' card). */
const NAME_REF = "@";

/** The name a GM-only card writes for a hidden creature: a reference its renderer resolves (`nameOf`). */
export function hiddenNameRef(combatantId: string): string {
  return `${NAME_REF}${combatantId}`;
}

/**
 * A name written on a card, with a reference (`hiddenNameRef`) resolved by `nameOf` (the combatant id
 * when it finds none); any other name as it is.
 */
export function cardName(name: string, nameOf: (ref: string) => string | null = () => null): string {
  if (!/^@[A-Za-z0-9]{16}$/.test(name)) return name;
  const ref = name.slice(NAME_REF.length);
  return nameOf(ref) ?? ref;
}

/** A line's name with a reference resolved by `nameOf`. */
function resolved(line: InitiativeCardLine, nameOf: (ref: string) => string | null): InitiativeCardLine {
  const name = cardName(line.name, nameOf);
  return name === line.name ? line : { ...line, name };
}

/**
 * Builds the summary card's context; lines keep the order the requests were rolled in. `nameOf` gives
 * the name of a packed card's creature, or of a hidden one named by reference (the renderer reads it
 * from the card's combat).
 */
export function buildInitiativeCard(
  input: InitiativeCardInput,
  nameOf: (ref: string) => string | null = () => null,
): InitiativeCardContext {
  const { table, packed, rolls } = input;
  const lines =
    typeof rolls === "object" && rolls !== null
      ? unpackInitiativeRolls(rolls)
      : typeof packed === "object" && packed !== null
        ? unpackInitiativeLines(packed, nameOf)
        : typeof table === "object" && table !== null
          ? tableLines(table)
          : Array.isArray(input.lines)
            ? input.lines
            : [];
  const named = lines.map((l) => resolved(l, nameOf));
  return { lines: named, private: input.private === true, count: named.length };
}
