/**
 * Issue 22 items 1–3 on the runtime model: what Dice So Nice, Automated Animations and the Carousel
 * Combat Tracker read from Tempo (src/foundry/integrations/). None of the modules runs here: each test
 * calls the module's documented hook, or reads what the module reads off a card, as its public code does
 * (the sources are named in each integration file).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, chatLog, type ChatMessageModel, cardSource } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld, type WorldUser } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import type { MessageMode } from "../../src/foundry/compat/message-mode.ts";
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import { effectEncounter, firstTurn } from "../support/effect-encounter.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { tokenActionHudCore } from "../support/token-action-hud-core.ts";

const world = installFoundryWorld(41);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const targeting = installTargets(world);
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
const roller = world.addUser("p1");
const other = world.addUser("p2");

await world.loadSystem();
world.callHook("init");
const { TEMPO } = await import("../../src/foundry/config.ts");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { orderRolls } = await import("../../src/foundry/integrations/dice-so-nice.ts");
const { cardDataAttributes } = await import("../../src/foundry/integrations/automated-animations.ts");

type Obj = Record<string, unknown>;
/** The modules' own hooks, which Foundry's typings do not name. */
const moduleHooks = () => Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean };

function creature(name: string, type: "character" | "npc", system: Obj = {}): Promise<ActorModel> {
  return world.addActor(name, [], type, creatureSystem(30, system));
}

/** Runs `useItem` as the GM and returns the cards it posted. */
async function use(uuid: string): Promise<ChatMessageModel[]> {
  const before = chat.messages.length;
  dialogs.answers.splice(0, dialogs.answers.length, { fields: {} });
  await TEMPO.useItem(uuid);
  await world.idle();
  return chat.messages.slice(before);
}

/** Dice So Nice's pre-process hook on `user`'s client: whether the message's dice are still thrown. */
function throwsOn(user: WorldUser, message: ChatMessageModel): Promise<boolean> {
  return world.as(user, () => {
    const interception = { willTrigger3DRoll: true };
    moduleHooks().callAll("diceSoNiceMessagePreProcess", message.id, interception);
    return Promise.resolve(interception.willTrigger3DRoll);
  });
}

const sample = (id: string) => {
  const found = CARD_SAMPLES.find((s) => s.id === id);
  if (found === undefined) throw new Error(id);
  return found.card;
};

async function posted(mode: MessageMode, flags?: Obj): Promise<ChatMessageModel> {
  const roll = new Roll("1d20");
  await roll.evaluate();
  await world.as(roller, () => postCard(sample("attack-standard"), { messageMode: mode, rolls: [roll], flags }));
  await world.idle();
  const last = chat.messages.at(-1);
  if (last === undefined) throw new Error("no card");
  return last;
}

const flagsOf = (m: ChatMessageModel | undefined): Obj => ((m?._source.flags as Obj | undefined)?.tempo ?? {}) as Obj;

beforeEach(async () => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  await game.settings.set("tempo", "ruleset", "standard");
});

describe("Dice So Nice: Tempo's rolls are real Rolls on their card, thrown once, never on a screen that may not see them", () => {
  it("a hit's attack and damage cards each carry their Roll, and the speaker names the attacker", async () => {
    const vex = await creature("Vex", "character", { abilities: { str: 3 }, primaryAbility: "str" });
    const raider = await creature("Raider", "npc", { defenses: { ac: 10 } });
    targeting.target(world.gm, [raider]);
    world.scriptedTotals.push(15, 6);
    const blade = await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const [attack, damage] = await use(blade.uuid);
    expect([attack?.type, damage?.type]).toEqual(["attack", "damage"]);
    expect(attack?.rolls).toHaveLength(1);
    expect(damage?.rolls).toHaveLength(1);
    expect(attack?.speaker.actor).toBe(vex.id);
    expect(damage?.speaker.actor).toBe(vex.id);
  });

  it("a damage card's swings are thrown one after another (rollOrder 0, 1); an attack's dice at once", async () => {
    const swings = [new Roll("1d8"), new Roll("1d8")];
    for (const r of swings) await r.evaluate();
    orderRolls("damage", swings);
    const orders = swings.map(
      (r) => (r.toJSON() as unknown as { terms: { options: Obj }[] }).terms[0]?.options.rollOrder,
    );
    expect(orders).toEqual([0, 1]);
    orderRolls("attack", swings);
    expect(swings.map((r) => (r.dice[0]?.options as Obj).rollOrder)).toEqual([0, 0]);
  });

  it("a GM-only roll throws no dice on another player's screen; its roller and the GM see them", async () => {
    const message = await posted("gm");
    expect(await throwsOn(other, message)).toBe(false);
    expect(await throwsOn(roller, message)).toBe(true);
    expect(await throwsOn(world.gm, message)).toBe(true);
  });

  it("a blind roll is left to Dice So Nice on its roller's screen (ghost dice), and vetoed on the others'", async () => {
    const message = await posted("blind");
    expect(await throwsOn(roller, message)).toBe(true);
    expect(await throwsOn(other, message)).toBe(false);
    expect(await throwsOn(world.gm, message)).toBe(true);
  });

  it("a companion card (its rolls already thrown on another card) is never thrown again; a public roll is thrown everywhere", async () => {
    const first = await posted("public");
    const companion = await posted("public", { rollsShownOn: first.id });
    for (const user of [world.gm, roller, other]) {
      expect(await throwsOn(user, first)).toBe(true);
      expect(await throwsOn(user, companion)).toBe(false);
    }
    // The pre-6.0 hook is answered the same way.
    const old = await world.as(other, () => {
      const interception = { willTrigger3DRoll: true };
      moduleHooks().callAll("diceSoNiceMessageProcessed", companion.id, interception);
      return Promise.resolve(interception.willTrigger3DRoll);
    });
    expect(old).toBe(false);
  });
});

describe("Automated Animations: the card that starts a swing names its item, actor, token and targets", () => {
  it("a hit: the attack card's flags name the item, actor, token and the target hit; its damage card starts nothing", async () => {
    const scene = await addScene(world);
    const vex = await creature("Vex", "character", { abilities: { str: 3 }, primaryAbility: "str" });
    const raider = await creature("Raider", "npc", { defenses: { ac: 10 } });
    const raiderToken = await placeToken(world, scene, raider, { x: 200, y: 0 });
    targeting.target(world.gm, [raiderToken]);
    world.scriptedTotals.push(15, 6);
    const blade = await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const [attack, damage] = await use(blade.uuid);
    expect(flagsOf(attack)).toMatchObject({
      itemUuid: blade.uuid,
      itemId: blade.id,
      actorId: vex.id,
      targetTokenUuids: [raiderToken.uuid],
      hitTokenUuids: [raiderToken.uuid],
    });
    expect(flagsOf(damage).itemUuid).toBeUndefined();
    // The drawn damage card still names its item and actor for modules that read the card's element.
    const attrs = await world.as(world.gm, () =>
      Promise.resolve(cardDataAttributes(asChatMessage(damage as ChatMessageModel))),
    );
    expect(attrs).toMatchObject({ "data-item-uuid": blade.uuid, "data-actor-id": vex.id });
    expect(cardSource(damage).input).toMatchObject({ itemUuid: blade.uuid });
  });

  it("a miss: the attack card names its target, not hit; the module's hook aims at that target and draws a miss", async () => {
    const scene = await addScene(world);
    const vex = await creature("Vex", "character", { abilities: { str: 0 } });
    const raider = await creature("Raider", "npc", { defenses: { ac: 20 } });
    const bystander = await creature("Bystander", "npc", { defenses: { ac: 20 } });
    const raiderToken = await placeToken(world, scene, raider);
    targeting.target(world.gm, [raiderToken]);
    world.scriptedTotals.push(3);
    const blade = await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const [attack] = await use(blade.uuid);
    expect(flagsOf(attack)).toMatchObject({ targetTokenUuids: [raiderToken.uuid], hitTokenUuids: [] });
    // The placeable the module draws at: the canvas is not modelled, so the GM's token copy stands for it.
    const drawn = { id: raiderToken.id, document: raiderToken };
    Object.defineProperty(raiderToken.here(), "object", { value: drawn, configurable: true });
    const data: Obj = { workflow: asChatMessage(attack as ChatMessageModel), targets: [bystander] };
    await world.as(world.gm, () => Promise.resolve(moduleHooks().callAll("aa.getRequiredData", data)));
    expect(data.targets).toEqual([drawn]);
    expect(data.hitTargets).toEqual([]);
    expect(data.playOnMiss).toBe(true);
  });

  it("a message that is not a Tempo card is left to the module", async () => {
    const data: Obj = { workflow: { flags: {} }, targets: ["the user's"] };
    await world.as(world.gm, () => Promise.resolve(moduleHooks().callAll("aa.getRequiredData", data)));
    expect(data.targets).toEqual(["the user's"]);
  });
});

/**
 * The module's portrait as its public code builds it (scripts/app/CombatantPortrait.js): made with the
 * combatant, asked for its initiative display, system icons, description and data. The module is not
 * loaded here, so this stands in for its base class, with its defaults for a system it does not know.
 */
class ModulePortrait {
  _systemIcons: unknown = null;
  constructor(readonly combatant: Combatant.Implementation) {}
  getInitiativeDisplay(): unknown {
    return { value: this.combatant.initiative, icon: "far fa-dice-d20", rollIcon: "far fa-dice-d20" };
  }
  getSystemIcons(): unknown {
    return { resource: null, tooltip: null };
  }
  getDescription(): unknown {
    return null;
  }
  getData(): Promise<unknown> {
    return Promise.resolve({ isInitiativeNaN: this.combatant.initiative === null, hasRolled: false });
  }
}

interface Portrait extends ModulePortrait {
  getSystemIcons(): { resource: Obj[] | null; tooltip: Obj[] | null };
  getInitiativeDisplay(): { value: unknown; icon: string };
}

function dockConfig() {
  const config = {
    CombatantPortrait: ModulePortrait as unknown as new (c: Combatant.Implementation) => Portrait,
    defaultAttributesConfig: () => ({ dnd5e: [] }) as Record<string, unknown>,
  };
  moduleHooks().callAll("combat-tracker-dock-init", config);
  return config;
}

describe("Carousel Combat Tracker: each ruleset's portraits from the tracker's own rows", () => {
  it("the module's init hook gets Tempo's portrait and default attributes (HP, overshield, DR); a second patch changes nothing", () => {
    const config = dockConfig();
    const patched = config.CombatantPortrait;
    expect(patched).not.toBe(ModulePortrait);
    const attrs = config.defaultAttributesConfig().tempo as { attr: string }[];
    expect(attrs.map((a) => a.attr)).toEqual([
      "hp.value",
      "overshield.value",
      "dr.physical",
      "dr.elemental",
      "dr.arcane",
    ]);
    expect(config.defaultAttributesConfig().dnd5e).toEqual([]);
    moduleHooks().callAll("combat-tracker-dock-init", config);
    expect(config.CombatantPortrait).toBe(patched);
  });

  it("STD: the acting creature's portrait shows its initiative with a d20 and its tracker controls; End turn on the portrait ends the turn", async () => {
    const { combat, ids } = await effectEncounter(world, "standard", ["Ash", "Brix"]);
    const acting = await firstTurn(world, combat);
    const Portrait = dockConfig().CombatantPortrait;
    const portrait = await world.as(world.gm, () =>
      Promise.resolve(new Portrait(combat.combatants.get(acting) as Combatant.Implementation)),
    );
    const shown = await world.as(world.gm, () => Promise.resolve(portrait.getInitiativeDisplay()));
    expect(shown.icon).toBe("fa-solid fa-dice-d20");
    expect(String(shown.value)).toMatch(/^\d+$/);
    const icons = await world.as(world.gm, () => Promise.resolve(portrait.getSystemIcons().tooltip ?? []));
    const end = icons.find((i) => String(i.id).startsWith("control-endTurn"));
    expect(end?.enabled).toBe(true);
    const before = combat.turn;
    await world.as(world.gm, () => Promise.resolve((end?.callback as () => void)()));
    await world.idle();
    expect(combat.turn).not.toBe(before);
    // The turn passed from the portrait's creature to the other one.
    expect(combat.combatant?.id).not.toBe(acting);
    expect(Object.values(ids)).toContain(combat.combatant?.id);
  });

  it("PHS: a portrait shows the phase lane's icon with the creature's value and the module shows it; the lane's name is its tooltip's line (not on the portrait)", async () => {
    const { combat, ids } = await effectEncounter(world, "phase", ["Ash", "Brix"]);
    await firstTurn(world, combat);
    const Portrait = dockConfig().CombatantPortrait;
    const ash = combat.combatants.get(ids.Ash ?? "") as Combatant.Implementation;
    const portrait = await world.as(world.gm, () => Promise.resolve(new Portrait(ash)));
    const shown = await world.as(world.gm, () => Promise.resolve(portrait.getInitiativeDisplay()));
    expect(shown.icon).toBe("fa-solid fa-layer-group");
    expect(String(shown.value)).not.toBe("");
    const data = (await world.as(world.gm, () => portrait.getData())) as Obj;
    expect(data.isInitiativeNaN).toBe(false);
    // The lane (the phase of the round the creature acts in) is the tooltip's line.
    expect((await portraitOf(combat, ids.Ash ?? "")).description).toBe("TEMPO.COMBAT.Phase.Battle {}");
  });

  /** The GM's portrait of `id`: its initiative display, its tooltip line and its icons (id, tooltip, enabled). */
  async function portraitOf(combat: Combat.Implementation, id: string, user: WorldUser = world.gm) {
    const Portrait = dockConfig().CombatantPortrait;
    const combatant = combat.combatants.get(id) as Combatant.Implementation;
    const portrait = await world.as(user, () => Promise.resolve(new Portrait(combatant)));
    return world.as(user, () =>
      Promise.resolve({
        shown: portrait.getInitiativeDisplay(),
        description: String((portrait as unknown as { getDescription(): unknown }).getDescription()),
        icons: (portrait.getSystemIcons().tooltip ?? []).map(
          (i) => [String(i.id), String(i.tooltip), i.enabled] as const,
        ),
      }),
    );
  }

  it("CNT: a portrait shows the creature's count with the hourglass, 'Count N' in its tooltip; the acting one's icons are its action left and its controls (Declare; React refused with the reason), End turn", async () => {
    const { combat } = await effectEncounter(world, "count", ["Ash", "Brix", "Cole"]);
    const acting = await firstTurn(world, combat);
    const { shown, description, icons } = await portraitOf(combat, acting);
    expect(shown.icon).toBe("fa-solid fa-hourglass-half");
    expect(String(shown.value)).toMatch(/^\d+$/);
    expect(description).toContain(`TEMPO.COMBAT.Count.Position {"count":"${String(shown.value)}"}`);
    expect(icons).toEqual([
      ["pip-action", "TEMPO.LEFT.Count.Action {}", true],
      [expect.stringMatching(/^control-countDeclare/), "TEMPO.TRACKER.Control.Declare {}", true],
      [expect.stringMatching(/^control-countReact/), "TEMPO.TRACKER.Count.Reason.NothingToReact {}", false],
      [expect.stringMatching(/^control-endTurn/), "TEMPO.TRACKER.Control.EndTurn {}", true],
    ]);
  });

  it("SEG-1, SEG-2: a portrait shows the segment its creature acts in (named, not a number) and its tooltip the segment and its side's group", async () => {
    const { combat, ids } = await effectEncounter(world, "segment", ["Ash", "Brix"]);
    await firstTurn(world, combat);
    const ash = await portraitOf(combat, ids.Ash ?? "");
    expect(ash.shown).toMatchObject({
      icon: "fa-solid fa-table-cells",
      value: 'TEMPO.COMBAT.Segment.Segment {"segment":"1"}',
    });
    expect(ash.description).toBe(
      'TEMPO.COMBAT.Segment.Segment {"segment":"1"} · TEMPO.INTEGRATIONS.Carousel.Group {"group":"TEMPO.GROUPS.Party"}',
    );
    expect((await portraitOf(combat, ids.Brix ?? "")).description).toContain('{"group":"TEMPO.GROUPS.Enemies"}');
  });

  it("ROT-1, AP-1: a portrait shows its initiative with the rotation icon; its tooltip gives the creature's AP to the GM and its owner, not to another player; the acting one's icons are its actions left", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "rotation", ["Ash", "Brix"], roller);
    await actors.Ash?.update({ system: { ap: { value: 80, max: 80 } } });
    const acting = await firstTurn(world, combat);
    const ash = await portraitOf(combat, ids.Ash ?? "");
    expect(ash.shown.icon).toBe("fa-solid fa-rotate");
    expect(String(ash.shown.value)).toMatch(/^\d+$/);
    expect(ash.description).toContain('TEMPO.TRACKER.Rotation.Ap {"ap":"80"}');
    expect((await portraitOf(combat, ids.Ash ?? "", roller)).description).toContain('{"ap":"80"}');
    expect((await portraitOf(combat, ids.Ash ?? "", other)).description).not.toContain("Rotation.Ap");
    const pips = (await portraitOf(combat, acting)).icons.map(([id]) => id).filter((id) => id.startsWith("pip-"));
    expect(pips).toEqual(["pip-full", "pip-swift", "pip-free", "pip-reaction"]);
  });
});

describe("Token Action HUD without Tempo's module", () => {
  it("the system alone registers nothing with Token Action HUD Core (its adapter is the module tempo-token-action-hud)", async () => {
    // The module's API hook fires on the player's page; no adapter answers, so the module lists nothing for Tempo.
    expect(await world.as(roller, () => tokenActionHudCore().ready())).toBe(false);
    // Tempo's public API is there for any HUD module to use: the owner's list, nobody else's.
    const actions = CONFIG.TEMPO.actions;
    expect(actions.layout().groups.map((g) => g.id)).toEqual(["tempo-budget", "tempo-combat", "tempo-items"]);
    const scout = await creature("Scout", "npc");
    await ownedItem(world, scout, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const listed = actions.list(scout);
    expect(listed.map((g) => [g.id, g.actions.map((a) => [a.id, a.runnable, a.disabled])])).toEqual([
      ["tempo-items", [[`item-${scout.items.contents[0]?.id}`, true, false]]],
    ]);
    expect(actions.list(scout, game.users.get(roller.id))).toEqual([]);
    // An action it does not have now changes nothing, and Tempo says so.
    const before = world.notices.length;
    expect(await actions.run(scout, "endTurn-nothing")).toMatchObject({ ok: false });
    expect(world.notices.length).toBe(before + 1);
  });
});
