/**
 * Rows stored as columns (columns.ts) read back: `uncolumnize(columnize(x))` deep-equals `x`.
 *
 * Issue 17: every page that did not write a step (a player's, an observer's, a second GM's) reads the
 * whole stored state again on every Combat update, while a step changes a few rows. With a `RowsMemo`
 * (one per combat, kept by the page between reads), a block of rows whose columns read the same TEXT as
 * in the page's last read gives the same row objects as then, and only rows whose per-row fields differ
 * are built again. The memo is keyed by text, never by the stored objects: Foundry merges an update
 * into a document's source in place (`foundry.utils.mergeObject`'s `inplace` option, on by default, API
 * v13/v14; a DataModel "fundamentally owns" the source it is given, foundryvtt/foundryvtt#7796), so a
 * stored object being the same object as before says nothing about its content.
 */
import { cellValue, COLS, LITERAL, ROWS } from "./columns.ts";
import { setOwn } from "./own-property.ts";
import { isJsonRecord, type Json, type JsonRecord } from "./stored-json.ts";
import { sameItems } from "../core/same-items.ts";

/** The rows of one block of columns, found in a read, with the per-row fields they were built from. */
interface KnownRows {
  readonly keys: string;
  readonly n: number;
  readonly rest: readonly Json[] | null;
  readonly rows: readonly JsonRecord[];
}

/**
 * What a page found of each block of rows in its last read of one combat (see the file comment): blocks
 * by the text of their columns. Only the blocks of the last read are kept (`last`), those of the read
 * under way go to `next`.
 */
export interface RowsMemo {
  last: Map<string, KnownRows>;
  next: Map<string, KnownRows>;
  /** A roster read before, by its first block's rows (the same array while that block is unchanged). */
  readonly records: WeakMap<object, KnownRecord>;
  /**
   * What a scheme unpacked from a part of the rows read (initiative/phase/packed.ts: a roster leaf, by
   * its rows), with the text it unpacked it with.
   */
  readonly unpacked: WeakMap<object, { readonly text: string; readonly value: unknown }>;
  /**
   * The engine this page decoded last (stored-json.ts `decodeStored`'s `previous`): the parts a step left
   * as they were decode to the same objects as then, so the maps below find them by identity.
   */
  decoded: Json | undefined;
  /** Stored keys found plain (stored-json.ts: kept as they are) in this combat's reads, not tested again. */
  readonly plainKeys: Set<string>;
  /** What a decoded part read as (decoded parts are never changed, and the same object only while equal). */
  readonly built: WeakMap<object, Json>;
  /** A block's rows by its decoded columns (the same object while its text is the same). */
  readonly blocks: WeakMap<object, KnownRows>;
  /**
   * What a scheme kept of its last reads of this combat, by the scheme's name (initiative/count/read-memo.ts):
   * kept only of objects a read built, found again by identity.
   */
  readonly schemes: Map<string, object>;
}

/** A roster as read: its blocks' ids and rows, and the record built of them. */
interface KnownRecord {
  readonly ids: readonly string[];
  readonly rows: readonly (readonly JsonRecord[])[];
  readonly record: Json;
}

export function createRowsMemo(): RowsMemo {
  return {
    last: new Map(),
    next: new Map(),
    records: new WeakMap(),
    unpacked: new WeakMap(),
    decoded: undefined,
    plainKeys: new Set(),
    built: new WeakMap(),
    blocks: new WeakMap(),
    schemes: new Map(),
  };
}

/** The value `columnize` was given; a part that is not one it writes is left as it is. `memo`: the file comment. */
export function uncolumnize(value: Json, memo?: RowsMemo): Json {
  const out = read(value, memo);
  if (memo !== undefined) {
    memo.last = memo.next;
    memo.next = new Map();
  }
  return out;
}

function read(value: Json, memo: RowsMemo | undefined): Json {
  if (typeof value !== "object" || value === null) return value;
  const known = memo?.built.get(value);
  if (known !== undefined) return known;
  const out = readObject(value, memo);
  memo?.built.set(value, out);
  return out;
}

function readObject(value: Json & object, memo: RowsMemo | undefined): Json {
  if (Array.isArray(value)) return (value as readonly Json[]).map((item) => read(item, memo));
  if (!isJsonRecord(value)) return value;
  const keys = Object.keys(value);
  const only = keys.length === 1 ? keys[0] : undefined;
  if (only === COLS && isJsonRecord(value[COLS])) return rowsOf(value[COLS], memo) ?? value;
  if (only === ROWS && Array.isArray(value[ROWS])) return recordOf(value[ROWS] as readonly Json[], memo) ?? value;
  const inner = only === LITERAL && isJsonRecord(value[LITERAL]) ? value[LITERAL] : value;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(inner)) setOwn(out, key, read(inner[key] as Json, memo));
  return out;
}

function recordOf(chunks: readonly Json[], memo: RowsMemo | undefined): Json | null {
  const ids: string[] = [];
  const blocks: (readonly JsonRecord[])[] = [];
  for (const chunk of chunks) {
    if (!isJsonRecord(chunk) || typeof chunk.ids !== "string" || !isJsonRecord(chunk.rows)) return null;
    const rows = rowsOf(chunk.rows, memo);
    if (rows === null || rows.length !== chunk.ids.split(",").length) return null;
    ids.push(chunk.ids);
    blocks.push(rows);
  }
  // Every block the same rows under the same ids as in the last read: the same record.
  const known = blocks[0] === undefined ? undefined : memo?.records.get(blocks[0]);
  if (known !== undefined && sameItems(known.rows, blocks) && sameItems(known.ids, ids)) return known.record;
  const out: Record<string, Json> = {};
  blocks.forEach((rows, b) => (ids[b] ?? "").split(",").forEach((id, i) => setOwn(out, id, rows[i] as Json)));
  if (blocks[0] !== undefined) memo?.records.set(blocks[0], { ids, rows: blocks, record: out });
  return out;
}

/** A block's text as one key: its field names, row count and each column, each prefixed by its length. */
function textKey(keys: string, n: number, cols: JsonRecord): string | null {
  let key = `${keys.length}:${keys}${n};`;
  for (const name of Object.keys(cols)) {
    const col = cols[name];
    if (typeof col !== "string") return null;
    key += `${name.length}:${name}${col.length}:${col}`;
  }
  return key;
}

function rowsOf(packed: JsonRecord, memo: RowsMemo | undefined): readonly JsonRecord[] | null {
  const { keys, n, cols, rest } = packed;
  if (typeof keys !== "string" || typeof n !== "number" || !isJsonRecord(cols)) return null;
  const restRows = Array.isArray(rest) ? (rest as readonly Json[]) : null;
  // The same decoded columns: the same text (stored-json.ts `decodeStored`), found without reading it.
  const found = memo?.blocks.get(cols);
  const byCols = found !== undefined && found.keys === keys && found.n === n ? found : undefined;
  const key = memo === undefined || byCols !== undefined ? null : textKey(keys, n, cols);
  const known = byCols ?? (key === null ? undefined : (memo?.next.get(key) ?? memo?.last.get(key)));
  const reusable = known !== undefined && (known.rest === null) === (restRows === null);
  let build: ((i: number) => JsonRecord | null) | null = null;
  const out: JsonRecord[] = [];
  for (let i = 0; i < n; i++) {
    const same = reusable && (restRows === null || sameJson(restRows[i], known.rest?.[i]));
    const row = same ? known.rows[i] : (build ??= rowBuilder(keys, n, cols, restRows, memo))(i);
    if (row === undefined || row === null) return null;
    out.push(row);
  }
  // Every row as before: the same list, so what was found of it (a roster, a scheme's leaf) is found again.
  const rows = build === null && known !== undefined ? known.rows : out;
  if (memo !== undefined) {
    const block = { keys, n, rest: restRows, rows };
    if (key !== null) memo.next.set(key, block);
    memo.blocks.set(cols, block);
  }
  return rows;
}

/** Builds row `i` of a block (null when the block is not one `columnize` writes). */
function rowBuilder(
  keys: string,
  n: number,
  cols: JsonRecord,
  restRows: readonly Json[] | null,
  memo: RowsMemo | undefined,
): (i: number) => JsonRecord | null {
  const names = keys === "" ? [] : keys.split(",");
  const cells: Record<string, readonly string[]> = {};
  for (const key of Object.keys(cols)) {
    const col = cols[key];
    if (typeof col !== "string") return () => null;
    cells[key] = n === 1 ? [col] : col.split(",");
  }
  return (i) => {
    const row: Record<string, Json> = {};
    const others = restRows?.[i];
    for (const key of names) {
      const column = cells[key];
      if (column !== undefined) setOwn(row, key, cellValue(column[i] ?? ""));
      else if (isJsonRecord(others) && Object.hasOwn(others, key)) setOwn(row, key, read(others[key] as Json, memo));
      else return null;
    }
    return row;
  };
}

/** Whether two JSON values are equal, the order of a record's keys included (a row read back keeps it). */
function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const [x, y] = [a as readonly Json[], b as readonly Json[]];
    return x.every((item, i) => sameJson(item, y[i]));
  }
  const [x, y] = [a as JsonRecord, b as JsonRecord];
  const [keys, others] = [Object.keys(x), Object.keys(y)];
  if (keys.length !== others.length) return false;
  return keys.every((key, i) => others[i] === key && sameJson(x[key], y[key]));
}
