import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, type FeatKey, type WeaponStats } from "../../../src/engine/index.ts";
import { attackChoicesFromForm, buildAttackDialog } from "../../../src/view/chat/attack-dialog.ts";
import {
  DEFAULT_ATTACK_CHOICES,
  attackOptionsFor,
  choiceNotes,
  attackShape,
  settleChoices,
  type AttackerFacts,
} from "../../../src/view/chat/attack-options.ts";
import { buildAttackCard } from "../../../src/view/chat/attack-card.ts";
import { planWeaponAttack, type CreatureSnapshot } from "../../../src/view/chat/item-attack.ts";
import { actorStats } from "../../support/actor-stats.ts";
import { formatMessage } from "../../../src/view/handlebars/register-helpers.ts";
import { createLocalizer } from "../../../src/view/i18n/localizer.ts";
import { readText } from "../../support/source-files.ts";

const i18n = createLocalizer(JSON.parse(readText("lang/en.json")) as Record<string, never>);
const text = (m: Parameters<typeof formatMessage>[1]) => formatMessage(i18n, m);

const ALL_FEATS: ReadonlySet<FeatKey> = new Set(["cleave", "chargedAttack", "versatileMaster"]);
const weapon = (damage: string, flags: Partial<WeaponStats["properties"]>, over: Partial<WeaponStats> = {}) => ({
  ...ITEM_DEFAULTS.weapon,
  damage,
  properties: { ...ITEM_DEFAULTS.weapon.properties, ...flags },
  ...over,
});
const MAUL = weapon("2d6", { great: true });
const AXE = weapon("1d8", { heavy: true });
const LONGSWORD = weapon("1d8", { versatile: true });
const STR8: AttackerFacts = { primaryModifier: 8, ap: null, feats: ALL_FEATS };

describe("attack options: what the dialog offers per ruleset and weapon", () => {
  it("FEAT-CHARGED: a Maul at STR 8 rolls 16d6 and delays 8", () => {
    const options = attackOptionsFor("count", MAUL, STR8);
    expect(options.charge).toEqual({ oneHanded: { damage: "16d6", delay: 8 }, twoHanded: null });
    const choices = settleChoices(options, { charged: true, attacks: 3 });
    expect(choices).toMatchObject({ charged: true, attacks: 1 });
    expect(attackShape(options, MAUL, choices)).toMatchObject({ damage: "16d6", delay: 8, delays: [8] });
    const dialog = buildAttackDialog({
      actor: "Brann",
      weapon: "Maul",
      options,
      choices,
      shape: attackShape(options, MAUL, choices),
      targets: [],
      count: 4,
      showOdds: true,
    });
    const lines = dialog.preview.map(text);
    expect(lines).toContain("Damage: 16d6 per hit.");
    expect(lines).toContain("Declared on count 4, lands on count 12.");
  });

  it("FEAT-CHARGED: without the Charged Attack feat, or with a weapon that is not Heavy, Great or Thrown, no charge is offered", () => {
    expect(attackOptionsFor("count", MAUL, { ...STR8, feats: new Set() }).charge).toBeNull();
    expect(attackOptionsFor("count", LONGSWORD, { ...STR8, feats: new Set(["chargedAttack"]) }).charge).toBeNull();
    expect(attackOptionsFor("standard", MAUL, STR8).charge).toBeNull();
    // FEAT-VERSATILE: a weapon that is not Versatile is not offered two hands.
    expect(attackOptionsFor("count", MAUL, STR8).twoHands).toBeNull();
  });

  it("FEAT-CHARGED, FEAT-VERSATILE: a Versatile weapon charges only in two hands (as Heavy): 1d8 at STR 4 steps 1 + 2 levels to 2d6, delay 4", () => {
    const options = attackOptionsFor("count", LONGSWORD, { ...STR8, primaryModifier: 4 });
    expect(options.charge).toEqual({ oneHanded: null, twoHanded: { damage: "2d6", delay: 4 } });
    expect(settleChoices(options, { charged: true }).charged).toBe(false);
    const both = settleChoices(options, { charged: true, twoHanded: true });
    expect(both).toMatchObject({ charged: true, twoHanded: true, attacks: 1 });
    expect(attackShape(options, LONGSWORD, both)).toMatchObject({ damage: "2d6", delay: 4, delays: [4] });
  });

  it("CNT-7: two Heavy attacks declared on count 4 land on counts 6 and 8", () => {
    const options = attackOptionsFor("count", AXE, STR8);
    const choices = settleChoices(options, { attacks: 2 });
    const shape = attackShape(options, AXE, choices);
    expect(shape.delays).toEqual([2, 4]);
    const dialog = buildAttackDialog({
      actor: "A",
      weapon: "Axe",
      options,
      choices,
      shape,
      targets: [],
      count: 4,
      showOdds: true,
    });
    expect(dialog.preview.map(text)).toContain("Declared on count 4, lands on count 6, 8.");
    // CNT-9: past 19 the attack carries into the next round.
    const late = buildAttackDialog({
      actor: "A",
      weapon: "Axe",
      options,
      choices,
      shape,
      targets: [],
      count: 18,
      showOdds: true,
    });
    expect(late.preview.map(text)).toContain("Declared on count 18, lands on count 0*, 2* (* next round).");
  });

  it("FEAT-VERSATILE: a Versatile weapon in two hands steps 1d8 to 1d10 and delays 2 as Heavy (CNT-15, CNT-7)", () => {
    const options = attackOptionsFor("count", LONGSWORD, STR8);
    expect(options.base).toEqual({ damage: "1d8", delay: 0 });
    expect(options.twoHands).toEqual({ damage: "1d10", delay: 2 });
    const two = settleChoices(options, { twoHanded: true, attacks: 2 });
    expect(attackShape(options, LONGSWORD, two)).toMatchObject({
      damage: "1d10",
      delays: [2, 4],
      properties: ["versatile", "heavy"],
    });
    // FEAT-CLEAVE: the Versatile weapon cleaves only in two hands.
    expect(options.cleave).toEqual({ oneHanded: false, twoHanded: true });
    expect(settleChoices(options, { cleave: true }).cleave).toBe(false);
    expect(settleChoices(options, { cleave: true, twoHanded: true }).cleave).toBe(true);
  });

  it("FEAT-CLEAVE: a cleave is one attack; the dialog says one roll for every target", () => {
    const options = attackOptionsFor("count", AXE, STR8);
    const choices = settleChoices(options, { cleave: true, attacks: 4 });
    expect(choices).toMatchObject({ cleave: true, attacks: 1 });
    const shape = attackShape(options, AXE, choices);
    const targets = [
      { name: "Gob", hit: 0.5, critical: 0.05 },
      { name: "Orc", hit: 0.4, critical: 0.05 },
    ];
    const dialog = buildAttackDialog({
      actor: "A",
      weapon: "Axe",
      options,
      choices,
      shape,
      targets,
      count: null,
      showOdds: true,
    });
    expect(dialog.preview.map(text)).toEqual([
      "Damage: 1d8 per hit.",
      "Delay: 2 counts per attack, 1 attack(s).",
      "One attack roll and one damage roll for all 2 targets.",
      "Gob: 50.0% to hit, 5.0% critical.",
      "Orc: 40.0% to hit, 5.0% critical.",
    ]);
  });

  it("FEAT-CLEAVE, issue 20: with its cone placed as an area the dialog counts the creatures in the cone; with no GM to place it, the user's targets", () => {
    const options = attackOptionsFor("count", AXE, STR8);
    const choices = settleChoices(options, { cleave: true });
    const shape = attackShape(options, AXE, choices);
    const lines = (area: Parameters<typeof buildAttackDialog>[0]["area"], names: readonly string[], cleave = true) =>
      buildAttackDialog({
        actor: "A",
        weapon: "Axe",
        options,
        choices: cleave ? choices : settleChoices(options, {}),
        shape,
        targets: names.map((name) => ({ name, hit: 0.5, critical: 0 })),
        count: null,
        showOdds: true,
        area,
      })
        .preview.map(text)
        .slice(2); // after the damage and delay lines
    expect(lines({ kind: "cone", aim: "Gob" }, ["Gob", "Orc", "Imp"])).toEqual([
      "One attack roll and one damage roll for every creature in the cone aimed at Gob: 3 stand in it now. The cone is placed on the scene when you roll, and whoever stands in it then is attacked.",
      "Gob: 50.0% to hit.",
      "Orc: 50.0% to hit.",
      "Imp: 50.0% to hit.",
    ]);
    // Nobody else in the cone: no "no target chosen" line, the cone says it.
    expect(lines({ kind: "cone", aim: "Gob" }, [])).toEqual([
      "Nobody else stands in the cone aimed at Gob: nothing will be rolled.",
    ]);
    expect(lines({ kind: "unplaced" }, ["Gob"]).slice(0, 1)).toEqual([
      "No GM is connected to place the cone on the scene: one attack roll and one damage roll for your 1 targets.",
    ]);
    const reason = { key: "TEMPO.ERRORS.Area.NoDirection" } as const;
    expect(lines({ kind: "refused", reason }, ["Gob"]).slice(0, 1)).toEqual([
      "The area cannot point at the creature's own space: aim it at another creature.",
    ]);
    // Cleave not ticked: the area says nothing.
    expect(lines({ kind: "cone", aim: "Gob" }, ["Gob"], false)).toEqual(["Gob: 50.0% to hit."]);
  });

  it("AP-1: rotation offers 1 … floor(AP ÷ cost) swings (fewer may be chosen), flankers and a modifier; nothing of count's", () => {
    const rapier = weapon("1d6", { heavy: true }, { apCost: 10 });
    const options = attackOptionsFor("rotation", rapier, { primaryModifier: 2, ap: 80, feats: ALL_FEATS });
    expect(options).toMatchObject({ swings: { max: 8 }, flanking: true, attacks: null, charge: null, cleave: null });
    expect(settleChoices(options, {}).swings).toBe(8);
    expect(settleChoices(options, { swings: 3 }).swings).toBe(3);
    const dialog = buildAttackDialog({
      actor: "A",
      weapon: "Rapier",
      options,
      choices: settleChoices(options, { swings: 3 }),
      shape: attackShape(options, rapier, settleChoices(options, { swings: 3 })),
      targets: [],
      count: null,
      showOdds: true,
    });
    expect(dialog.fields.map((f) => f.name)).toEqual(["swings", "flankers", "modifier"]);
    const three = settleChoices(options, { swings: 3, modifier: -2 });
    expect(choiceNotes(options, three, attackShape(options, rapier, three)).map(text)).toEqual([
      "3 of 8 swings chosen (AP-1).",
      "Situational modifier -2.",
    ]);
    expect(dialog.fields.map((f) => f.autofocus)).toEqual([true, false, false]);
    // AP-2: a constant-damage weapon has no swings to choose.
    expect(attackOptionsFor("rotation", weapon("1d6", {}, { constantDamage: true }), STR8).swings).toBeNull();
  });

  it("ADV-3: phase offers sources of advantage and disadvantage; other rulesets only the modifier", () => {
    expect(attackOptionsFor("phase", AXE, STR8).sources).toBe(true);
    const standard = buildAttackDialog({
      actor: "A",
      weapon: "Axe",
      options: attackOptionsFor("standard", AXE, STR8),
      choices: DEFAULT_ATTACK_CHOICES,
      shape: attackShape(attackOptionsFor("standard", AXE, STR8), AXE, DEFAULT_ATTACK_CHOICES),
      targets: [],
      count: null,
      showOdds: true,
    });
    expect(standard.fields.map((f) => f.name)).toEqual(["modifier"]);
  });

  it("settled choices offer nothing the ruleset and weapon do not allow, and settling them again changes nothing", () => {
    const rulesets = ["count", "standard", "phase", "segment", "rotation"] as const;
    const weapons = [MAUL, AXE, LONGSWORD, weapon("1d6", { thrown: true }, { apCost: 10 })];
    const anything = fc.oneof(fc.integer({ min: -30, max: 30 }), fc.boolean(), fc.constant(null), fc.string());
    const wanted = fc.record(
      Object.fromEntries(Object.keys(DEFAULT_ATTACK_CHOICES).map((k) => [k, anything])) as Record<
        keyof typeof DEFAULT_ATTACK_CHOICES,
        typeof anything
      >,
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...rulesets), fc.constantFrom(...weapons), wanted, (ruleset, w, raw) => {
        const options = attackOptionsFor(ruleset, w, { primaryModifier: 3, ap: 40, feats: ALL_FEATS });
        const c = settleChoices(options, raw);
        expect(settleChoices(options, c)).toEqual(c);
        if (options.charge === null) expect(c.charged).toBe(false);
        if (options.twoHands === null) expect(c.twoHanded).toBe(false);
        if (options.cleave === null) expect(c.cleave).toBe(false);
        if (c.charged || c.cleave) expect(c.attacks).toBe(1);
        expect(c.attacks).toBeLessThanOrEqual(options.attacks?.max ?? 1);
        expect(attackShape(options, w, c).delays).toHaveLength(c.charged ? 1 : c.attacks);
      }),
      { numRuns: 200 },
    );
  });

  it("a form is read back into settled choices; a typo or an out-of-range number is refused", () => {
    const options = attackOptionsFor("count", AXE, STR8);
    expect(attackChoicesFromForm(options, { attacks: "2", modifier: "-1" })).toEqual({
      ok: true,
      value: { ...DEFAULT_ATTACK_CHOICES, attacks: 2, modifier: -1 },
    });
    expect(attackChoicesFromForm(options, { attacks: "two" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ATTACK.Dialog.NotWhole" },
    });
    expect(attackChoicesFromForm(options, { attacks: "9" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ATTACK.Dialog.OutOfRange" },
    });
    // A charge is one attack whatever the count field says.
    expect(attackChoicesFromForm(options, { attacks: "3", charged: "on" })).toMatchObject({
      ok: true,
      value: { charged: true, attacks: 1 },
    });
  });
});

function creature(name: string, over: Parameters<typeof actorStats>[0] = {}, aac0: number | null = null) {
  const stats = actorStats(over);
  const descendingAc = stats.defenses.descendingAc;
  return {
    name,
    stats,
    aac0,
    descendingAc,
    conditions: new Set(),
    isPlayer: stats.side === "pc",
  } satisfies CreatureSnapshot;
}

describe("attack odds before the roll: the plan's odds are the card's", () => {
  it("ATK-ROT-5: three flankers take 4 off the target's Dodge and Armor, and the odds say so", () => {
    const attacker = creature("Vex", { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }] });
    const target = creature("Raider", { defenses: { dodge: 15, armor: 12 }, side: "enemy" });
    const base = { ruleset: "rotation" as const, attacker, target, phaseExtra: null };
    const w = { name: "Blade", stats: weapon("1d6", {}, { group: "blades" }) };
    const alone = planWeaponAttack({ ...base, weapon: w });
    const three = planWeaponAttack({
      ...base,
      weapon: w,
      situation: { modifier: 0, flankers: 3, advantage: 0, disadvantage: 0 },
    });
    if (!alone.ok || !three.ok) throw new Error("plan refused");
    // d20 + 5 against Dodge 15 (the higher), then 11: 11 and 15 more faces hit (ties to the player? the attacker is not one).
    expect(three.value.odds.hit - alone.value.odds.hit).toBeCloseTo(4 / 20, 12);
    const card = buildAttackCard(three.value.resolve([10]), { isGM: true, owns: true, showOdds: true });
    expect(card.notes.map(text)).toContain("Flanked by 3 enemies: −4 Dodge and Armor.");
    expect(card.odds?.[0]?.exact).toBeCloseTo(three.value.odds.hit, 12);
  });

  it("ADV-1, ADV-3: a source of advantage chosen in the dialog adds a step die; one of each cancels out", () => {
    const attacker = creature("Vex", { atk: 3 });
    const target = creature("Raider", { defenses: { def: 10 } });
    const base = {
      ruleset: "phase" as const,
      attacker,
      target,
      phaseExtra: null,
      weapon: { name: "Blade", stats: AXE },
    };
    const odds = (advantage: number, disadvantage: number) => {
      const plan = planWeaponAttack({ ...base, situation: { modifier: 0, flankers: 1, advantage, disadvantage } });
      if (!plan.ok) throw new Error(plan.error.key);
      return plan.value;
    };
    expect(odds(0, 0).dice).toEqual(["1d6", "1d6"]);
    expect(odds(1, 0).dice).toHaveLength(3);
    expect(odds(1, 0).odds.hit).toBeGreaterThan(odds(0, 0).odds.hit);
    expect(odds(1, 1).odds.hit).toBeCloseTo(odds(0, 0).odds.hit, 12);
  });

  it("SEG-12: needing 20 against AC −1, a +2 modifier hits on 18 or better (15%)", () => {
    const plan = planWeaponAttack({
      ruleset: "segment",
      attacker: creature("Ogre", {}, 19),
      target: creature("Knight", { defenses: { descendingAc: -1 } }),
      weapon: { name: "Club", stats: weapon("1d6", {}) },
      phaseExtra: null,
      situation: { modifier: 2, flankers: 1, advantage: 0, disadvantage: 0 },
    });
    if (!plan.ok) throw new Error("plan refused");
    expect(plan.value.odds.hit).toBeCloseTo(3 / 20, 12);
    const card = buildAttackCard(plan.value.resolve([18]), { isGM: true, owns: true, showOdds: true });
    expect(card.verdict?.success).toBe(true);
    expect(buildAttackCard(plan.value.resolve([17]), { isGM: true, owns: true, showOdds: true }).verdict?.success).toBe(
      false,
    );
  });
});
