import { UNNAMED_OVERSHIELD_EFFECT } from "../../../src/engine/actors/actor-overshield.ts";
import { describe, expect, it } from "vitest";
import {
  actorInitiativeFacts,
  deriveActorValues,
  enhancedHitDice,
  monsterAttackTable,
  swingsPerAction,
  unwrap,
  validateActorStats,
  type ActorDeriveOptions,
} from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

const OPTIONS: ActorDeriveOptions = { drMode: "perHit", weapons: [] };

describe("actor statistics: derived values come from the rule areas", () => {
  it("CNT-1: the count bonus is the higher of INT and DEX; STD-1 DEX; ROT-1 the modifiers", () => {
    const stats = actorStats({ abilities: { int: 4, dex: 2, agi: 3 }, initiative: { modifier: -1, dexReaction: 2 } });
    expect(actorInitiativeFacts(stats, "count").initiativeBonus).toBe(4);
    expect(actorInitiativeFacts(stats, "standard").initiativeBonus).toBe(2);
    expect(actorInitiativeFacts(stats, "rotation").initiativeBonus).toBe(-1);
    expect(actorInitiativeFacts(stats, "phase")).toEqual({ initiativeBonus: 0, int: 4, agi: 3, dexReaction: 2 });
    expect(deriveActorValues(stats, OPTIONS).initiative).toEqual({
      count: 4,
      standard: 2,
      phase: 7,
      segment: 2,
      rotation: -1,
    });
  });

  it("SEG-14: 5+5 hit dice attack as 6 HD and save as 7 HD; 4+4 has 4d8+16 hit points", () => {
    const five = deriveActorValues(actorStats({ hitDice: "5+5" }), OPTIONS);
    expect(five.hitDice).toEqual(unwrap(enhancedHitDice({ dice: 5, bonus: 5 })));
    expect(five.hitDice?.attackHitDice).toBe(6);
    expect(five.hitDice?.saveHitDice).toBe(7);
    expect(deriveActorValues(actorStats({ hitDice: "4+4" }), OPTIONS).hitDice?.hitPoints).toBe("4d8+16");
  });

  it("SEG-13: hit dice give the monster row's AAC0 unless the class level is higher", () => {
    const ogre = deriveActorValues(actorStats({ hitDice: "4+1", aac0: 17 }), OPTIONS);
    expect(ogre.attackTable).toEqual(unwrap(monsterAttackTable({ dice: 4, bonus: 1 }, null)));
    expect(ogre.aac0).toBe(15);
    const fighter = deriveActorValues(actorStats({ hitDice: "1", level: 5, aac0: 16 }), OPTIONS);
    expect(fighter.attackTable).toEqual({ table: "class", level: 5 });
    expect(fighter.aac0).toBe(16);
    expect(deriveActorValues(actorStats({ hitDice: "1-1", aac0: 19 }), OPTIONS).hitDice).toBeNull();
  });

  it("AP-1, AP-2: swings per Full action for each AP weapon; none for a constant-damage one", () => {
    const stats = actorStats({ ap: { value: 80, max: 80 } });
    const derived = deriveActorValues(stats, {
      drMode: "perAttack",
      weapons: [
        { id: "sword", apCost: 10, constantDamage: false },
        { id: "axe", apCost: 30, constantDamage: false },
        { id: "aura", apCost: null, constantDamage: true },
      ],
    });
    expect(derived.swings).toEqual({ sword: unwrap(swingsPerAction(80, 10)), axe: 2, aura: null });
    expect(derived.swings.sword).toBe(8);
    expect(derived.drMode).toBe("perAttack");
  });

  it("OSH-6: a shield with an effect and no maximum is a shield without hit points; nothing stored is no shield", () => {
    const warded = actorStats({ overshield: { effect: "ward", max: 0, condition: "until dawn" } });
    expect(deriveActorValues(warded, OPTIONS).overshield).toEqual({
      hp: null,
      dr: { physical: 0, elemental: 0, arcane: 0 },
      effect: "ward",
      condition: "until dawn",
    });
    expect(deriveActorValues(actorStats({ overshield: { value: 0, max: 0 } }), OPTIONS).overshield).toBeNull();
    expect(deriveActorValues(actorStats({ overshield: { value: 0, max: 8 } }), OPTIONS).overshield).toBeNull();
  });

  it("OSH-1 (ruling): shield points left with no effect written are an unnamed shield, not nothing", () => {
    expect(deriveActorValues(actorStats({ overshield: { value: 5, max: 5 } }), OPTIONS).overshield).toEqual({
      hp: 5,
      dr: { physical: 0, elemental: 0, arcane: 0 },
      effect: UNNAMED_OVERSHIELD_EFFECT,
      condition: null,
    });
  });

  it("ATK-ROT-2, DR-3: only a creature on the player characters' side counts as one", () => {
    expect(deriveActorValues(actorStats({ side: "pc" }), OPTIONS).isPlayer).toBe(true);
    expect(deriveActorValues(actorStats({ side: "ally" }), OPTIONS).isPlayer).toBe(false);
  });

  it("CNT-15, FEAT-CHARGED: the primary modifier is the chosen primary weapon ability's modifier", () => {
    const abilities = { str: 8, dex: 3 };
    expect(deriveActorValues(actorStats({ abilities }), OPTIONS).primaryModifier).toBe(8);
    expect(deriveActorValues(actorStats({ abilities, primaryAbility: "dex" }), OPTIONS).primaryModifier).toBe(3);
  });

  it("the primary weapon ability must be one of the abilities", () => {
    const problems = validateActorStats(actorStats({ primaryAbility: "luck" as "str" }));
    expect(problems.map((problem) => problem.path)).toEqual(["primaryAbility"]);
  });
});
