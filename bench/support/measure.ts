/**
 * The timing harness every benchmark shares: per-call
 * median and 95th percentile after a warm-up, CPU-time and best-of-N round timing, the ×10 growth
 * column and the table rows. Benchmarks print figures only; no test asserts timings.
 */
import { performance } from "node:perf_hooks";

/** Combatant counts of the scaling tables: each ×10 the one before. */
export const SIZES: readonly number[] = [10, 100, 1_000, 10_000];

/** Median and 95th percentile of the timed calls, in µs. */
export interface Spread {
  readonly median: number;
  readonly p95: number;
}

/** Written by every timed call so the work cannot be optimised away. */
let sink: unknown = null;

/** The last timed call's result (read by nobody; it keeps the calls from being optimised away). */
export function lastResult(): unknown {
  return sink;
}

/** Median (the mean of the two middle samples when there is an even number) of sorted samples. */
function medianOfSorted(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2 : (sorted[mid] ?? 0);
}

/** Median and 95th percentile, in µs, of `runs` timed calls of `fn` after `warmup` untimed ones. */
export function timeCalls(fn: () => unknown, runs: number, warmup: number): Spread {
  for (let i = 0; i < warmup; i++) sink = fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink = fn();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { median: medianOfSorted(samples), p95: samples[Math.floor(samples.length * 0.95)] ?? 0 };
}

/** CPU time of this process in ms (the machine is shared; wall-clock time would measure the others). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The fastest of `repeats` wall-clock runs of `run` in ms; `prepare` (untimed) builds each run's input. */
export function bestOf<T>(repeats: number, prepare: () => T, run: (input: T) => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < repeats; r++) {
    const input = prepare();
    const t0 = performance.now();
    run(input);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * The best of several measured runs after one warm-up run of the same size: the machine is shared, so
 * the fastest run is the one least disturbed by other processes. Each key in `fastest` is its own
 * minimum across the runs; every other field comes from the first run.
 */
export function bestRuns<F>(runs: number, measure: () => F, fastest: readonly (keyof F & string)[]): F {
  measure();
  const all = Array.from({ length: Math.max(1, runs) }, measure);
  const best: F = { ...(all[0] ?? measure()) };
  for (const key of fastest) {
    const values = all.map((f) => f[key]).filter((v): v is F[typeof key] & number => typeof v === "number");
    if (values.length > 0) best[key] = Math.min(...values) as F[typeof key];
  }
  return best;
}

/** The growth column: `×4.2` from the previous row's figure, or `first` on the first row. */
export function growth(current: number, previous: number | null | undefined, first = ""): string {
  return previous === null || previous === undefined ? first : `×${(current / previous).toFixed(1)}`;
}

/** One table row: the cells joined by ` | `. */
export function tableRow(cells: readonly string[]): string {
  return cells.join(" | ");
}

/** Header of a per-case table: the case name padded to `width`, then median and p95 columns. */
export function logCaseHeader(width: number, rest: string): void {
  console.log("case".padEnd(width), "median µs".padStart(10), "p95 µs".padStart(10), rest);
}

/** A row of a per-case table: name, median and p95 (µs, one decimal), then `rest` as given. */
export function logCaseRow(name: string, width: number, t: Spread, ...rest: readonly string[]): void {
  console.log(name.padEnd(width), t.median.toFixed(1).padStart(10), t.p95.toFixed(1).padStart(10), ...rest);
}
