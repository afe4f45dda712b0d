/**
 * The rolled values of a leaf of phase's roster (up to 32 creatures), stored as one short string
 * (issue 17, stored format 4). A roll all at 300 creatures changes `initiative`, `initiativeRound` and
 * `rollOff` of nearly everyone; as columns that is some 13 characters a creature on every client, and
 * again in the undo patch, where the previous round's values cannot be found in the state (each kept
 * undo step must add < 1 KB at 300). Written as below it is under 3 characters a creature.
 *
 * `"<round>:"` then one token per creature present (a freed slot has none), in slot order:
 * - `~<round>;` first when its `initiativeRound` is not the leaf's `<round>` (the most common one);
 * - its initiative: `.` for none, else one character of `INITIATIVE` for `initiative − (2 + INT + AGI)`
 *   (PHS-2: a rolled 2d6 + INT + AGI is 0 … 10 above that);
 * - its d6 roll-offs (PHS-2), two faces a character (`ROLL_OFF`, 36 pairs), an odd last one alone
 *   (6 more characters).
 * The two alphabets do not meet, so a token ends where the next initiative character begins.
 * `packLeafRolls` returns null when a leaf cannot be written so (an initiative set far from the roll,
 * a record of another shape): the caller keeps the leaf as it is. Each token is read back as it is
 * written, so reading is always exact.
 */
import type { StoreMemo } from "../../storage/store-memo.ts";
import { isInteger, isRecord } from "../shared/stored-state.ts";

/** The fields this codec stores; every other field of a creature stays in its record. */
export const ROLLED_FIELDS = ["initiative", "initiativeRound", "rollOff"] as const;

/** A phase creature's fields, in the order its records have them (types.ts `PhaseCombatant`). */
export const CREATURE_FIELDS = [
  "id",
  "slot",
  "int",
  "agi",
  "initiative",
  "initiativeRound",
  "rollOff",
  "rollingOff",
  "defeated",
  "keptRound",
  "seizedRound",
  "defending",
  "disengagedRound",
  "movedRound",
  "actedRound",
] as const;

/** Roll-off pairs (faces a, b → (a − 1) × 6 + b − 1), then a lone last face (36 + face − 1). */
const ROLL_OFF = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop";
/** Initiative above the creature's 2 + INT + AGI, 0 … 21. */
const INITIATIVE = "qrstuvwxyz0123456789-_";
const NONE = ".";
const ROUND = "~";
const ROUND_END = ";";

type Row = Readonly<Record<string, unknown>>;

/** Whether `row` has exactly `fields`, in that order. */
function hasFields(row: Row, fields: readonly string[]): boolean {
  let i = 0;
  for (const key in row) if (!Object.hasOwn(row, key) || fields[i++] !== key) return false;
  return i === fields.length;
}

/** The fields a leaf keeps in each creature's record, in their order. */
const KEPT_FIELDS: readonly string[] = CREATURE_FIELDS.filter((k) => !(ROLLED_FIELDS as readonly string[]).includes(k));

/** The record's fields but the rolled ones (null: not a creature record of the shape above). */
function restOf(row: Row): Record<string, unknown> | null {
  if (!hasFields(row, CREATURE_FIELDS)) return null;
  return {
    id: row.id,
    slot: row.slot,
    int: row.int,
    agi: row.agi,
    rollingOff: row.rollingOff,
    defeated: row.defeated,
    keptRound: row.keptRound,
    seizedRound: row.seizedRound,
    defending: row.defending,
    disengagedRound: row.disengagedRound,
    movedRound: row.movedRound,
    actedRound: row.actedRound,
  };
}

function tokenOf(row: Row, round: number): string | null {
  const { int, agi, initiative, initiativeRound, rollOff } = row;
  if (!isInteger(int) || !isInteger(agi) || !isInteger(initiativeRound) || !Array.isArray(rollOff)) return null;
  let token = initiativeRound === round ? "" : `${ROUND}${initiativeRound}${ROUND_END}`;
  if (initiative === null) token += NONE;
  else {
    const char = isInteger(initiative) ? INITIATIVE.charAt(initiative - 2 - int - agi) : "";
    if (char === "") return null;
    token += char;
  }
  const faces = rollOff as readonly unknown[];
  if (!faces.every((f) => isInteger(f) && f >= 1 && f <= 6)) return null;
  const d6 = faces as readonly number[];
  for (let i = 0; i + 1 < d6.length; i += 2) token += ROLL_OFF.charAt(((d6[i] ?? 1) - 1) * 6 + (d6[i + 1] ?? 1) - 1);
  if (d6.length % 2 === 1) token += ROLL_OFF.charAt(36 + (d6[d6.length - 1] ?? 1) - 1);
  return token;
}

/** The round most of the leaf's creatures rolled in (the first such when several tie). */
function commonRound(rows: readonly Row[]): number {
  const counts = new Map<unknown, number>();
  let best = 0;
  let most = 0;
  for (const row of rows) {
    const r = row.initiativeRound;
    const n = (counts.get(r) ?? 0) + 1;
    counts.set(r, n);
    if (n > most && isInteger(r)) [best, most] = [r, n];
  }
  return best;
}

/** Whether `token` reads back as the creature's rolled values. */
function readsBack(row: Row, token: string, round: number): boolean {
  const back = readToken(token, 0, round, 2 + Number(row.int) + Number(row.agi));
  const rollOff = row.rollOff as readonly number[];
  return (
    back !== null &&
    back.next === token.length &&
    back.initiative === row.initiative &&
    back.initiativeRound === row.initiativeRound &&
    back.rollOff.length === rollOff.length &&
    back.rollOff.every((f, i) => f === rollOff[i])
  );
}

/**
 * What was found of one creature's record (issue 17): its kept fields and its token against the leaf's
 * round `round`. Records are never changed in place, so a leaf rebuilt for the one creature a turn step
 * changed reuses the other records' (the very same `rest` objects: the stored leaf then shares them with
 * the one before, and encoding, diffing and fingerprinting it costs that creature).
 */
interface PackedRow {
  readonly rest: Record<string, unknown>;
  readonly round: number;
  readonly token: string;
}

/** The kept fields and token of `row` against `round` (null: it cannot be written so); `memo`: see `PackedRow`. */
function packRow(row: Row, round: number, memo: StoreMemo | undefined): PackedRow | null {
  const known = memo?.packed.get(row) as PackedRow | undefined;
  if (known?.round === round) return known;
  const rest = known?.rest ?? restOf(row);
  const token = tokenOf(row, round);
  if (rest === null || token === null || !readsBack(row, token, round)) return null;
  const found: PackedRow = { rest, round, token };
  memo?.packed.set(row, found);
  return found;
}

/**
 * The leaf's items without their rolled fields and its string, or null (see the file comment). `memo`:
 * the host's (storage/store-memo.ts), so a record packed before is not packed again (`PackedRow`).
 */
export function packLeafRolls(items: readonly unknown[], memo?: StoreMemo): { items: unknown[]; rolls: string } | null {
  const again = memo === undefined ? undefined : leafAgain(items, memo);
  if (again !== undefined) return again;
  const rows = items.filter((item): item is Row => item !== null);
  if (!rows.every((row) => isRecord(row))) return null;
  const round = commonRound(rows);
  let rolls = `${round}:`;
  const out: unknown[] = [];
  const packedRows: (PackedRow | null)[] = [];
  for (const item of items) {
    if (item === null) {
      out.push(null);
      packedRows.push(null);
      continue;
    }
    const packed = packRow(item as Row, round, memo);
    if (packed === null) return null;
    out.push(packed.rest);
    packedRows.push(packed);
    rolls += packed.token;
  }
  if (memo !== undefined && isRecord(items[0])) memo.packedLeaves.set(items[0], { items, round, rows: packedRows });
  return { items: out, rolls };
}

/** Issue 17: a leaf as last packed, by its first item: its items, their round and what was found of each. */
interface PackedLeaf {
  readonly items: readonly unknown[];
  readonly round: number;
  readonly rows: readonly (PackedRow | null)[];
}

/**
 * PHS-3, PHS-7: a turn step changes one creature of a leaf; the leaf is then packed from its last packing
 * (`PackedLeaf`, found by its first item), looking at the changed records only. Undefined when that does
 * not give what packing it afresh would: no packing known, another length, an item that came or went,
 * a changed record that is not one or rolled in another round than the one it replaces, or one that
 * cannot be written so (packing afresh then decides).
 */
function leafAgain(items: readonly unknown[], memo: StoreMemo): { items: unknown[]; rolls: string } | undefined {
  const first = items[0];
  const known = isRecord(first) ? (memo.packedLeaves.get(first) as PackedLeaf | undefined) : undefined;
  if (known === undefined || known.items.length !== items.length) return undefined;
  const rows: (PackedRow | null)[] = [];
  for (let i = 0; i < items.length; i++) {
    const [item, was] = [items[i], known.items[i]];
    const found = known.rows[i] ?? null;
    if (item === was) {
      rows.push(found);
      continue;
    }
    if (!isRecord(item) || !isRecord(was) || found === null || item.initiativeRound !== was.initiativeRound)
      return undefined;
    const packed = packRow(item, known.round, memo);
    if (packed === null) return undefined;
    rows.push(packed);
  }
  let rolls = `${known.round}:`;
  const out: unknown[] = [];
  for (const row of rows) {
    out.push(row === null ? null : row.rest);
    if (row !== null) rolls += row.token;
  }
  memo.packedLeaves.set(first as object, { items, round: known.round, rows });
  return { items: out, rolls };
}

/** Reads one creature's token at `at`; its rolled fields and where the next begins, or null. */
function readToken(
  text: string,
  at: number,
  round: number,
  base: number,
): { initiative: number | null; initiativeRound: number; rollOff: number[]; next: number } | null {
  let i = at;
  let initiativeRound = round;
  if (text.charAt(i) === ROUND) {
    const end = text.indexOf(ROUND_END, i);
    const value = end < 0 ? NaN : Number(text.slice(i + 1, end));
    if (!Number.isSafeInteger(value) || String(value) !== text.slice(i + 1, end)) return null;
    initiativeRound = value;
    i = end + 1;
  }
  const head = text.charAt(i);
  const offset = INITIATIVE.indexOf(head);
  if (head !== NONE && offset < 0) return null;
  const initiative = head === NONE ? null : base + offset;
  i++;
  const rollOff: number[] = [];
  for (; i < text.length; i++) {
    const code = ROLL_OFF.indexOf(text.charAt(i));
    if (code < 0) break;
    if (code < 36) rollOff.push(Math.floor(code / 6) + 1, (code % 6) + 1);
    else {
      rollOff.push(code - 35);
      i++;
      break;
    }
  }
  return { initiative, initiativeRound, rollOff, next: i };
}

/** The leaf's items with their rolled fields back, in their places; null when `rolls` does not read. */
export function unpackLeafRolls(items: readonly unknown[], rolls: string): unknown[] | null {
  const colon = rolls.indexOf(":");
  const round = Number(rolls.slice(0, colon));
  if (colon < 0 || !Number.isSafeInteger(round)) return null;
  let at = colon + 1;
  const out: unknown[] = [];
  for (const item of items) {
    if (item === null) {
      out.push(null);
      continue;
    }
    if (!isRecord(item) || !isInteger(item.int) || !isInteger(item.agi)) return null;
    const token = readToken(rolls, at, round, 2 + item.int + item.agi);
    if (token === null) return null;
    at = token.next;
    if (!hasFields(item, KEPT_FIELDS)) return null;
    const row = {
      id: item.id,
      slot: item.slot,
      int: item.int,
      agi: item.agi,
      initiative: token.initiative,
      initiativeRound: token.initiativeRound,
      rollOff: token.rollOff,
      rollingOff: item.rollingOff,
      defeated: item.defeated,
      keptRound: item.keptRound,
      seizedRound: item.seizedRound,
      defending: item.defending,
      disengagedRound: item.disengagedRound,
      movedRound: item.movedRound,
      actedRound: item.actedRound,
    };
    out.push(row);
  }
  return at === rolls.length ? out : null;
}
