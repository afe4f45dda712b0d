/**
 * Issue 18 (click bytes): a changed GM record (gm-storage.ts) travels to the other GMs (gm-replica.ts)
 * as what changed inside it, not its whole text: an NPC's action tracker or a combat's secret half
 * carries its undo history, so most of its text is the same from one click to the next.
 *
 * The form is a JSON merge patch (RFC 7396: objects merged key by key, `null` removes a key, anything
 * else replaced whole) of the record's JSON. The sender applies it to the text the other GM holds (the
 * record before this batch of changes) and sends it only if that gives the new text exactly (key order
 * included); otherwise, or when a record is not a JSON object, the whole text goes. The receiver applies
 * it to the text it holds, if that text has the hash the patch names; a record it does not hold as the sender had it refuses the changes, and the
 * sender then sends a full copy (gm-replica.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** What a record became: its whole new text (null: removed), or a merge patch of its JSON and the hash of the text it applies to. */
export type RecordEdit = string | null | { readonly merge: JsonObject; readonly from: number };

/** A 32-bit FNV-1a hash of a record's text: a patch applies only to the text it was made from. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parse(text: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The merge patch turning `before` into `after`, or undefined when they are equal. */
function diff(before: Json, after: Json): Json | undefined {
  if (!isObject(before) || !isObject(after))
    return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
  const out: JsonObject = {};
  for (const key of Object.keys(before)) if (!(key in after)) out[key] = null;
  for (const [key, value] of Object.entries(after)) {
    const part = key in before ? diff(before[key] ?? null, value) : value;
    if (part !== undefined) out[key] = part;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

function apply(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const base = isObject(target) ? target : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(base)) if (patch[key] !== null) out[key] = value;
  for (const [key, value] of Object.entries(patch)) if (value !== null) out[key] = apply(base[key] ?? null, value);
  return out;
}

/** What to send for a record that was `before` (the other GM's text) and is now `after`. */
export function recordEdit(before: string | null, after: string | null): RecordEdit {
  if (before === null || after === null) return after;
  const old = parse(before);
  const now = parse(after);
  if (old === null || now === null) return after;
  const merge = diff(old, now) ?? {};
  if (!isObject(merge) || JSON.stringify(apply(old, merge)) !== after) return after;
  const patch = { merge, from: hash(before) };
  return JSON.stringify(patch).length < after.length ? patch : after;
}

/** The record's new text from the text this browser holds (`held`), or undefined when they do not fit. */
export function applyEdit(held: string | null, edit: RecordEdit): string | null | undefined {
  if (edit === null || typeof edit === "string") return edit;
  const old = held === null || hash(held) !== edit.from ? null : parse(held);
  if (old === null) return undefined;
  return JSON.stringify(apply(old, edit.merge));
}

/** Whether `value` is a record edit as sent (checked on receipt: a query's data is anyone's). */
export function isRecordEdit(value: unknown): value is RecordEdit {
  if (value === null || typeof value === "string") return true;
  return isObject(value) && Object.keys(value).length === 2 && isObject(value.merge) && typeof value.from === "number";
}
