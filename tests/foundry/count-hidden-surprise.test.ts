/**
 * CNT-4, CNT-11 (issue 18 item 5): a surprise round only a hidden creature takes part in, on the runtime
 * model with the GM and the player of a visible creature connected. Core's `round` and `turn` are the
 * published state's on every client (round 1 from the start: core-position.ts), while the GM's engine
 * plays round 0; no save card about a visible creature reaches the player before round 1: only the
 * hidden creature saves in the surprise round's end step (engine count/track.ts `endStepSaves`), its card
 * whispered to the GMs. The player's client is told no round-0 event (the Combat update's events: engine
 * host/published.ts), and its acting creature only moves forward: the surprise round's end step is round 1
 * about to start with nobody acting (engine count/hidden-surprise.ts), so the owner acting at the first
 * turn its client shows is not refused.
 */
import { afterAll, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { countCreature, inputOf, type Tempo } from "../support/count-table.ts";
import { callsNamed, copyOn, sameTurn, turnView } from "../support/client-combats.ts";

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
  const playerClient = world.runtime.clientOf(player.id);
  const playerCards = () => playerClient.messages.contents.filter((m) => m.type === "save");
  const playerCopy = () => copyOn(playerClient, combat.id ?? "");
  // The creature acting on the player's client after each click, and whether its owner acted at Ash's turn.
  const acting: (string | null)[] = [];
  let ownerActed = false;
  const noticesFrom = world.notices.length;
  const ledgerFrom = world.runtime.hookLedger.length;
  // combatTurnChange on the player's client: once per change of round, turn or acting creature it shows.
  const turnChanges = async (click: () => Promise<unknown>) => {
    const before = turnView(playerCopy());
    const from = world.runtime.hookLedger.length;
    const done = await click();
    await world.idle();
    const changes = callsNamed(world.runtime.hookLedger.slice(from), "combatTurnChange");
    expect(changes.filter((h) => h.client === playerClient.id)).toHaveLength(
      sameTurn(before, turnView(playerCopy())) ? 0 : 1,
    );
    return done;
  };
  const gmClick = async (click: () => Promise<unknown>) => {
    const writes = world.writes.length;
    await turnChanges(click);
    // One Combat write per click (core's round and turn in the step's own update, none put right afterwards).
    expect(world.writes.slice(writes).filter((w) => w.document === "Combat")).toHaveLength(1);
    acting.push(playerCopy().combatant?.id ?? null);
    if (ownerActed || playerCopy().combatant?.id !== id("Ash")) return;
    // Ash's owner ends its turn the moment its client shows Ash acting: the GM takes it.
    ownerActed = true;
    const answer = await turnChanges(() => world.as(player, () => playerCopy().tempoCommand({ type: "endTurn" })));
    expect(answer).toEqual({ ok: true });
    expect(playerCopy().combatant?.id).toBe(id("Guard"));
    acting.push(id("Guard"));
  };

  // Results: Ash 5, Guard 10, Lurker 2 − 3 = −1 (surprise, count 17 in the surprise round, 0 in round 1).
  await combat.startCombat();
  await world.idle();
  world.scriptedTotals.push(5, 10, -1);
  await gmClick(() => combat.rollAll());
  expect(world.scriptedTotals).toEqual([]);
  expect(clients().length).toBe(2);
  // The GM's engine plays the surprise round; core's fields say round 1 on both clients, the Lurker acting.
  expect(gmRound()).toBe(0);
  expect(cores()).toEqual([
    [1, id("Lurker")],
    [1, id("Lurker")],
  ]);

  // The surprise round's end step: round 1 about to start, nobody acting on any client; only the Lurker
  // saves, on a card whispered to the GMs.
  await gmClick(() => combat.nextTurn());
  expect(gmRound()).toBe(0);
  expect(cores()).toEqual([
    [1, null],
    [1, null],
  ]);
  const surpriseCards = playerCards();
  expect(surpriseCards.map((m) => inputOf(m).combatantId)).toEqual([id("Lurker")]);
  expect(surpriseCards.map((m) => m.whisper)).toEqual([[world.gm.id]]);

  // Round 1: the Lurker opens it on count 0, then Ash; Ash saves in its end step, as in the encounter
  // without the Lurker, on a card everyone reads.
  for (let i = 0; i < 8 && !playerCards().some((m) => inputOf(m).combatantId === id("Ash")); i++)
    await gmClick(() => combat.nextTurn());
  expect(gmRound()).toBe(1);
  const ashCards = playerCards().filter((m) => inputOf(m).combatantId === id("Ash"));
  expect(ashCards.map((m) => [inputOf(m).effect, m.whisper])).toEqual([["Burning", []]]);
  expect(cores().every(([round]) => round === 1)).toBe(true);

  // The player's acting creature only moved forward, and its owner was refused nothing.
  expect(acting).toEqual([id("Lurker"), null, id("Lurker"), id("Ash"), id("Guard"), null]);
  expect(ownerActed).toBe(true);
  expect(world.notices.slice(noticesFrom).filter((n) => n.user === player.id)).toEqual([]);
  // The events the player's client was told: round 1 started once, no round-0 event, and the turns it showed.
  const told = world.runtime.hookLedger
    .slice(ledgerFrom)
    .filter((h) => h.client === playerClient.id && h.name.startsWith("tempo."))
    .map((h) => h.args[1] as { type: string; round?: number; combatantId?: string });
  expect(told.filter((e) => e.round === 0)).toEqual([]);
  const track = (type: string) => told.filter((e) => e.type === type).map((e) => e.combatantId ?? e.round);
  expect(track("roundStarted")).toEqual([1]);
  expect(track("endStep")).toEqual([1]);
  expect(track("turnStarted")).toEqual([id("Lurker"), id("Lurker"), id("Ash"), id("Guard")]);
  expect(track("turnEnded")).toEqual([id("Lurker"), id("Lurker"), id("Ash"), id("Guard")]);
});
