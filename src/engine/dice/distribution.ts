/**
 * Exact discrete probability distributions over integers (ARCHITECTURE: "Odds are exact").
 *
 * A distribution is dense: `probs[i]` is the probability of the value `min + i`. Dense arrays make
 * convolution (adding independent rolls) a tight loop, which keeps 16d6 or eight swings with
 * per-hit DR well under a millisecond. Probabilities are floats computed by enumeration, never by
 * sampling; every distribution sums to 1 up to rounding.
 */
export interface Distribution {
  readonly min: number;
  readonly probs: readonly number[];
}

/** The value that is certain. */
export function constant(value: number): Distribution {
  return { min: value, probs: [1] };
}

/** One fair die with faces 1..sides; `sides` is a whole number of 1 or more (user-typed dice go through parseFormula). */
export function die(sides: number): Distribution {
  return { min: 1, probs: new Array<number>(sides).fill(1 / sides) };
}

/** Builds a distribution from (value, weight) pairs; weights are normalised to sum to 1. */
export function fromWeights(pairs: Iterable<readonly [number, number]>): Distribution {
  let lo = Infinity;
  let hi = -Infinity;
  let total = 0;
  const list: (readonly [number, number])[] = [];
  for (const pair of pairs) {
    if (pair[1] <= 0) continue;
    list.push(pair);
    lo = Math.min(lo, pair[0]);
    hi = Math.max(hi, pair[0]);
    total += pair[1];
  }
  if (list.length === 0) return constant(0);
  const probs = new Array<number>(hi - lo + 1).fill(0);
  for (const [value, weight] of list) probs[value - lo] = (probs[value - lo] ?? 0) + weight / total;
  return { min: lo, probs };
}

/** The largest value with a non-zero probability. */
export function maxValue(d: Distribution): number {
  return d.min + d.probs.length - 1;
}

/** The distribution of the sum of two independent variables (convolution). */
export function add(a: Distribution, b: Distribution): Distribution {
  const out = new Array<number>(a.probs.length + b.probs.length - 1).fill(0);
  for (let i = 0; i < a.probs.length; i++) {
    const pa = a.probs[i] ?? 0;
    if (pa === 0) continue;
    for (let j = 0; j < b.probs.length; j++) out[i + j] = (out[i + j] ?? 0) + pa * (b.probs[j] ?? 0);
  }
  return { min: a.min + b.min, probs: out };
}

/** The sum of `count` independent copies of `d` (binary powering: log2(count) convolutions). */
export function repeat(d: Distribution, count: number): Distribution {
  let result = constant(0);
  let base = d;
  let n = Math.max(0, Math.floor(count));
  while (n > 0) {
    if (n & 1) result = add(result, base);
    n >>= 1;
    if (n > 0) base = add(base, base);
  }
  return result;
}

/** Shifts every value by `offset` (a flat modifier). */
export function shift(d: Distribution, offset: number): Distribution {
  return { min: d.min + offset, probs: d.probs };
}

/** The distribution of −X (a subtracted roll). */
export function negate(d: Distribution): Distribution {
  return { min: -(d.min + d.probs.length - 1), probs: [...d.probs].reverse() };
}

/** Applies `f` to every value, merging the values that map to the same result. */
export function map(d: Distribution, f: (value: number) => number): Distribution {
  const pairs: [number, number][] = [];
  d.probs.forEach((p, i) => {
    if (p > 0) pairs.push([f(d.min + i), p]);
  });
  return fromWeights(pairs);
}

/** P(X >= target). Values are whole numbers, so a target between two of them asks for the next one up. */
export function probAtLeast(d: Distribution, target: number): number {
  let sum = 0;
  for (let i = Math.max(0, Math.ceil(target) - d.min); i < d.probs.length; i++) sum += d.probs[i] ?? 0;
  return Math.min(1, sum);
}

/** P(X = value). */
export function probOf(d: Distribution, value: number): number {
  return d.probs[value - d.min] ?? 0;
}

/** The expected value. */
export function mean(d: Distribution): number {
  let sum = 0;
  d.probs.forEach((p, i) => {
    sum += p * (d.min + i);
  });
  return sum;
}

/** Mixes distributions with the given weights (for example "hit: damage, miss: 0"). */
export function mixture(parts: readonly (readonly [number, Distribution])[]): Distribution {
  const pairs: [number, number][] = [];
  for (const [weight, d] of parts) {
    d.probs.forEach((p, i) => {
      if (p > 0 && weight > 0) pairs.push([d.min + i, weight * p]);
    });
  }
  return fromWeights(pairs);
}

/** (value, probability) pairs with non-zero probability, lowest value first. */
export function entries(d: Distribution): [number, number][] {
  const out: [number, number][] = [];
  d.probs.forEach((p, i) => {
    if (p > 0) out.push([d.min + i, p]);
  });
  return out;
}
