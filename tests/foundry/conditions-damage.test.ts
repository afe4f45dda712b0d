/**
 * Issue 10 item 3 with issue 11: Apply on a damage card sets the statuses the engine's plan gives
 * (damage-statuses.ts) in the same click — at most one ActiveEffect write per creature — and Undo takes
 * off exactly those; in a running combat they reach the engine like a toggle (status-sync.ts).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { heldConditionsOf, type AnyRulesetHost } from "../../src/engine/index.ts";
import type { DamageCardInput } from "../../src/view/chat/damage-card.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { addCombatants, effectEncounter, firstTurn } from "../support/effect-encounter.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const targeting = installTargets(world);

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const CARD: DamageCardInput = {
  attacker: "Vex",
  target: "",
  formula: "1d8",
  swings: [30],
  kind: "slashing",
  dr: NO_DR,
  drMode: "perHit",
};

/** A world actor on the runtime model (the GM's client's copy). */
function creature(name: string, type: "character" | "npc", hp: number, max = hp): Promise<ActorModel> {
  const overshield = { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" };
  return world.addActor(name, [], type, { weaponSkills: [], hp: { value: hp, max }, dr: NO_DR, overshield });
}

async function card(swings: number[]): Promise<ChatMessageModel> {
  await world.as(world.gm, () => postCard({ type: "damage", input: { ...CARD, swings } }));
  await world.idle();
  return lastMessage(chat);
}

async function click(message: ChatMessageModel, action: "apply" | "undo") {
  const from = world.writes.length;
  const refusal = await world.as(world.gm, () => runCardAction(asChatMessage(message), action));
  await world.idle();
  const of = (document: string) => world.writes.slice(from).filter((w) => w.document === document);
  return {
    refusal,
    actor: of("Actor"),
    effects: of("ActiveEffect"),
    combat: of("Combat"),
    all: world.writes.length - from,
  };
}

const sorted = (actor: ActorModel) => [...actor.statuses].sort();

beforeEach(async () => {
  targeting.select([]);
  await game.settings.set("tempo", "drMode", "perHit");
});

describe("damage sets and clears the conditions it causes", () => {
  it("DR-3: a player character dropped from full is left at 0 and unconscious, an NPC at 0 is dead (core's defeated status): one effect write each; Undo takes both off", async () => {
    const hero = await creature("Hero", "character", 10);
    const thug = await creature("Thug", "npc", 10);
    targeting.target(world.gm, [hero, thug]);
    const message = await card([30]);
    const applied = await click(message, "apply");
    expect(applied.refusal).toBeNull();
    expect(sorted(hero)).toEqual(["unconscious"]);
    expect(sorted(thug)).toEqual(["dead"]);
    // One batched actor update, one ActiveEffect create per creature, one card update.
    expect(applied.actor).toHaveLength(1);
    expect(applied.effects).toHaveLength(2);
    expect(applied.all).toBe(4);

    const undone = await click(message, "undo");
    expect(undone.refusal).toBeNull();
    expect([sorted(hero), sorted(thug)]).toEqual([[], []]);
    expect(undone.actor).toHaveLength(1);
    expect(undone.effects).toHaveLength(2);
  });

  it("CNT-14: a wounded player character taken below 0 is unconscious and dying, both in ONE effect write", async () => {
    const hero = await creature("Hero", "character", 5, 10);
    targeting.target(world.gm, [hero]);
    const applied = await click(await card([7]), "apply");
    expect(sorted(hero)).toEqual(["dying", "unconscious"]);
    expect(applied.effects).toHaveLength(1);
  });

  it("damage that leaves a creature standing writes no effect; a status already shown is not set again nor taken off by Undo", async () => {
    const ogre = await creature("Ogre", "npc", 30);
    targeting.target(world.gm, [ogre]);
    const standing = await click(await card([4]), "apply");
    expect(standing.effects).toEqual([]);
    expect(standing.all).toBe(2); // the actor update and the card update

    const hero = await creature("Hero", "character", 0, 10);
    await hero.toggleStatusEffect("unconscious", { active: true });
    targeting.target(world.gm, [hero]);
    const message = await card([0]);
    const again = await click(message, "apply");
    expect(again.effects).toEqual([]);
    const undone = await click(message, "undo");
    expect(undone.effects).toEqual([]);
    expect(sorted(hero)).toEqual(["unconscious"]);
  });

  it("CNT-14, DEF-1: in a running count combat the card's unconscious puts the hero at count 20 and the NPC's death defeats it; Undo wakes and revives", async () => {
    const { combat } = await effectEncounter(world, "count", ["A"]);
    const hero = await creature("Hero", "character", 10);
    const thug = await creature("Thug", "npc", 10);
    await addCombatants(world, combat, ["Hero", "Thug"], { Hero: hero, Thug: thug });
    await firstTurn(world, combat);
    const idOf = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    const model = () => combat.system as unknown as { state: unknown; host: AnyRulesetHost };
    targeting.target(world.gm, [hero, thug]);
    const message = await card([30]);
    const applied = await click(message, "apply");
    expect(applied.effects).toHaveLength(2);
    expect([...(heldConditionsOf(model().host, model().state).get(idOf("Hero")) ?? [])]).toEqual(["unconscious"]);
    expect(combat.combatants.get(idOf("Hero"))?.initiative).toBe(20);
    expect(model().host.defeated(model().state, idOf("Thug"))).toBe(true);
    expect(combat.combatants.get(idOf("Thug"))?.defeated).toBe(true);
    // The engine held unconscious already: the step it took writes no second effect.
    expect(hero.effects.contents).toHaveLength(1);

    await click(message, "undo");
    // A creature held in no condition is not listed (held-conditions.ts).
    expect([...(heldConditionsOf(model().host, model().state).get(idOf("Hero")) ?? [])]).not.toContain("unconscious");
    expect(model().host.defeated(model().state, idOf("Thug"))).toBe(false);
    expect(combat.combatants.get(idOf("Thug"))?.defeated).toBe(false);
  });
});
