/**
 * Exact distribution of "roll these dice, keep the k highest (or lowest), add the kept faces".
 *
 * Method (order statistics by dynamic programming, no sampling): walk the face values from the
 * best end to the worst (highest first for keep-highest). At each value v, every die that has not
 * yet been "placed" is known to show at most v (at least v for keep-lowest), and is uniform over
 * its remaining faces; so the number of such dice showing exactly v is binomial. The kept sum only
 * needs the number of dice already placed (they are all better than the rest), so the state is
 * (placed dice per die size, kept sum). Dice of the same size are exchangeable, which keeps the
 * state small: one die size → n + 1 states; the step-dice pools have at most two sizes.
 *
 * `keepCost` estimates the work so callers can refuse pools that are too large instead of hanging.
 */
import type { Distribution } from "./distribution.ts";
import { constant, die, fromWeights, repeat, add } from "./distribution.ts";

/** A group of identical dice inside a pool. */
export interface DiceGroup {
  readonly sides: number;
  readonly count: number;
}

/** Groups dice (given by their sides) by size, largest first. */
export function groupDice(dice: readonly number[]): DiceGroup[] {
  const counts: Record<number, number> = {};
  for (const s of dice) counts[s] = (counts[s] ?? 0) + 1;
  return Object.entries(counts)
    .map(([sides, count]) => ({ sides: Number(sides), count }))
    .sort((a, b) => b.sides - a.sides);
}

/** Rough number of inner-loop steps `keepDistribution` will take (used for a complexity guard). */
export function keepCost(groups: readonly DiceGroup[], keep: number): number {
  const total = groups.reduce((n, g) => n + g.count, 0);
  const k = Math.max(0, Math.min(keep, total));
  if (k === 0 || k === total) return groups.reduce((n, g) => n + g.sides * g.count * Math.log2(g.count + 1), 0);
  const maxSides = groups.reduce((m, g) => Math.max(m, g.sides), 0);
  const states = groups.reduce((n, g) => n * (g.count + 1), 1);
  const branching = groups.reduce((n, g) => n * (g.count + 1), 1);
  return maxSides * states * branching * (k * maxSides + 1);
}

/** Binomial(n, p) probabilities for 0..n. */
function binomial(n: number, p: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  if (p <= 0) {
    out[0] = 1;
    return out;
  }
  if (p >= 1) {
    out[n] = 1;
    return out;
  }
  // Multiplicative recurrence from P(0) = (1-p)^n; fine for the pool sizes we accept.
  let c = Math.pow(1 - p, n);
  const ratio = p / (1 - p);
  out[0] = c;
  for (let i = 1; i <= n; i++) {
    c = (c * (n - i + 1) * ratio) / i;
    out[i] = c;
  }
  return out;
}

/**
 * Exact distribution of the sum of the `keep` highest (or lowest) dice of the pool.
 * `keep` is clamped to 0..pool size. No complexity guard here: see `keepCost`.
 */
export function keepDistribution(groups: readonly DiceGroup[], keep: number, highest: boolean): Distribution {
  const live = groups.filter((g) => g.count > 0);
  const total = live.reduce((n, g) => n + g.count, 0);
  const k = Math.max(0, Math.min(Math.floor(keep), total));
  if (k === 0) return constant(0);
  if (k === total) return live.reduce((d, g) => add(d, repeat(die(g.sides), g.count)), constant(0));

  const maxSides = live.reduce((m, g) => Math.max(m, g.sides), 0);
  const sumLen = k * maxSides + 1;
  // State index: mixed-radix number of placed dice per group.
  const radix = live.map((g) => g.count + 1);
  const stateCount = radix.reduce((n, r) => n * r, 1);
  const decode = (index: number): number[] => {
    const placed: number[] = [];
    let rest = index;
    for (const r of radix) {
      placed.push(rest % r);
      rest = Math.floor(rest / r);
    }
    return placed;
  };
  const encode = (placed: readonly number[]): number => {
    let index = 0;
    for (let i = placed.length - 1; i >= 0; i--) index = index * (radix[i] ?? 1) + (placed[i] ?? 0);
    return index;
  };

  let table: (Float64Array | null)[] = new Array<Float64Array | null>(stateCount).fill(null);
  const start = new Float64Array(sumLen);
  start[0] = 1;
  table[0] = start;

  // Face values in the order they are placed: best first.
  for (let step = 0; step < maxSides; step++) {
    const v = highest ? maxSides - step : step + 1;
    const next: (Float64Array | null)[] = new Array<Float64Array | null>(stateCount).fill(null);
    for (let s = 0; s < stateCount; s++) {
      const row = table[s];
      if (!row) continue;
      const placed = decode(s);
      // For each group: distribution of how many of its unplaced dice show exactly v.
      const perGroup = live.map((g, i) => {
        const unplaced = g.count - (placed[i] ?? 0);
        if (unplaced === 0 || v > g.sides) return [1];
        // Remaining faces of an unplaced die: 1..v (keep-highest) or v..sides (keep-lowest).
        const remaining = highest ? v : g.sides - v + 1;
        return binomial(unplaced, 1 / remaining);
      });
      // Enumerate every combination of counts across groups.
      const combo = new Array<number>(live.length).fill(0);
      const placedBefore = placed.reduce((n, c) => n + c, 0);
      const keptBefore = Math.min(k, placedBefore);
      for (;;) {
        let p = 1;
        let newlyPlaced = 0;
        for (let i = 0; i < live.length; i++) {
          const c = combo[i] ?? 0;
          p *= perGroup[i]?.[c] ?? 0;
          newlyPlaced += c;
        }
        if (p > 0) {
          const target = encode(placed.map((c, i) => c + (combo[i] ?? 0)));
          const gain = v * (Math.min(k, placedBefore + newlyPlaced) - keptBefore);
          let out = next[target];
          if (!out) {
            out = new Float64Array(sumLen);
            next[target] = out;
          }
          for (let j = 0; j + gain < sumLen; j++) {
            const q = row[j] ?? 0;
            if (q !== 0) out[j + gain] = (out[j + gain] ?? 0) + q * p;
          }
        }
        // Advance the mixed-radix counter over combo.
        let i = 0;
        while (i < live.length) {
          const limit = (perGroup[i]?.length ?? 1) - 1;
          if ((combo[i] ?? 0) < limit) {
            combo[i] = (combo[i] ?? 0) + 1;
            break;
          }
          combo[i] = 0;
          i++;
        }
        if (i === live.length) break;
      }
    }
    table = next;
  }
  const final = table[stateCount - 1];
  if (!final) return constant(0);
  const pairs: [number, number][] = [];
  final.forEach((p, sum) => {
    if (p > 0) pairs.push([sum, p]);
  });
  return fromWeights(pairs);
}
