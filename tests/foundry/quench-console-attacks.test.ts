/**
 * Issue 18's Quench batch `tempo.attacks.console` (src/foundry/quench/console-attacks-batch.ts) run on
 * the runtime model as a licensed tester would run it: on a PLAYER's client, with the GM connected,
 * during a Tempo combat the GM made with the player's character and an NPC. Every check passes (each
 * cheat changed nothing), and the batch skips, saying why, when run by a GM. Not a second attack
 * suite: it proves the batch a tester replays does what its checks say on a server that enforces
 * permissions (tests/foundry/attack-suite.test.ts tries every cheat).
 */
import { afterAll, describe, expect, it } from "vitest";
import { declaredTests, runBatch } from "../support/quench-runner.ts";
import { armed } from "../support/attacks/rolled-cards.ts";
import { embedded, installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(181);
const { world, gm, owner } = t;
afterAll(() => world.uninstall());

const { consoleAttacks, consoleAttacksBatch } = await import("../../src/foundry/quench/console-attacks-batch.ts");
const { QUENCH_BATCHES } = await import("../../src/foundry/quench/register-quench-batches.ts");
/** The model delivers in milliseconds. */
const batch = consoleAttacks({ settleMs: 20, quietMs: 200 });

async function arena(): Promise<{ combat: Tempo; kingHp: () => unknown }> {
  await game.settings.set("tempo", "ruleset", "standard");
  const ash = await armed(world, "Ash", [owner.id]);
  const king = await armed(world, "King", [], {}, {}, "npc");
  const create = (Combat as unknown as { create(d: object): Promise<Tempo> }).create.bind(Combat);
  const combat = await create({ active: true });
  await embedded(combat).createEmbeddedDocuments("Combatant", [
    { name: "Ash", actorId: ash.actor.id, type: "tempo", system: { side: "pc", initiativeBonus: 2 } },
    { name: "King", actorId: king.actor.id, type: "tempo", system: { side: "enemy", initiativeBonus: 1 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  const hp = () => (king.actor.system as unknown as { hp: { value: number } }).hp.value;
  return { combat, kingHp: hp };
}

const failures = (outcomes: Awaited<ReturnType<typeof runBatch>>) =>
  outcomes.filter((o) => o.status !== "passed").map((o) => `${o.title}: ${o.status} ${String(o.error)}`);

describe("Quench tempo.attacks.console (issue 18: the console attacks a licensed tester replays)", () => {
  it("is registered unchecked (it needs a player at a second browser), with the real world's waits", () => {
    const entry = QUENCH_BATCHES.find((b) => b.key === "tempo.attacks.console");
    expect(entry?.fn).toBe(consoleAttacksBatch);
    expect(entry?.manual).toBe(true);
  });

  it("run by the GM it skips every check, saying why", async () => {
    await arena();
    const outcomes = await runBatch(batch, (fn) => world.as(gm, fn));
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o.status === "skipped")).toBe(true);
  });

  it("run by a player during a Tempo combat: every cheat is refused and the server's documents say so", async () => {
    const { combat, kingHp } = await arena();
    const seq = (combat._source.system as { seq: number }).seq;
    const hp = kingHp();
    const titles = (await declaredTests(batch)).flatMap((s) => s.tests.map((test) => test.title));
    expect(titles).toHaveLength(11);
    const outcomes = await runBatch(batch, (fn) => world.as(owner, fn));
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.map((o) => o.title)).toEqual(titles);
    await world.idle();
    // what the server holds, not only what the player's client saw
    const server = world.runtime.server.source("Combat", combat.id ?? "") as { system: { seq: number } };
    expect(server.system.seq).toBe(seq);
    expect(kingHp()).toBe(hp);
  }, 60_000);
});
