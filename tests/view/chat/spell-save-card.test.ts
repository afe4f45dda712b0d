/**
 * Issue 19: the save card of a spell per ruleset: phase rolls PHS-12's 2d6 (7 or more, or the spell's
 * DC), the other rulesets the d20 spell save of the engine's Ruling (spell-save.ts); who rolls, the
 * ability and DC, and what success and failure do are on the card before the roll.
 */
import { describe, expect, it } from "vitest";
import { spellSaveModifier, spellSaveRoll, trustedDamage, type RulesetId } from "../../../src/engine/index.ts";
import { buildSaveCard, type SaveCardInput } from "../../../src/view/chat/save-card.ts";

const gm = { isGM: true, owns: false, showOdds: true };
const stranger = { isGM: false, owns: false, showOdds: false };
const ABILITIES = { str: 0, dex: 3, con: 0, int: 0, wis: -1, cha: 0, agi: 0 };

function card(ruleset: RulesetId, dc: number | null, hasDamage: boolean, total: number | null = null): SaveCardInput {
  const save = spellSaveRoll(ruleset, dc, spellSaveModifier(ABILITIES, "Dexterity"));
  return {
    kind: "spell",
    combatantId: "",
    name: "Golem",
    effect: "Fireburst",
    formula: save.formula,
    target: save.target,
    endPhaseKind: "ends",
    concentration: "casting",
    total,
    spell: {
      caster: "Mage",
      ability: "dex",
      hasDamage,
      roller: "gm",
      rule: save.rule,
      itemUuid: "Actor.m.Item.f",
      targetUuid: "Actor.g",
    },
  };
}

describe("spell save card", () => {
  it("Ruling (d20 spell save; count, standard, segment, rotation): 1d20 + the ability modifier vs the spell's DC", () => {
    for (const ruleset of ["count", "standard", "segment", "rotation"] as const) {
      const built = buildSaveCard(card(ruleset, 14, true), gm);
      expect([built.rule, built.formula, built.target]).toEqual(["Ruling", "1d20 + 3", 14]);
      expect(built.spell).toEqual({
        roller: { key: "TEMPO.CHAT.Save.SpellRollerGm", data: { name: "Golem" } },
        against: {
          key: "TEMPO.CHAT.Save.SpellAgainst",
          data: { ability: "DEX", dc: 14, caster: "Mage", spell: "Fireburst" },
        },
        onSuccess: { key: "TEMPO.CHAT.Save.SpellHalfDamage", data: { spell: "Fireburst" } },
        onFailure: { key: "TEMPO.CHAT.Save.SpellFullDamage", data: { spell: "Fireburst" } },
      });
      expect(built.odds?.[0]?.exact).toBeCloseTo(10 / 20); // d20 + 3 ≥ 14: 11–20
    }
  });

  it("PHS-12: a phase spell save is 2d6 + the modifier, 7 or more when the spell names no DC", () => {
    const built = buildSaveCard(card("phase", null, false), gm);
    expect([built.rule, built.formula, built.target]).toEqual(["PHS-12", "2d6 + 3", 7]);
    expect(built.spell?.onSuccess.key).toBe("TEMPO.CHAT.Save.SpellNoEffect");
    expect(built.spell?.onFailure.key).toBe("TEMPO.CHAT.Save.SpellTakesEffect");
  });

  it("Ruling (spell save outcome): once rolled the card says what happened; only the owner or GM may roll", () => {
    expect(buildSaveCard(card("standard", 14, false), stranger).buttons).toEqual([]);
    const failed = buildSaveCard(card("standard", 14, false, 9), stranger);
    expect(failed.verdict?.success).toBe(false);
    expect(failed.consequence).toEqual({ key: "TEMPO.CHAT.Save.SpellTakesEffect", data: { spell: "Fireburst" } });
    expect(buildSaveCard(card("standard", 14, true, 17), gm).consequence?.key).toBe("TEMPO.CHAT.Save.SpellHalfDamage");
  });

  it("Ruling (spell save outcome): a player's halved damage card deals half of each recorded roll, rounded down", () => {
    const roll = {
      formula: "2d6",
      dice: [
        {
          faces: 6,
          results: [
            { result: 4, active: true },
            { result: 5, active: true },
          ],
        },
      ],
    };
    const facts = {
      authorIsGM: false,
      card: { swings: [4], kind: "fire", targetUuid: "Actor.g", halved: true },
      attacker: { name: "Mage", ownedByAuthor: true },
      item: { name: "Fireburst", ofAttacker: true, formula: "2d6", kind: "fire", maxSwings: 1 },
      rolls: [roll],
    };
    expect(trustedDamage(facts)).toMatchObject({ ok: true, value: { swings: [4] } });
    expect(trustedDamage({ ...facts, card: { ...facts.card, halved: false } })).toMatchObject({
      value: { swings: [9] },
    });
  });
});
