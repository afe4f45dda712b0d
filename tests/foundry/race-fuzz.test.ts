/**
 * Race fuzz (issue 17): for each ruleset, seeded sequences of commands, core buttons, roster changes
 * and GM disconnects from two GMs and two players at once, their messages delivered in a random
 * (seeded) interleaving by the runtime model. The invariants are listed in
 * tests/support/race/invariants.ts and write-counts.ts; the driver is tests/support/race/runner.ts.
 * `npm run soak` runs the same driver for 10,000 sequences per ruleset.
 *
 * A failure prints its ruleset and seed; `TEMPO_RACE_REPLAY=<ruleset>:<seed> npx vitest run
 * tests/foundry/race-fuzz.test.ts` runs that one sequence alone.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { installRaceWorld } from "../support/race/race-world.ts";
import { runMany, summaryLine } from "../support/race/runner.ts";

const SEQUENCES = 200;
const FIRST_SEED = 1;

const race = await installRaceWorld(17);
afterAll(() => race.t.world.uninstall());

const replay = process.env.TEMPO_RACE_REPLAY?.split(":");
const rulesets: readonly RulesetId[] = replay === undefined ? RULESET_IDS : RULESET_IDS.filter((r) => r === replay[0]);

describe(`race fuzz: ${SEQUENCES} seeded racing sequences per ruleset (two GMs, two players, GM disconnects)`, () => {
  it.each(rulesets.map((r) => [r] as const))(
    "%s: every client stays readable after every delivery; afterwards all agree with the server and the engine, every command answered once",
    async (ruleset) => {
      const summary =
        replay === undefined
          ? await runMany(race, ruleset, SEQUENCES, FIRST_SEED)
          : await runMany(race, ruleset, 1, Number(replay[1]));
      console.log(summaryLine(summary));
      expect(summary.failures).toEqual([]);
    },
    120_000,
  );
});
