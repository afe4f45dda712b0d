import { describe, expect, it } from "vitest";
import {
  damageAfterDrDistribution,
  endPhaseSaveChance,
  expectedDamage,
  formulaDistribution,
  chanceAtLeast,
} from "../../../src/engine/index.ts";
import { decimalText } from "../../../src/view/chat/card-common.ts";
import { buildDamageCard, type DamageCardInput } from "../../../src/view/chat/damage-card.ts";
import { buildInitiativeCard, compactInitiativeLines } from "../../../src/view/chat/initiative-card.ts";
import { buildPendingCard } from "../../../src/view/chat/pending-card.ts";
import { buildSaveCard, type SaveCardInput } from "../../../src/view/chat/save-card.ts";

const gm = { isGM: true, owns: false, showOdds: true };
const owner = { isGM: false, owns: true, showOdds: false };
const stranger = { isGM: false, owns: false, showOdds: true };

const damage: DamageCardInput = {
  attacker: "Vex",
  target: "Raider",
  formula: "1d8+2",
  swings: [7, 4, 10],
  kind: "slashing",
  dr: { physical: 3, elemental: 0, arcane: 1 },
  drMode: "perHit",
};

describe("damage card", () => {
  it("DR-1, DR-2: slashing is physical; per hit each swing loses 3 (4 + 1 + 7 = 12), per attack the sum once (18)", () => {
    const built = buildDamageCard(damage, gm);
    expect(built.kindLabel).toBe("TEMPO.DAMAGE.Kind.slashing");
    expect(built.familyLabel).toBe("TEMPO.DAMAGE.Family.physical");
    expect(built.drValue).toBe(3);
    expect(built.rolled).toBe(21);
    expect(built.dealt).toBe(12);
    expect(buildDamageCard({ ...damage, drMode: "perAttack" }, gm).dealt).toBe(18);
  });

  it("AP-1: the expected damage after DR is the engine's, for three swings of 1d8+2 against DR 3", () => {
    const one = formulaDistribution("1d8+2");
    if (!one.ok) throw new Error("engine refused");
    const after = damageAfterDrDistribution(one.value, 3, 3, "perHit");
    if (!after.ok) throw new Error("engine refused");
    const built = buildDamageCard(damage, gm);
    expect(built.odds?.[0]?.exact).toBe(expectedDamage(after.value));
    expect(built.odds?.[0]?.label.data?.amount).toBe(decimalText(expectedDamage(after.value)));
    expect(buildDamageCard(damage, owner).odds).toBeNull();
  });

  it("the Apply button is the GM's and the roller's, labelled with the amount and target; an unknown kind is an error", () => {
    expect(buildDamageCard(damage, gm).buttons.map((b) => [b.action, b.label.data])).toEqual([
      ["apply", { amount: 12, target: "Raider" }],
    ]);
    expect(buildDamageCard(damage, owner).buttons.map((b) => b.action)).toEqual(["apply"]);
    expect(buildDamageCard(damage, stranger).buttons).toEqual([]);
    const bad = buildDamageCard({ ...damage, kind: "psychic" }, gm);
    expect(bad.error?.key).toBe("TEMPO.ERRORS.Damage.UnknownKind");
    expect(bad.buttons).toEqual([]);
  });
});

describe("damage card: what Apply changed", () => {
  const applied = [
    {
      actorUuid: "Actor.k",
      name: "Knight",
      before: { hp: 20, overshield: 10 },
      after: { hp: 14, overshield: 0 },
      notes: [{ key: "TEMPO.DAMAGE.Step.ShieldBroken" as const }],
    },
    {
      actorUuid: "Actor.w",
      name: "Wall",
      before: { hp: 9, overshield: 0 },
      after: { hp: 9, overshield: 0 },
      notes: [],
    },
  ];

  it("OSH-1: one line per creature with each value that moved (or no damage), the engine's notes, and Undo instead of Apply", () => {
    const built = buildDamageCard({ ...damage, applied }, gm);
    expect(built.applied).toEqual([
      {
        name: "Knight",
        changes: [
          { key: "TEMPO.CHAT.Damage.HpChanged", data: { from: 20, to: 14 } },
          { key: "TEMPO.CHAT.Damage.ShieldChanged", data: { from: 10, to: 0 } },
        ],
        notes: [{ key: "TEMPO.DAMAGE.Step.ShieldBroken" }],
      },
      { name: "Wall", changes: [{ key: "TEMPO.CHAT.Damage.NoChange" }], notes: [] },
    ]);
    expect(built.buttons.map((b) => b.action)).toEqual(["undo"]);
  });

  it("malformed records read as nothing applied: no lines, and Apply again", () => {
    const built = buildDamageCard({ ...damage, applied: [{ name: "x" }] as never }, gm);
    expect(built.applied).toEqual([]);
    expect(built.buttons.map((b) => b.action)).toEqual(["apply"]);
  });
});

const endPhase: SaveCardInput = {
  kind: "endPhase",
  combatantId: "k",
  name: "Kestrel",
  effect: "Burning",
  formula: "2d6",
  target: 7,
  endPhaseKind: "ends",
  concentration: "maintaining",
  total: null,
};

describe("save card", () => {
  it("PHS-12: before the roll the owner gets a Roll button and the chance is the engine's 21/36", () => {
    const built = buildSaveCard(endPhase, { ...owner, showOdds: true });
    expect(built.odds?.[0]?.exact).toBe(endPhaseSaveChance());
    expect(built.odds?.[0]?.label.data?.percent).toBe("58.3");
    expect(built.buttons.map((b) => b.action)).toEqual(["roll"]);
    expect(built.verdict).toBeNull();
    expect(buildSaveCard(endPhase, stranger).buttons).toEqual([]);
  });

  it("PHS-12: 7 or more ends an 'ends' effect; 6 leaves it on; a sustaining effect goes on with a success", () => {
    const saved = buildSaveCard({ ...endPhase, total: 7 }, owner);
    expect(saved.verdict?.success).toBe(true);
    expect(saved.consequence?.key).toBe("TEMPO.CHAT.Save.EffectEnds");
    expect(saved.buttons).toEqual([]);
    expect(buildSaveCard({ ...endPhase, total: 6 }, owner).consequence?.key).toBe("TEMPO.CHAT.Save.EffectContinues");
    expect(buildSaveCard({ ...endPhase, total: 9, endPhaseKind: "sustains" }, owner).consequence?.key).toBe(
      "TEMPO.CHAT.Save.EffectContinues",
    );
    expect(buildSaveCard({ ...endPhase, total: 13 }, owner).error?.key).toBe("TEMPO.ERRORS.Conditions.InvalidRoll");
  });

  it("CNT-11: the ongoing save card cites CNT-11, rolls 1d20 against 10 at 55%, and ends the effect on 10", () => {
    const ongoing: SaveCardInput = { ...endPhase, kind: "ongoing", formula: "2d6", target: 7 };
    const before = buildSaveCard(ongoing, { ...owner, showOdds: true });
    // The rules' save, whatever the card's own numbers say.
    expect([before.rule, before.formula, before.target]).toEqual(["CNT-11", "1d20", 10]);
    expect(before.odds?.[0]?.label.data?.percent).toBe("55.0");
    expect(buildSaveCard({ ...ongoing, total: 10 }, owner).consequence?.key).toBe("TEMPO.CHAT.Save.EffectEnds");
    expect(buildSaveCard({ ...ongoing, total: 9 }, owner).consequence?.key).toBe("TEMPO.CHAT.Save.EffectContinues");
    expect(buildSaveCard({ ...ongoing, total: 21 }, owner).error?.key).toBe("TEMPO.ERRORS.Conditions.InvalidD20");
  });

  it("CNT-14 (ruling): a rolled death save shows the tally; the third failure says the creature dies", () => {
    const death: SaveCardInput = { ...endPhase, kind: "death", effect: null, formula: "1d20", target: 10 };
    const dying = buildSaveCard(
      { ...death, total: 4, deathSaves: { successes: 1, failures: 2, state: "dying" } },
      owner,
    );
    expect(dying.consequence?.key).toBe("TEMPO.CHAT.Save.DeathFailure");
    expect(dying.tally).toEqual({ key: "TEMPO.CHAT.Save.DeathTally", data: { successes: 1, failures: 2 } });
    const dead = buildSaveCard({ ...death, total: 4, deathSaves: { successes: 1, failures: 3, state: "dead" } }, owner);
    expect(dead.consequence?.key).toBe("TEMPO.CHAT.Save.DeathDead");
    const stable = buildSaveCard(
      { ...death, total: 15, deathSaves: { successes: 3, failures: 0, state: "stable" } },
      owner,
    );
    expect(stable.consequence?.key).toBe("TEMPO.CHAT.Save.DeathStable");
    expect(buildSaveCard(death, owner).tally).toBeNull();
  });

  it("SEG-10: a failed concentration check while casting loses the spell; a success keeps it", () => {
    const check: SaveCardInput = {
      ...endPhase,
      kind: "concentration",
      formula: "1d20",
      target: 10,
      concentration: "casting",
    };
    const chance = chanceAtLeast("1d20", 10);
    expect(chance.ok && buildSaveCard(check, gm).odds?.[0]?.exact).toBe(chance.ok ? chance.value : -1);
    expect(buildSaveCard({ ...check, total: 4 }, gm).consequence?.key).toBe("TEMPO.CHAT.Save.CastingFailed");
    expect(buildSaveCard({ ...check, total: 14 }, gm).consequence?.key).toBe("TEMPO.CHAT.Save.ConcentrationKept");
    expect(buildSaveCard({ ...check, concentration: "maintaining", total: 4 }, gm).consequence?.key).toBe(
      "TEMPO.CHAT.Save.EffectEnds",
    );
  });

  it("CNT-14: a death save states success or failure in words", () => {
    const death: SaveCardInput = { ...endPhase, kind: "death", effect: null, formula: "1d20", target: 10, total: 3 };
    const built = buildSaveCard(death, gm);
    expect(built.rule).toBe("CNT-14");
    expect(built.verdict).toMatchObject({ success: false, label: "TEMPO.CHAT.Save.Failure", icon: "✘" });
  });
});

describe("pending and initiative cards", () => {
  const pending = {
    combatId: "c1",
    combatantId: "b",
    name: "Brute",
    entryKey: "pending:a1",
    detail: { key: "TEMPO.COMBAT.Count.Pending.Attack" as const, data: { attack: 1, attacks: 2 } },
    position: { key: "TEMPO.COMBAT.Count.Position" as const, data: { count: 7 } },
    rule: "CNT-6",
    resolved: false,
  };

  it("CNT-6: the owner and the GM may resolve a due action; anyone may find its row", () => {
    expect(buildPendingCard(pending, owner).buttons.map((b) => b.action)).toEqual(["resolve", "openRow"]);
    expect(buildPendingCard(pending, stranger).buttons.map((b) => b.action)).toEqual(["openRow"]);
    expect(buildPendingCard({ ...pending, resolved: true }, gm).buttons.map((b) => b.action)).toEqual(["openRow"]);
  });

  it("the initiative summary keeps the rolled order", () => {
    const lines = [
      { name: "B", reason: "TEMPO.COMBAT.Count.RollReason.Initiative" as const, formula: "1d20", total: 3 },
      { name: "A", reason: "TEMPO.COMBAT.Count.RollReason.Initiative" as const, formula: "1d20", total: 17 },
    ];
    expect(buildInitiativeCard({ lines, private: true })).toEqual({ lines, private: true, count: 2 });
  });

  it("a batch of 300 is stored as a table and shows every creature's formula and total, in order", () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({
      name: `Goblin ${i}`,
      reason: "TEMPO.COMBAT.Standard.InitiativeRoll" as const,
      formula: `1d20 + ${i % 4}`,
      total: 1 + (i % 20) + (i % 4),
    }));
    const table = compactInitiativeLines(lines);
    expect(table.reasons).toHaveLength(1);
    expect(table.formulas).toHaveLength(4);
    expect(buildInitiativeCard({ table, private: false })).toEqual({ lines, private: false, count: 300 });
    // Issue 17: about 20 B per creature beside its name, not a whole line of keys.
    expect(JSON.stringify(table).length).toBeLessThan(300 * 24);
  });
});
