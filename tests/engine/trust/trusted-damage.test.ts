import { describe, expect, it } from "vitest";
import { damageTargets, trustedDamage, type DamageCardFacts, type RecordedRoll } from "../../../src/engine/index.ts";

const d8 = (face: number): RecordedRoll => ({
  formula: "1d8+2",
  dice: [{ faces: 8, results: [{ result: face, active: true }] }],
});

const BLADE = { name: "Blade", ofAttacker: true, formula: "1d8+2", kind: "slashing", maxSwings: 3 };

const PLAYER_CARD: DamageCardFacts = {
  authorIsGM: false,
  card: { swings: [99, 99, 99], kind: "solar", targetUuid: "Actor.raider" },
  attacker: { name: "Vex", ownedByAuthor: true },
  item: BLADE,
  rolls: [d8(5), d8(2), d8(8)],
};

describe("issue 18: what a damage card may deal", () => {
  it("AP-1, DR-1: a player's card deals its rolls' totals of the item's formula, of the item's kind, never the card's numbers", () => {
    expect(trustedDamage(PLAYER_CARD)).toEqual({
      ok: true,
      value: {
        swings: [7, 4, 10],
        kind: "slashing",
        targetUuid: "Actor.raider",
        effect: "damage",
        effects: [],
        shield: null,
      },
    });
  });

  it("a GM's card is trusted as written (the GM may deal any damage)", () => {
    const gm = { ...PLAYER_CARD, authorIsGM: true, attacker: null, item: null, rolls: [] };
    expect(trustedDamage(gm)).toEqual({
      ok: true,
      value: { swings: [99, 99, 99], kind: "solar", targetUuid: null, effect: "damage", effects: [], shield: null },
    });
    expect(trustedDamage({ ...gm, card: { ...gm.card, swings: ["9"] } }).ok).toBe(false);
  });

  it("a player's card is refused for another's actor, another actor's item, no item, no recorded target", () => {
    const cases: [Partial<DamageCardFacts>, string][] = [
      [{ attacker: null }, "TEMPO.ERRORS.Trust.NoAttacker"],
      [{ attacker: { name: "Ogre", ownedByAuthor: false } }, "TEMPO.ERRORS.Trust.NotTheirActor"],
      [{ item: null }, "TEMPO.ERRORS.Trust.NoItem"],
      [{ item: { ...BLADE, ofAttacker: false } }, "TEMPO.ERRORS.Trust.NotTheirItem"],
      [{ card: { ...PLAYER_CARD.card, targetUuid: null } }, "TEMPO.ERRORS.Trust.NoRecordedTarget"],
    ];
    for (const [change, key] of cases)
      expect(trustedDamage({ ...PLAYER_CARD, ...change })).toMatchObject({ ok: false, error: { key } });
  });

  it("issue 18: a player's card about a hidden creature deals nothing when the GM's side finds its attack missed, and deals its rolls when it hit", () => {
    expect(trustedDamage({ ...PLAYER_CARD, sealedAttackHit: false })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Trust.SealedMiss" },
    });
    expect(trustedDamage({ ...PLAYER_CARD, sealedAttackHit: true })).toMatchObject({
      ok: true,
      value: { swings: [7, 4, 10] },
    });
  });

  it("AP-1: no rolls, or more rolls than the weapon's swings, are refused; so is a roll of another formula", () => {
    expect(trustedDamage({ ...PLAYER_CARD, rolls: [] })).toMatchObject({
      error: { key: "TEMPO.ERRORS.Trust.SwingCount" },
    });
    const four = [d8(1), d8(1), d8(1), d8(1)];
    expect(trustedDamage({ ...PLAYER_CARD, rolls: four })).toMatchObject({
      error: { key: "TEMPO.ERRORS.Trust.SwingCount", data: { count: 4, max: 3 } },
    });
    const big: RecordedRoll = { formula: "10d8+2", dice: [{ faces: 8, results: [{ result: 8, active: true }] }] };
    expect(trustedDamage({ ...PLAYER_CARD, rolls: [big] })).toMatchObject({
      error: { key: "TEMPO.ERRORS.Trust.RollFormula" },
    });
  });

  it("a player's Apply hits only the recorded target; a GM's hits whom the GM picks (the recorded target by default)", () => {
    const trusted = { swings: [7], kind: "slashing", targetUuid: "Actor.raider" };
    expect(damageTargets(trusted, [], false)).toEqual({ ok: true, value: ["Actor.raider"] });
    expect(damageTargets(trusted, ["Actor.raider"], false)).toEqual({ ok: true, value: ["Actor.raider"] });
    expect(damageTargets(trusted, ["Actor.king"], false)).toMatchObject({
      error: { key: "TEMPO.ERRORS.Trust.NotRecordedTarget" },
    });
    expect(damageTargets(trusted, ["Actor.king"], true)).toEqual({ ok: true, value: ["Actor.king"] });
    expect(damageTargets(trusted, [], true)).toEqual({ ok: true, value: ["Actor.raider"] });
    expect(damageTargets({ ...trusted, targetUuid: null }, ["Actor.a"], false)).toEqual({
      ok: true,
      value: ["Actor.a"],
    });
  });
});
