// `npm test`: Chromium present, then every vitest layer and, at the same time, the static checks (both
// type checks, eslint, prettier, the rules' reach) two at a time at the lowest CPU priority (`nice -n 19`).
// The checks are single-threaded and vitest leaves a core idle for part of its run (a slow file finishing
// alone, Chromium's waits): at nice 19 the checks get only that idle time, so the tests run as fast as
// before and the checks no longer sit in front of them (they took about 60 s of wall time first, session
// 20). Each check's output is collected and printed whole after vitest ends, so the log does not
// interleave. Each failed check is counted as one failure in the last line, `N passed, N failed, N
// skipped`, which CI reads: vitest's summary reporter (tests/support/summary-reporter.ts) writes its
// counts to TEMPO_SUMMARY_FILE and this script prints the line once both are done.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
// The type checks run TypeScript 7's native compiler (the `typescript7` alias of typescript@7.0.2): the same
// diagnostics as 5.9's tsc on this code (a type error, a Foundry type misused and a DOM name in the engine were
// reported word for word by both), in a fraction of the CPU: cold, tsconfig.json 50 s -> 20 s of user CPU and the
// engine's 10 s -> 1 s, measured here. ESLint's parser and the editor keep TypeScript 5.9 (`typescript`), whose
// JavaScript API typescript-eslint needs; `node_modules/.bin/tsc` is 5.9's.
const tsc7 = fileURLToPath(new URL("../node_modules/typescript7/bin/tsc", import.meta.url));

// Each check keeps a cache in .cache/checks/ (git-ignored, one per worktree): prettier and eslint skip a
// file whose content, options and config are those of a file that passed before (`--cache-strategy
// content`, not modification times, so a checkout or a copy does not fool them), and tsc's `--incremental`
// rechecks only what a change can reach. Results are the same as without a cache (a changed file is
// checked again: a bad format, lint or type error still fails); a fresh clone (CI) runs them cold. Measured
// here (the five checks, user CPU, a machine shared under load 14-17): cold 135 s, warm with nothing
// changed 24 s; alone, prettier 35 s -> 5 s, eslint 31 s -> 3 s, tsc -p tsconfig.json 50 s -> 13 s. Prettier reads
// TypeScript with its babel-ts parser (.prettierrc.json; same output): its cold check fell to 21-27 s (session 13).
// Chromium's CPU (the browser layer) is not in `time`'s figures: its renderers are not this process's reaped children.
// `TEMPO_CHECK_CACHE=0` runs every check from scratch (and writes no cache).
const CACHE = fileURLToPath(new URL("../.cache/checks/", import.meta.url));
const cached = process.env.TEMPO_CHECK_CACHE !== "0";
if (cached) mkdirSync(CACHE, { recursive: true });
const cacheArgs = (tool, file) => {
  if (!cached) return [];
  if (tool === "tsc") return ["--incremental", "--tsBuildInfoFile", `${CACHE}${file}`];
  return ["--cache", "--cache-strategy", "content", "--cache-location", `${CACHE}${file}`];
};

const CHECKS = [
  // `--singleThreaded`: TypeScript 7 checks with several threads by default, each checker building its own
  // types, which cost 23 s of CPU cold against 10.6 s on one thread (the same diagnostics; measured here,
  // session 21). The checks run beside vitest, where CPU, not wall time, is what they take from the tests.
  ["typecheck", tsc7, ["-p", "tsconfig.json", "--singleThreaded", ...cacheArgs("tsc", "tsconfig.tsbuildinfo")]],
  ["prettier", bin("prettier"), ["--check", ".", ...cacheArgs("prettier", "prettier")]],
  ["eslint", bin("eslint"), [".", ...cacheArgs("eslint", "eslint")]],
  [
    "typecheck (engine)",
    tsc7,
    ["-p", "tsconfig.engine.json", "--singleThreaded", ...cacheArgs("tsc", "engine.tsbuildinfo")],
  ],
  // No depcruise here: tests/tooling/import-rules.test.ts cruises src/ with the same config ("finds no cycle
  // and no upward import in src/"), so running it twice cost four seconds of CPU for nothing.
  // Which rules of RULES.md a table reaches (scripts/reach.mjs); under a second, its summary always printed.
  ["reach", process.execPath, ["scripts/reach.mjs"], { summary: 2 }],
];

/** `nice -n 19` in front of a command where the machine has it (coreutils): its threads inherit the priority. */
const NICE = spawnSync("nice", ["-n", "19", "true"]).status === 0;

/** Runs one check at the lowest priority; resolves with whether it passed and the report to print. */
function run(label, command, args, { summary = 0 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [file, argv] = NICE ? ["nice", ["-n", "19", command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      output += String(error);
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      let report = `\n> ${label}: ${ok ? "ok" : `FAILED (exit ${code})`} in ${seconds} s\n`;
      if (!ok || process.env.TEMPO_CHECK_OUTPUT === "1") report += output;
      else if (summary > 0) report += `${output.trimEnd().split("\n").slice(-summary).join("\n")}\n`;
      resolve({ ok, report });
    });
  });
}

const chromium = spawnSync(process.execPath, ["scripts/ensure-chromium.mjs"], { cwd: root, stdio: "inherit" });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);

/** Runs the checks `width` at a time, longest first (CHECKS' order); the results in CHECKS' order. */
async function runAll(width) {
  const results = new Array(CHECKS.length);
  let next = 0;
  const lane = async () => {
    while (next < CHECKS.length) {
      const i = next++;
      const [label, command, args, options] = CHECKS[i];
      results[i] = await run(label, command, args, options);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

const summaryDir = mkdtempSync(join(tmpdir(), "tempo-test-"));
const summaryFile = join(summaryDir, "summary.json");
const vitest = new Promise((resolve) => {
  const child = spawn(bin("vitest"), ["run"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TEMPO_SUMMARY_FILE: summaryFile },
  });
  child.on("error", () => resolve(1));
  child.on("close", (code) => resolve(code ?? 1));
});
const [results, vitestStatus] = await Promise.all([runAll(2), vitest]);
for (const { report } of results) process.stdout.write(report);
const failedChecks = results.filter(({ ok }) => !ok).length;

/** vitest's counts (summary-reporter.ts); a run that wrote none (it crashed) counts as one failure. */
function vitestCounts() {
  try {
    const { passed, failed, skipped } = JSON.parse(readFileSync(summaryFile, "utf8"));
    return { passed, failed, skipped };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  } finally {
    rmSync(summaryDir, { recursive: true, force: true });
  }
}
const counts = vitestCounts();
process.stdout.write(`\n${counts.passed} passed, ${counts.failed + failedChecks} failed, ${counts.skipped} skipped\n`);
process.exit(failedChecks > 0 || counts.failed > 0 ? 1 : vitestStatus === 0 ? 0 : 1);
