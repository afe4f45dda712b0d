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
 * when they have as many). Sorted so that a list comes right before its extensions, level pairs are
 * neighbours, so one scan finds them all (O(n log n)). Returns ids in join order.
 */
export function phaseTiesToRoll(contenders: readonly PhaseCombatant[]): string[] {
  const sorted = contenders.filter((c) => c.initiative !== null).sort(compareTieKey);
  const need = new Set<PhaseCombatant>();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a === undefined || b === undefined || a.initiative !== b.initiative || !isPrefix(a.rollOff, b.rollOff)) continue;
    need.add(a);
    if (a.rollOff.length === b.rollOff.length) need.add(b);
  }
  return [...need].sort((a, b) => a.slot - b.slot).map((c) => c.id);
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
