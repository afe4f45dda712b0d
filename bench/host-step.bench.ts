/**
 * Host step time (issue 17): Tempo's own time for a GM's "next" through the Foundry adapter on the
 * runtime model, at 1,000 combatants (and 300), each ruleset, over two rounds (until round 3 starts).
 * Only the GM's client is connected, so the click's CPU time (process.cpuUsage, from the call until
 * the world is idle) is the GM client's; the time the runtime model spends doing Foundry's own work
 * (tests/support/runtime/clock.ts: the server's check and diff, copies, data model cleaning, source
 * merging) is subtracted. Dice the engine waits for are rolled with `rollAll` between clicks, untimed.
 *
 * Target (issue 17): < 2 ms at 1,000 (metric `host-step-ms`, cases `<ruleset>: next median` and
 * `<ruleset>: next max`). PASS/FAIL is printed; the bench does not fail on it.
 * Run: npx tsx bench/host-step.bench.ts [ruleset …] [--n=1000]  (or `npm run bench -- host-step`).
 */
import "./support/css-stub.ts";
import { RULESET_IDS, type RulesetId } from "../src/engine/index.ts";
import { installTempoWorld, type Tempo, type TempoWorld } from "../tests/support/tempo-encounter.ts";
import { modelClock } from "../tests/support/runtime/clock.ts";
import { tableRow } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

const ARGS = process.argv.slice(2);
const SIZE_ARG = ARGS.find((arg) => arg.startsWith("--n="));
const SIZES: readonly number[] = SIZE_ARG === undefined ? [300, 1_000] : [Number(SIZE_ARG.slice(4))];
const RULESETS: readonly RulesetId[] = RULESET_IDS.filter((id) => {
  const named = ARGS.filter((arg) => !arg.startsWith("--"));
  return named.length === 0 || named.includes(id);
});
const TARGET_N = 1_000;
const TARGET_MS = 2;
const LAST_ROUND = 3;

const results = recorder("host-step");
modelClock.enabled = true;

/** Tempo's own milliseconds for one click (see the file comment). */
async function timed(t: TempoWorld, run: () => Promise<unknown>): Promise<number> {
  const model = modelClock.ms;
  const cpu = process.cpuUsage();
  await run();
  await t.world.idle();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 - (modelClock.ms - model);
}

async function measure(t: TempoWorld, ruleset: RulesetId, n: number): Promise<number[]> {
  const combat: Tempo = await t.encounter(ruleset, n);
  const m = () => t.model(combat);
  await combat.tempoCommand({ type: "start" });
  await t.world.idle();
  const steps: number[] = [];
  for (let i = 0; m().host.round(m().state) < LAST_ROUND; i++) {
    if (i > 40 * n) throw new Error(`${ruleset} at ${n}: no round ${LAST_ROUND}`);
    if (m().host.pending(m().state).length > 0) {
      await combat.rollAll();
      await t.world.idle();
    } else steps.push(await timed(t, () => combat.nextTurn()));
  }
  return steps;
}

const t = await installTempoWorld(5);
// Only the GM's client: the CPU time measured is that client's (and the model's, subtracted).
for (const user of [t.owner, t.other, t.observer]) user.active = false;

console.log(
  "host-step: Tempo's own ms per GM next through the adapter (CPU time minus the runtime model's), rounds 1-2",
);
console.log(tableRow(["ruleset", "n", "steps", "median ms", "max ms", "target"]));
for (const ruleset of RULESETS) {
  for (const n of SIZES) {
    const steps = (await measure(t, ruleset, n)).sort((a, b) => a - b);
    const median = steps[Math.floor(steps.length / 2)] ?? 0;
    const max = steps[steps.length - 1] ?? 0;
    results.row(`${ruleset}: next median`, n, "host-step-ms", median, "ms");
    results.row(`${ruleset}: next max`, n, "host-step-ms", max, "ms");
    const verdict = n === TARGET_N ? (median < TARGET_MS && max < TARGET_MS ? "PASS" : "FAIL") : "";
    console.log(tableRow([ruleset, String(n), String(steps.length), median.toFixed(2), max.toFixed(2), verdict]));
  }
}
t.world.uninstall();
