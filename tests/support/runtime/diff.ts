/**
 * Foundry's update diff, as the server applies and broadcasts it (the runtime model's server uses
 * it for every update; benches use it to count the bytes a click costs).
 *
 * What is modelled, and where it is shown in public:
 * - an update is flattened/expanded by dotted keys (`"system.hp.value": 3` is `{system:{hp:{value:3}}}`):
 *   every system's `actor.update({"system.x": …})` call relies on it (dnd5e, Draw Steel);
 * - objects (SchemaField and ObjectField values) merge key by key, arrays are replaced whole, and a key
 *   `-=name` deletes `name` (`update({"flags.tempo.-=x": null})`, the documented way to unset a flag,
 *   used by dnd5e's `unsetFlag` callers and by Foundry's `Document#unsetFlag`), and so does v14's
 *   `{name: ForcedDeletion.create()}` (operators.ts);
 * - an update sends only what differs from the stored source (API DatabaseUpdateOperation `diff`:
 *   "Difference each update object against current Document data and only use differential data for
 *   the update operation"; the `preUpdateDocument` hook is given "Differential data that will be used
 *   to update the document" whatever the caller passed, so the diff is what an ordinary update does),
 *   and an update that changes nothing is not sent at all (dnd5e's issue threads on "update with no
 *   changes does not fire updateActor" show the no-op behaviour).
 */
import { isObj, type Obj } from "./diff-shape.ts";
import { isForcedDeletion } from "./operators.ts";

export { isObj, type Obj };

/** `{"a.b": 1}` → `{a: {b: 1}}`; nested objects are expanded too. */
export function expandDotted(data: Obj): Obj {
  const out: Obj = {};
  for (const [key, raw] of Object.entries(data)) {
    const value = isObj(raw) && !isForcedDeletion(raw) ? expandDotted(raw) : raw;
    const parts = key.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (!isObj(next)) target[part] = {};
      target = target[part] as Obj;
    }
    const last = parts[parts.length - 1] ?? key;
    const existing = target[last];
    target[last] = isObj(existing) && isObj(value) ? mergeUpdate(existing, value) : value;
  }
  return out;
}

/** `update` merged into `source` (a new object): objects by key, arrays whole, `-=key` deletes. */
export function mergeUpdate(source: Obj, update: Obj): Obj {
  const out: Obj = { ...source };
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=")) {
      Reflect.deleteProperty(out, key.slice(2));
      continue;
    }
    if (isForcedDeletion(value)) {
      Reflect.deleteProperty(out, key);
      continue;
    }
    const current = out[key];
    out[key] = isObj(current) && isObj(value) ? mergeUpdate(current, value) : structuredClone(value);
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What of `update` changes `source`: unchanged keys dropped, objects recursed, arrays compared whole,
 * `-=key` kept only where `key` exists. An empty object means the update changes nothing.
 */
export function diffUpdate(source: Obj, update: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=")) {
      if (key.slice(2) in source) out[key] = null;
      continue;
    }
    if (isForcedDeletion(value)) {
      if (key in source) out[key] = value;
      continue;
    }
    const current = source[key];
    if (isObj(current) && isObj(value)) {
      const inner = diffUpdate(current, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (!(key in source) || !same(current, value)) out[key] = structuredClone(value);
  }
  return out;
}

/** The UTF-8 size of `value` as JSON, as it crosses the socket. */
export function jsonBytes(value: unknown): number {
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}
