/**
 * A patch's rows written field by field before it is compressed (compact-patch.ts).
 *
 * A step that touches every creature patches a record of rows — `{ "0": { "count": null }, "1": { … } … }`
 * — where each row repeats its field names and the values are often the same for every row (an undo
 * of a roll all puts every count back to null). Written field by field — the row ids once, then one
 * list of values per field — the repeats sit next to each other, where the compressor takes them for
 * almost nothing.
 *
 * `transposeRows` replaces every record of `MIN_ROWS` or more rows (plain records of leaves, whose
 * keys come in one shared order) by `{ "~t": { r: ids, f: { field: [value or {} when absent] } } }`,
 * and every record of as many leaves (an order: index → id or number) by `{ "~l": { k: keys, v: values } }`;
 * a list of integers that is mostly a run (ids "0" … "31", an identity order) is written as
 * `{ "~d": [first, differences] }`, so a run costs one repeated digit. `untransposeRows` gives the value back, key order included. The
 * `~` markers are not keys the stored form writes (stored-json.ts escapes keys as `~` + hex), so they
 * never meet a key of the patch itself.
 */
import { isJsonRecord, type Json, type JsonRecord } from "./stored-json.ts";
import { setOwn } from "./own-property.ts";

const MARK = "~t";
/** A record of many leaves: its keys and values as two lists. */
const LEAVES = "~l";
/** A list of integers written as the first and the differences (a run of ids or indices: 0, 1, 1, 1 …). */
const DELTAS = "~d";
const MIN_ROWS = 8;
/** Rows transposed from this many on: a record of rows repeats its field names in every row. */
const MIN_TABLE = 3;

const isInteger = (v: Json | undefined): v is number => typeof v === "number" && Number.isSafeInteger(v);

/** `items` as a list, delta-coded when they are all integers. */
function list(items: readonly Json[]): Json {
  if (items.length < MIN_TABLE || !items.every(isInteger)) return items as Json[];
  const deltas = (items as readonly number[]).map((n, i) => (i === 0 ? n : n - (items[i - 1] as number)));
  // Deltas only where they are shorter (a run); a shuffled order is kept as it is, so that the
  // compressor finds its stretches in the present order.
  return JSON.stringify(deltas).length < JSON.stringify(items).length * 0.75 ? { [DELTAS]: deltas } : (items as Json[]);
}

function unlist(value: Json | undefined): readonly Json[] {
  if (Array.isArray(value)) return value as readonly Json[];
  const deltas = isJsonRecord(value) ? value[DELTAS] : undefined;
  if (!Array.isArray(deltas) || !deltas.every(isInteger)) throw new BadTranspose();
  let n = 0;
  return (deltas as readonly number[]).map((d, i) => (n = i === 0 ? d : n + d));
}

/** Keys as a list: integers (delta-coded) when every key is one written as `String(n)`. */
function keyList(keys: readonly string[]): Json {
  const numbers = keys.map(Number);
  return keys.every((k, i) => String(numbers[i]) === k && isInteger(numbers[i])) ? list(numbers) : (keys as string[]);
}

function unkeyList(value: Json | undefined): readonly string[] {
  return unlist(value).map(String);
}

const isLeaf = (value: Json | undefined): boolean => value === null || typeof value !== "object";

/** The fields of `rows` in one order every row keeps, or null when there is none. */
function fieldOrder(rows: readonly JsonRecord[]): string[] | null {
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    let last = -1;
    for (const key of Object.keys(row)) {
      if (!isLeaf(row[key])) return null;
      if (!seen.has(key)) {
        seen.add(key);
        fields.push(key);
      }
      const at = fields.indexOf(key);
      if (at < last) return null;
      last = at;
    }
  }
  return fields;
}

export function transposeRows(value: Json): Json {
  if (Array.isArray(value)) return (value as readonly Json[]).map(transposeRows);
  if (!isJsonRecord(value)) return value;
  const ids = Object.keys(value);
  const rows = ids.map((id) => value[id]);
  if (ids.length >= MIN_TABLE && rows.every(isJsonRecord)) {
    const fields = fieldOrder(rows as JsonRecord[]);
    if (fields !== null && fields.length > 0) {
      const f: Record<string, Json> = {};
      for (const field of fields)
        setOwn(
          f,
          field,
          (rows as JsonRecord[]).map((row) => (Object.hasOwn(row, field) ? (row[field] as Json) : {})),
        );
      return { [MARK]: { r: keyList(ids), f } };
    }
  }
  if (ids.length >= MIN_ROWS && rows.every(isLeaf)) return { [LEAVES]: { k: keyList(ids), v: list(rows as Json[]) } };
  const out: Record<string, Json> = {};
  for (const key of ids) setOwn(out, key, transposeRows(value[key] as Json));
  return out;
}

/** A transposed table that does not read (the caller refuses the patch). */
export class BadTranspose extends Error {}

function rowsOf(table: Json | undefined): Json {
  if (!isJsonRecord(table) || !isJsonRecord(table.f)) throw new BadTranspose();
  const ids = unkeyList(table.r);
  const f = table.f;
  const out: Record<string, Json> = {};
  const rows = ids.map(() => ({}) as Record<string, Json>);
  for (const field of Object.keys(f)) {
    const cells = f[field];
    if (!Array.isArray(cells) || cells.length !== ids.length) throw new BadTranspose();
    (cells as readonly Json[]).forEach((cell, i) => {
      if (!isJsonRecord(cell)) setOwn(rows[i] as Record<string, Json>, field, cell);
    });
  }
  ids.forEach((id, i) => setOwn(out, String(id), rows[i] as Json));
  return out;
}

function leavesOf(table: Json | undefined): Json {
  if (!isJsonRecord(table)) throw new BadTranspose();
  const keys = unkeyList(table.k);
  const values = unlist(table.v);
  if (values.length !== keys.length) throw new BadTranspose();
  const out: Record<string, Json> = {};
  keys.forEach((key, i) => setOwn(out, key, values[i] as Json));
  return out;
}

/** The value `transposeRows` wrote; throws `BadTranspose` when a table in it does not read. */
export function untransposeRows(value: Json): Json {
  if (Array.isArray(value)) return (value as readonly Json[]).map(untransposeRows);
  if (!isJsonRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === MARK) return rowsOf(value[MARK]);
  if (keys.length === 1 && keys[0] === LEAVES) return leavesOf(value[LEAVES]);
  const out: Record<string, Json> = {};
  for (const key of keys) setOwn(out, key, untransposeRows(value[key] as Json));
  return out;
}
