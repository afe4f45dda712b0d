/**
 * The race fuzz soak (issue 17): tests/foundry/race-fuzz-<ruleset>.test.ts with 10,000 sequences per ruleset
 * (TEMPO_SOAK=<n> changes it; TEMPO_RACE_FIRST_SEED=<s> starts elsewhere), shared between the model's v13 (odd seeds)
 * and v14 (even seeds) as in `npm test`, one summary line per ruleset and generation. Not part of `npm test`. The system's
 * code imports its CSS, so it runs under vitest (as the test does) rather than bare Node; this script
 * passes the count on and prints only the summary lines, any failures (ruleset and seed: replay one
 * with `TEMPO_RACE_REPLAY=<ruleset>:<seed> npx vitest run tests/foundry/race-fuzz-<ruleset>.test.ts`, on its seed's
 * generation) and the
 * test count. Then the random tests `npm test` runs shallow (tests/support/soak-depth.ts): the property tests of
 * DEEP and the adapter fuzz, with TEMPO_SOAK set, so each plays its deep number of runs; their summary
 * line and any failure printed in full.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

/** The files whose random tests read TEMPO_SOAK for their depth (tests/support/soak-depth.ts). */
const DEEP = [
  "tests/engine/initiative/count/properties.test.ts",
  "tests/engine/initiative/phase/properties.test.ts",
  "tests/engine/initiative/segment/properties.test.ts",
  "tests/engine/initiative/standard/properties.test.ts",
  // Issue 18: random seeds here (a fixed one in npm test); a known case it may find is in the test's comment.
  "tests/engine/host/batch-leave.test.ts",
  "tests/foundry/adapter-fuzz.test.ts",
];

/** Runs vitest with TEMPO_SOAK set; prints the lines `wanted` picks, or everything when it fails. */
function soak(args, env, wanted) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...args], {
      env: { ...process.env, ...env, TEMPO_SOAK: process.env.TEMPO_SOAK ?? "1", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const all = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        const plain = stripVTControlCharacters(line);
        all.push(plain);
        if (wanted.test(plain)) console.log(plain);
      });
    }
    child.on("close", (code) => {
      if (code !== 0 && env.TEMPO_RACE_SEQUENCES === undefined) console.log(all.join("\n"));
      resolve(code ?? 1);
    });
  });
}

const count = process.env.TEMPO_SOAK ?? "10000";
const race = await soak(
  ["tests/foundry/race-fuzz-"],
  { TEMPO_RACE_SEQUENCES: count },
  /^(\s*(progress: )?\w+ v\d+: \d+ sequences, |\+ {3}|\d+ passed, \d+ failed)/,
);
const deep = await soak(DEEP, {}, /^\d+ passed, \d+ failed/);
process.exit(race !== 0 ? race : deep);
