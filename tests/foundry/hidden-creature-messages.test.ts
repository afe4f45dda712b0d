/**
 * Issue 18 (brief chat18, points 2 and 4): plain chat messages about a creature hidden from players (its
 * combatant's `hidden`) name it through the one naming path (chat/named-lines.ts, creature-names.ts): the
 * message stores the sentence with the creature's id, its GM's page reads the name, a player's page "an
 * unseen creature", and no byte a player's client received names it (runtime/network.ts `receivedBy`;
 * a whispered message reaches every client, foundryvtt #14429). A lost concentration of a hidden
 * creature is whispered to the GMs and its owners and speaks as its combat.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { chatLog, lastMessage, type ChatMessageModel } from "../support/chat-log.ts";
import { HIDDEN_NAME, namedOutsideItsDocuments } from "../support/secrets-probe.ts";
import type { Tempo } from "../support/effect-encounter.ts";
import type { RulesetId } from "../../src/engine/index.ts";

const world = installFoundryWorld(182);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const owner = world.addUser("p1");
const other = world.addUser("p2");
await world.loadSystem();
world.callHook("init");
const { endConcentrationAfter } = await import("../../src/foundry/conditions/concentration-ends.ts");
const { namedLinesHtml } = await import("../../src/foundry/chat/named-lines.ts");
const { stealthCardHtml } = await import("../../src/foundry/conditions/stealth-cards.ts");

type Actor = Awaited<ReturnType<typeof world.addActor>>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const health = { weaponSkills: [], hp: { value: 20, max: 20 }, dr: NO_DR };

/** A combat under `ruleset` in which the owner's creature (named HIDDEN_NAME) is hidden, beside a seen Soldier. */
async function hiddenEncounter(ruleset: RulesetId): Promise<{ lurker: Actor; combat: Tempo; hiddenId: string }> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const lurker = await world.addActor(HIDDEN_NAME, [owner.id], "character", health);
  const soldier = await world.addActor("Soldier", [], "npc", health);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: HIDDEN_NAME, actorId: lurker.id, hidden: true, system: { side: "pc" } },
    { name: "Soldier", actorId: soldier.id, system: { side: "enemy" } },
  ]);
  await world.idle();
  const hiddenId = combat.combatants.find((c) => c.hidden)?.id ?? "";
  return { lurker, combat, hiddenId };
}

/** How `userId`'s page draws `message` (`draw`: the drawing under test). */
function drawnFor(userId: string, message: ChatMessageModel, draw: (m: ChatMessage.Implementation) => string | null) {
  return world.runtime.clientOf(userId).run(() => draw(message.here() as unknown as ChatMessage.Implementation));
}

/** Records every byte the clients receive from now on (the secrets probe's record). */
function recordFromNow(): void {
  world.runtime.network.received.clear();
  world.runtime.network.recordReceived = true;
}

describe("messages about a hidden creature (issue 18)", () => {
  it("SEG-10: a hidden creature's lost concentration is whispered to the GMs and its owner, named only on the GM's page, and reaches no player's client by name", async () => {
    const { lurker, hiddenId } = await hiddenEncounter("segment");
    await lurker.toggleStatusEffect("concentrating");
    recordFromNow();
    await endConcentrationAfter(lurker as unknown as Actor.Implementation, "damage");
    await world.idle();
    world.runtime.network.recordReceived = false;
    expect(lurker.statuses.has("concentrating")).toBe(false);
    const told = lastMessage(chat);
    expect(String(told.content)).toContain("TEMPO.CONDITIONS.ConcentrationLost.Damage");
    expect([...told.whisper].sort()).toEqual([world.gm.id, owner.id].sort());
    expect(JSON.stringify(told._source)).not.toContain(HIDDEN_NAME);
    expect(JSON.stringify(told._source.flags)).toContain(hiddenId);
    expect(drawnFor(world.gm.id, told, namedLinesHtml)).toContain(HIDDEN_NAME);
    expect(drawnFor(other.id, told, namedLinesHtml)).toContain("TEMPO.CHAT.UnseenCreature");
    for (const user of [owner, other]) expect(namedOutsideItsDocuments({ world }, user.id)).toEqual([]);
  });

  it("SEG-10: a seen creature's lost concentration is told to everyone by name, as before", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const mage = await world.addActor("Mage", [owner.id], "character", health);
    await mage.toggleStatusEffect("concentrating");
    await endConcentrationAfter(mage as unknown as Actor.Implementation, "failedSave");
    await world.idle();
    const told = lastMessage(chat);
    expect(told.whisper).toEqual([]);
    expect(String(told.content)).toContain("Mage");
    expect(drawnFor(other.id, told, namedLinesHtml)).toContain("Mage");
  });

  it("STL-1: a hidden creature slipping into stealth is named on the GM's page only; its card speaks as the combat and names it to no player's client", async () => {
    const { lurker, combat, hiddenId } = await hiddenEncounter("rotation");
    world.scriptedTotals.push(18, 10);
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    await world.idle();
    recordFromNow();
    const from = chat.messages.length;
    world.scriptedTotals.push(12);
    await world.as(owner, () => lurker.toggleStatusEffect("hidden", { active: true }));
    await world.idle();
    world.runtime.network.recordReceived = false;
    const card = chat.messages.slice(from).find((m) => String(m.content).includes("TEMPO.STEALTH.Entered"));
    if (card === undefined) throw new Error("no stealth card");
    expect(JSON.stringify(card._source)).not.toContain(HIDDEN_NAME);
    expect(JSON.stringify(card._source.flags)).toContain(hiddenId);
    expect(drawnFor(world.gm.id, card, stealthCardHtml)).toContain(HIDDEN_NAME);
    expect(drawnFor(other.id, card, stealthCardHtml)).toContain("TEMPO.CHAT.UnseenCreature");
    expect(drawnFor(other.id, card, stealthCardHtml)).not.toContain("TEMPO.STEALTH.Gm.Sneak");
    for (const user of [owner, other]) expect(namedOutsideItsDocuments({ world }, user.id)).toEqual([]);
  });
});

describe("the runtime model: a whisper hides only what is drawn (foundryvtt #14429)", () => {
  it("a message whispered to the GM reaches a player's client whole (its content and flags), and a reloaded player's page loads it too; only isContentVisible is false there", async () => {
    recordFromNow();
    const secret = "Zq only for the GM";
    const made = await world.as(world.gm, () =>
      ChatMessage.create({
        content: `<p>${secret}</p>`,
        whisper: [world.gm.id],
        flags: { tempo: { note: secret } },
      } as unknown as ChatMessage.CreateData),
    );
    await world.idle();
    world.runtime.network.recordReceived = false;
    const id = (made as { id?: string | null } | undefined)?.id ?? "";
    const heard = world.runtime.network.receivedBy(world.runtime.clientOf(other.id));
    expect(heard.filter((d) => d.includes(secret)).length).toBeGreaterThan(0);
    const theirs = () => world.runtime.clientOf(other.id).messages.get(id);
    // Whether `userId`'s page draws it (`isContentVisible` reads that page's user).
    const drawnBy = (userId: string) => world.runtime.clientOf(userId).run(() => theirs()?.here().isContentVisible);
    expect(theirs()?._source.flags).toEqual({ tempo: { note: secret } });
    expect(drawnBy(other.id)).toBe(false);
    other.active = false;
    await world.idle();
    other.active = true;
    await world.idle();
    expect(String(theirs()?._source.content)).toContain(secret);
    expect([drawnBy(owner.id), drawnBy(world.gm.id)]).toEqual([false, true]);
  });
});
