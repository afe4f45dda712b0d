import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  actorInitiativeFacts,
  deriveActorValues,
  enhancedHitDice,
  initiativeModifiers,
  unwrap,
} from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ROOT } from "../support/source-files.ts";
import { ownedItem } from "../support/owned-items.ts";

// The runtime model's GM page in English: the models' refusals are checked as a user reads them.
const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { CharacterModel } = await import("../../src/foundry/data/actor/character-model.ts");
const { NpcModel } = await import("../../src/foundry/data/actor/npc-model.ts");
const { actorStatsOf } = await import("../../src/foundry/data/actor/actor-stats-of.ts");
const { TempoCombatantModel, hostCombatantOf } = await import("../../src/foundry/data/combatant/combatant-model.ts");

type Model = import("../../src/foundry/data/actor/actor-model.ts").TempoActorModel;
type Obj = Record<string, unknown>;

/** A world Actor on the model (the GM's copy): its system is Tempo's model, prepared after every write. */
interface ActorDoc {
  readonly id: string | null;
  readonly system: Model;
  update(changes: { system: Obj }): Promise<unknown>;
}

let made = 0;
/**
 * A world actor the GM makes through the model's server (which cleans, migrates and validates its
 * system with Tempo's model, refusing bad data as a whole), with `items` made on it after.
 */
async function newActor(type: "character" | "npc", system: Obj = {}, items: Obj[] = []): Promise<ActorDoc> {
  const actor = await world.addActor(`Actor ${++made}`, [], type, system);
  for (const item of items) await ownedItem(world, actor, String(item.name), String(item.type), item.system as Obj);
  return actor as unknown as ActorDoc;
}

/** Tries a write the model must refuse; its message (fails the test when the write is accepted). */
async function refusal(actor: ActorDoc, system: Obj): Promise<string> {
  try {
    await world.as(world.gm, () => actor.update({ system }));
  } catch (error) {
    await world.idle();
    return (error as Error).message;
  }
  throw new Error("the update was accepted");
}

let pages = 0;
/**
 * The world's actor `id` as a page loaded now builds it from the server's stored source (a GM connecting:
 * init, then every document built from its source, runtime/network.ts `load`).
 */
function loadedByAFreshPage(id: string): ActorDoc {
  const user = world.addUser(`late${++pages}`, true);
  const copy = world.runtime.clientOf(user.id).actors.get(id);
  if (copy === undefined) throw new Error(`actor ${id} was not loaded`);
  return copy as unknown as ActorDoc;
}

/** An actor stored by an older version of Tempo: its source as it is in the world, never written since. */
function storedActor(type: "character" | "npc", system: Obj): string {
  const id = world.runtime.newId();
  world.runtime.server.replace([
    {
      documentName: "Actor",
      parentId: null,
      source: { _id: id, name: "Old", type, system, ownership: { default: 0 } },
    },
  ]);
  return id;
}

/** An accepted write, delivered to every client. */
async function write(actor: ActorDoc, system: Obj): Promise<void> {
  await world.as(world.gm, () => actor.update({ system }));
  await world.idle();
}

function actorConfig(): Obj {
  return CONFIG.Actor as Obj;
}

describe("actor models: registration", () => {
  it("registers character and npc, with hp and the overshield as token bars", () => {
    const dataModels = actorConfig().dataModels as Obj;
    expect(dataModels.character).toBe(CharacterModel);
    expect(dataModels.npc).toBe(NpcModel);
    const trackable = actorConfig().trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    expect(trackable.character?.bar).toEqual(["hp", "overshield", "ap"]);
    expect(trackable.npc?.value).toContain("dr.elemental");
    const manifest = JSON.parse(readFileSync(`${ROOT}/system.json`, "utf8")) as Obj;
    expect(manifest.primaryTokenAttribute).toBe("hp");
    expect(manifest.secondaryTokenAttribute).toBe("overshield");
    expect(Object.keys((manifest.documentTypes as Obj).Actor as Obj)).toEqual(["character", "npc", "encounter"]);
  });
});

describe("actor models: defaults", () => {
  it("a new character is a player character with 10 hit points, no DR, no shield, walking 30 ft", async () => {
    const pc = await newActor("character");
    expect(pc.system.side).toBe("pc");
    expect(pc.system.hp).toEqual({ value: 10, max: 10 });
    expect(pc.system.dr).toEqual({ physical: 0, elemental: 0, arcane: 0 });
    expect(pc.system.overshield.effect).toBe("");
    expect(pc.system.speeds.walk).toBe(30);
    expect(pc.system.criticalThreshold).toBe(20);
    expect(pc.system.derived.isPlayer).toBe(true);
  });

  it("SEG-13: a new npc follows its token for its side and has 1 hit die (AAC0 19)", async () => {
    const npc = await newActor("npc");
    expect(npc.system.side).toBeNull();
    expect(npc.system.hitDice).toBe("1");
    expect(npc.system.derived.aac0).toBe(19);
  });
});

describe("actor models: bad values are refused and nothing is saved", () => {
  const cases: [string, Obj, RegExp][] = [
    ["DR-1: a negative DR", { dr: { physical: -1 } }, /DR must be a whole number of 0 or more, not -1/],
    ["DR-1: a negative overshield DR", { overshield: { dr: { arcane: -4 } } }, /not -4/],
    ["AP-1: an AP maximum below 0", { ap: { max: -5 } }, /AP must be a number of 0 or more, not -5/],
    ["DR-3: a hit point maximum below 1", { hp: { value: 0, max: 0 } }, /target's maxHp is not valid/],
    ["SEG-14: hit dice 1-1", { hitDice: "1-1" }, /enhancement must be a whole number of 0 or more, not -1/],
    ["ATK-ROT-4: a critical threshold of 30", { criticalThreshold: 30 }, /from 1 to 25, not 30/],
  ];
  it.each(cases)("%s", async (_name, change, message) => {
    const actor = await newActor("character", { hp: { value: 7, max: 12 } });
    const before = structuredClone(actor.system._source);
    expect(await refusal(actor, change)).toMatch(message);
    expect(actor.system._source).toEqual(before);
    expect(actor.system.hp).toEqual({ value: 7, max: 12 });
    expect(actor.system.dr.physical).toBe(0);
  });

  it("the refusal is one localized sentence naming every problem", async () => {
    const actor = await newActor("npc");
    expect(await refusal(actor, { tier: 0, dr: { arcane: -1 } })).toBe(
      "The actor was not changed: DR must be a whole number of 0 or more, not -1. The tier must be a whole number of 1 or more, not 0.",
    );
  });

  it("a good change after a refused one is saved", async () => {
    const actor = await newActor("character");
    await refusal(actor, { dr: { physical: -1 } });
    await write(actor, { dr: { physical: 3 } });
    expect(actor.system.dr).toEqual({ physical: 3, elemental: 0, arcane: 0 });
  });
});

describe("actor models: migration from version 1", () => {
  it("DR-1: flat hp, dr and overshield numbers become the current shapes (plain DR is physical)", async () => {
    const old = loadedByAFreshPage(storedActor("npc", { hp: 12, dr: 3, overshield: 5 }));
    expect(old.system.hp).toEqual({ value: 12, max: 12 });
    expect(old.system.dr).toEqual({ physical: 3, elemental: 0, arcane: 0 });
    expect(old.system.overshield).toMatchObject({ value: 5, max: 5, effect: "" });
  });

  it("leaves current data as it is", async () => {
    const current = { hp: { value: 4, max: 9 }, dr: { physical: 1, elemental: 2, arcane: 3 } };
    const actor = loadedByAFreshPage(storedActor("character", current));
    expect(actor.system.hp).toEqual(current.hp);
    expect(actor.system.dr).toEqual(current.dr);
  });
});

describe("actor models: derived values come from the engine", () => {
  it("CNT-1, STD-1, ROT-1, PHS-2: the initiative modifiers are the engine's", async () => {
    const actor = await newActor("character", { abilities: { int: 3, dex: 1, agi: 2 }, initiative: { modifier: 2 } });
    const stats = actorStatsOf(actor.system);
    expect(actor.system.derived.initiative).toEqual(initiativeModifiers(stats));
    expect(actor.system.derived.initiative.count).toBe(3);
  });

  it("SEG-14: 5+5 hit dice derive as the engine's enhanced hit dice", async () => {
    const ogre = await newActor("npc", { hitDice: "5+5" });
    expect(ogre.system.derived.hitDice).toEqual(unwrap(enhancedHitDice({ dice: 5, bonus: 5 })));
  });

  it("AP-1, DR-2: swings per carried AP weapon, and the world's DR setting", async () => {
    await game.settings.set("tempo", "drMode", "perAttack");
    await world.idle();
    const weapons = [
      { name: "Axe", type: "weapon", system: { apCost: 10 } },
      { name: "Club", type: "weapon", system: { apCost: null, constantDamage: true } },
      { name: "Rope", type: "gear", system: {} },
    ];
    const made = await newActor("character", { ap: { value: 80, max: 80 } }, weapons);
    // Read on a page that loads the actor with its items: that core prepares the parent again after an
    // embedded create is not modelled (runtime/document.ts), so the GM's own copy is not asked.
    const actor = loadedByAFreshPage(made.id ?? "");
    const items = (actor as unknown as { items: { contents: { id: string; name: string }[] } }).items.contents;
    const idOf = (name: string): string => items.find((i) => i.name === name)?.id ?? "";
    expect(actor.system.derived.swings).toEqual({ [idOf("Axe")]: 8, [idOf("Club")]: null });
    expect(actor.system.derived.drMode).toBe("perAttack");
    expect(actor.system.derived).toEqual(
      deriveActorValues(actorStatsOf(actor.system), {
        drMode: "perAttack",
        weapons: [
          { id: idOf("Axe"), apCost: 10, constantDamage: false },
          { id: idOf("Club"), apCost: null, constantDamage: true },
        ],
      }),
    );
  });
});

describe("combatant facts read the actor (issue 10 item 3)", () => {
  function combatantOf(actor: ActorDoc | null, type: string, system: Obj = {}, owned = false) {
    return {
      id: "c1",
      system: new TempoCombatantModel(system),
      _source: { group: null },
      parent: { type, groups: new Map(), system: {} },
      actor,
      isDefeated: false,
      hasPlayerOwner: owned,
      token: { disposition: -1 },
    } as never;
  }

  it("CNT-1: a combatant without facts of its own joins with its actor's side and count bonus", async () => {
    const actor = await newActor("character", { abilities: { int: 2, dex: 4, agi: 1 } });
    const host = hostCombatantOf(combatantOf(actor, "count"));
    expect(host.side).toBe("pc");
    expect(host.initiativeBonus).toBe(actorInitiativeFacts(actorStatsOf(actor.system), "count").initiativeBonus);
    expect(host.initiativeBonus).toBe(4);
    expect(host.agi).toBe(1);
  });

  it("ROT-1: in a rotation combat the bonus is the actor's initiative modifiers", async () => {
    const actor = await newActor("npc", { abilities: { dex: 4 }, initiative: { modifier: -2 }, side: "ally" });
    const host = hostCombatantOf(combatantOf(actor, "rotation"));
    expect(host.initiativeBonus).toBe(-2);
    expect(host.side).toBe("ally");
  });

  it("the combatant's own facts still win over its actor's", async () => {
    const actor = await newActor("character", { abilities: { dex: 4 } });
    const host = hostCombatantOf(combatantOf(actor, "standard", { side: "enemy", initiativeBonus: 1 }));
    expect(host.side).toBe("enemy");
    expect(host.initiativeBonus).toBe(1);
  });

  it("without an actor the facts are 0 and the side follows ownership", () => {
    const host = hostCombatantOf(combatantOf(null, "count", {}, true));
    expect(host.initiativeBonus).toBe(0);
    expect(host.side).toBe("pc");
  });
});

describe("actor models: action resources per ruleset", () => {
  const kinds = (actor: ActorDoc, ruleset: "standard" | "segment" | "rotation") =>
    Object.fromEntries(actor.system.derived.actions[ruleset].map((a) => [a.kind, a.left]));

  it("STD-6, ACT-ROT: a new character's derived budgets are its rulesets' fresh turns", async () => {
    const actor = await newActor("character");
    expect(kinds(actor, "standard")).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    expect(kinds(actor, "rotation")).toMatchObject({ full: 2, reaction: 1 });
    expect(Object.keys(actor.system.derived.actions)).toEqual(["count", "standard", "phase", "segment", "rotation"]);
  });

  it("SEG-16: an older actor without stored action resources has one attack routine a round", async () => {
    const old = loadedByAFreshPage(storedActor("npc", { hp: 12 }));
    expect(old.system.actions.segment.attackRoutines).toBe(1);
    expect(kinds(old, "segment").attackRoutine).toBe(1);
  });

  it("SEG-16: a multi-attack npc stores more attack routines and its segment budget follows", async () => {
    const ogre = await newActor("npc");
    await write(ogre, { actions: { segment: { attackRoutines: 2 } } });
    expect(kinds(ogre, "segment").attackRoutine).toBe(2);
  });

  it("SEG-16: zero attack routines is refused with a localized reason and nothing is saved", async () => {
    const actor = await newActor("npc", { actions: { segment: { attackRoutines: 2 } } });
    const before = structuredClone(actor.system._source);
    expect(await refusal(actor, { actions: { segment: { attackRoutines: 0 } } })).toBe(
      "The actor was not changed: Attack routines a round must be a whole number of at least 1, not 0.",
    );
    expect(actor.system._source).toEqual(before);
    expect(kinds(actor, "segment").attackRoutine).toBe(2);
  });
});
