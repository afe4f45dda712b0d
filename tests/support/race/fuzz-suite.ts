/**
 * Race fuzz (issue 17): for one ruleset, seeded sequences of commands, core buttons, roster changes and
 * GM disconnects from two GMs and two players at once, their messages delivered in a random (seeded)
 * interleaving by the runtime model. The invariants are listed in invariants.ts and write-counts.ts; the
 * driver is runner.ts. One test file per ruleset (tests/foundry/race-fuzz-<ruleset>.test.ts), so the
 * five run side by side on vitest's workers. `npm run soak` runs them with 10,000 sequences per ruleset
 * (scripts/soak.mjs sets TEMPO_RACE_SEQUENCES and TEMPO_SOAK, and prints the summary lines).
 *
 * A failure prints its ruleset and seed; `TEMPO_RACE_REPLAY=<ruleset>:<seed> npx vitest run
 * tests/foundry/race-fuzz-<ruleset>.test.ts` runs that one sequence alone.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../../src/engine/index.ts";
import { installRaceWorld } from "./race-world.ts";
import { runMany, summaryLine } from "./runner.ts";

/**
 * Sequences per ruleset (TEMPO_RACE_SEQUENCES overrides it, e.g. to soak one ruleset under vitest).
 * 200: about 55 ms of CPU a sequence on this two-core machine, so 11–16 s a ruleset, which `npm test`
 * affords since its Foundry files share their modules (vitest.config.ts). `npm run soak` runs 10,000.
 */
const SEQUENCES = Number(process.env.TEMPO_RACE_SEQUENCES ?? 200);
/** The first seed (TEMPO_RACE_FIRST_SEED overrides it: a soak over other seeds). */
const FIRST_SEED = Number(process.env.TEMPO_RACE_FIRST_SEED ?? 1);

/** Declares the fuzz of `ruleset` in the calling test file (which gets its own race world). */
export async function raceFuzzSuite(ruleset: RulesetId): Promise<void> {
  const soak = process.env.TEMPO_SOAK !== undefined;
  const replay = process.env.TEMPO_RACE_REPLAY?.split(":");
  const race = await installRaceWorld(17);
  // A soak's output is its summary lines, not the GM's console errors of refused writes.
  if (soak) console.error = () => undefined;
  afterAll(() => race.t.world.uninstall());

  describe.skipIf(replay !== undefined && replay[0] !== ruleset)(
    `race fuzz: ${SEQUENCES} seeded racing sequences of ${ruleset} (two GMs, two players, GM disconnects)`,
    () => {
      it(
        `${ruleset}: every client stays readable after every delivery; afterwards all agree with the server and the engine, every command answered once`,
        async () => {
          const summary =
            replay === undefined
              ? await runMany(race, ruleset, SEQUENCES, FIRST_SEED, (done, s) => {
                  if (soak && done % 1000 === 0) console.log(`  progress: ${summaryLine(s)}`);
                })
              : await runMany(race, ruleset, 1, Number(replay[1]));
          console.log(summaryLine(summary));
          expect(summary.failures).toEqual([]);
          // not vacuous: commands race to acceptance and to refusal
          if (replay === undefined) {
            expect(summary.answers.ok).toBeGreaterThan(SEQUENCES);
            expect(summary.answers.refused).toBeGreaterThan(SEQUENCES / 4);
          }
        },
        soak ? 24 * 3600_000 : 120_000,
      );
    },
  );
}
