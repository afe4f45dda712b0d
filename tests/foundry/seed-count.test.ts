/**
 * The worked examples of seeds/000-count-up-initiative.txt (RULES §1), played through the Foundry layer on the
 * runtime model as a GM and players play them: creatures from actors' sheets (the system's own compendium
 * weapons where the seed names one), the tracker's Begin, Roll all and Next, the sheet's Attack and Cast through
 * the attack dialog, the row's React… form, pending cards resolved, damage cards applied. Every number the seed
 * states is checked where a user sees it: the tracker's counts, the dialog's text, the cards' dice and the
 * creatures' hit points. Dice are scripted totals (each d20 card's die is the total less the formula's constant).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installGmTable } from "../support/seed-table.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { ownedItem } from "../support/owned-items.ts";
import { packSources } from "../packs/pack-sources.ts";
import { countCreature, countTable, hp, inputOf, landedOn, postedSince } from "../support/count-table.ts";
import { countHands } from "../support/count-hands.ts";
import { copyOn } from "../support/client-combats.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const { world, chat, targeting, dialogs } = await installGmTable(1000);
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { declareOnCount } = await import("../../src/foundry/chat/count-declare-use.ts");

type Obj = Record<string, unknown>;
const { packWeapon, rollsSince, attack, resolve, apply } = await countHands({ world, chat, targeting, dialogs });
const weapons = packSources("packs/weapons");

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("seed 000: initiative and the flow of a round", () => {
  it("CNT-1, CNT-2: seed: each creature rolls 1d20 and subtracts the higher of its INT and DEX modifiers; the lower count acts first", async () => {
    const sage = await countCreature(world, "Sage", { abilities: { int: 3, dex: 1 } });
    const scout = await countCreature(world, "Scout", { abilities: { int: 0, dex: 2 } });
    const from = chat.messages.length;
    const t = await countTable(world, [sage, scout], [9, 7]);
    expect(rollsSince(from).sort()).toEqual(["1d20 - 2: 9", "1d20 - 3: 12"]);
    expect(t.combat.turns.map((c) => [c.name, c.initiative])).toEqual([
      ["Scout", 7],
      ["Sage", 9],
    ]);
  });

  it("CNT-3, CNT-13: seed: the round counts up to 19, then a new round starts at 0; a creature that spent no action has its count reduced by its bonus until 0", async () => {
    const idle = await countCreature(world, "Idle", { abilities: { int: 3 } });
    const busy = await countCreature(world, "Busy", {});
    const t = await countTable(world, [idle, busy], [2, 19]);
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      const acting = t.combat.combatant?.name;
      seen.push(acting === undefined ? `${t.combat.round}: end step` : `${t.combat.round}: ${t.count()} ${acting}`);
      // Busy spends its action every round (another action, declared by hand from the tracker); Idle never does.
      if (acting === "Busy") {
        dialogs.answers.push({ fields: { kind: "other", delay: "0" } });
        expect(await declareOnCount(t.combat, t.id("Busy"))).toBe(true);
      }
      await t.next();
    }
    // Idle's count 2 less its bonus 3 stops at 0; Busy keeps 19.
    expect(seen).toEqual([
      "1: 2 Idle",
      "1: 19 Busy",
      "1: end step",
      "2: 0 Idle",
      "2: 19 Busy",
      "2: end step",
      "3: 0 Idle",
    ]);
  });

  it("CNT-4: seed: a result of 0 or below has surprise: it acts in a surprise round on count 20 − its bonus (its initiative on every client), alone, then is tracked as 0", async () => {
    const ambusher = await countCreature(world, "Ambusher", { abilities: { int: 3 } });
    const guard = await countCreature(world, "Guard", {});
    world.addUser("watcher").active = true; // a player's client beside the GM's
    const from = chat.messages.length;
    const t = await countTable(world, [ambusher, guard], [-1, 10]);
    expect(rollsSince(from).sort()).toEqual(["1d20 - 3: 2", "1d20: 10"]); // 2 − 3 = −1
    expect(t.track().slice(0, 2)).toEqual(["TEMPO.COMBAT.Track.SurpriseRound {}", "17 Ambusher"]);
    expect(t.combat.combatant?.name).toBe("Ambusher");
    // Every client's combatant shows the count it acts on (17), not its tracked 0; the Guard shows its count.
    const shown = world.runtime.network.connectedClients.map((client) =>
      copyOn(client, t.combat.id ?? "").turns.map((c) => `${c.name} ${String(c.initiative)}`),
    );
    expect(shown.length).toBeGreaterThan(1);
    for (const turns of shown) expect(turns).toEqual(["Ambusher 17", "Guard 10"]);
    await t.next(); // the Guard takes no turn in the surprise round
    expect(t.combat.combatant).toBeUndefined();
    await t.next();
    expect(t.track()).toEqual(['TEMPO.COMBAT.Track.Round {"round":1}', "0 Ambusher", "10 Guard"]);
    expect([t.combat.round, t.combat.combatant?.name, t.count()]).toEqual([1, "Ambusher", 0]);
  });

  it("CNT-5: seed: two creatures on the same count contest with their initiative bonus; the higher acts first, for the rest of the encounter", async () => {
    const ada = await countCreature(world, "Ada", { abilities: { dex: 2 } });
    const bo = await countCreature(world, "Bo", {});
    const from = chat.messages.length;
    // Both on count 8; the contest: Ada 7 + 2 = 9, Bo 15.
    const t = await countTable(world, [ada, bo], [8, 8, 9, 15]);
    expect(rollsSince(from)).toEqual(["1d20 - 2: 10", "1d20: 8", "1d20 + 2: 7", "1d20: 15"]);
    expect(t.combat.turns.map((c) => `${c.initiative} ${c.name}`)).toEqual(["8 Bo", "8 Ada"]);
    // Both spend their action each round (CNT-13 would lower Ada's count), and no contest is rolled again.
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const acting = t.combat.combatant?.name;
      if (acting !== undefined) {
        order.push(`${t.combat.round}: ${acting}`);
        dialogs.answers.push({ fields: { kind: "other", delay: "0" } });
        expect(await declareOnCount(t.combat, t.id(acting))).toBe(true);
      }
      await t.next();
    }
    expect(order).toEqual(["1: Bo", "1: Ada", "2: Bo", "2: Ada"]);
    expect(rollsSince(from)).toHaveLength(4);
  });
});

describe("seed 000: weapon delays and the Great weapons", () => {
  it("CNT-7: seed: a Heavy or Thrown weapon's attack is delayed 2 counts, a Great weapon's 3; the pending card comes on that count and Resolve rolls the weapon", async () => {
    const str = { abilities: { str: 2 }, primaryAbility: "str" };
    const hal = await countCreature(world, "Hal", str);
    const jav = await countCreature(world, "Jav", str);
    const gra = await countCreature(world, "Gra", str);
    const ogre = await countCreature(world, "Ogre", { defenses: { ac: 12 } }, "npc");
    const items = {
      Hal: await packWeapon(hal, "Halberd"),
      Jav: await packWeapon(jav, "Javelin"),
      Gra: await packWeapon(gra, "Greataxe"),
    };
    const t = await countTable(world, [hal, jav, gra, ogre], [4, 5, 6, 19]);
    const from = chat.messages.length;
    for (const [name, actor] of [
      ["Hal", hal],
      ["Jav", jav],
      ["Gra", gra],
    ] as const) {
      await t.untilActing(name);
      expect(await attack(actor, items[name], [ogre])).toBe(true);
      const delay = name === "Gra" ? 3 : 2;
      expect(dialogs.prompts.at(-1)?.content).toContain(
        `Declared on count ${t.count()}, lands on count ${(t.count() ?? 0) + delay}.`,
      );
      expect(t.pendingCounts(name)).toEqual([(t.count() ?? 0) + delay]);
    }
    await t.untilActing("Ogre");
    const cards = postedSince(chat, from, "pending");
    expect(cards.map((c) => [inputOf(c).name, landedOn(c)])).toEqual([
      ["Hal", 6],
      ["Jav", 7],
      ["Gra", 9],
    ]);
    // The Greataxe's card: d20 15 + STR 2 = 17 hits AC 12; its 1d12 deals 9.
    const rolled = await resolve(cards[2], [15, 9]);
    expect(rolled.map((m) => [m.type, inputOf(m).weapon ?? inputOf(m).formula])).toEqual([
      ["attack", "Greataxe"],
      ["damage", "1d12"],
    ]);
    await apply(rolled[1], ogre);
    expect(hp(ogre)).toBe(51);
  });

  it("CNT-7: seed: two Heavy attacks declared on count 4 land on 6 and 8; each card rolls one attack and both hits are applied", async () => {
    const fenn = await countCreature(world, "Fenn", { abilities: { str: 2 }, primaryAbility: "str" });
    const ogre = await countCreature(world, "Ogre", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, ogre], [4, 19]);
    // Two attacks were Fenn's last choice on this client: the dialog opens with them and shows where they land.
    await game.settings.set("tempo", "attackChoices", { [fenn.uuid]: { attacks: 2 } });
    const from = chat.messages.length;
    expect(await attack(fenn, warhammer, [ogre])).toBe(true);
    expect(dialogs.prompts.at(-1)?.content).toContain("Declared on count 4, lands on count 6, 8.");
    expect(t.pendingCounts("Fenn")).toEqual([6, 8]);
    await t.untilActing("Ogre");
    const cards = postedSince(chat, from, "pending");
    expect(cards.map(landedOn)).toEqual([6, 8]);
    for (const [i, card] of cards.entries()) {
      const rolled = await resolve(card, [14, 5 + i]);
      expect(rolled.map((m) => [m.type, inputOf(m).formula ?? null])).toEqual([
        ["attack", null],
        ["damage", "1d10"],
      ]);
      await apply(rolled[1], ogre);
    }
    expect(hp(ogre)).toBe(60 - 5 - 6);
  });

  it("CNT-16: seed: the Great weapons of the compendium: Greataxe 1d12, Greatsword 2d6, Maul 2d6, Greatbow 1d12, each rolling its die", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const brute = await countCreature(world, "Brute", { abilities: { str: 1 }, primaryAbility: "str" });
    const post = await countCreature(world, "Post", { defenses: { ac: 5 } }, "npc");
    const rolled: string[] = [];
    for (const name of ["Greataxe", "Greatsword", "Maul", "Greatbow"]) {
      const item = await packWeapon(brute, name);
      expect((item.system as unknown as { properties: { great: boolean } }).properties.great).toBe(true);
      world.scriptedTotals.push(12, 7);
      const from = chat.messages.length;
      expect(await attack(brute, item, [post])).toBe(true);
      const damage = postedSince(chat, from, "damage")[0];
      rolled.push(`${name} ${String(inputOf(damage).formula)}`);
    }
    expect(rolled).toEqual(["Greataxe 1d12", "Greatsword 2d6", "Maul 2d6", "Greatbow 1d12"]);
  });
});

describe("seed 000: the feats", () => {
  it("FEAT-CHARGED, CNT-15: seed: a Maul charged by a wielder with +8 STR waits 8 counts and rolls 8 × 2d6 = 16d6; its damage is applied", async () => {
    const brann = await countCreature(world, "Brann", { abilities: { str: 8 }, primaryAbility: "str" });
    const ogre = await countCreature(world, "Ogre", { defenses: { ac: 12 } }, "npc");
    const maul = await packWeapon(brann, "Maul");
    await ownedItem(world, brann, "Charged Attack", "feat", { feat: "chargedAttack" });
    const t = await countTable(world, [brann, ogre], [4, 19]);
    const from = chat.messages.length;
    expect(await attack(brann, maul, [ogre], { charged: "on" })).toBe(true);
    expect(dialogs.prompts.at(-1)?.content).toContain("Charged attack (16d6, delay 8)");
    expect(t.pendingCounts("Brann")).toEqual([12]);
    await t.untilActing("Ogre");
    const [card] = postedSince(chat, from, "pending");
    expect(landedOn(card)).toBe(12);
    const rolled = await resolve(card, [10, 56]);
    expect(rolled.map((m) => [m.type, inputOf(m).formula ?? null])).toEqual([
      ["attack", null],
      ["damage", "16d6"],
    ]);
    expect(rollsSince(from).at(-1)).toMatch(/^16d6: (\d,){15}\d$/);
    await apply(rolled[1], ogre);
    expect(hp(ogre)).toBe(4);
  });

  it("CNT-15, FEAT-CHARGED: seed: the damage dice table, one level up for every 2 counts charged: 1d4 → 1d6 → 1d8 → 1d10 → 1d12 → 2d6 → 2d8 → 2d10 → 2d12, then the dice times the modifier", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const smith = await countCreature(world, "Smith", { abilities: { str: 2 }, primaryAbility: "str" });
    await ownedItem(world, smith, "Charged Attack", "feat", { feat: "chargedAttack" });
    const post = await countCreature(world, "Post", {}, "npc");
    const ladder = ["1d4", "1d6", "1d8", "1d10", "1d12", "2d6", "2d8", "2d10", "2d12"];
    const offered: string[] = [];
    for (const die of ladder) {
      const source = weapons.find(({ doc }) => doc.name === "Warhammer")?.doc.system as Obj;
      const item = await ownedItem(world, smith, `Hammer ${die}`, "weapon", { ...source, damage: die });
      targeting.target(world.gm, [post]);
      dialogs.answers.push("close");
      expect(await useSheetItem(smith as unknown as Actor.Implementation, item.id ?? "")).toBe(false);
      const label = /Charged attack \((\w+), delay (\d+)\)/.exec(dialogs.prompts.at(-1)?.content ?? "");
      offered.push(`${die} → ${label?.[1] ?? "?"} (delay ${label?.[2] ?? "?"})`);
    }
    // STR +2: delay 2, one level up; 2d12 (level 9) goes to level 10: its dice times the modifier, 4d12.
    expect(offered).toEqual([
      "1d4 → 1d6 (delay 2)",
      "1d6 → 1d8 (delay 2)",
      "1d8 → 1d10 (delay 2)",
      "1d10 → 1d12 (delay 2)",
      "1d12 → 2d6 (delay 2)",
      "2d6 → 2d8 (delay 2)",
      "2d8 → 2d10 (delay 2)",
      "2d10 → 2d12 (delay 2)",
      "2d12 → 4d12 (delay 2)",
    ]);
  });

  it("FEAT-CHARGED: seed: only every full 2 counts of the delay raise the die: a Javelin at +5 DEX waits 5 and rolls 1d6 two levels up, 1d10", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const kit = await countCreature(world, "Kit", { abilities: { dex: 5 }, primaryAbility: "dex" });
    await ownedItem(world, kit, "Charged Attack", "feat", { feat: "chargedAttack" });
    const post = await countCreature(world, "Post", {}, "npc");
    const javelin = await packWeapon(kit, "Javelin");
    targeting.target(world.gm, [post]);
    dialogs.answers.push("close");
    await useSheetItem(kit as unknown as Actor.Implementation, javelin.id ?? "");
    expect(dialogs.prompts.at(-1)?.content).toContain("Charged attack (1d10, delay 5)");
  });

  it("FEAT-VERSATILE: seed: a Longsword in two hands is Heavy (delay 2) and one die level up, 1d10", async () => {
    const vera = await countCreature(world, "Vera", { abilities: { str: 2 }, primaryAbility: "str" });
    const ogre = await countCreature(world, "Ogre", { defenses: { ac: 12 } }, "npc");
    const longsword = await packWeapon(vera, "Longsword");
    await ownedItem(world, vera, "Versatile Master", "feat", { feat: "versatileMaster" });
    const t = await countTable(world, [vera, ogre], [4, 19]);
    const from = chat.messages.length;
    expect(await attack(vera, longsword, [ogre], { twoHanded: "two" })).toBe(true);
    expect(t.pendingCounts("Vera")).toEqual([6]);
    await t.untilActing("Ogre");
    const rolled = await resolve(postedSince(chat, from, "pending")[0], [14, 8]);
    expect(rolled.map((m) => [m.type, inputOf(m).formula ?? null])).toEqual([
      ["attack", null],
      ["damage", "1d10"],
    ]);
    await apply(rolled[1], ogre);
    expect(hp(ogre)).toBe(52);
  });
});

describe("seed 000: spells", () => {
  it("CNT-8, CNT-9: seed: a spell lands as many counts after it is cast as its slot level, cantrip 0 to 10th 10; past 19 it lands in the next round (18 + 5 on count 3)", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const post = await countCreature(world, "Post", {}, "npc");
    const casters: { actor: ActorModel; spell: { id: string | null; type: string } }[] = [];
    for (let level = 0; level <= 10; level++) {
      const actor = await countCreature(world, `Mage ${level}`);
      const spell = await ownedItem(world, actor, `Level ${level}`, "spell", {
        ...ITEM_DEFAULTS.spell,
        damage: "1d6",
        slotLevel: level,
      });
      casters.push({ actor, spell });
    }
    const wren = await countCreature(world, "Wren");
    const fifth = await ownedItem(world, wren, "Fifth", "spell", {
      ...ITEM_DEFAULTS.spell,
      damage: "2d6",
      slotLevel: 5,
    });
    // Mage L acts on count L + 1; Wren on 18; the Post on 19.
    const t = await countTable(
      world,
      [...casters.map((c) => c.actor), wren, post],
      [...casters.map((_, level) => level + 1), 18, 19],
    );
    const from = chat.messages.length;
    for (const { actor, spell } of [...casters, { actor: wren, spell: fifth }]) {
      await t.untilActing(actor.name);
      expect(await attack(actor, spell, [post])).toBe(true);
    }
    for (let i = 0; i < 10 && !(t.combat.round === 2 && (t.count() ?? 0) > 3); i++) await t.next();
    const landed = postedSince(chat, from, "pending").map((card) => {
      const detail = inputOf(card).detail as { data: { level: number } };
      return `${inputOf(card).name} level ${detail.data.level}: ${inputOf(card).rule} count ${landedOn(card)}`;
    });
    expect(landed).toEqual([
      ...casters.slice(0, 10).map((_, level) => `Mage ${level} level ${level}: CNT-6 count ${2 * level + 1}`),
      "Mage 10 level 10: CNT-9 count 1",
      "Wren level 5: CNT-9 count 3",
    ]);
    // Wren's card rolls the spell's 2d6 on the Post; the GM applies it.
    const card = postedSince(chat, from, "pending").find((c) => inputOf(c).name === "Wren");
    const rolled = await resolve(card, [9]);
    expect(rolled.map((m) => [m.type, inputOf(m).target, inputOf(m).formula])).toEqual([["damage", "Post", "2d6"]]);
    await apply(rolled[0], post);
    expect(hp(post)).toBe(51);
  });
});
