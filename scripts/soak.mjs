/**
 * The race fuzz soak (issue 17): tests/foundry/race-fuzz-<ruleset>.test.ts with 10,000 sequences per ruleset
 * (TEMPO_SOAK=<n> changes it; TEMPO_RACE_FIRST_SEED=<s> starts elsewhere), shared between the model's v13 (odd seeds)
 * and v14 (even seeds) as in `npm test`, one summary line per ruleset and generation. Not part of `npm test`. The system's
 * code imports its CSS, so it runs under vitest (as the test does) rather than bare Node; this script
 * passes the count on and prints only the summary lines, any failures (ruleset and seed: replay one
 * with `TEMPO_RACE_REPLAY=<ruleset>:<seed> npx vitest run tests/foundry/race-fuzz-<ruleset>.test.ts`, on its seed's
 * generation) and the
 * test count.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

const count = process.env.TEMPO_SOAK ?? "10000";
const child = spawn("npx", ["vitest", "run", "tests/foundry/race-fuzz-"], {
  env: { ...process.env, TEMPO_RACE_SEQUENCES: count, TEMPO_SOAK: "1", NO_COLOR: "1" },
  stdio: ["ignore", "pipe", "pipe"],
});
const wanted = /^(\s*(progress: )?\w+ v\d+: \d+ sequences, |\+ {3}|\d+ passed, \d+ failed)/;
for (const stream of [child.stdout, child.stderr]) {
  createInterface({ input: stream }).on("line", (line) => {
    const plain = stripVTControlCharacters(line);
    if (wanted.test(plain)) console.log(plain);
  });
}
child.on("close", (code) => process.exit(code ?? 1));
