/**
 * Phase rounds: who moves and who acts first (PHS-2, PHS-3, PHS-4, PHS-7).
 */
import type { PhaseCombatant } from "./types.ts";

/**
 * PHS-2: the higher initiative ranks first; on equal totals the higher d6 roll-off wins, compared
 * element by element (a later roll-off only counts where earlier ones were equal). Creatures still
 * level are ordered by join order; the scheduler asks for the roll-offs that separate them.
 * Negative: `a` ranks above `b`.
 */
export function comparePhaseRank(a: PhaseCombatant, b: PhaseCombatant): number {
  const x = a.initiative ?? Number.MIN_SAFE_INTEGER;
  const y = b.initiative ?? Number.MIN_SAFE_INTEGER;
  if (x !== y) return y - x;
  const shared = Math.min(a.rollOff.length, b.rollOff.length);
  for (let i = 0; i < shared; i++) {
    const p = a.rollOff[i] ?? 0;
    const q = b.rollOff[i] ?? 0;
    if (p !== q) return q - p;
  }
  return a.slot - b.slot;
}

const seized = (c: PhaseCombatant, round: number): boolean => round > 0 && c.seizedRound === round;

/**
 * PHS-3, PHS-4: movement goes lowest initiative first; seizers move before everyone else, lowest first
 * among themselves.
 */
export function comparePhaseMovement(round: number): (a: PhaseCombatant, b: PhaseCombatant) => number {
  return (a, b) => {
    const sa = seized(a, round);
    const sb = seized(b, round);
    if (sa !== sb) return sa ? -1 : 1;
    return -comparePhaseRank(a, b);
  };
}

/**
 * PHS-7, PHS-4: battle goes highest initiative first; seizers act last, highest first among themselves.
 */
export function comparePhaseBattle(round: number): (a: PhaseCombatant, b: PhaseCombatant) => number {
  return (a, b) => {
    const sa = seized(a, round);
    const sb = seized(b, round);
    if (sa !== sb) return sa ? 1 : -1;
    return comparePhaseRank(a, b);
  };
}

/** Roll-off buckets: 1–6 for the faces; 7 holds any other value (treated as level, so it rolls again). */
const BUCKETS = 8;
/** Roll-offs packed per creature into one 32-bit number (3 bits each); deeper ones are read directly. */
const PACKED = 10;

/** Runs this small are settled by comparing each pair of creatures. */
const SMALL = 8;
/** PREFIX_MASKS[k]: the bits of the first k packed roll-offs. */
const PREFIX_MASKS: readonly number[] = Array.from({ length: PACKED + 1 }, (_, k) => 2 ** (3 * k) - 1);

/** How many roll-offs a packed key holds (buckets are never 0, so the first empty place ends them). */
function packedLength(key: number): number {
  let k = 0;
  while (k < PACKED && ((key >>> (3 * k)) & 7) !== 0) k++;
  return k;
}

/** Whether every creature in order[from, to) has all its roll-offs packed (none beyond PACKED). */
function packedOnly(order: Int32Array, from: number, to: number, active: Uint8Array): boolean {
  for (let k = from; k < to; k++) if (active[order[k] ?? 0] !== 1) return false;
  return true;
}

/**
 * PHS-2: what tie-breaking needs to know of each creature, by index, in typed arrays: whether it
 * contends (1; 2 when it has more roll-offs than are packed) or not (0), its total, and its first PACKED
 * roll-off buckets (3 bits each, 0 = none).
 * The settling of a roll-off batch then runs over these arrays alone, never over every creature's
 * object and roll-off list.
 */
export interface PhaseTieKeys {
  readonly active: Uint8Array;
  readonly total: Float64Array;
  readonly packed: Int32Array;
}

/** Empty keys for `count` creatures (none contending). */
export function phaseTieKeys(count: number): PhaseTieKeys {
  return { active: new Uint8Array(count), total: new Float64Array(count), packed: new Int32Array(count) };
}

/** PHS-2: writes a creature's keys at index `i` (`contends`: it is up and rolled this round). */
export function setPhaseTieKey(keys: PhaseTieKeys, i: number, c: PhaseCombatant, contends: boolean): void {
  if (!contends || c.initiative === null) {
    keys.active[i] = 0;
    return;
  }
  const list = c.rollOff;
  // 2: a contender with more roll-offs than are packed (the deeper ones are read from the creature).
  keys.active[i] = list.length > PACKED ? 2 : 1;
  keys.total[i] = c.initiative;
  const deep = list.length < PACKED ? list.length : PACKED;
  let key = 0;
  for (let depth = 0; depth < deep; depth++) key |= bucketOfRoll(list[depth]) << (3 * depth);
  keys.packed[i] = key;
}

function bucketOfRoll(roll: number | undefined): number {
  if (roll === undefined) return 0;
  return Number.isInteger(roll) && roll >= 1 && roll <= 6 ? roll : BUCKETS - 1;
}

/** PHS-2: the bucket of a creature's roll-off at `depth` (0: none there; 7: not a d6 face). */
export function bucketOf(c: PhaseCombatant | null | undefined, depth: number): number {
  return bucketOfRoll(c?.rollOff[depth]);
}

/**
 * PHS-2: the creatures that must roll a d6 roll-off now. Two creatures with the same total are level
 * while one's roll-offs are the start of the other's; then the one with fewer roll-offs rolls (both,
 * when they have as many). Returns ids in join order.
 */
export function phaseTiesToRoll(contenders: readonly PhaseCombatant[]): string[] {
  return phaseTiedCreatures(contenders)
    .sort((a, b) => a.slot - b.slot)
    .map((c) => c.id);
}

/**
 * PHS-2: `phaseTiesToRoll` before sorting: the tied creatures in the contenders' order. Contenders
 * without an initiative are ignored.
 */
export function phaseTiedCreatures(contenders: readonly PhaseCombatant[]): PhaseCombatant[] {
  const keys = phaseTieKeys(contenders.length);
  contenders.forEach((c, i) => setPhaseTieKey(keys, i, c, true));
  const need = phaseTiedIndices(keys, (i, depth) => bucketOf(contenders[i], depth));
  return need === null ? [] : contenders.filter((_, i) => need[i] === 1);
}

/**
 * PHS-2, in one pass per tie group: contenders are split by total (a counting sort when the totals lie
 * close together, as rolled ones do), then each group still level after k roll-offs by its (k+1)-th
 * roll-off, like an in-place radix sort on typed arrays. In a group of two or more, whoever has exactly
 * k roll-offs is level with the rest and rolls; a group of one is settled. `deep(i, depth)` gives the
 * bucket of a roll-off beyond the packed ones. Returns a flag per index (1: rolls), or null when nobody rolls.
 */
export function phaseTiedIndices(keys: PhaseTieKeys, deep: (i: number, depth: number) => number): Uint8Array | null {
  const { active, total, packed } = keys;
  const count = active.length;
  // Group ids by total: total − min when the totals span little, else numbered through a Map.
  let lo = Infinity;
  let hi = -Infinity;
  let contending = 0;
  let whole = true;
  for (let i = 0; i < count; i++) {
    if (active[i] === 0) continue;
    const t = total[i] ?? 0;
    if (!Number.isInteger(t)) whole = false;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
    contending++;
  }
  if (contending < 2) return null;
  const group = new Int32Array(count);
  let groups: number;
  if (whole && hi - lo < 4 * contending + 64) {
    groups = hi - lo + 1;
    for (let i = 0; i < count; i++) if (active[i] !== 0) group[i] = (total[i] ?? 0) - lo;
  } else {
    const ids = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      if (active[i] === 0) continue;
      const t = total[i] ?? 0;
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
      }
      group[i] = id;
    }
    groups = ids.size;
  }
  // Counting sort by group, keeping index order within a group.
  const sizes = new Int32Array(groups + 1);
  for (let i = 0; i < count; i++) {
    if (active[i] === 0) continue;
    const g = (group[i] ?? 0) + 1;
    sizes[g] = (sizes[g] ?? 0) + 1;
  }
  for (let g = 0; g < groups; g++) sizes[g + 1] = (sizes[g + 1] ?? 0) + (sizes[g] ?? 0);
  // Level groups are runs [from, to) of `order`, each with its depth; `spare` and `bucket` are scratch space.
  const order = new Int32Array(contending);
  const fill = sizes.slice(0, groups);
  for (let i = 0; i < count; i++) {
    if (active[i] === 0) continue;
    const g = group[i] ?? 0;
    const at = fill[g] ?? 0;
    order[at] = i;
    fill[g] = at + 1;
  }
  const runs: number[] = [];
  for (let g = 0; g < groups; g++) {
    const from = sizes[g] ?? 0;
    const to = sizes[g + 1] ?? 0;
    if (to - from > 1) runs.push(from, to, 0);
  }
  if (runs.length === 0) return null;
  const spare = new Int32Array(contending);
  const bucket = new Uint8Array(contending);
  const need = new Uint8Array(count);
  let needed = 0;
  const counts = new Int32Array(BUCKETS);
  const starts = new Int32Array(BUCKETS);
  while (runs.length > 0) {
    const depth = runs.pop() ?? 0;
    const to = runs.pop() ?? 0;
    const from = runs.pop() ?? 0;
    if (to - from <= SMALL && depth < PACKED && packedOnly(order, from, to, active)) {
      // A small run whose roll-offs are all packed: compared pair by pair, with no passes over buckets.
      for (let k = from; k < to; k++) {
        const i = order[k] ?? 0;
        const key = packed[i] ?? 0;
        const mask = PREFIX_MASKS[packedLength(key)] ?? 0;
        for (let m = from; m < to; m++) {
          if (m !== k && ((packed[order[m] ?? 0] ?? 0) & mask) === key) {
            need[i] = 1;
            needed++;
            break;
          }
        }
      }
      continue;
    }
    counts.fill(0);
    const shift = 3 * depth;
    for (let k = from; k < to; k++) {
      const i = order[k] ?? 0;
      const b = depth < PACKED ? ((packed[i] ?? 0) >>> shift) & 7 : deep(i, depth);
      bucket[k] = b;
      counts[b] = (counts[b] ?? 0) + 1;
    }
    // Bucket 0 (no roll-off at this depth) is level with the whole run: it rolls.
    let at = from;
    for (let b = 0; b < BUCKETS; b++) {
      starts[b] = at;
      at += counts[b] ?? 0;
    }
    for (let k = from; k < to; k++) {
      const b = bucket[k] ?? 0;
      const place = starts[b] ?? 0;
      spare[place] = order[k] ?? 0;
      starts[b] = place + 1;
    }
    // Copied back by hand: a subarray view per run would be one more object for every small group.
    for (let k = from; k < to; k++) order[k] = spare[k] ?? 0;
    let begin = from;
    for (let b = 0; b < BUCKETS; b++) {
      const end = begin + (counts[b] ?? 0);
      if (b === 0) {
        for (let k = begin; k < end; k++) need[order[k] ?? 0] = 1;
        needed += end - begin;
      } else if (end - begin > 1) {
        runs.push(begin, end, depth + 1);
      }
      begin = end;
    }
  }
  return needed === 0 ? null : need;
}
