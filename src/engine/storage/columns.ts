/**
 * Rows of small records stored as columns (issue 17).
 *
 * A roll of initiative at 300 combatants changes one or two numbers in 300 records; stored record by
 * record, each change costs its record's key and field names (some 40 bytes) on every client and again
 * in the undo patch. Stored as columns — one string per field, one cell per row — the same change is a
 * few characters per row. Rows are kept in chunks of `CHUNK` so that a change to one row sends its
 * chunk's column only.
 *
 * - `columnize(value)` walks a JSON value and replaces every array of 2 … `CHUNK` records that share
 *   their keys (a persistent vector's leaf, a short list) by `{ "~cols": … }`, and every record of
 *   `MIN_ROWS` or more such records keyed by plain ids (a roster) by `{ "~rows": … }`: its ids and
 *   columns chunk by chunk.
 * - Fields named in `hot` (those a turn step changes for one creature) stay in per-row records, so a
 *   turn step sends one cell's field and not its chunk's column.
 * - `uncolumnize` (column-read.ts) gives the value back; `uncolumnize(columnize(x))` deep-equals `x` for every JSON `x`,
 *   key order included: a field whose cells cannot be written exactly as text stays in per-row records.
 */
import { isJsonRecord, type Json, type JsonRecord } from "./stored-json.ts";
import { setOwn } from "./own-property.ts";
import { createStoreMemo, type StoreMemo } from "./store-memo.ts";
import { sameItems } from "../core/same-items.ts";

export const CHUNK = 32;
const MIN_ROWS = 8;
// Marker keys are plain (stored-json.ts keeps them as they are, in a state and in an undo patch).
export const COLS = "_c";
export const ROWS = "_r";
/** A record whose only key is one of the markers, kept as it is. */
export const LITERAL = "_l";
const ID = /^[A-Za-z0-9_-]+$/;

/** One cell as text, or null when it cannot be written exactly. Cells never hold ",". */
function cellText(value: Json): string | null {
  if (value === null) return "";
  if (value === true) return "t";
  if (value === false) return "f";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return ID.test(value) || value === "" ? `'${value}` : null;
  if (Array.isArray(value)) {
    const parts = (value as readonly Json[]).map((v) => (typeof v === "number" ? numberText(v) : null));
    return parts.every((p) => p !== null) ? `[${parts.join("/")}` : null;
  }
  return null;
}

function numberText(n: number): string | null {
  const text = String(n);
  return Number.isFinite(n) && !Object.is(n, -0) && Number(text) === n && !text.includes(",") ? text : null;
}

/** The value a cell's text holds (`cellText` read back). */
export function cellValue(text: string): Json {
  if (text === "") return null;
  if (text === "t") return true;
  if (text === "f") return false;
  if (text.startsWith("'")) return text.slice(1);
  if (text.startsWith("[")) return text.length === 1 ? [] : text.slice(1).split("/").map(Number);
  return Number(text);
}

/**
 * What is found once per record (records are never changed in place; issue 17): its keys, joined, each
 * field's cell text (`cellText`, by the keys' index), and its fields kept per row as last built. A chunk
 * rebuilt for the one row a step changed reads the other rows' from the memo, and shares their per-row
 * records with the chunk before it: encoding, diffing and fingerprinting it costs that row.
 */
interface RowCells {
  readonly keys: readonly string[];
  readonly joined: string;
  readonly cells: readonly (string | null)[];
  /** The fields kept per row (`fields`: their names joined) for the hot set `hot`. */
  rest?: { readonly hot: ReadonlySet<string>; readonly fields: string; readonly value: Json };
}

function rowCells(row: JsonRecord, memo: StoreMemo): RowCells {
  const known = memo.rowCells.get(row) as RowCells | undefined;
  if (known !== undefined) return known;
  const keys = Object.keys(row);
  const found: RowCells = {
    keys,
    joined: keys.join("\u0000"),
    cells: keys.map((key) => cellText(row[key] as Json)),
  };
  memo.rowCells.set(row, found);
  return found;
}

/** Each of `rows` found (`rowCells`) when all are plain records with the same keys in the same order, else null. */
function sharedRows(rows: readonly Json[], memo: StoreMemo): readonly RowCells[] | null {
  const first = rows[0];
  if (!isJsonRecord(first)) return null;
  const shared = rowCells(first, memo);
  if (!shared.keys.every((k) => ID.test(k))) return null;
  const found: RowCells[] = [];
  for (const row of rows) {
    if (!isJsonRecord(row)) return null;
    const cells = rowCells(row, memo);
    if (cells.joined !== shared.joined) return null;
    found.push(cells);
  }
  return found;
}

/** Whether some field of `rows` (records with `keys`, in order) can be a column (else columns would only add a level). */
function hasColumn(rows: readonly RowCells[], keys: readonly string[], hot: ReadonlySet<string>): boolean {
  return keys.some((key, i) => !hot.has(key) && rows.every((r) => r.cells[i] !== null));
}

/**
 * Rows as `{ keys, cols, rest? }`: text columns where every cell can be text, the other fields per row.
 * `found`: each row's `rowCells`, in order.
 */
function columnsOf(
  rows: readonly JsonRecord[],
  found: readonly RowCells[],
  keys: readonly string[],
  hot: ReadonlySet<string>,
  memo: StoreMemo,
): Json {
  const { cols, others } = textColumns(found, keys, hot, memo);
  const packed: Record<string, Json> = { keys: keys.join(","), n: rows.length, cols };
  if (others.length > 0) {
    const fields = others.join(",");
    packed.rest = rows.map((r, i) => restOf(r, found[i] as RowCells, others, fields, hot, memo));
  }
  return packed;
}

/** The text columns of some rows, and the names of their other fields (those kept per row). */
interface TextColumns {
  readonly hot: ReadonlySet<string>;
  readonly found: readonly RowCells[];
  readonly cols: JsonRecord;
  readonly others: readonly string[];
}

/**
 * The text columns of rows (`found`: their cells, all with `keys`) and their other fields. Issue 17: a
 * turn step changes a hot field of one row of a leaf (kept per row): the columns last built for rows with
 * the same first row are given again, the same object, when every other cell of every row is as it was,
 * so storing, diffing and fingerprinting the leaf do not compare them again.
 */
function textColumns(
  found: readonly RowCells[],
  keys: readonly string[],
  hot: ReadonlySet<string>,
  memo: StoreMemo,
): TextColumns {
  const first = found[0];
  const last = first === undefined ? undefined : (memo.columnLists.get(first) as TextColumns | undefined);
  if (last !== undefined && last.hot === hot && sameCells(last.found, found, keys, hot)) {
    const again = { ...last, found };
    memo.columnLists.set(first as RowCells, again);
    return again;
  }
  const cols: Record<string, Json> = {};
  const others: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const cells = hot.has(key) ? [null] : found.map((r) => r.cells[i] ?? null);
    if (cells.every((c): c is string => c !== null)) cols[key] = cells.join(",");
    else others.push(key);
  }
  const built = { hot, found, cols, others };
  if (first !== undefined) memo.columnLists.set(first, built);
  return built;
}

/** Whether rows `now` hold the cells rows `was` held in every field not in `hot` (both lists with `keys`). */
function sameCells(
  was: readonly RowCells[],
  now: readonly RowCells[],
  keys: readonly string[],
  hot: ReadonlySet<string>,
): boolean {
  if (was.length !== now.length) return false;
  for (let r = 0; r < now.length; r++) {
    const [before, after] = [was[r] as RowCells, now[r] as RowCells];
    if (before === after) continue;
    if (before.joined !== after.joined) return false;
    for (let i = 0; i < keys.length; i++)
      if (!hot.has(keys[i] as string) && before.cells[i] !== after.cells[i]) return false;
  }
  return true;
}

/** The fields of `row` kept per row (`others`, joined as `fields`): the same object while the row is the same. */
function restOf(
  row: JsonRecord,
  found: RowCells,
  others: readonly string[],
  fields: string,
  hot: ReadonlySet<string>,
  memo: StoreMemo,
): Json {
  const known = found.rest;
  if (known !== undefined && known.hot === hot && known.fields === fields) return known.value;
  const rest: Record<string, Json> = {};
  for (const key of others) setOwn(rest, key, columnize(row[key] as Json, hot, memo));
  found.rest = { hot, fields, value: rest };
  return rest;
}

/**
 * Issue 17: a step changes a few rows of a roster, so the chunks of the rows it left alone are taken
 * as they were (a chunk's form depends only on its ids and rows; states share unchanged rows).
 */
interface ChunkMemo {
  readonly hot: ReadonlySet<string>;
  readonly keys: string;
  readonly ids: readonly string[];
  readonly rows: readonly Json[];
  readonly chunk: Json;
  /** The fields stored as text columns in this chunk. */
  readonly text: readonly string[];
}

/** One chunk of a roster, or null when its ids are not plain or its rows do not all have `keys`. */
function rowChunk(
  ids: readonly string[],
  rows: readonly Json[],
  keys: readonly string[],
  joined: string,
  hot: ReadonlySet<string>,
  memo: StoreMemo,
): ChunkMemo | null {
  const first = rows[0] as JsonRecord;
  const known = memo.chunks.get(first) as ChunkMemo | undefined;
  if (known?.hot === hot && known.keys === joined && sameItems(known.rows, rows) && sameItems(known.ids, ids))
    return known;
  if (!ids.every((id) => ID.test(id))) return null;
  if (!rows.every((r) => isJsonRecord(r))) return null;
  const found = (rows as JsonRecord[]).map((r) => rowCells(r, memo));
  if (!found.every((r) => r.joined === joined)) return null;
  const packed = columnsOf(rows as JsonRecord[], found, keys, hot, memo);
  const cols = (packed as { readonly cols: JsonRecord }).cols;
  const chunk = { hot, keys: joined, ids, rows, chunk: { ids: ids.join(","), rows: packed }, text: Object.keys(cols) };
  memo.chunks.set(first, chunk);
  return chunk;
}

/**
 * A roster's rows as `CHUNK`-row chunks of columns, or null when they cannot be (fewer than `MIN_ROWS`,
 * ids that are not plain, rows that do not share their keys, or no field every row can hold as text).
 */
function rosterChunks(
  record: JsonRecord,
  ids: readonly string[],
  hot: ReadonlySet<string>,
  memo: StoreMemo,
): Json[] | null {
  const first = record[ids[0] ?? ""];
  if (ids.length < MIN_ROWS || !isJsonRecord(first)) return null;
  const keys = Object.keys(first);
  if (!keys.every((k) => ID.test(k))) return null;
  const joined = keys.join("\u0000");
  const chunks: Json[] = [];
  // A field is a column when every chunk stores it as text (`hasColumn` over all rows).
  let text: readonly string[] | null = null;
  for (let at = 0; at < ids.length; at += CHUNK) {
    const part = ids.slice(at, at + CHUNK);
    const chunk = rowChunk(
      part,
      part.map((id) => record[id] as Json),
      keys,
      joined,
      hot,
      memo,
    );
    if (chunk === null) return null;
    chunks.push(chunk.chunk);
    text = text === null ? chunk.text : chunk.text.filter((k) => (text ?? []).includes(k));
  }
  return text !== null && text.length > 0 ? chunks : null;
}

function columnizeRecord(record: JsonRecord, hot: ReadonlySet<string>, memo: StoreMemo): Json {
  const ids = Object.keys(record);
  const chunks = rosterChunks(record, ids, hot, memo);
  if (chunks !== null) return { [ROWS]: chunks };
  const out: Record<string, Json> = {};
  for (const key of ids) setOwn(out, key, columnize(record[key] as Json, hot, memo));
  return ids.length === 1 && [COLS, ROWS, LITERAL].includes(ids[0] ?? "") ? { [LITERAL]: out } : out;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * `value` with its rows stored as columns, the `hot` fields per row (see the file comment). `memo`: what
 * the host remembers of earlier calls (store-memo.ts; issue 17), so the parts stored before are not
 * columnized again.
 */
export function columnize(value: Json, hot: ReadonlySet<string> = NONE, memo: StoreMemo = createStoreMemo()): Json {
  if (typeof value !== "object" || value === null) return value;
  let known = memo.columns.get(hot);
  if (known === undefined) memo.columns.set(hot, (known = new WeakMap()));
  const done = known.get(value) as Json | undefined;
  if (done !== undefined) return done;
  const out = columnizeFresh(value, hot, memo);
  known.set(value, out);
  return out;
}

function columnizeFresh(value: Json, hot: ReadonlySet<string>, memo: StoreMemo): Json {
  if (Array.isArray(value)) {
    const list = value as readonly Json[];
    const found = list.length >= 2 && list.length <= CHUNK ? sharedRows(list, memo) : null;
    const keys = found?.[0]?.keys;
    if (found !== null && keys !== undefined && hasColumn(found, keys, hot))
      return { [COLS]: columnsOf(list as JsonRecord[], found, keys, hot, memo) };
    return list.map((item) => columnize(item, hot, memo));
  }
  return isJsonRecord(value) ? columnizeRecord(value, hot, memo) : value;
}
