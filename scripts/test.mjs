// `npm test`: Chromium present, then the static checks (both type checks, eslint, prettier, the import
// rules) side by side, then every vitest layer. The checks are single-threaded, so running them two or
// more at a time uses both cores of a CI machine instead of one (about 30 s of the 5-minute budget).
// Each check's output is printed whole when it ends, so the log does not interleave. vitest runs even
// when a check failed, so one run shows everything; each failed check is counted as one failure in
// the last line, `N passed, N failed, N skipped` (tests/support/summary-reporter.ts), which CI reads.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const CHECKS = [
  ["typecheck (engine)", bin("tsc"), ["-p", "tsconfig.engine.json"]],
  ["typecheck", bin("tsc"), ["-p", "tsconfig.json"]],
  ["eslint", bin("eslint"), ["."]],
  ["prettier", bin("prettier"), ["--check", "."]],
  ["depcruise", bin("depcruise"), ["src", "--config", ".dependency-cruiser.mjs"]],
];

function run(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      output += String(error);
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`\n> ${label}: ${ok ? "ok" : `FAILED (exit ${code})`} in ${seconds} s`);
      if (!ok || process.env.TEMPO_CHECK_OUTPUT === "1") process.stdout.write(output);
      resolve(ok);
    });
  });
}

const chromium = spawnSync(process.execPath, ["scripts/ensure-chromium.mjs"], { cwd: root, stdio: "inherit" });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);

const results = await Promise.all(CHECKS.map(([label, command, args]) => run(label, command, args)));
const failedChecks = results.filter((ok) => !ok).length;

const vitest = spawnSync(bin("vitest"), ["run"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, TEMPO_FAILED_CHECKS: String(failedChecks) },
});
process.exit(failedChecks > 0 ? 1 : (vitest.status ?? 1));
