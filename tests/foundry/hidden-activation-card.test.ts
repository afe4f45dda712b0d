/**
 * Issue 18 (brief activation18): the Activate Item card of a creature hidden from players (PHS-7,
 * chat/item-activation.ts), by its combatant or by its token on the drawn scene, names it by nothing a
 * player can read (its combatant's or its token's id). It goes to the GMs only, yet a whispered
 * message reaches every client (foundryvtt #14429, modelled in runtime/chat.ts), so no byte of it (content,
 * speaker, flags, and its undo's update) may hold the creature's name or uuid. The GM's page reads the
 * name; the player who owns the creature and posted the card still reads its own name there, as it did
 * before; another player's page reads "an unseen creature".
 */
import { expect, it } from "vitest";
import { lastMessage, type ChatMessageModel } from "../support/chat-log.ts";
import { installSceneWorld } from "../support/scene-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { rolledDuel } from "../support/seed-table.ts";
import { HIDDEN_NAME, namedOutsideItsDocuments } from "../support/secrets-probe.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";

const {
  world,
  users: [owner, other],
  chat,
  targeting,
  dialogs,
  drawn,
} = await installSceneWorld(1818, ["p1", "p2"]);
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { namedLinesHtml } = await import("../../src/foundry/chat/named-lines.ts");
type Handler = (this: { viewed: unknown }, event: object, target: { dataset: Record<string, string> }) => Promise<void>;

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const creatureSystem = (side: string) => ({
  side,
  weaponSkills: [],
  hp: { value: 30, max: 30 },
  dr: NO_DR,
  overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
});

/**
 * A phase combat of the owner's creature (named HIDDEN_NAME, a potion of 3 charges) and an Ogre, at its
 * battle turn; hidden by its combatant (`combatant`) or by its token on the drawn scene (`token`).
 */
async function hiddenBattleTurn(by: "combatant" | "token") {
  await game.settings.set("tempo", "ruleset", "phase");
  const lurker = await world.addActor(HIDDEN_NAME, [owner.id], "character", creatureSystem("pc"));
  const ogre = await world.addActor("Ogre", [], "npc", creatureSystem("enemy"));
  const potion = await ownedItem(world, lurker, "Healing Potion", "gear", {
    quantity: 1,
    weight: 0,
    uses: { value: 3, max: 3 },
  });
  const { combat, pcId: id } = await rolledDuel(world, lurker, ogre, [12, 5]);
  for (let i = 0; i < 6; i++) {
    const m = trackerInputOf(combat, game.user);
    if ((m?.state as { phase?: string } | undefined)?.phase === "battle" && m?.host.current(m.state) === id) break;
    await combat.tempoCommand({ type: "next" });
    await world.idle();
  }
  if (by === "token") {
    const scene = await addScene(world);
    drawn.view(scene);
    const token = await placeToken(world, scene, lurker, { x: 500, y: 500, actorLink: true, hidden: true });
    return { combat, lurker, potion, id, ref: token.id ?? "", token };
  }
  await (combat.combatants.get(id) as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
  await world.idle();
  return { combat, lurker, potion, id, ref: id, token: null };
}

/** How `userId`'s page draws the card's sentences. */
function drawnFor(userId: string, message: ChatMessageModel): string | null {
  const here = () => message.here() as unknown as ChatMessage.Implementation;
  return world.runtime.clientOf(userId).run(() => namedLinesHtml(here()));
}

/** The activation card's deliveries (its create and its undo's update) `userId`'s client received, and those naming the creature. */
function cardBytes(userId: string, uuid: string): { received: number; naming: string[] } {
  const bytes = world.runtime.network.receivedBy(world.runtime.clientOf(userId));
  const cards = bytes.filter((d) => d.includes('"documentName":"ChatMessage"') && d.includes("activation"));
  const naming = cards.filter((d) => d.includes(HIDDEN_NAME) || d.includes(uuid)).map((d) => d.slice(0, 300));
  return { received: cards.length, naming };
}

it.each(["combatant", "token"] as const)(
  "PHS-7, issue 18: the owner activates the potion of its creature hidden by its %s: the card goes to the GMs, speaks as the combat and holds no name or uuid in any byte a player receives, its undo's update neither; the GM's page and the owner's own page name it, another player's reads an unseen creature",
  async (by) => {
    const { combat, lurker, potion, id, ref, token } = await hiddenBattleTurn(by);
    world.runtime.network.received.clear();
    world.runtime.network.recordReceived = true;
    try {
      dialogs.answers.push({ fields: { choice: potion.id ?? "" } });
      const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
        .DEFAULT_OPTIONS.actions;
      await world.as(owner, async () => {
        // The owner has its hidden creature's token selected (core's getSpeaker would speak as it).
        if (token !== null) targeting.select([token]);
        await actions.phaseActivate?.call({ viewed: combat }, {}, { dataset: { combatantId: id } });
      });
      await world.idle();
      const card = lastMessage(chat);
      expect(card.flags).toMatchObject({
        tempo: { activation: { id: ref, combatantId: id, item: "Healing Potion", charges: { left: 2 } } },
      });
      expect(card.whisper).toEqual([world.gm.id]);
      expect(card.speaker).toMatchObject({ actor: null, token: null, alias: combat.name ?? "" });
      expect(drawnFor(world.gm.id, card)).toContain(HIDDEN_NAME);
      expect(drawnFor(owner.id, card)).toContain(HIDDEN_NAME);
      expect(drawnFor(other.id, card)).toContain("TEMPO.CHAT.UnseenCreature");
      expect(world.runtime.clientOf(owner.id).run(() => card.here().isContentVisible)).toBe(true);
      // Undo gives the charge back; the card's update says so on the GM's page, and names no one either.
      await combat.tempoCommand({ type: "undo" });
      await world.idle();
      expect(drawnFor(world.gm.id, lastMessage(chat))).toContain("TEMPO.CHAT.Activation.UndoneCharge");
      expect(drawnFor(world.gm.id, lastMessage(chat))).toContain(HIDDEN_NAME);
      for (const user of [owner, other]) {
        expect(cardBytes(user.id, lurker.uuid)).toEqual({ received: 2, naming: [] });
        expect(namedOutsideItsDocuments({ world }, user.id)).toEqual([]);
      }
    } finally {
      world.runtime.network.recordReceived = false;
      targeting.select([]);
      drawn.view(null);
    }
  },
);
