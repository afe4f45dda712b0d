/**
 * CNT-4, CNT-11 (issue 18 item 5): a surprise round only a hidden creature takes part in, on the runtime
 * model with the GM and the player of a visible creature connected. Core's `round` and `turn` are the
 * published state's on every client (round 1 from the start: core-position.ts), while the GM's engine
 * plays round 0; and no save card about a visible creature reaches the player before round 1: only the
 * hidden creature saves in the surprise round's end step (engine count/track.ts `endStepSaves`), its card
 * whispered to the GMs.
 */
import { afterAll, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { countCreature, inputOf, type Tempo } from "../support/count-table.ts";
import { copyOn } from "../support/client-combats.ts";

const world = installFoundryWorld(1018);
afterAll(() => world.uninstall());
await world.loadSystem();
world.callHook("init");

it("CNT-4, CNT-11: in a surprise round only a hidden creature takes part in, every client's core round is 1 and no visible creature's save card reaches the player before round 1", async () => {
  const player = world.addUser("ashplayer");
  player.active = true;
  const burning = { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } };
  const ash = await countCreature(world, "Ash", {}, "character", [player.id]);
  const guard = await countCreature(world, "Guard", {}, "npc");
  const lurker = await countCreature(world, "Lurker", { abilities: { int: 3 } }, "npc");
  for (const actor of [ash, lurker]) await actor.createEmbeddedDocuments("ActiveEffect", [burning]);
  await game.settings.set("tempo", "ruleset", "count");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ash", actorId: ash.id },
    { name: "Guard", actorId: guard.id },
    { name: "Lurker", actorId: lurker.id, hidden: true },
  ]);
  await world.idle();
  const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  const engine = combat.system as unknown as { state: unknown; host: { round(state: unknown): number } };
  const gmRound = () => engine.host.round((combat.system as unknown as { state: unknown }).state);
  const clients = () => world.runtime.network.connectedClients;
  const cores = () =>
    clients().map((client) => [
      copyOn(client, combat.id ?? "").round,
      copyOn(client, combat.id ?? "").combatant?.id ?? null,
    ]);
  const playerCards = () => world.runtime.clientOf(player.id).messages.contents.filter((m) => m.type === "save");

  // Results: Ash 5, Guard 10, Lurker 2 − 3 = −1 (surprise, count 17 in the surprise round).
  await combat.startCombat();
  await world.idle();
  world.scriptedTotals.push(5, 10, -1);
  await combat.rollAll();
  await world.idle();
  expect(world.scriptedTotals).toEqual([]);
  expect(clients().length).toBe(2);
  // The GM's engine plays the surprise round; core's fields say round 1 on both clients, the Lurker acting.
  expect(gmRound()).toBe(0);
  expect(cores()).toEqual([
    [1, id("Lurker")],
    [1, id("Lurker")],
  ]);

  // The surprise round's end step: only the Lurker saves, on a card whispered to the GMs. One Combat write
  // (core's round and turn in the step's own update, none put right afterwards).
  const writes = world.writes.length;
  await combat.nextTurn();
  await world.idle();
  expect(world.writes.slice(writes).filter((w) => w.document === "Combat")).toHaveLength(1);
  expect(gmRound()).toBe(0);
  expect(cores()).toEqual([
    [1, id("Ash")],
    [1, id("Ash")],
  ]);
  const surpriseCards = playerCards();
  expect(surpriseCards.map((m) => inputOf(m).combatantId)).toEqual([id("Lurker")]);
  expect(surpriseCards.map((m) => m.whisper)).toEqual([[world.gm.id]]);

  // Round 1: Ash saves in its end step, as in the encounter without the Lurker, on a card everyone reads.
  for (let i = 0; i < 8 && !playerCards().some((m) => inputOf(m).combatantId === id("Ash")); i++) {
    await combat.nextTurn();
    await world.idle();
  }
  expect(gmRound()).toBe(1);
  const ashCards = playerCards().filter((m) => inputOf(m).combatantId === id("Ash"));
  expect(ashCards.map((m) => [inputOf(m).effect, m.whisper])).toEqual([["Burning", []]]);
  expect(cores().every(([round]) => round === 1)).toBe(true);
});
