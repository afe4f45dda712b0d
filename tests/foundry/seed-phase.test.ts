/**
 * Issue 19, "How it is checked": every worked example of seeds/002-phase-rounds.txt played through the Foundry
 * layer on the runtime model, as a GM and a player play it: the GM's tracker buttons (Begin, Roll all, Next),
 * the buttons each user's tracker draws (Seize, Defend, Disengage, Delay until after…), the sheet's Attack,
 * Cast and Move with… (the attack dialog answered as the user answers it), the player's token drags, the GM's
 * status toggles and Region, and the save cards' Roll. Dice are scripted totals (tests/support/seed-table.ts).
 *
 * The seed's examples and where each is played:
 * - advantage adds a d6, d8, d10, d12 for 1–4 sources, keeping the two highest (ADV-1);
 * - disadvantage adds a d12, d10, d8, d6 for 1–4 sources, keeping the two lowest (ADV-2);
 * - four phases a round (PHS-1); INT + AGI, ties rolled off on d6s (PHS-2); low moves first (PHS-3), high
 *   battles first (PHS-7);
 * - seizing: moves first, battles last, attackers gain advantage until the round's end (PHS-4);
 * - the movement powers Shift, Walk, Hustle, Run, Charge, Disengage (PHS-5);
 * - difficult terrain 2 squares a square; Slowed ends the move; leaving a threatened square provokes (PHS-6);
 * - 2d6 + ATK against DEF, and the tier table's five rows (PHS-8);
 * - Attack or Activate Item, one battle action (PHS-7); Delay (PHS-9); Defend (PHS-10); Disengage (PHS-11);
 * - end-phase saves: 2d6 per effect, 7 or more ends or sustains it (PHS-12).
 * Not played, with why: an Activate Item of a non-spell item (gear has no use button).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatMessageModel } from "../support/chat-log.ts";
import { installSeedTable } from "../support/seed-table.ts";
import { installPhaseTable } from "../support/seed-phase-table.ts";
import { ownedItem } from "../support/owned-items.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const table = await installSeedTable(2002);
const { world, player, chat, dialogs } = table;
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const phases = await installPhaseTable(table);
const { phaseFight, watch, battleTurnOf, battleAction, onScene, drag, square, opportunityCards, powers } = phases;

beforeEach(() => {
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

type Obj = Record<string, unknown>;
/** The dice an attack card rolled (its formulas), and the kinds of the cards posted. */
const formulas = (cards: readonly ChatMessageModel[]) =>
  ((cards.find((m) => m.type === "attack")?.rolls ?? []) as unknown as { formula: string }[]).map((r) => r.formula);
const kinds = (cards: readonly ChatMessageModel[]) => cards.map((m) => m.type);
const playerNotice = () => world.notices.filter((n) => n.user === player.id).at(-1)?.text ?? "";

/** Ash (the player's, ATK 3) against a Golem (DEF 13), outside any combat. */
async function ashAndGolem(ash: Obj = {}, golem: Obj = {}) {
  await game.settings.set("tempo", "ruleset", "phase");
  return {
    ash: await table.creature("Ash", [player.id], "character", { atk: 3, side: "pc", ...ash }),
    golem: await table.creature("Golem", [], "npc", { side: "enemy", defenses: { def: 13 }, ...golem }),
  };
}

describe("seed 002: advantage, disadvantage and the attack", () => {
  it("ADV-1 seed: 1, 2, 3, 4 sources of advantage roll an extra d6, d8, d10, d12 and keep the two highest", async () => {
    const { ash, golem } = await ashAndGolem();
    const rolled: string[][] = [];
    const hit: boolean[] = [];
    for (const [i, top] of [6, 8, 10, 12].entries()) {
      // 1, 1 and the extra die's top face: 1 + top + ATK 3 against DEF 13 (all three dice would add 1 more).
      const { cards } = await table.attack(player, ash, [golem], [1, 1, top, 4], { advantage: String(i + 1) });
      rolled.push(formulas(cards));
      hit.push(kinds(cards).includes("damage"));
      world.scriptedTotals.length = 0;
    }
    expect(rolled).toEqual([
      ["1d6", "1d6", "1d6"],
      ["1d6", "1d6", "1d8"],
      ["1d6", "1d6", "1d10"],
      ["1d6", "1d6", "1d12"],
    ]);
    expect(hit).toEqual([false, false, true, true]); // 10, 12 (a sum of all three: 13), 14, 16
  });

  it("ADV-2 seed: 1, 2, 3, 4 sources of disadvantage roll an extra d12, d10, d8, d6 and keep the two lowest", async () => {
    const { ash, golem } = await ashAndGolem();
    const rolled: string[][] = [];
    for (const sources of [1, 2, 3, 4]) {
      // 6, 6 and a 1: the two lowest, 6 + 1 + 3 = 10, miss DEF 13 (the two highest would hit with 15).
      const { cards } = await table.attack(player, ash, [golem], [6, 6, 1], { disadvantage: String(sources) });
      expect(kinds(cards)).toEqual(["attack"]);
      rolled.push(formulas(cards));
    }
    expect(rolled).toEqual([
      ["1d6", "1d6", "1d12"],
      ["1d6", "1d6", "1d10"],
      ["1d6", "1d6", "1d8"],
      ["1d6", "1d6", "1d6"],
    ]);
  });

  it("PHS-8 seed: 2d6 + ATK at least the target's DEF is a success: 5 + 5 + 3 hits DEF 13, 5 + 4 + 3 misses", async () => {
    const { ash, golem } = await ashAndGolem();
    const hit = await table.attack(player, ash, [golem], [5, 5, 4]);
    expect([formulas(hit.cards), kinds(hit.cards)]).toEqual([
      ["1d6", "1d6"],
      ["attack", "damage"],
    ]);
    const miss = await table.attack(player, ash, [golem], [5, 4]);
    expect(kinds(miss.cards)).toEqual(["attack"]);
  });

  it("PHS-8 seed: tiers: 1 vs 1 none; 1 vs 2 and 1 vs 3 one and two sources of disadvantage; 2 vs 1 and 3 vs 1 one and two of advantage", async () => {
    const rows: string[][] = [];
    for (const [attacker, target] of [
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
      [3, 1],
    ] as const) {
      const { ash, golem } = await ashAndGolem({ tier: attacker }, { tier: target, defenses: { def: 30 } });
      rows.push(formulas((await table.attack(player, ash, [golem], [2, 2, 2])).cards));
      world.scriptedTotals.length = 0;
    }
    expect(rows).toEqual([
      ["1d6", "1d6"],
      ["1d6", "1d6", "1d12"],
      ["1d6", "1d6", "1d10"],
      ["1d6", "1d6", "1d6"],
      ["1d6", "1d6", "1d8"],
    ]);
  });
});

describe("seed 002: the combat round", () => {
  it("PHS-1, PHS-2, PHS-3, PHS-7 seed: every round rolls 2d6 + INT + AGI, then low moves first, high battles first, then the end phase", async () => {
    const { combat } = await phaseFight([
      ["Ash", false, 1, 2],
      ["Bram", false, 0, 0],
      ["Cole", false, 2, 0],
    ]);
    const from = chat.messages.length;
    world.scriptedTotals.push(9, 5, 12, 6, 11, 7);
    const seen = await watch(combat, () => combat.round === 2 && table.phaseOf(combat) === "movement");
    expect(seen).toEqual([
      "initiative",
      "movement Bram",
      "movement Ash",
      "movement Cole",
      "battle Cole",
      "battle Ash",
      "battle Bram",
      "end",
      "initiative",
      "movement Ash",
    ]);
    // Rolled again in round 2: Ash 6, Bram 11, Cole 7.
    await watch(combat, () => table.phaseOf(combat) === "battle", seen);
    expect(seen.slice(9)).toEqual(["movement Ash", "movement Cole", "movement Bram", "battle Bram"]);
    const rolls = chat.messages.slice(from).flatMap((m) => (m.rolls ?? []) as unknown as { formula: string }[]);
    expect(rolls.map((r) => r.formula).slice(0, 3)).toEqual(["2d6 + 1 + 2", "2d6 + 0 + 0", "2d6 + 2 + 0"]);
    // Many GM clicks: well under a second alone, but several seconds on a loaded two-core machine.
  }, 15_000);

  it("PHS-2 seed: two creatures tied roll a d6 each, again until one is higher: it battles first and moves last", async () => {
    const { combat } = await phaseFight([
      ["Ash", false, 0, 0],
      ["Bram", false, 0, 0],
      ["Cole", false, 0, 0],
    ]);
    // Ash and Bram both 8, Cole 3; roll-offs 3 and 3 (level), then Ash 2, Bram 5.
    world.scriptedTotals.push(8, 8, 3, 3, 3, 2, 5);
    const seen = await watch(combat, () => table.phaseOf(combat) === "end");
    expect(world.scriptedTotals).toEqual([]);
    expect(seen).toEqual([
      "initiative",
      "movement Cole",
      "movement Ash",
      "movement Bram",
      "battle Bram",
      "battle Ash",
      "battle Cole",
      "end",
    ]);
  });

  it("PHS-4 seed: a creature that seizes the initiative moves first, acts last in battle, and attackers gain advantage against it until the round ends", async () => {
    const { combat, actors, id } = await phaseFight([
      ["Ash", true, 0, 0, { defenses: { def: 30 } }],
      ["Bram", false, 0, 0],
      ["Cole", false, 0, 0],
    ]);
    const [ash, , cole] = actors as [ActorModel, ActorModel, ActorModel];
    await combat.startCombat();
    await world.idle();
    await table.press(combat, player, id("Ash"), "tempoCommand", "seize");
    world.scriptedTotals.push(12, 5, 9);
    const seen = await watch(combat, battleTurnOf(combat, "Cole"));
    expect(seen.slice(1)).toEqual(["movement Ash", "movement Bram", "movement Cole", "battle Cole"]);
    // The GM attacks Ash from Cole's sheet on its battle turn: one source of advantage, a d6 more.
    expect(formulas((await table.attack(world.gm, cole, [ash], [3, 3, 3])).cards)).toEqual(["1d6", "1d6", "1d6"]);
    await watch(combat, () => table.phaseOf(combat) === "end", seen);
    expect(seen.slice(-3)).toEqual(["battle Bram", "battle Ash", "end"]);
    world.scriptedTotals.push(12, 5, 9);
    await watch(combat, battleTurnOf(combat, "Cole"));
    expect(formulas((await table.attack(world.gm, cole, [ash], [3, 3])).cards)).toEqual(["1d6", "1d6"]);
  });
});

describe("seed 002: battle actions", () => {
  it("PHS-7 seed: one battle action: Activate Item (the sheet's Cast of an item's power) takes it, and the Attack is then refused", async () => {
    const { combat, actors, id } = await phaseFight([
      ["Ash", true, 0, 0, { atk: 3 }],
      ["Golem", false, 0, 0, { defenses: { def: 13 } }],
    ]);
    const [ash, golem] = actors as [ActorModel, ActorModel];
    const wand = await ownedItem(world, ash, "Wand of sparks", "spell", { ...ITEM_DEFAULTS.spell, damage: "1d6" });
    world.scriptedTotals.push(12, 5);
    await watch(combat, battleTurnOf(combat, "Ash"));
    expect(battleAction(combat, id("Ash"))).toBe("TEMPO.LEFT.Left");
    table.targeting.target(player, [golem]);
    world.scriptedTotals.push(5, 5, 4);
    expect(await table.useItem(player, ash, wand.id ?? "")).toBe(true);
    expect(battleAction(combat, id("Ash"))).toBe("TEMPO.LEFT.Phase.UsedActivateItem");
    const attack = await table.attack(player, ash, [golem], []);
    expect([attack.done, attack.cards]).toEqual([false, []]);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Phase.ActionTaken");
  });

  it("PHS-9 seed: Delay: declared before the chosen creature's turn, the creature acts once that turn is over, not during it", async () => {
    const { combat, id } = await phaseFight([
      ["Ash", true, 0, 0],
      ["Bram", false, 0, 0],
      ["Cole", false, 0, 0],
    ]);
    world.scriptedTotals.push(12, 9, 5);
    const seen = await watch(combat, battleTurnOf(combat, "Ash"));
    dialogs.answers.push({ fields: { choice: id("Bram") } });
    await table.press(combat, player, id("Ash"), "phaseDelay");
    // Offered: the two who have not started their battle turn.
    expect(dialogs.prompts.at(-1)?.names).toEqual(["choice"]);
    expect(dialogs.prompts.at(-1)?.content).toMatch(/Bram[\s\S]*Cole/);
    expect(combat.combatant?.name).toBe("Bram");
    expect(table.offered(combat, player, id("Ash"), "tempoCommand", "defend")).toBe(false);
    await watch(combat, () => table.phaseOf(combat) === "end", seen);
    expect(seen.slice(-4)).toEqual(["battle Bram", "battle Ash", "battle Cole", "end"]);
  });

  it("PHS-10 seed: Defend: attacks against the defender have one source of disadvantage until the start of its next turn", async () => {
    const { combat, actors, id } = await phaseFight([
      ["Ash", true, 0, 0, { defenses: { def: 30 } }],
      ["Ogre", false, 0, 0],
    ]);
    const [ash, ogre] = actors as [ActorModel, ActorModel];
    world.scriptedTotals.push(12, 5);
    await watch(combat, battleTurnOf(combat, "Ash"));
    await table.press(combat, player, id("Ash"), "tempoCommand", "defend");
    expect(ash.statuses.has("defending")).toBe(true);
    await watch(combat, battleTurnOf(combat, "Ogre"));
    expect(formulas((await table.attack(world.gm, ogre, [ash], [3, 3, 3])).cards)).toEqual(["1d6", "1d6", "1d12"]);
    world.scriptedTotals.push(12, 5);
    // Round 2: Ash's next turn (its move, low moves first: after the Ogre's) ends it.
    await watch(combat, () => table.phaseOf(combat) === "movement" && combat.combatant?.name === "Ogre");
    expect(ash.statuses.has("defending")).toBe(true);
    await watch(combat, () => combat.combatant?.name === "Ash");
    expect(ash.statuses.has("defending")).toBe(false);
    await watch(combat, battleTurnOf(combat, "Ogre"));
    expect(formulas((await table.attack(world.gm, ogre, [ash], [3, 3])).cards)).toEqual(["1d6", "1d6"]);
  });
});

describe("seed 002: the movement phase", () => {
  it("PHS-5 seed: Shift, Walk, Hustle, Run, Charge and Disengage are the compendium's movement powers; Walk, chosen on the sheet, moves its 6 squares", async () => {
    const movement = powers.filter((p) => p.system.kind === "movement").map((p) => [p.name, p.system.squares]);
    expect(movement.sort()).toEqual([
      ["Charge", 8],
      ["Disengage (move)", 2],
      ["Hustle", 9],
      ["Run", 12],
      ["Shift", 1],
      ["Walk", 6],
    ]);
    const { combat, kara, token, walkId } = await onScene([2, 2], { Wolf: [30, 2] }, [3, 9]);
    await watch(combat, () => table.phaseOf(combat) === "movement");
    expect(combat.combatant?.name).toBe("Kara");
    expect(await drag(token, [3, 2])).toBe(false);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Movement.ChoosePower");
    expect(await table.useItem(player, kara, walkId)).toBe(true);
    expect(await drag(token, [5, 2], [5, 5])).toBe(true);
    expect(await drag(token, [6, 5])).toBe(false);
    expect(square(token)).toEqual([5, 5]);
  });

  it("PHS-6 seed: difficult terrain costs two squares of movement for each square moved through", async () => {
    const { combat, kara, token, walkId } = await onScene([2, 8], { Wolf: [30, 8] }, [3, 9]);
    await phases.difficultTerrain(3, 8, 10, 1);
    await watch(combat, () => table.phaseOf(combat) === "movement");
    expect(await table.useItem(player, kara, walkId)).toBe(true);
    // Three squares of mud use Walk's six.
    expect(await drag(token, [5, 8])).toBe(true);
    expect(await drag(token, [6, 8])).toBe(false);
    expect(await drag(token, [5, 9])).toBe(false);
    expect(square(token)).toEqual([5, 8]);
  });

  it("PHS-6 seed: a creature Slowed during its movement loses all its remaining squares and ends its turn", async () => {
    const { combat, kara, token, walkId } = await onScene([2, 12], { Wolf: [30, 12] }, [3, 9]);
    await watch(combat, () => table.phaseOf(combat) === "movement");
    expect(await table.useItem(player, kara, walkId)).toBe(true);
    expect(await drag(token, [3, 12])).toBe(true);
    await world.as(world.gm, () => kara.toggleStatusEffect("slowed", { active: true }));
    await world.idle();
    // Its slot ended with the toggle: the Wolf moves now, and Kara's drag is no longer its own move.
    expect(combat.combatant?.name).toBe("Wolf");
    expect(await drag(token, [4, 12])).toBe(false);
    expect(square(token)).toEqual([3, 12]);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Movement.NotYourSlot");
    // Undo gives the slot back; still Slowed, Kara moves nothing in it.
    expect((await world.as(world.gm, () => combat.tempoCommand({ type: "undo" }))).ok).toBe(true);
    await world.idle();
    expect(combat.combatant?.name).toBe("Kara");
    expect(await drag(token, [4, 12])).toBe(false);
    expect(playerNotice()).toContain("TEMPO.ERRORS.Movement.SlowedInSlot");
  });

  it("PHS-6 seed: moving out of a threatened square provokes an opportunity attack from every creature threatening it", async () => {
    const { combat, kara, token, walkId } = await onScene(
      [5, 16],
      { Wolf: [6, 16], Bear: [6, 17], Crow: [20, 16] },
      [3, 9, 8, 7],
    );
    await watch(combat, () => table.phaseOf(combat) === "movement");
    expect(await table.useItem(player, kara, walkId)).toBe(true);
    const from = chat.messages.length;
    expect(await drag(token, [2, 16])).toBe(true);
    const cards = opportunityCards(from);
    const threateners = ["Wolf", "Bear"].map((name) => combat.combatants.contents.find((c) => c.name === name)?.id);
    expect(cards.map((m) => (cardSource(m).input as { combatantId: string }).combatantId).sort()).toEqual(
      threateners.sort(),
    );
    // The GM resolves the Bear's: it attacks Kara with its 2d6.
    const bear = cards.find((m) => (cardSource(m).input as { combatantId: string }).combatantId === threateners[1]);
    world.scriptedTotals.push(2, 2);
    const before = chat.messages.length;
    expect(await runCardAction(asChatMessage(bear as ChatMessageModel), "resolve")).toBeNull();
    await world.idle();
    expect(kinds(chat.messages.slice(before))).toEqual(["attack"]);
  });
});

describe("seed 002: Disengage and the end phase", () => {
  it("PHS-11 seed: Disengage shifts 2 squares without provoking; the creature's own attacks have disadvantage until the end of the next round", async () => {
    const { combat, token } = await onScene([5, 20], { Wolf: [6, 20] }, [3, 9]);
    const karaId = combat.combatants.contents.find((c) => c.name === "Kara")?.id ?? "";
    const wolf = combat.combatants.contents.find((c) => c.name === "Wolf")?.actor as unknown as ActorModel;
    await watch(combat, battleTurnOf(combat, "Kara"));
    await table.press(combat, player, karaId, "tempoCommand", "disengage");
    const from = chat.messages.length;
    expect(await drag(token, [3, 20])).toBe(true);
    expect(opportunityCards(from)).toEqual([]);
    expect(await drag(token, [2, 20])).toBe(false);
    world.scriptedTotals.push(3, 9);
    await watch(combat, () => combat.round === 2 && battleTurnOf(combat, "Kara")());
    const kara = combat.combatants.get(karaId)?.actor as unknown as ActorModel;
    expect(formulas((await table.attack(player, kara, [wolf], [1, 1, 1])).cards)).toEqual(["1d6", "1d6", "1d12"]);
    world.scriptedTotals.length = 0;
    world.scriptedTotals.push(3, 9);
    await watch(combat, () => combat.round === 3 && battleTurnOf(combat, "Kara")());
    expect(formulas((await table.attack(player, kara, [wolf], [1, 1])).cards)).toEqual(["1d6", "1d6"]);
    // Many GM clicks: well under a second alone, but several seconds on a loaded two-core machine.
  }, 15_000);

  it("PHS-12 seed: in the end phase each effect that calls for a save gets a 2d6 roll: 7 or more ends it, or sustains it", async () => {
    const { combat, actors } = await phaseFight([
      ["Ash", true, 0, 0],
      ["Ogre", false, 0, 0],
    ]);
    const ash = actors[0] as ActorModel;
    // The GM gives Ash two effects, each marked in the effect's sheet as ending or sustained by an end-phase save.
    await ash.createEmbeddedDocuments("ActiveEffect", [
      { name: "Webbed", flags: { tempo: { endPhaseSave: "ends" } } },
      { name: "Haste", flags: { tempo: { endPhaseSave: "sustains" } } },
    ]);
    await world.idle();
    const endPhase = async (webbed: number, haste: number) => {
      const from = chat.messages.length;
      world.scriptedTotals.push(9, 5);
      await watch(combat, () => table.phaseOf(combat) === "end");
      const cards = chat.messages.slice(from).filter((m) => m.type === "save");
      expect(cards.map((m) => [(cardSource(m).input as Obj).effect, (cardSource(m).input as Obj).formula])).toEqual([
        ["Webbed", "2d6"],
        ["Haste", "2d6"],
      ]);
      for (const [card, total] of [
        [cards[0], webbed],
        [cards[1], haste],
      ] as const) {
        world.scriptedTotals.push(total);
        expect(await world.as(player, () => runCardAction(asChatMessage(card as ChatMessageModel), "roll"))).toBeNull();
        await world.idle();
      }
      return ash.effects.contents.map((e) => e.name).sort();
    };
    expect(await endPhase(6, 7)).toEqual(["Haste", "Webbed"]);
    await table.gmClick(combat);
    expect(await endPhase(7, 6)).toEqual([]);
  });
});
