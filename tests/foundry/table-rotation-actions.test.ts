/**
 * Rotation's action budget at the table (issue 19 items 3 and 5): a rotation combat started and rolled
 * from the tracker, then each use from the sheet (its buttons give `use` through the combat's entry
 * point, the attack flow spends an attack's Full action, Grapple and Trip roll their contests). What is
 * left is read as the tracker and the sheet read it (`trackerInputOf`); dice are scripted totals.
 */
import { afterAll, describe, expect, it } from "vitest";
import { rolledDuel } from "../support/seed-table.ts";
import { ITEM_DEFAULTS, type RotationTask } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog } from "../support/chat-log.ts";
import { installItemUuids } from "../support/attacks/rolled-cards.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installTargets } from "../support/targets.ts";
import { creatureSystem } from "../support/test-creature.ts";

const world = installFoundryWorld(191);
afterAll(() => world.uninstall());
const player = world.addUser("p1");
const chat = chatLog(world);
const targeting = installTargets(world);
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
installItemUuids();

await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { rotationContest, rotationStandUp } = await import("../../src/foundry/chat/rotation-contest.ts");
const { rotationUseCommand } = await import("../../src/view/sheets/rotation-uses.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { buildDamageCard } = await import("../../src/view/chat/damage-card.ts");

const skills = (vigor: number, dexterity: number) => ({ sneak: 0, cognition: 0, intellect: 0, vigor, dexterity });

async function creature(
  name: string,
  type: "character" | "npc",
  system: Record<string, unknown>,
  owners: string[] = [],
) {
  return world.addActor(
    name,
    owners,
    type,
    creatureSystem(60, {
      weaponSkills: [
        { group: "blades", bonus: 5, proficient: true },
        { group: "projectors", bonus: 5, proficient: true },
      ],
      ap: { value: 20, max: 20 },
      defenses: { dodge: 12, armor: 12 },
      ...system,
    }),
  );
}

/**
 * A rotation combat of Vex (acting first: 20; owned by `owners`) and a Raider (5), started and rolled from
 * the tracker.
 */
async function rotationCombat(owners: string[] = []) {
  await game.settings.set("tempo", "ruleset", "rotation");
  const vex = await creature("Vex", "character", { side: "pc", skills: skills(4, 3) }, owners);
  const raider = await creature("Raider", "npc", { side: "enemy", skills: skills(1, 2) });
  const { combat, pcId: vexId } = await rolledDuel(world, vex, raider, [20, 5]);
  return { combat, vex, raider, vexId };
}

/** What the tracker row and the sheet show left for `id`: kind → count. */
function left(combat: Tempo, id: string): Record<string, number | null> {
  const row = trackerInputOf(combat, game.user)?.combatants.find((c) => c.id === id);
  return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
}

const use = (combat: Tempo, id: string, task: RotationTask) => sendSheetCommand(combat, rotationUseCommand(id, task));
const lastNotice = () => world.notices.at(-1)?.text ?? "";

describe("rotation's action budget at the table", () => {
  it("ACT-ROT: 2 Full, 1 Swift, 1 Free, 1 Reaction a turn; an overspend is refused with its reason; undo gives it back", async () => {
    const { combat, vexId } = await rotationCombat();
    expect(left(combat, vexId)).toMatchObject({ full: 2, swift: 5, free: 11, reaction: 1 });
    expect(await use(combat, vexId, "disengage")).toBe(true);
    expect(await use(combat, vexId, "standUp")).toBe(true);
    expect(left(combat, vexId)).toMatchObject({ full: 0, swift: 1, free: 3 });
    const notices = world.notices.length;
    expect(await use(combat, vexId, "move")).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NoFull");
    expect(world.notices.length).toBe(notices + 1);
    expect(await use(combat, vexId, "step")).toBe(true);
    expect(await use(combat, vexId, "step")).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NoSwift");
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(left(combat, vexId)).toMatchObject({ full: 0, swift: 1, free: 3 });
    // ACT-ROT: outside its turn a creature has only its Reaction.
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    expect(left(combat, vexId)).toMatchObject({ full: 0, swift: 0, free: 0, reaction: 1 });
    expect(await use(combat, vexId, "opportunityAttack")).toBe(true);
    expect(await use(combat, vexId, "opportunityAttack")).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NoReaction");
  });

  it("ACT-ROT, AP-1: an attack from the sheet (all its swings) spends one Full action; a third is refused before its dialog", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat();
    const blade = { ...ITEM_DEFAULTS.weapon, damage: "1d6", group: "blades", apCost: 10 };
    const item = await ownedItem(world, vex, "Blade", "weapon", blade);
    targeting.target(world.gm, [raider]);
    for (const expected of [1, 0]) {
      world.scriptedTotals.push(2);
      dialogs.answers.push({ fields: {} });
      expect(await useSheetItem(vex as unknown as Actor.Implementation, item.id ?? "")).toBe(true);
      await world.idle();
      expect(left(combat, vexId).full).toBe(expected);
    }
    const cards = chat.messages.length;
    expect(await useSheetItem(vex as unknown as Actor.Implementation, item.id ?? "")).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NoFull");
    expect(chat.messages.length).toBe(cards);
    world.scriptedTotals.length = 0;
    dialogs.answers.length = 0;
  });

  it("ROT-7: on its planning turn the player's creature has one Swift action and no attack: the sheet's Attack is refused before its dialog with the engine's reason, nothing rolled or written; the 5 ft step is its one action", async () => {
    await game.settings.set("tempo", "planningPhase", true);
    try {
      // The players started the encounter (the combat's default initiator): Vex takes the planning turn.
      const { combat, vex, raider, vexId } = await rotationCombat([player.id]);
      expect([combat.round, combat.combatant?.id]).toEqual([0, vexId]);
      const item = await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6" });
      targeting.target(player, [raider]);
      const before = left(combat, vexId);
      expect(before).toMatchObject({ full: 0, swift: 1 });
      const writes = world.writes.length;
      const cards = chat.messages.length;
      const notices = world.notices.length;
      dialogs.answers.push({ fields: {} });
      world.scriptedTotals.push(18);
      const attacked = await world.as(player, () =>
        useSheetItem(vex as unknown as Actor.Implementation, item.id ?? ""),
      );
      await world.idle();
      expect(attacked).toBe(false);
      expect(world.notices.slice(notices).map((n) => [n.user, n.text])).toEqual([
        [player.id, expect.stringContaining("TEMPO.ERRORS.Actions.NoAttackWhilePlanning")],
      ]);
      // No dialog opened, no die rolled, no card, no document written; the Swift action is still there.
      expect(dialogs.answers).toHaveLength(1);
      expect(world.scriptedTotals).toEqual([18]);
      expect(chat.messages.length).toBe(cards);
      expect(world.writes.length).toBe(writes);
      expect(left(combat, vexId)).toEqual(before);
      // A Swift task is the planning action; after it nothing more that turn.
      expect(await world.as(player, () => use(combat, vexId, "step"))).toBe(true);
      expect(left(combat, vexId)).toMatchObject({ full: 0, swift: 0 });
      expect(await world.as(player, () => use(combat, vexId, "step"))).toBe(false);
    } finally {
      dialogs.answers.length = 0;
      world.scriptedTotals.length = 0;
      await game.settings.set("tempo", "planningPhase", false);
    }
  });

  it("ROT-8: Grapple (a Full action): Vigor against the higher of Dexterity or Vigor; the target is grappled", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat();
    // 10 + Vigor 4 = 14 against 9 + 2 (Raider's higher: Dexterity 2) = 11.
    world.scriptedTotals.push(10, 9);
    expect(await rotationContest(vex as unknown as Actor.Implementation, "grapple", [raider as never])).toBe(true);
    await world.idle();
    expect(raider.statuses.has("grappled")).toBe(true);
    expect(left(combat, vexId).full).toBe(1);
    expect(chat.messages.at(-1)?.content).toContain("TEMPO.SHEET.Rotation.Grappled {attacker:Vex,target:Raider}");
  });

  it("ROT-9: Trip (a Swift action): both roll Dexterity; a tie goes to the target; a win knocks it down", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat();
    // 9 + 3 = 12 against 10 + 2 = 12: a tie, the target resists; the Swift is spent all the same.
    world.scriptedTotals.push(9, 10);
    expect(await rotationContest(vex as unknown as Actor.Implementation, "trip", [raider as never])).toBe(true);
    await world.idle();
    expect(raider.statuses.has("knockedDown")).toBe(false);
    expect(left(combat, vexId)).toMatchObject({ full: 2, swift: 4 });
    world.scriptedTotals.push(15, 3);
    expect(await rotationContest(vex as unknown as Actor.Implementation, "trip", [raider as never])).toBe(true);
    await world.idle();
    expect(raider.statuses.has("knockedDown")).toBe(true);
    // The second trip split a Full action into two Swift actions: one spent, one kept.
    expect(left(combat, vexId)).toMatchObject({ full: 1, swift: 3 });
  });

  it("ROT-8, ROT-9: breaking free (Vigor against the grappler's, a Full action) ends the grapple; Stand up ends knocked down; neither without its status", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat();
    const self = vex as unknown as Actor.Implementation;
    await vex.toggleStatusEffect("grappled", { active: true });
    await vex.toggleStatusEffect("knockedDown", { active: true });
    // 8 + Vigor 4 = 12 against 9 + the Raider's Vigor 1 = 10: Vex breaks free.
    world.scriptedTotals.push(8, 9);
    expect(await rotationContest(self, "escape", [raider as never])).toBe(true);
    await world.idle();
    expect(vex.statuses.has("grappled")).toBe(false);
    expect(chat.messages.at(-1)?.content).toContain("TEMPO.SHEET.Rotation.Escaped {attacker:Vex,target:Raider}");
    expect(left(combat, vexId).full).toBe(1);
    expect(await rotationContest(self, "escape", [raider as never])).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NotGrappled");
    expect(await rotationStandUp(self)).toBe(true);
    await world.idle();
    expect(vex.statuses.has("knockedDown")).toBe(false);
    expect(left(combat, vexId).full).toBe(0);
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(await rotationStandUp(self)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.NotKnockedDown");
    expect(left(combat, vexId).full).toBe(1);
  });

  it("ACT-ROT: no sequence of uses spends more than a turn allows, and undo gives back exactly what a step spent", async () => {
    const { combat, vexId } = await rotationCombat();
    const tasks: RotationTask[] = ["move", "step", "switchWeapon", "grapple", "trip", "mediumArmor", "heavyArmor"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let sequence = 0; sequence < 10; sequence++) {
      for (let k = 0; k < 3; k++) {
        const before = left(combat, vexId);
        const task = tasks[next() % tasks.length] ?? "move";
        if (!(await use(combat, vexId, task))) {
          expect(left(combat, vexId)).toEqual(before);
          continue;
        }
        const after = left(combat, vexId);
        // Never more than the turn's 2 Full, counted in Free actions (a Full is 4, a Swift 2).
        expect(after.full).toBeGreaterThanOrEqual(0);
        expect(after.free ?? 0).toBeLessThan(before.free ?? 0);
        if (k === 1) {
          await combat.tempoCommand({ type: "undo" });
          await world.idle();
          expect(left(combat, vexId)).toEqual(before);
          await combat.tempoCommand({ type: "redo" });
          await world.idle();
          expect(left(combat, vexId)).toEqual(after);
        }
      }
      expect(left(combat, vexId).free ?? 0).toBeGreaterThanOrEqual(0);
      // The next rotation: the Raider's turn, then Vex's again with a fresh budget.
      await combat.tempoCommand({ type: "endTurn" });
      await combat.tempoCommand({ type: "endTurn" });
      await world.idle();
      expect(left(combat, vexId)).toMatchObject({ full: 2, swift: 5, free: 11 });
    }
  });

  it("AP-2: a constant-damage weapon rolls once a rotation from the sheet; its hit damages the target on every turn until the wielder's next", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat();
    const flamer = { ...ITEM_DEFAULTS.weapon, damage: "1d6", group: "projectors", damageKind: "fire" };
    const item = await ownedItem(world, vex, "Flamespitter", "weapon", {
      ...flamer,
      apCost: null,
      constantDamage: true,
    });
    targeting.target(world.gm, [raider]);
    const attack = () => useSheetItem(vex as unknown as Actor.Implementation, item.id ?? "");
    const hp = () =>
      (world.runtime.server.source("Actor", raider.id ?? "")?.system as { hp: { value: number } }).hp.value;
    const damageCards = () => chat.messages.filter((m) => m.type === "damage");
    // 15 + 5 = 20 against the Raider's 12: a hit for 4 fire damage; the Full action is spent with the roll.
    world.scriptedTotals.push(15, 4);
    dialogs.answers.push({ fields: {} });
    expect(await attack()).toBe(true);
    await world.idle();
    expect(damageCards().length).toBe(1);
    expect(left(combat, vexId).full).toBe(1);
    // A second roll in the same rotation is refused before anything is rolled, with a Full action still left.
    const cards = chat.messages.length;
    expect(await attack()).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Rotation.ConstantRolled");
    expect(chat.messages.length).toBe(cards);
    expect(left(combat, vexId).full).toBe(1);
    // The Raider's turn: the hit deals the weapon's damage again, with no attack roll; Apply deals it.
    world.scriptedTotals.push(5);
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    const tick = damageCards().at(-1);
    expect(damageCards().length).toBe(2);
    expect(cardSource(tick).input).toMatchObject({ constantDamage: "Flamespitter", target: "Raider", swings: [5] });
    const drawn = buildDamageCard(cardSource(tick).input as never, { isGM: true, owns: true, showOdds: false });
    expect(drawn.effectLines.map((line) => line.key)).toContain("TEMPO.CHAT.Damage.ConstantTurn");
    const before = hp();
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(tick as never), "apply"))).toBeNull();
    await world.idle();
    expect(hp()).toBe(before - 5);
    // Vex's next turn: no more damage from the old roll, and a new roll is allowed.
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    expect(damageCards().length).toBe(2);
    world.scriptedTotals.push(1);
    dialogs.answers.push({ fields: {} });
    expect(await attack()).toBe(true);
    await world.idle();
    expect(left(combat, vexId).full).toBe(1);
    // Undo gives back the Full action and the roll together.
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(left(combat, vexId).full).toBe(2);
    const record = trackerInputOf(combat, game.user)?.actions?.[vexId] as { constant?: unknown } | undefined;
    expect(record?.constant).toBeUndefined();
    world.scriptedTotals.length = 0;
  });

  it("AP-2: a player's constant-damage hits are what its own attack messages show, each message once; a forged list damages nobody", async () => {
    const { combat, vex, raider, vexId } = await rotationCombat([player.id]);
    const item = await ownedItem(world, vex, "Flamespitter", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "1d6",
      group: "projectors",
      apCost: null,
      constantDamage: true,
    });
    const bystander = await creature("Bystander", "npc", { side: "enemy" });
    const held = () =>
      (trackerInputOf(combat, game.user)?.actions?.[vexId] as { constant?: { hits: string[] } } | undefined)?.constant;
    const damageCards = () => chat.messages.filter((m) => m.type === "damage").length;
    // The player's own roll from the sheet: a hit on the Raider, derived by the GM from its attack message.
    targeting.target(player, [raider]);
    world.scriptedTotals.push(15, 4);
    dialogs.answers.push({ fields: {} });
    expect(await world.as(player, () => useSheetItem(vex as unknown as Actor.Implementation, item.id ?? ""))).toBe(
      true,
    );
    await world.idle();
    expect(held()?.hits).toEqual([raider.uuid]);
    const attackId = String(chat.messages.filter((m) => m.type === "attack").at(-1)?._id);
    // The next rotation: the player names the Raider, the Bystander (in no combat), its own creature and an
    // actor elsewhere, backed by the old attack message and one that does not exist. Nothing holds.
    await combat.tempoCommand({ type: "endTurn" });
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    const forged = { item: item.uuid, hits: [raider.uuid, bystander.uuid, vex.uuid, "Actor.elsewhere"] };
    const command = rotationUseCommand(vexId, "attack", { ...forged, attacks: [attackId, "nothing"] });
    expect(await world.as(player, () => sendSheetCommand(combat, command))).toBe(true);
    await world.idle();
    expect(held()?.hits).toEqual([]);
    const cards = damageCards();
    world.scriptedTotals.push(5);
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    expect(damageCards()).toBe(cards);
    world.scriptedTotals.length = 0;
  });
});
