/**
 * SEG-10 with issue 18's secrecy, at the table on the runtime model: a player's Apply of damage to its own
 * creature mid-casting, while the casting is still an unrevealed declaration. Only the GM's copy decides
 * (conditions/concentration-ends.ts); the player is told; no message is addressed to another player.
 * Dice are scripted totals (the groups' d6 first).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { installSegmentTable } from "../support/segment-table.ts";
import { segmentCasters } from "../support/segment-casters.ts";

const t = await installSegmentTable(1805);
afterAll(() => t.uninstall());
const { world, player } = t;

beforeEach(() => {
  world.scriptedTotals.length = 0;
  t.dialogs.answers.length = 0;
});

const { cast, mageHeroOrc } = segmentCasters(t);

describe("SEG-10: a secret casting ended by its own player's Apply", () => {
  it("SEG-10: a player applies damage to its own Mage while the Mage's casting is still an unrevealed declaration: the GM's side ends the casting (no card in step 7), the player is told, no other player is", async () => {
    const other = world.addUser("bystander");
    other.active = true;
    await world.idle();
    const { caster, hero, orc, combat } = await mageHeroOrc();
    expect(await cast(caster, [orc])).toBe(true);
    // A blow gone astray, declared to go first (SEG-2 step 3): it lands before the Mage's own turn.
    expect(await t.sheetAttack(player, hero, "Sword", [caster], {}, { goesFirst: "on" })).toBe(true);
    await t.declare(combat, world.gm, "Orc", { action: "none" });
    world.scriptedTotals.push(5, 2);
    const card = await t.playToCard(combat);
    expect(t.inputOf(card).name).toBe("Hero");
    expect(caster.statuses.has("casting")).toBe(false); // the casting is not revealed yet
    world.scriptedTotals.push(18, 6);
    const { posted } = await t.press(player, card, "resolve");
    expect(posted.map((m) => m.type)).toEqual(["attack", "damage"]);
    t.targeting.target(player, [caster]);
    const since = t.chat.messages.length;
    const bystander = world.runtime.clientOf(other.id);
    const seenBefore = bystander.messages.contents.length;
    expect((await t.press(player, posted[1], "apply")).refusal).toBeNull();
    expect(t.hpOf(caster)).toBe(24);
    const told = t.chat.messages.slice(since).filter((m) => String(m.content ?? "").includes("ConcentrationLost"));
    expect(told).toHaveLength(1);
    // The GM's client decides and tells it, to the GMs and the player, not to the other player.
    expect(told[0]?.author?.id).toBe(world.gm.id);
    expect(told[0]?.whisper).toEqual(expect.arrayContaining([world.gm.id, player.id]));
    expect(told[0]?.whisper).not.toContain(other.id);
    const reached = bystander.messages.contents.slice(seenBefore).map((m) => String(m.content ?? ""));
    // Whispers reach every client (foundryvtt #7662; the model does the same): none since is addressed to it.
    // (A player's declaration is published to the party, issue 18: segment/published.ts; an NPC's is not.)
    expect(reached).toHaveLength(1);
    expect(bystander.messages.contents.slice(seenBefore).map((m) => m.whisper.includes(other.id))).toEqual([false]);
    expect(await t.playToCard(combat)).toBeNull(); // interrupted on the GM's side: no card in step 7
    await combat.delete();
  }, 15_000);
});
