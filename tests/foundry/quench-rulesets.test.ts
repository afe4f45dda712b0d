/**
 * Issue 20, "Quench batches run unchanged on both versions": the batches of each ruleset
 * (`tempo.combat.*`), the chat cards' (`tempo.chat.damage`, `tempo.chat.attack`) and the encounters'
 * (`tempo.encounters`) run here, as a GM, on the runtime model playing v13 (the `foundry` project) and
 * v14 (`foundry-v14`), every test passing; issue 17's, 18's and 21's run in quench-multiclient.test.ts and
 * quench-console-attacks.test.ts. A licensed world is still the batches' real place (README, Quench tests).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld } from "../support/tempo-encounter.ts";
import { runBatch } from "../support/quench-runner.ts";
import { installTargets } from "../support/targets.ts";

const t = await installTempoWorld(2014);
const { world, gm } = t;
const asGm = (fn: () => Promise<unknown>) => world.as(gm, fn);
afterAll(() => world.uninstall());
installTargets(world); // core's `canvas` global (no scene drawn) and each user's targets

const { QUENCH_BATCHES } = await import("../../src/foundry/quench/register-quench-batches.ts");

const failures = (outcomes: Awaited<ReturnType<typeof runBatch>>) =>
  outcomes.filter((o) => o.status !== "passed").map((o) => `${o.suite} › ${o.title}: ${o.status} ${String(o.error)}`);

describe("Quench batches of the rulesets, chat cards and encounters on the runtime model", () => {
  for (const key of [
    "tempo.combat.count",
    "tempo.combat.standard",
    "tempo.combat.phase",
    "tempo.combat.segment",
    "tempo.combat.rotation",
    "tempo.chat.damage",
    "tempo.chat.attack",
    "tempo.encounters",
  ]) {
    it(`${key} passes`, async () => {
      const batch = QUENCH_BATCHES.find((b) => b.key === key);
      if (batch === undefined) throw new Error(`no batch ${key}`);
      // A page running a batch is idle while the batch waits on timers: its idle callbacks run then
      // (runtime/idle-callbacks.ts), as a browser's would (the GM's next worked out ahead: issue 17).
      const idle = setInterval(() => world.runtime.idleCallbacks.run(), 20);
      const outcomes = await runBatch(batch.fn, asGm).finally(() => clearInterval(idle));
      expect(outcomes.length).toBeGreaterThan(0);
      expect(failures(outcomes)).toEqual([]);
    }, 60_000);
  }
});
