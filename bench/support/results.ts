/**
 * Every figure a benchmark prints is also kept in `bench/results.json` (committed): a JSON list of
 * `{ bench, case, n, metric, value, unit }`, so figures can be compared between runs and machines
 * without scraping the tables. A benchmark records each row as it prints it; the rows are merged into
 * the file when the process exits: a row with the same bench, case, n and metric replaces the old
 * one, every other row is kept, so running one benchmark (`npm run bench -- dice`) leaves the others'
 * figures in place.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Spread } from "./measure.ts";

/** One figure: `n` is the combatant count, or null for a benchmark without sizes. */
export interface BenchRow {
  readonly bench: string;
  readonly case: string;
  readonly n: number | null;
  readonly metric: string;
  /** Null when the figure is not a finite number (JSON has no Infinity or NaN). */
  readonly value: number | null;
  readonly unit: string;
}

/** Records the figures of one benchmark. */
export interface Recorder {
  /** One figure as printed. */
  readonly row: (caseName: string, n: number | null, metric: string, value: number, unit: string) => void;
  /** A timed case's median and p95 in µs (metrics `median` and `p95`). */
  readonly spread: (caseName: string, n: number | null, t: Spread) => void;
}

/** Where the figures go: `bench/results.json`. */
export const RESULTS_FILE = fileURLToPath(new URL("../results.json", import.meta.url));

const pending: BenchRow[] = [];
let flushOnExit = false;

const keyOf = (r: BenchRow): string => JSON.stringify([r.bench, r.case, r.n, r.metric]);

/** Keeps four decimals: more than any table prints, without float noise in the file. */
function rounded(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : null;
}

function isRow(value: unknown): value is BenchRow {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.bench === "string" &&
    typeof r.case === "string" &&
    (r.n === null || typeof r.n === "number") &&
    typeof r.metric === "string" &&
    (r.value === null || typeof r.value === "number") &&
    typeof r.unit === "string"
  );
}

/** The rows already in the file; an unreadable file counts as empty (it is only a cache of figures). */
function readRows(): BenchRow[] {
  if (!existsSync(RESULTS_FILE)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS_FILE, "utf8"));
    return Array.isArray(parsed) ? parsed.filter(isRow) : [];
  } catch {
    return [];
  }
}

/** Merges the recorded rows into the file (old rows replaced in place, new ones appended). */
export function flushResults(): void {
  if (pending.length === 0) return;
  const rows = readRows();
  const index = new Map(rows.map((r, i) => [keyOf(r), i]));
  for (const row of pending.splice(0)) {
    const at = index.get(keyOf(row));
    if (at === undefined) {
      index.set(keyOf(row), rows.length);
      rows.push(row);
    } else rows[at] = row;
  }
  const text = `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(",\n")}\n]\n`;
  writeFileSync(RESULTS_FILE, text);
}

/** The recorder of the benchmark `bench` (its file name without `.bench.ts`). */
export function recorder(bench: string): Recorder {
  if (!flushOnExit) {
    flushOnExit = true;
    process.on("exit", flushResults);
  }
  const row: Recorder["row"] = (caseName, n, metric, value, unit) => {
    pending.push({ bench, case: caseName, n, metric, value: rounded(value), unit });
  };
  return {
    row,
    spread: (caseName, n, t) => {
      row(caseName, n, "median", t.median, "µs");
      row(caseName, n, "p95", t.p95, "µs");
    },
  };
}
