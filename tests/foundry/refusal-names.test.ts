/**
 * Issue 18: a refusal shown to a user names the creature, as that user may know it (view/i18n/
 * creature-names.ts through src/foundry/localize.ts), never by its id: a refused command names its
 * creature; a message about a hidden creature reads "an unseen creature" to a player and
 * its name to the GM. The world's language echoes keys and shows a format's data as JSON.
 */
import { afterAll, describe, expect, it } from "vitest";
import { addCombatants, type Tempo } from "../support/effect-encounter.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(1818);
afterAll(() => world.uninstall());
const player = world.addUser("p1");
await world.loadSystem();
world.callHook("init");
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { localizeMessage } = await import("../../src/foundry/localize.ts");

describe("refusals name creatures (issue 18)", () => {
  it("DEF-1: reviving a creature that is not defeated is refused naming it, not its id; a hidden creature is 'an unseen creature' to a player and named to the GM", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    const hero = await world.addActor("Hero", [player.id]);
    const lurker = await world.addActor("Lurker", [], "npc");
    await addCombatants(world, combat, ["Hero", "Lurker"], { Hero: hero, Lurker: lurker }, player);
    const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    await world.as(world.gm, async () => combat.combatants.get(id("Lurker"))?.update({ hidden: true }));
    await world.as(world.gm, () => combat.startCombat());
    await world.idle();
    const notices = world.notices.length;
    const revive = { type: "revive", combatantId: id("Hero") } as const;
    const sent = await world.as(world.gm, () => sendSheetCommand(combat as never, revive));
    expect(sent).toBe(false);
    const shown = world.notices.slice(notices).map((n) => n.text);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('"id":"Hero"');
    expect(shown[0]).not.toContain(id("Hero"));
    const aboutLurker = { key: "TEMPO.ERRORS.Count.NotRolled", data: { id: id("Lurker") } } as const;
    expect(await world.as(player, async () => localizeMessage(aboutLurker))).toBe(
      'TEMPO.ERRORS.Count.NotRolled {"id":"TEMPO.CHAT.UnseenCreature"}',
    );
    expect(await world.as(world.gm, async () => localizeMessage(aboutLurker))).toBe(
      'TEMPO.ERRORS.Count.NotRolled {"id":"Lurker"}',
    );
  });
});
