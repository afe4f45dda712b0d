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

/** Total, then roll-offs element by element, a shorter list before its own extensions. */
function compareTieKey(a: PhaseCombatant, b: PhaseCombatant): number {
  const x = a.initiative ?? 0;
  const y = b.initiative ?? 0;
  if (x !== y) return x - y;
  const shared = Math.min(a.rollOff.length, b.rollOff.length);
  for (let i = 0; i < shared; i++) {
    const p = a.rollOff[i] ?? 0;
    const q = b.rollOff[i] ?? 0;
    if (p !== q) return p - q;
  }
  return a.rollOff.length - b.rollOff.length;
}

/** `a`'s roll-offs are `b`'s first roll-offs (or the same): the two are not yet told apart. */
function isPrefix(a: readonly number[], b: readonly number[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * PHS-2: the creatures that must roll a d6 roll-off now. Two creatures with the same total are level
 * while one's roll-offs are the start of the other's; then the one with fewer roll-offs rolls (both,
 * when they have as many). Returns ids in join order.
 */
export function phaseTiesToRoll(contenders: readonly PhaseCombatant[]): string[] {
  const need = packedTies(contenders) ?? sortedTies(contenders);
  return need.sort((a, b) => a.slot - b.slot).map((c) => c.id);
}

/** Roll-offs packed as base-8 digits (1–6, so 0 marks "no roll"): at most this many fit in a double. */
const PACKED_ROLLS = 12;
const DIGIT = 8;
const SPAN = DIGIT ** PACKED_ROLLS;

/**
 * The fast path: every (total, roll-offs) as one exact number. A creature must roll when another has
 * the same number, or when its number is a prefix of another's (its rolls are used up while the other's
 * go on). Sets of numbers, O(n × roll-offs), no sorting. Returns null when the numbers would not be exact.
 */
function packedTies(contenders: readonly PhaseCombatant[]): PhaseCombatant[] | null {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const c of contenders) {
    if (c.initiative === null) continue;
    if (c.rollOff.length >= PACKED_ROLLS) return null;
    low = Math.min(low, c.initiative);
    high = Math.max(high, c.initiative);
  }
  if (low === Number.POSITIVE_INFINITY) return [];
  if ((high - low + 1) * SPAN > Number.MAX_SAFE_INTEGER) return null;
  const keys = new Map<number, number>();
  const prefixes = new Set<number>();
  const packed: number[] = [];
  for (const c of contenders) {
    if (c.initiative === null) {
      packed.push(-1);
      continue;
    }
    let key = (c.initiative - low) * SPAN;
    let place = SPAN / DIGIT;
    for (const roll of c.rollOff) {
      prefixes.add(key);
      key += roll * place;
      place /= DIGIT;
    }
    packed.push(key);
    keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  const need: PhaseCombatant[] = [];
  contenders.forEach((c, i) => {
    const key = packed[i] ?? -1;
    if (key >= 0 && ((keys.get(key) ?? 0) > 1 || prefixes.has(key))) need.push(c);
  });
  return need;
}

/** The general path (any number of roll-offs): sorted so that level pairs are neighbours. */
function sortedTies(contenders: readonly PhaseCombatant[]): PhaseCombatant[] {
  const sorted = contenders.filter((c) => c.initiative !== null).sort(compareTieKey);
  const need = new Set<PhaseCombatant>();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a === undefined || b === undefined || a.initiative !== b.initiative || !isPrefix(a.rollOff, b.rollOff)) continue;
    need.add(a);
    if (a.rollOff.length === b.rollOff.length) need.add(b);
  }
  return [...need];
}

/** The index at which `id` enters `order[from..]` so that the part stays sorted by `compare`. */
export function phaseInsertAt<T>(
  order: readonly T[],
  from: number,
  item: T,
  compare: (a: T, b: T) => number,
): number {
  let lo = Math.max(0, from);
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = order[mid];
    if (other !== undefined && compare(other, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
