/**
 * Issue 18 item 3 (brief uses18): a count declaration records its targets on the declaring Combatant
 * (src/foundry/combat/declared-uses.ts), a document every client receives. A target hidden from players is
 * named there by reference (sealed-use-targets.ts), so no player client receives its actor's uuid; the
 * pending card's Resolve on the GM's client still rolls against that creature. Its attack and damage cards
 * are sealed (chat/sealed-cards.ts) whether its token is hidden or, with no token on the drawn scene, its
 * combatant (chat/hidden-creature-ref.ts, brief activation18).
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { HIDDEN_NAME, namedOutsideItsDocuments } from "../support/secrets-probe.ts";
import { documentUses } from "../support/declared-uses.ts";
import { firstTurn, step, type Ev } from "../support/effect-encounter.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installSeedTable, type Tempo } from "../support/seed-table.ts";
import { installCanvas } from "../support/runtime/canvas-collision.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { creatureSystem } from "../support/test-creature.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const table = await installSeedTable(1818);
const { world, player, chat, targeting } = table;
const watcher = world.addUser("watcher");
const drawn = installCanvas(world);
// What each client receives is kept, for `noPlayerReceived` to search.
world.runtime.network.recordReceived = true;
afterAll(() => drawn.uninstall());
const { useItemDocument } = await import("../../src/foundry/chat/attack-flow.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");

type Obj = Record<string, unknown>;
const here = <T>(document: T): T => (document as unknown as { here(): T }).here();
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;

/** A count combat of the player's Fenn (a Heavy Maul) and the Lurker (AC 13, named HIDDEN_NAME), on Fenn's turn. */
async function fennsTurn(lurkerInCombat: boolean) {
  await game.settings.set("tempo", "ruleset", "count");
  const fenn = await table.creature("Fenn", [player.id], "character", creatureSystem(40, { abilities: { str: 3 } }));
  const lurker = await table.creature(HIDDEN_NAME, [], "npc", creatureSystem(30, { defenses: { ac: 13 } }));
  const gob = await table.creature("Gob", [], "npc", creatureSystem(30));
  const maul = (await ownedItem(world, fenn, "Maul", "weapon", {
    ...ITEM_DEFAULTS.weapon,
    damage: "1d6",
    properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
  })) as unknown as Item.Implementation;
  const combat = await table.fight("count", [
    { actor: fenn, side: "pc" },
    { actor: lurkerInCombat ? lurker : gob, side: "enemy" },
  ]);
  const fennId = table.idOf(combat, fenn);
  let acting = await firstTurn(world, combat);
  for (let i = 0; i < 10 && acting !== fennId; i++) {
    await combat.nextTurn();
    await world.idle();
    acting = combat.combatant?.id ?? "";
  }
  expect(acting).toBe(fennId);
  return { combat, fenn, lurker, maul, fennId };
}

/** No byte either player's client received holds `uuid`, nor the Lurker's name outside its own documents. */
function noPlayerReceived(uuid: string) {
  for (const user of [player, watcher]) {
    const bytes = world.runtime.network.receivedBy(world.runtime.clientOf(user.id));
    expect(bytes.filter((d) => d.includes(uuid)).map((d) => d.slice(0, 300))).toEqual([]);
    expect(namedOutsideItsDocuments({ world }, user.id)).toEqual([]);
  }
}

/** The player declares the Maul at the Lurker; the record on Fenn's document; the pending card once it lands. */
async function declareAndLand(combat: Tempo, fennId: string, lurker: ActorModel, maul: Item.Implementation) {
  world.runtime.network.received.clear(); // from the declaration on (the Lurker was seen before)
  targeting.target(player, [lurker]);
  expect(await world.as(player, () => useItemDocument(here(maul)))).toBe(true);
  await world.idle();
  const record = Object.values(documentUses(combat, fennId));
  let card: ChatMessageModel | undefined;
  for (let i = 0; i < 40 && card === undefined; i++) {
    const before = chat.messages.length;
    const events: Ev[] = await step(world, combat);
    const pending = chat.messages.slice(before).find((m) => m.type === "pending");
    if (events.some((e) => e.type === "actionResolved")) card = pending;
  }
  if (card === undefined) throw new Error("no pending card");
  noPlayerReceived(lurker.uuid);
  return { record, card };
}

/**
 * The GM resolves the card: a hit on the Lurker (15 meets its AC 13), then its damage. Its cards are sealed,
 * so no player client receives its uuid or name from them either.
 */
async function gmResolves(card: ChatMessageModel, lurker: ActorModel) {
  targeting.target(world.gm, []);
  world.scriptedTotals.push(12, 4); // d20 12 + 3 = 15 meets AC 13; 1d6 = 4
  const before = chat.messages.length;
  expect(await runCardAction(asChatMessage(card), "resolve")).toBeNull();
  await world.idle();
  const rolled = chat.messages.slice(before);
  expect(rolled.map((m) => m.type)).toEqual(["attack", "damage"]);
  noPlayerReceived(lurker.uuid);
  return rolled;
}

describe("issue 18: a declared use names a hidden target by reference", () => {
  it("CNT-6, SEG-11, issue 18: a player declares a count attack at a hidden combatant with no token; no player client receives its uuid or name; Resolve on the GM's client hits its AC 13 and posts cards sealed by its combatant, which the GM's page names", async () => {
    const { combat, lurker, maul, fennId } = await fennsTurn(true);
    const lurkerId = table.idOf(combat, lurker);
    await (combat.combatants.get(lurkerId) as unknown as { update(d: object): Promise<unknown> }).update({
      hidden: true,
    });
    await world.idle();
    const { record, card } = await declareAndLand(combat, fennId, lurker, maul);
    expect(record).toEqual([{ itemUuid: maul.uuid, targetUuids: [`combatantRef:${lurkerId}`] }]);
    // It has no token to hide, so its hidden combatant seals its cards (chat/hidden-creature-ref.ts): they
    // name it by that combatant; the damage card shows the GM's side found the hit on its AC 13.
    const rolled = await gmResolves(card, lurker);
    expect(rolled.map((m) => inputOf(m).targetRef)).toEqual([lurkerId, lurkerId]);
    expect(rolled.map((m) => inputOf(m).targetUuid)).toEqual([undefined, undefined]);
    const [attack] = rolled;
    if (attack === undefined) throw new Error("no attack card");
    expect(await world.as(world.gm, () => renderCardHtml(asChatMessage(attack)))).toContain(HIDDEN_NAME);
  });

  it("CNT-6, issue 18: a target whose token is hidden on the drawn scene is named by its token; Resolve on the GM's client rolls against it", async () => {
    const { combat, lurker, maul, fennId } = await fennsTurn(false);
    const scene = await addScene(world);
    drawn.view(scene);
    const token = await placeToken(world, scene, lurker, { x: 500, y: 500, actorLink: true, hidden: true });
    const { record, card } = await declareAndLand(combat, fennId, lurker, maul);
    expect(record).toEqual([{ itemUuid: maul.uuid, targetUuids: [`tokenRef:${token.id}`] }]);
    // Its cards are sealed (sealed-cards.ts): they name the Lurker by the same token.
    const rolled = await gmResolves(card, lurker);
    expect(rolled.map((m) => inputOf(m).targetRef)).toEqual([token.id, token.id]);
    drawn.view(null);
  });
});
