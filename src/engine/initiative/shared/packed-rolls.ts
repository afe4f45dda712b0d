/**
 * The stored form of a linear scheme's pending rolls (`standard`, `rotation`; issue 17).
 *
 * A start at 300 combatants asks for 300 rolls; stored whole they are some 53 KB of request objects on
 * every client, and again in the undo patch. Everything in a roll but who rolls, which kind it is and its
 * request number follows from the combatant (formula and legal totals from its modifier, the reason from
 * the kind), and the rolls are asked for in roster order with consecutive numbers. So a list that is
 * exactly that is stored as `{ from, kinds, who }`:
 * - `from`: the request number of the first roll (`<prefix>-<from>`, the next ones counting up);
 * - `kinds`: one kind for every roll, or one character per roll (the kind's index in the scheme's list);
 * - `who`: which combatants, in roster (key) order, have a roll: a bit per combatant, 6 to a character;
 *   or, for rolls asked in another order (the tied creatures of a roll-off, group by group), `at`: each
 *   roll's combatant as its roster index in two characters.
 * The scheme rebuilds one roll from (combatant id, kind, request id). `packRolls` rebuilds the whole list
 * from what it stores and keeps the list as it is when that does not give the same list back, so
 * unpacking is always exact.
 */
import type { Json } from "../../storage/stored-json.ts";
import type { StoreMemo } from "../../storage/store-memo.ts";
import { sameItems } from "../../core/same-items.ts";

/** The rolls of the list as a packer sees them. */
export interface PackableRoll {
  readonly request: { readonly id: string; readonly combatantId: string | null };
  readonly kind: string;
}

export interface RollPacking<R extends PackableRoll> {
  /** Request ids are `${prefix}-${number}`. */
  readonly prefix: string;
  /** The kinds of roll, in a fixed order (the stored index). */
  readonly kinds: readonly R["kind"][];
  /** The roll the scheme would ask for: who, which kind, which id; null when it cannot (a gone combatant). */
  readonly rebuild: (combatantId: string, kind: R["kind"], id: string) => R | null;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function maskOf(flags: readonly boolean[]): string {
  let out = "";
  for (let i = 0; i < flags.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) if (flags[i + b] === true) v |= 1 << b;
    out += DIGITS[v];
  }
  return out.replace(/A+$/, "");
}

/** Roster indices in two characters each (up to 4,096 combatants). */
function indicesText(indices: readonly number[]): string | null {
  if (indices.some((i) => i >= 64 * 64)) return null;
  return indices.map((i) => (DIGITS[i >> 6] ?? "") + (DIGITS[i & 63] ?? "")).join("");
}

function indicesOf(text: string): number[] | null {
  if (text.length % 2 !== 0) return null;
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const hi = DIGITS.indexOf(text.charAt(i));
    const lo = DIGITS.indexOf(text.charAt(i + 1));
    if (hi < 0 || lo < 0) return null;
    out.push(hi * 64 + lo);
  }
  return out;
}

function flagsOf(mask: string, length: number): boolean[] | null {
  const flags: boolean[] = [];
  for (let i = 0; i < length; i++) {
    const v = DIGITS.indexOf(mask.charAt(Math.floor(i / 6)));
    flags.push(v > 0 && (v & (1 << (i % 6))) !== 0);
  }
  return mask.length <= Math.ceil(length / 6) ? flags : null;
}

/** Rolls rebuilt from a packed form, or null when `packed` is not one `packRolls` writes. */
export function unpackRolls<R extends PackableRoll>(
  packed: unknown,
  roster: readonly string[],
  packing: RollPacking<R>,
): R[] | null {
  if (typeof packed !== "object" || packed === null || Array.isArray(packed)) return null;
  const { from, kinds, who, at } = packed as { from?: unknown; kinds?: unknown; who?: unknown; at?: unknown };
  if (typeof from !== "number" || !Number.isInteger(from) || typeof kinds !== "string") return null;
  let indices: number[] | null = null;
  if (typeof who === "string") {
    const flags = flagsOf(who, roster.length);
    indices = flags === null ? null : roster.flatMap((_, i) => (flags[i] === true ? [i] : []));
  } else if (typeof at === "string") indices = indicesOf(at);
  if (indices === null) return null;
  const out: R[] = [];
  for (const i of indices) {
    const kind = packing.kinds[Number(kinds.length === 1 ? kinds : kinds.charAt(out.length))];
    const id = roster[i];
    if (kind === undefined || id === undefined) return null;
    const roll = packing.rebuild(id, kind, `${packing.prefix}-${from + out.length}`);
    if (roll === null) return null;
    out.push(roll);
  }
  return kinds.length === 1 || kinds.length === out.length ? out : null;
}

/** The packed form of `rolls` (see the file comment), or the list itself when packing would not be exact. */
export function packRolls<R extends PackableRoll>(
  rolls: readonly R[],
  roster: readonly string[],
  packing: RollPacking<R>,
): Json {
  const list = rolls as unknown as Json;
  const first = rolls[0];
  if (first === undefined) return list;
  const from = Number(first.request.id.slice(packing.prefix.length + 1));
  if (!Number.isInteger(from) || `${packing.prefix}-${from}` !== first.request.id) return list;
  const position = new Map(roster.map((id, i) => [id, i]));
  const flags = roster.map(() => false);
  const indices: number[] = [];
  let inOrder = true;
  let kinds = "";
  for (const roll of rolls) {
    const at = position.get(roll.request.combatantId ?? "");
    const kind = packing.kinds.indexOf(roll.kind);
    if (at === undefined || kind < 0 || kind > 9) return list;
    inOrder &&= at > (indices[indices.length - 1] ?? -1);
    flags[at] = true;
    indices.push(at);
    kinds += String(kind);
  }
  const single = kinds.split("").every((k) => k === kinds.charAt(0));
  const at = inOrder ? null : indicesText(indices);
  if (!inOrder && at === null) return list;
  const packed = { from, kinds: single ? kinds.charAt(0) : kinds, ...(at === null ? { who: maskOf(flags) } : { at }) };
  const back = unpackRolls(packed, roster, packing);
  return back !== null && JSON.stringify(back) === JSON.stringify(rolls) ? packed : list;
}

/** Ids per chunk of a packed list: a turn moved (Delay) rewrites the chunks it crosses, not the list. */
const IDS_PER_CHUNK = 32;

/**
 * STD-4, ROT-3: a list of roster ids (a round's order) stored as `{ at }`: chunks of 32 ids, two characters
 * per id (its roster index), some 700 bytes for 300 creatures instead of 300 keyed ids. The list itself
 * when an id is not in the roster or the roster is too long.
 */
export function packIds(ids: readonly string[], roster: readonly string[]): Json {
  const position = new Map(roster.map((id, i) => [id, i]));
  const indices = ids.map((id) => position.get(id) ?? -1);
  const text = ids.length < 8 || indices.includes(-1) ? null : indicesText(indices);
  if (text === null) return ids as readonly Json[];
  const at: string[] = [];
  for (let i = 0; i < text.length; i += 2 * IDS_PER_CHUNK) at.push(text.slice(i, i + 2 * IDS_PER_CHUNK));
  return { at };
}

/**
 * `packIds` with a memo (store-memo.ts `packed`, by the list): issue 17, a turn step keeps the round's
 * order and its roster, and gets the very stored form of the step before (packed once, and the same
 * object to the diff, encoding and fingerprint after it).
 */
export function packIdsWith(ids: readonly string[], roster: readonly string[], memo: StoreMemo | undefined): Json {
  const kept = memo?.packed.get(ids) as { readonly roster: readonly string[]; readonly packed: Json } | undefined;
  if (kept !== undefined && sameItems(kept.roster, roster)) return kept.packed;
  const packed = packIds(ids, roster);
  memo?.packed.set(ids, { roster, packed });
  return packed;
}

/** The ids a packed list holds, or null when `packed` is not one `packIds` writes. */
export function unpackIds(packed: unknown, roster: readonly string[]): string[] | null {
  if (typeof packed !== "object" || packed === null || Array.isArray(packed)) return null;
  const at = (packed as { readonly at?: unknown }).at;
  if (!Array.isArray(at) || !at.every((chunk) => typeof chunk === "string")) return null;
  const indices = indicesOf((at as readonly string[]).join(""));
  if (indices === null) return null;
  const ids = indices.map((i) => roster[i]);
  return ids.every((id): id is string => id !== undefined) ? ids : null;
}
