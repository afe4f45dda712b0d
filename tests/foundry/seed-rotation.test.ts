/**
 * Seed 004 (rotations, AP, DR, overshields) played through the Foundry layer on the runtime model: every
 * worked example the seed states, from the tracker (initiative, rotations, the planning phase), the sheet
 * (its action buttons; an item's Attack/Cast, the attack dialog answered as the user), the chat cards and
 * the GM's Apply on the card, checked against the seed's own numbers. Dice are scripted totals. Outside a
 * combat the world's ruleset (rotation) rules the roll; in a combat the attack also spends its action.
 * Examples played elsewhere: on a drawn scene, attacks of opportunity (ROT-10, table-move-rotation.test.ts)
 * and sneaking (STL-1…STL-4, table-sneak-disengage.test.ts, scene-measures.test.ts); shared initiative and
 * enemy groups of 1–3 (ROT-4, ROT-5: combatant-groups.test.ts, encounter-drop.test.ts).
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RotationTask } from "../../src/engine/index.ts";
import { chatLog, type ChatMessageModel } from "../support/chat-log.ts";
import { installItemUuids } from "../support/attacks/rolled-cards.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installTargets } from "../support/targets.ts";
import { inputOf, rotationTable, type Tempo } from "../support/rotation-table.ts";
import { NO_SHIELD } from "../support/test-creature.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(204, { language: "en" });
afterAll(() => world.uninstall());
const chat = chatLog(world);
const targeting = installTargets(world);
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
installItemUuids();

await world.loadSystem();
world.callHook("init");
const r = await rotationTable(world, chat, targeting, dialogs);
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { rotationUseCommand } = await import("../../src/view/sheets/rotation-uses.ts");
const { rotationContest } = await import("../../src/foundry/chat/rotation-contest.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
const { buildAttackCard } = await import("../../src/view/chat/attack-card.ts");

type Cards = ChatMessageModel[] | null;
const kinds = (cards: Cards) => (cards ?? []).map((m) => m.type);
const damageOf = (cards: Cards) => (cards ?? []).find((m) => m.type === "damage");
/** The attack card as a GM reads it: its total and the notes the rules add. */
function attackRead(cards: Cards) {
  const card = buildAttackCard(inputOf(cards?.[0]) as never, { isGM: true, owns: true, showOdds: false });
  return { total: card.total, notes: card.notes.map((n) => n.key.replace("TEMPO.ATTACK.Note.", "")) };
}
const lastNotice = () => world.notices.at(-1)?.text ?? "";
const spend = (combat: Tempo, id: string, task: RotationTask) => sendSheetCommand(combat, rotationUseCommand(id, task));
const initiativeOf = (combat: Tempo, name: string) => combat.combatants.find((c) => c.name === name)?.initiative;
const blade = (extra: Record<string, unknown> = {}) => ({ name: "Blade", damage: "1d6", group: "blades", ...extra });
/** A weapon with an AP cost in the hands of a creature with `ap` AP. */
const apSystem = (ap: number) => ({ ap: { value: ap, max: ap } });

beforeEach(async () => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
  await game.settings.set("tempo", "ruleset", "rotation");
});

describe("seed 004: initiative, rotations and the planning phase (from the tracker)", () => {
  it("ROT-1, ROT-2: seed: d20 + modifiers (every creature starts at +0), highest first; tied, both reroll and the higher adds +0.5, the other keeps its roll", async () => {
    const ann = await r.creature("Ann", "character", { initiative: { modifier: 2 } });
    const bo = await r.creature("Bo", "npc");
    const cy = await r.creature("Cy", "npc");
    // Ann 10 + 2 and Bo 12 tie at 12, Cy makes 4; the reroll: Ann 5, Bo 17.
    const combat = await r.combatOf([ann, bo, cy], [12, 12, 4, 5, 17]);
    expect([initiativeOf(combat, "Bo"), initiativeOf(combat, "Ann"), initiativeOf(combat, "Cy")]).toEqual([
      12.5, 12, 4,
    ]);
    expect(combat.turns.map((c) => c.name)).toEqual(["Bo", "Ann", "Cy"]);
  });

  it("ROT-6: seed: no more than two player characters in a row (the world's setting): the next enemy moves up behind the second", async () => {
    await game.settings.set("tempo", "twoInARow", true);
    try {
      const pcs = [
        await r.creature("P1", "character"),
        await r.creature("P2", "character"),
        await r.creature("P3", "character"),
      ];
      const combat = await r.combatOf([...pcs, await r.creature("Orc", "npc")], [20, 19, 18, 5]);
      expect(combat.turns.map((c) => c.name)).toEqual(["P1", "P2", "Orc", "P3"]);
    } finally {
      await game.settings.set("tempo", "twoInARow", false);
    }
  });

  it("ROT-3, TIME-1: seed: a rotation (every creature's turn) is 6 seconds; 10 rotations make a minute", async () => {
    const combat = await r.combatOf([await r.creature("Ann", "character"), await r.creature("Bo", "npc")], [15, 5]);
    const start = world.worldTime;
    await combat.nextRound();
    await world.idle();
    expect(world.worldTime - start).toBe(6);
    for (let i = 1; i < 10; i++) await combat.nextRound();
    await world.idle();
    expect(world.worldTime - start).toBe(60);
  });

  it("ROT-7: seed: the side that started the encounter takes one swift action in the planning phase, which cannot be an attack", async () => {
    await game.settings.set("tempo", "planningPhase", true);
    try {
      const kael = await r.creature("Kael", "character");
      const ogre = await r.creature("Ogre", "npc");
      await game.settings.set("tempo", "ruleset", "rotation");
      const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
      const rows = [kael, ogre].map((a) => ({ name: a.name, actorId: a.id }));
      await (
        combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("Combatant", rows);
      await world.idle();
      // The GM says from the tracker that the enemies started it.
      const input = trackerInputOf(combat, game.user);
      const body = (input === null ? null : buildTrackerContext(input).body) as {
        rotation?: { initiator?: { choices: { command: string | null }[] } };
      } | null;
      await combat.tempoCommand(JSON.parse(String(body?.rotation?.initiator?.choices[1]?.command)) as never);
      world.scriptedTotals.push(14, 16);
      await combat.startCombat();
      await world.idle();
      await combat.rollAll();
      await world.idle();
      expect([combat.round, combat.combatant?.name]).toEqual([0, "Ogre"]);
      // An attack is refused before its dialog opens; the one Swift action is spent, a second is refused.
      expect(await r.use(ogre, "weapon", blade(), [kael], [])).toBeNull();
      expect(lastNotice()).toBe(game.i18n.format("TEMPO.ERRORS.Actions.NoAttackWhilePlanning", { task: "attack" }));
      dialogs.answers.length = 0;
      const ogreId = r.idOf(combat, "Ogre");
      expect(await spend(combat, ogreId, "switchWeapon")).toBe(true);
      expect(await spend(combat, ogreId, "step")).toBe(false);
      await combat.nextTurn();
      await world.idle();
      expect([combat.round, combat.combatant?.name]).toEqual([1, "Ogre"]);
    } finally {
      await game.settings.set("tempo", "planningPhase", false);
    }
  });
});

describe("seed 004: actions and AP (in a rotation combat, from the sheet)", () => {
  async function fight(ap: number) {
    const vex = await r.creature("Vex", "character", apSystem(ap));
    const raider = await r.creature("Raider", "npc", {
      hp: { value: 60, max: 60 },
      defenses: { dodge: 15, armor: 10 },
    });
    const combat = await r.combatOf([vex, raider], [20, 5]);
    return { combat, vex, raider, vexId: r.idOf(combat, "Vex") };
  }

  it("ACT-ROT: seed: 2 Full, 1 Swift, 1 Free and 1 Reaction a turn (a Full is two Swift, a Swift two Free); medium armor takes 2 Full actions, heavy armor the whole turn", async () => {
    const { combat, vexId } = await fight(80);
    expect(r.left(combat, vexId)).toMatchObject({ full: 2, swift: 5, free: 11, reaction: 1 });
    expect(await spend(combat, vexId, "heavyArmor")).toBe(true);
    expect(r.left(combat, vexId)).toMatchObject({ full: 0, swift: 0, free: 0, reaction: 1 });
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(await spend(combat, vexId, "mediumArmor")).toBe(true);
    expect(r.left(combat, vexId)).toMatchObject({ full: 0, swift: 1, free: 3 });
    expect(await spend(combat, vexId, "heavyArmor")).toBe(false);
    expect(lastNotice()).toBe(game.i18n.localize("TEMPO.ERRORS.Actions.NeedsWholeTurn"));
  });

  it("AP-1: seed: a d10 at AP cost 10 with 80 AP swings up to 8 times for 8 × d10 from one roll to hit; a miss takes the action, the second Full action attacks again; fewer swings may be chosen", async () => {
    const { combat, vex, raider, vexId } = await fight(80);
    const spear = blade({ name: "Spear", damage: "1d10", apCost: 10 });
    // 3 + 5 = 8 against Dodge 15: a miss; the Full action is gone, no damage card.
    expect(kinds(await r.use(vex, "weapon", spear, [raider], [3]))).toEqual(["attack"]);
    expect(r.left(combat, vexId).full).toBe(1);
    // 12 + 5 = 17: one roll to hit, then the 8 swings: 1 + 2 + … + 8 = 36.
    const hit = await r.use(vex, "weapon", spear, [raider], [12, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(kinds(hit)).toEqual(["attack", "damage"]);
    expect(inputOf(damageOf(hit)).swings).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await r.click(damageOf(hit), "apply", [raider])).toBeNull();
    expect(r.hpOf(raider)).toBe(60 - 36);
    expect(r.left(combat, vexId).full).toBe(0);
    // The next turn: 3 swings chosen of the 8.
    await combat.nextRound();
    await world.idle();
    const three = await r.use(vex, "weapon", spear, [raider], [12, 10, 10, 10], { swings: "3" });
    expect(inputOf(damageOf(three)).swings).toEqual([10, 10, 10]);
  });

  it("AP-2: seed: a constant-damage weapon has no AP cost; it damages its target every turn with one roll to hit a rotation", async () => {
    const { combat, vex, raider, vexId } = await fight(80);
    const flamer = blade({ name: "Flamer", damageKind: "fire", apCost: null, constantDamage: true });
    expect(kinds(await r.use(vex, "weapon", flamer, [raider], [15, 4]))).toEqual(["attack", "damage"]);
    expect(r.left(combat, vexId).full).toBe(1);
    expect(await r.use(vex, "weapon", flamer, [raider], [])).toBeNull();
    expect(lastNotice()).toBe(game.i18n.localize("TEMPO.ERRORS.Rotation.ConstantRolled"));
    dialogs.answers.length = 0;
    // The Raider's turn: the weapon's damage again, with no roll to hit.
    world.scriptedTotals.push(5);
    const before = chat.messages.length;
    await combat.nextTurn();
    await world.idle();
    expect(chat.messages.slice(before).map((m) => [m.type, inputOf(m).swings])).toEqual([["damage", [5]]]);
  });

  it("ROT-8, ROT-9, ROT-11: seed: grapple (a Full action: Vigor against Dexterity or Vigor), trip (a Swift action: Dexterity against Dexterity, higher wins), a 5 ft step and a weapon switch (Swift), disengage (Full)", async () => {
    const skills = (vigor: number, dexterity: number) => ({ sneak: 0, cognition: 0, intellect: 0, vigor, dexterity });
    const vex = await r.creature("Vex", "character", { skills: skills(4, 3) });
    const raider = await r.creature("Raider", "npc", { skills: skills(1, 2) });
    const combat = await r.combatOf([vex, raider], [20, 5]);
    const vexId = r.idOf(combat, "Vex");
    const self = vex as unknown as Actor.Implementation;
    world.scriptedTotals.push(10, 9); // 10 + 4 = 14 against 9 + 2 = 11: grappled
    expect(await rotationContest(self, "grapple", [raider as never])).toBe(true);
    await world.idle();
    world.scriptedTotals.push(15, 3); // 15 + 3 = 18 against 3 + 2 = 5: knocked down
    expect(await rotationContest(self, "trip", [raider as never])).toBe(true);
    await world.idle();
    expect([raider.statuses.has("grappled"), raider.statuses.has("knockedDown")]).toEqual([true, true]);
    expect(r.left(combat, vexId)).toMatchObject({ full: 1, swift: 2 });
    expect(await spend(combat, vexId, "step")).toBe(true);
    expect(await spend(combat, vexId, "switchWeapon")).toBe(true);
    expect(r.left(combat, vexId)).toMatchObject({ full: 0, swift: 0 });
    expect(await spend(combat, vexId, "disengage")).toBe(false);
    expect(lastNotice()).toBe(game.i18n.format("TEMPO.ERRORS.Rotation.NoFull", { id: vexId }));
  });
});

describe("seed 004: rolling to hit (the sheet's Attack, the attack card)", () => {
  const skill = (bonus: number, proficient: boolean) => ({ weaponSkills: [{ group: "blades", bonus, proficient }] });

  it("ATK-ROT-1: seed: d20 + skill bonus against Dodge or Armor (the higher); not proficient halves a positive bonus, a negative one counts in full", async () => {
    // Dodge 20 (the higher) stands against every roll of 10 here: each card reads the total the rules make.
    const raider = await r.creature("Raider", "npc", { defenses: { dodge: 20, armor: 9 } });
    const read = async (name: string, bonus: number, proficient: boolean) => {
      const attacker = await r.creature(name, "character", skill(bonus, proficient));
      return attackRead(await r.use(attacker, "weapon", blade(), [raider], [10]));
    };
    expect(await read("Pro", 5, true)).toMatchObject({ total: 15, notes: expect.arrayContaining(["AgainstDodge"]) });
    expect(await read("Novice", 5, false)).toMatchObject({
      total: 12,
      notes: expect.arrayContaining(["NotProficient"]),
    });
    expect((await read("Clumsy", -3, false)).total).toBe(7);
  });

  it("ATK-ROT-2: seed: the player wins ties; in PvP the defender wins", async () => {
    const vex = await r.creature("Vex", "character");
    const orc = await r.creature("Orc", "npc", { defenses: { dodge: 15, armor: 9 } });
    const ally = await r.creature("Ally", "character", { defenses: { dodge: 15, armor: 9 } });
    expect(kinds(await r.use(vex, "weapon", blade(), [orc], [10, 3]))).toEqual(["attack", "damage"]); // 15 = 15
    expect(kinds(await r.use(orc, "weapon", blade(), [ally], [10]))).toEqual(["attack"]);
    expect(kinds(await r.use(vex, "weapon", blade(), [ally], [10]))).toEqual(["attack"]);
  });

  it("ATK-ROT-3: seed: a natural 20 counts as 25 + bonuses and does not hit by itself; a natural 1 is a fumble the card names", async () => {
    const vex = await r.creature("Vex", "character");
    const wall = await r.creature("Wall", "npc", { defenses: { dodge: 31, armor: 31 } });
    const twenty = await r.use(vex, "weapon", blade(), [wall], [20]);
    expect([kinds(twenty), attackRead(twenty).total]).toEqual([["attack"], 30]);
    const one = await r.use(vex, "weapon", blade(), [await r.creature("Rat", "npc")], [1]);
    expect(attackRead(one).notes).toContain("Fumble");
  });

  it("ATK-ROT-4: seed: a roll above the critical threshold adds the weapon's maximum damage: the d10 rolls 4 and the card deals 14", async () => {
    const vex = await r.creature("Vex", "character", { criticalThreshold: 20 });
    const raider = await r.creature("Raider", "npc");
    const cards = await r.use(vex, "weapon", blade({ damage: "1d10" }), [raider], [20, 4]);
    expect(attackRead(cards).notes).toContain("CriticalMaxDamage");
    expect(await r.click(damageOf(cards), "apply", [raider])).toBeNull();
    expect(r.hpOf(raider)).toBe(30 - 14);
  });

  it("ATK-ROT-5: seed: each adjacent enemy beyond the first gives −2 Dodge and Armor: three give −4", async () => {
    const vex = await r.creature("Vex", "character");
    const raider = await r.creature("Raider", "npc", { defenses: { dodge: 18, armor: 12 } });
    expect(kinds(await r.use(vex, "weapon", blade(), [raider], [10]))).toEqual(["attack"]); // 15 < 18
    const flanked = await r.use(vex, "weapon", blade(), [raider], [10, 3], { flankers: "3" });
    expect(kinds(flanked)).toEqual(["attack", "damage"]); // 15 against 18 − 4
    expect(attackRead(flanked).notes).toContain("Flanked");
  });
});

describe("seed 004: damage resistance and overshields (the card's Apply)", () => {
  const hitOn = async (target: ActorModel, weapon: Record<string, unknown>, totals: number[], attacker?: ActorModel) =>
    damageOf(
      await r.use(
        attacker ?? (await r.creature("Vex", "character", apSystem(80))),
        "weapon",
        blade(weapon),
        [target],
        totals,
      ),
    );

  it("DR-1: seed: each point of DR takes 1 off matching damage: DR for damage, bleed and non-lethal; Elemental DR for fire, ice, acid; Arcane DR for dissonance, blight, solar", async () => {
    const dr = { physical: 1, elemental: 2, arcane: 3 };
    const kindsHit = [
      ["physical", 1],
      ["bleed", 1],
      ["nonlethal", 1],
      ["fire", 2],
      ["ice", 2],
      ["acid", 2],
      ["dissonance", 3],
      ["blight", 3],
      ["solar", 3],
    ] as const;
    for (const [kind, reduced] of kindsHit) {
      const target = await r.creature("Raider", "npc", { dr });
      expect(await r.click(await hitOn(target, { damageKind: kind }, [12, 5]), "apply", [target])).toBeNull();
      expect([kind, r.hpOf(target)]).toEqual([kind, 30 - (5 - reduced)]);
    }
  });

  it("DR-2: seed: DR per hit or per attack (the world's setting): 3 swings of 4 against DR 2 deal 6, or 10", async () => {
    const three = { apCost: 10 };
    const per = async () => {
      const target = await r.creature("Raider", "npc", { dr: { physical: 2, elemental: 0, arcane: 0 } });
      const vex = await r.creature("Vex", "character", apSystem(30));
      await r.click(await hitOn(target, three, [12, 4, 4, 4], vex), "apply", [target]);
      return 30 - r.hpOf(target);
    };
    expect(await per()).toBe(6);
    await game.settings.set("tempo", "drMode", "perAttack");
    try {
      expect(await per()).toBe(10);
    } finally {
      await game.settings.set("tempo", "drMode", "perHit");
    }
  });

  it("DR-3: seed: a player at full health cannot be killed by one hit: 8 swings of 12 leave it at 0 hit points, unconscious", async () => {
    const hero = await r.creature("Hero", "character");
    const ogre = await r.creature("Ogre", "npc", apSystem(80));
    const card = await hitOn(hero, { damage: "1d12", apCost: 10 }, [12, 12, 12, 12, 12, 12, 12, 12, 12], ogre);
    expect(await r.click(card, "apply", [hero])).toBeNull();
    expect([r.hpOf(hero), hero.statuses.has("unconscious")]).toEqual([0, true]);
  });

  it("OSH-1, OSH-4: seed: the overshield takes damage first, with its own DR and not the creature's: 9 less shield DR 1 breaks a 5 point shield, 3 go on and the creature's DR 2 leaves 1", async () => {
    const shield = { ...NO_SHIELD, value: 5, max: 5, effect: "Ward", dr: { physical: 1, elemental: 0, arcane: 0 } };
    const vex = await r.creature("Hero", "character", {
      overshield: shield,
      dr: { physical: 2, elemental: 0, arcane: 0 },
    });
    expect(await r.click(await hitOn(vex, { damage: "1d10" }, [12, 9]), "apply", [vex])).toBeNull();
    expect([r.shieldOf(vex).value, r.hpOf(vex)]).toEqual([0, 29]);
  });

  it("OSH-2, OSH-3: seed: a hit that does not break the overshield applies no status; healing restores hit points, never the overshield", async () => {
    const shield = { ...NO_SHIELD, value: 6, max: 6, effect: "Ward" };
    const vex = await r.creature("Hero", "character", { overshield: shield, hp: { value: 20, max: 30 } });
    expect(await r.click(await hitOn(vex, { statuses: "slowed" }, [12, 4]), "apply", [vex])).toBeNull();
    expect([r.shieldOf(vex).value, vex.statuses.has("slowed")]).toEqual([2, false]);
    const cleric = await r.creature("Cleric", "character");
    const heal = damageOf(await r.use(cleric, "spell", { name: "Mend", use: "healing", damage: "2d6" }, [vex], [7]));
    expect(await r.click(heal, "apply", [vex])).toBeNull();
    expect([r.hpOf(vex), r.shieldOf(vex).value]).toEqual([27, 2]);
  });

  it("OSH-5, OSH-6: seed: a new overshield replaces the current one only when larger or of another effect, never stacking; one without hit points lasts until its condition", async () => {
    const mage = await r.creature("Mage", "character");
    const vex = await r.creature("Vex", "character", {
      overshield: { ...NO_SHIELD, value: 4, max: 10, effect: "Aegis" },
    });
    const grant = async (name: string, damage: string, totals: number[], condition = "") =>
      r.click(
        damageOf(
          await r.use(mage, "spell", { name, use: "shield", damage, shieldCondition: condition }, [vex], totals),
        ),
        "apply",
        [vex],
      );
    await grant("Aegis", "1d10", [3]);
    expect(r.shieldOf(vex)).toMatchObject({ value: 4, effect: "Aegis" });
    await grant("Aegis", "1d10", [8]);
    expect(r.shieldOf(vex)).toMatchObject({ value: 8, effect: "Aegis" });
    await grant("Ward", "1d4", [2]);
    expect(r.shieldOf(vex)).toMatchObject({ value: 2, effect: "Ward" });
    await grant("Stoneskin", "", [], "until dawn");
    expect(r.shieldOf(vex)).toMatchObject({ value: 0, effect: "Stoneskin", condition: "until dawn" });
  });
});
