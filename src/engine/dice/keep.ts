/**
 * Exact distribution of "roll these, keep the k highest (or lowest) results, add the kept ones".
 *
 * Method (order statistics by dynamic programming, no sampling, no enumeration of faces): walk the
 * possible values from the best end to the worst (highest first for keep-highest). At value v,
 * every member not yet "placed" is known to be at most v (at least v for keep-lowest), so each one
 * equals v with probability P(X = v) / P(X <= v), independently; the number of them showing v is
 * binomial per group of identical members. The kept sum only needs how many members are already
 * placed (they all beat the rest), so the state is (placed members per group, kept sum so far).
 * Identical members are exchangeable, which keeps the state small: one die size gives n + 1
 * states, and the step-dice pools have at most two sizes. (Measured: plain enumeration of
 * the 1296 rolls of 4d6kh3 is about ten times slower than this, so there is no enumeration path.)
 *
 * `keepCost` estimates the work so callers can refuse pools that are too large instead of hanging.
 */
import type { Distribution } from "./distribution.ts";
import { add, constant, die, fromWeights, maxValue, repeat } from "./distribution.ts";

/** `count` identical, independent members of a pool, each distributed as `dist`. */
export interface KeepGroup {
  readonly dist: Distribution;
  readonly count: number;
}

/** Groups single dice (given by their sides) by size, largest first. */
export function groupDice(dice: readonly number[]): KeepGroup[] {
  const counts: Record<number, number> = {};
  for (const s of dice) counts[s] = (counts[s] ?? 0) + 1;
  return Object.entries(counts)
    .map(([sides, count]) => ({ sides: Number(sides), count }))
    .sort((a, b) => b.sides - a.sides)
    .map(({ sides, count }) => ({ dist: die(sides), count }));
}

/** Rough number of inner-loop steps `keepDistribution` will take (for a complexity guard). */
export function keepCost(groups: readonly KeepGroup[], keep: number): number {
  const live = groups.filter((g) => g.count > 0);
  const total = live.reduce((n, g) => n + g.count, 0);
  const k = Math.max(0, Math.min(keep, total));
  if (k === 0) return 1;
  const lo = Math.min(...live.map((g) => g.dist.min));
  const hi = Math.max(...live.map((g) => maxValue(g.dist)));
  if (k === total) {
    // Plain sums: binary-powered convolutions, about (total width)^2.
    const width = live.reduce((w, g) => w + g.count * g.dist.probs.length, 0);
    return width * width;
  }
  const states = live.reduce((n, g) => n * (g.count + 1), 1);
  return (hi - lo + 1) * states * states * (k * (hi - lo) + 1);
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
  // Work in logs so large n with small p does not underflow to 0 at the start.
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let logC = 0;
  for (let i = 0; i <= n; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    out[i] = Math.exp(logC + i * logP + (n - i) * logQ);
  }
  return out;
}

/**
 * Exact distribution of the sum of the `keep` highest (or lowest) members of the pool.
 * `keep` is clamped to 0..pool size. No complexity guard here: see `keepCost`.
 */
export function keepDistribution(groups: readonly KeepGroup[], keep: number, highest: boolean): Distribution {
  const live = groups.filter((g) => g.count > 0);
  const total = live.reduce((n, g) => n + g.count, 0);
  const k = Math.max(0, Math.min(Math.floor(keep), total));
  if (k === 0) return constant(0);
  if (k === total) return live.reduce((d, g) => add(d, repeat(g.dist, g.count)), constant(0));

  const lo = Math.min(...live.map((g) => g.dist.min));
  const hi = Math.max(...live.map((g) => maxValue(g.dist)));
  // Partial sums are stored relative to lo per kept member: index = sum - kept * lo.
  const sumLen = k * (hi - lo) + 1;

  // Probability mass still "unplaced" per group: P(X <= v) for keep-highest, P(X >= v) for lowest.
  const remaining = live.map((g) => {
    const tail = new Float64Array(hi - lo + 2);
    for (let v = lo; v <= hi; v++) {
      const p = g.dist.probs[v - g.dist.min] ?? 0;
      if (highest)
        tail[v - lo + 1] = (tail[v - lo] ?? 0) + p; // tail[v - lo + 1] = P(X <= v)
      else tail[v - lo] = p;
    }
    if (!highest) for (let v = hi - 1; v >= lo; v--) tail[v - lo] = (tail[v - lo] ?? 0) + (tail[v - lo + 1] ?? 0);
    return (v: number): number => (highest ? (tail[v - lo + 1] ?? 0) : (tail[v - lo] ?? 0));
  });

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

  for (let step = 0; step <= hi - lo; step++) {
    const v = highest ? hi - step : lo + step;
    // Chance that one unplaced member of each group shows exactly v, given it is not yet placed.
    const hit = live.map((g, i) => {
      const mass = remaining[i]?.(v) ?? 0;
      const p = g.dist.probs[v - g.dist.min] ?? 0;
      return mass > 0 ? Math.min(1, p / mass) : 0;
    });
    if (hit.every((p) => p === 0)) continue;
    // Binomials depend only on (group, unplaced count) within one value: compute each once.
    const binomials = live.map((): (number[] | undefined)[] => []);
    const binomialFor = (i: number, unplaced: number): number[] => {
      const cache = binomials[i] ?? [];
      let b = cache[unplaced];
      if (!b) {
        b = binomial(unplaced, hit[i] ?? 0);
        cache[unplaced] = b;
      }
      return b;
    };
    const next: (Float64Array | null)[] = new Array<Float64Array | null>(stateCount).fill(null);
    for (let s = 0; s < stateCount; s++) {
      const row = table[s];
      if (!row) continue;
      // Only the non-zero stretch of the row needs shifting.
      let first = 0;
      while (first < sumLen && row[first] === 0) first++;
      let last = sumLen - 1;
      while (last > first && row[last] === 0) last--;
      const placed = decode(s);
      const perGroup = live.map((g, i) => binomialFor(i, g.count - (placed[i] ?? 0)));
      const placedBefore = placed.reduce((n, c) => n + c, 0);
      const keptBefore = Math.min(k, placedBefore);
      const combo = new Array<number>(live.length).fill(0);
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
          const gain = (v - lo) * (Math.min(k, placedBefore + newlyPlaced) - keptBefore);
          let out = next[target];
          if (!out) {
            out = new Float64Array(sumLen);
            next[target] = out;
          }
          const end = Math.min(last, sumLen - 1 - gain);
          for (let j = first; j <= end; j++) out[j + gain] = (out[j + gain] ?? 0) + (row[j] ?? 0) * p;
        }
        let i = 0;
        while (i < live.length) {
          if ((combo[i] ?? 0) < (perGroup[i]?.length ?? 1) - 1) {
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
  final.forEach((p, index) => {
    if (p > 0) pairs.push([index + k * lo, p]);
  });
  return fromWeights(pairs);
}
