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

// The runtime model's GM page in English: the models' refusals are checked as a user reads them.
const world = installFoundryWorld(1, { language: "en" });
afterAll(() => world.uninstall());

await import("../../src/foundry/init.ts");
world.callHook("init");
const { CharacterModel } = await import("../../src/foundry/data/actor/character-model.ts");
const { NpcModel } = await import("../../src/foundry/data/actor/npc-model.ts");
const { actorStatsOf } = await import("../../src/foundry/data/actor/actor-stats-of.ts");
const { TempoCombatantModel, hostCombatantOf } = await import("../../src/foundry/data/combatant/combatant-model.ts");

type Model = import("../../src/foundry/data/actor/actor-model.ts").TempoActorModel;
type Obj = Record<string, unknown>;

/**
 * An Actor as far as its system data goes: `update` writes through the model (which refuses bad data
 * as a whole), then the document prepares its data again, as Foundry does after every update.
 */
class ActorDoc {
  readonly system: Model;
  constructor(
    readonly type: "character" | "npc",
    system: Obj = {},
    readonly items: { id: string; type: string; system: Obj }[] = [],
  ) {
    const Model = type === "character" ? CharacterModel : NpcModel;
    this.system = new Model(system, { parent: this as never });
    this.system.prepareDerivedData();
  }
  update(changes: { system: Obj }): void {
    this.system.updateSource(changes.system as never);
    this.system.prepareDerivedData();
  }
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
  it("a new character is a player character with 10 hit points, no DR, no shield, walking 30 ft", () => {
    const pc = new ActorDoc("character");
    expect(pc.system.side).toBe("pc");
    expect(pc.system.hp).toEqual({ value: 10, max: 10 });
    expect(pc.system.dr).toEqual({ physical: 0, elemental: 0, arcane: 0 });
    expect(pc.system.overshield.effect).toBe("");
    expect(pc.system.speeds.walk).toBe(30);
    expect(pc.system.criticalThreshold).toBe(20);
    expect(pc.system.derived.isPlayer).toBe(true);
  });

  it("SEG-13: a new npc follows its token for its side and has 1 hit die (AAC0 19)", () => {
    const npc = new ActorDoc("npc");
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
  it.each(cases)("%s", (_name, change, message) => {
    const actor = new ActorDoc("character", { hp: { value: 7, max: 12 } });
    const before = structuredClone(actor.system._source);
    expect(() => actor.update({ system: change })).toThrow(message);
    expect(actor.system._source).toEqual(before);
    expect(actor.system.hp).toEqual({ value: 7, max: 12 });
    expect(actor.system.dr.physical).toBe(0);
  });

  it("the refusal is one localized sentence naming every problem", () => {
    const actor = new ActorDoc("npc");
    expect(() => actor.update({ system: { tier: 0, dr: { arcane: -1 } } })).toThrow(
      "The actor was not changed: DR must be a whole number of 0 or more, not -1. The tier must be a whole number of 1 or more, not 0.",
    );
  });

  it("a good change after a refused one is saved", () => {
    const actor = new ActorDoc("character");
    expect(() => actor.update({ system: { dr: { physical: -1 } } })).toThrow();
    actor.update({ system: { dr: { physical: 3 } } });
    expect(actor.system.dr).toEqual({ physical: 3, elemental: 0, arcane: 0 });
  });
});

describe("actor models: migration from version 1", () => {
  it("DR-1: flat hp, dr and overshield numbers become the current shapes (plain DR is physical)", () => {
    const old = new ActorDoc("npc", { hp: 12, dr: 3, overshield: 5 });
    expect(old.system.hp).toEqual({ value: 12, max: 12 });
    expect(old.system.dr).toEqual({ physical: 3, elemental: 0, arcane: 0 });
    expect(old.system.overshield).toMatchObject({ value: 5, max: 5, effect: "" });
  });

  it("leaves current data as it is", () => {
    const current = { hp: { value: 4, max: 9 }, dr: { physical: 1, elemental: 2, arcane: 3 } };
    const actor = new ActorDoc("character", current);
    expect(actor.system.hp).toEqual(current.hp);
    expect(actor.system.dr).toEqual(current.dr);
  });
});

describe("actor models: derived values come from the engine", () => {
  it("CNT-1, STD-1, ROT-1, PHS-2: the initiative modifiers are the engine's", () => {
    const actor = new ActorDoc("character", { abilities: { int: 3, dex: 1, agi: 2 }, initiative: { modifier: 2 } });
    const stats = actorStatsOf(actor.system);
    expect(actor.system.derived.initiative).toEqual(initiativeModifiers(stats));
    expect(actor.system.derived.initiative.count).toBe(3);
  });

  it("SEG-14: 5+5 hit dice derive as the engine's enhanced hit dice", () => {
    const ogre = new ActorDoc("npc", { hitDice: "5+5" });
    expect(ogre.system.derived.hitDice).toEqual(unwrap(enhancedHitDice({ dice: 5, bonus: 5 })));
  });

  it("AP-1, DR-2: swings per carried AP weapon, and the world's DR setting", async () => {
    await game.settings.set("tempo", "drMode", "perAttack");
    const weapons = [
      { id: "w1", type: "weapon", system: { apCost: 10 } },
      { id: "w2", type: "weapon", system: { apCost: null, constantDamage: true } },
      { id: "g1", type: "gear", system: {} },
    ];
    const actor = new ActorDoc("character", { ap: { value: 80, max: 80 } }, weapons);
    expect(actor.system.derived.swings).toEqual({ w1: 8, w2: null });
    expect(actor.system.derived.drMode).toBe("perAttack");
    expect(actor.system.derived).toEqual(
      deriveActorValues(actorStatsOf(actor.system), {
        drMode: "perAttack",
        weapons: [
          { id: "w1", apCost: 10, constantDamage: false },
          { id: "w2", apCost: null, constantDamage: true },
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

  it("CNT-1: a combatant without facts of its own joins with its actor's side and count bonus", () => {
    const actor = new ActorDoc("character", { abilities: { int: 2, dex: 4, agi: 1 } });
    const host = hostCombatantOf(combatantOf(actor, "count"));
    expect(host.side).toBe("pc");
    expect(host.initiativeBonus).toBe(actorInitiativeFacts(actorStatsOf(actor.system), "count").initiativeBonus);
    expect(host.initiativeBonus).toBe(4);
    expect(host.agi).toBe(1);
  });

  it("ROT-1: in a rotation combat the bonus is the actor's initiative modifiers", () => {
    const actor = new ActorDoc("npc", { abilities: { dex: 4 }, initiative: { modifier: -2 }, side: "ally" });
    const host = hostCombatantOf(combatantOf(actor, "rotation"));
    expect(host.initiativeBonus).toBe(-2);
    expect(host.side).toBe("ally");
  });

  it("the combatant's own facts still win over its actor's", () => {
    const actor = new ActorDoc("character", { abilities: { dex: 4 } });
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

  it("STD-6, ACT-ROT: a new character's derived budgets are its rulesets' fresh turns", () => {
    const actor = new ActorDoc("character");
    expect(kinds(actor, "standard")).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    expect(kinds(actor, "rotation")).toMatchObject({ full: 2, reaction: 1 });
    expect(Object.keys(actor.system.derived.actions)).toEqual(["count", "standard", "phase", "segment", "rotation"]);
  });

  it("SEG-16: an older actor without stored action resources has one attack routine a round", () => {
    const old = new ActorDoc("npc", { hp: 12 });
    expect(old.system.actions.segment.attackRoutines).toBe(1);
    expect(kinds(old, "segment").attackRoutine).toBe(1);
  });

  it("SEG-16: a multi-attack npc stores more attack routines and its segment budget follows", () => {
    const ogre = new ActorDoc("npc");
    ogre.update({ system: { actions: { segment: { attackRoutines: 2 } } } });
    expect(kinds(ogre, "segment").attackRoutine).toBe(2);
  });

  it("SEG-16: zero attack routines is refused with a localized reason and nothing is saved", () => {
    const actor = new ActorDoc("npc", { actions: { segment: { attackRoutines: 2 } } });
    const before = structuredClone(actor.system._source);
    expect(() => actor.update({ system: { actions: { segment: { attackRoutines: 0 } } } })).toThrow(
      "Attack routines a round must be a whole number of at least 1, not 0.",
    );
    expect(actor.system._source).toEqual(before);
    expect(kinds(actor, "segment").attackRoutine).toBe(2);
  });
});
