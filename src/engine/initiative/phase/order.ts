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

/** Roll-off buckets: 1–6 for the faces; 7 holds any other value (treated as level, so it rolls again). */
const BUCKETS = 8;
/** Roll-offs packed per creature into one 32-bit number (3 bits each); deeper ones are read directly. */
const PACKED = 10;

/**
 * PHS-2, in one pass per tie group: creatures are split by total, then each group still level after k
 * roll-offs by its (k+1)-th roll-off, like an in-place radix sort on typed arrays (one Map by total; no
 * keys hashed per roll-off, no comparison sort). In a group of two or more, whoever has exactly k roll-offs is level with the rest and
 * rolls; a group of one is settled. Contenders without an initiative are ignored; the result keeps the
 * contenders' order.
 */
export function phaseTiedCreatures(contenders: readonly PhaseCombatant[]): PhaseCombatant[] {
  const byTotal = new Map<number, number[]>();
  contenders.forEach((c, i) => {
    if (c.initiative === null) return;
    const group = byTotal.get(c.initiative);
    if (group === undefined) byTotal.set(c.initiative, [i]);
    else group.push(i);
  });
  // Level groups are runs [from, to) of `order`, each with its depth; `spare` and `bucket` are scratch space.
  const order = new Int32Array(contenders.length);
  const spare = new Int32Array(contenders.length);
  const bucket = new Uint8Array(contenders.length);
  const runs: number[] = [];
  let filled = 0;
  for (const group of byTotal.values()) {
    if (group.length < 2) continue;
    runs.push(filled, filled + group.length, 0);
    for (const i of group) order[filled++] = i;
  }
  // The first PACKED buckets of every creature, 3 bits each, read once: the passes below then touch a
  // small typed array instead of every creature's roll-off list at every depth.
  const packed = new Int32Array(contenders.length);
  for (let k = 0; k < filled; k++) {
    const i = order[k] ?? 0;
    const c = contenders[i];
    const deep = Math.min(PACKED, c?.rollOff.length ?? 0);
    let key = 0;
    for (let depth = 0; depth < deep; depth++) key |= bucketOf(c, depth) << (3 * depth);
    packed[i] = key;
  }
  const need = new Uint8Array(contenders.length);
  let needed = 0;
  const counts = new Int32Array(BUCKETS);
  const starts = new Int32Array(BUCKETS);
  while (runs.length > 0) {
    const depth = runs.pop() ?? 0;
    const to = runs.pop() ?? 0;
    const from = runs.pop() ?? 0;
    counts.fill(0);
    for (let k = from; k < to; k++) {
      const i = order[k] ?? 0;
      const b = depth < PACKED ? ((packed[i] ?? 0) >>> (3 * depth)) & 7 : bucketOf(contenders[i], depth);
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
      const i = order[k] ?? 0;
      const b = bucket[k] ?? 0;
      const place = starts[b] ?? 0;
      spare[place] = i;
      starts[b] = place + 1;
    }
    order.set(spare.subarray(from, to), from);
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
  return needed === 0 ? [] : contenders.filter((_, i) => need[i] === 1);
}

function bucketOf(c: PhaseCombatant | undefined, depth: number): number {
  const roll = c?.rollOff[depth];
  if (roll === undefined) return 0;
  return Number.isInteger(roll) && roll >= 1 && roll <= 6 ? roll : BUCKETS - 1;
}
