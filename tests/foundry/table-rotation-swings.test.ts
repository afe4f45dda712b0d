/**
 * AP-1 at the table: a rotation combat started and rolled from the tracker, then Vex's blade (1d6, AP cost 10)
 * used from the sheet with AP 80 (8 swings a Full action), the attack dialog answered as the user. What is
 * left is read as the tracker reads it; the cards are read from the chat log. Dice are scripted totals.
 * RULES.md AP-1 is the spec: floor(AP ÷ cost) swings in ONE Full action, AP a rate and not a pool, so each
 * attack action (one Full action) may swing that many again; a miss takes its Full action and deals nothing.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { rolledDuel } from "../support/seed-table.ts";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog, type ChatMessageModel } from "../support/chat-log.ts";
import { installItemUuids } from "../support/attacks/rolled-cards.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installTargets } from "../support/targets.ts";
import { creatureSystem } from "../support/test-creature.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(199, { language: "en" });
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
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { actorSheetInputOf } = await import("../../src/foundry/applications/sheets/sheet-documents.ts");
const { buildActorSheetContext } = await import("../../src/view/sheets/actor-sheet-context.ts");

type Obj = Record<string, unknown>;
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;
const BLADE = { ...ITEM_DEFAULTS.weapon, damage: "1d6", group: "blades", apCost: 10 };

const enemy = (name: string, dodge: number) =>
  world.addActor(name, [], "npc", creatureSystem(60, { side: "enemy", defenses: { dodge, armor: 10 } }));

/** Vex (AP `ap`, acting first: 20; owned by `owners`) and a Raider (Dodge 15), started and rolled from the tracker. */
async function rotationCombat(ap: { value: number; max: number }, owners: string[] = []) {
  await game.settings.set("tempo", "ruleset", "rotation");
  const skills = [{ group: "blades", bonus: 5, proficient: true }];
  const vex = await world.addActor(
    "Vex",
    owners,
    "character",
    creatureSystem(60, { side: "pc", ap, weaponSkills: skills }),
  );
  const raider = await enemy("Raider", 15);
  const blade = await ownedItem(world, vex, "Blade", "weapon", BLADE);
  const { combat, pcId: vexId } = await rolledDuel(world, vex, raider, [20, 5]);
  return { combat, vex, raider, bladeId: blade.id ?? "", vexId };
}

/** Full actions left for `id`, as the tracker row and the sheet show them. */
const fullLeft = (combat: Tempo, id: string) =>
  trackerInputOf(combat, game.user)
    ?.combatants.find((c) => c.id === id)
    ?.economy?.find((a) => a.kind === "full")?.left;

/** `user` attacks from Vex's sheet with the dialog answered `fields`; the new cards (false: refused). */
async function attack(vex: ActorModel, bladeId: string, fields: Record<string, string>, user = world.gm) {
  dialogs.answers.push({ fields });
  const before = chat.messages.length;
  const used = await world.as(user, () => useSheetItem(vex as unknown as Actor.Implementation, bladeId));
  await world.idle();
  return used ? chat.messages.slice(before) : false;
}

/** What Vex's sheet says of its weapons' swings (Combat tab). */
function sheetSwings(vex: ActorModel): string[] {
  const input = actorSheetInputOf(vex as unknown as Actor.Implementation, "play", true, game.user);
  if (input === null) throw new Error("no sheet input");
  return (buildActorSheetContext(input, "combat").combat.ap?.swings ?? []).map((s) =>
    game.i18n.format(s.text.key, s.text.data as never),
  );
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("AP-1 at the table", () => {
  it("AP-1, ACT-ROT: an attack spends a Full action through the engine; a miss takes it and deals nothing; the second Full action swings all 8 again (a rate, not a pool)", async () => {
    const { combat, vex, raider, bladeId, vexId } = await rotationCombat({ value: 80, max: 80 });
    targeting.target(world.gm, [raider]);
    expect(fullLeft(combat, vexId)).toBe(2);
    // 3 + 5 = 8 against Dodge 15: a miss. The Full action is gone, no damage card.
    world.scriptedTotals.push(3);
    const missed = await attack(vex, bladeId, {});
    expect(missed && missed.map((m) => m.type)).toEqual(["attack"]);
    expect(fullLeft(combat, vexId)).toBe(1);
    // 12 + 5 = 17: a hit with every one of the 8 swings of the second Full action.
    world.scriptedTotals.push(12, 1, 2, 3, 4, 5, 6, 1, 2);
    const hit = await attack(vex, bladeId, {});
    expect(hit && hit.map((m) => m.type)).toEqual(["attack", "damage"]);
    expect(hit && inputOf(hit[1]).swings).toEqual([1, 2, 3, 4, 5, 6, 1, 2]);
    expect(fullLeft(combat, vexId)).toBe(0);
    // No Full action left: refused with the reason before the dialog opens or anything is rolled.
    const cards = chat.messages.length;
    expect(await world.as(world.gm, () => useSheetItem(vex as unknown as Actor.Implementation, bladeId))).toBe(false);
    expect(world.notices.at(-1)?.text).toBe(game.i18n.format("TEMPO.ERRORS.Rotation.NoFull", { id: vexId }));
    expect(chat.messages.length).toBe(cards);
  });

  it("AP-1: fewer swings may be chosen in the dialog (3 of 8); two targets share the Full action's swings (5: 3 and 2)", async () => {
    const { combat, vex, raider, bladeId, vexId } = await rotationCombat({ value: 80, max: 80 });
    targeting.target(world.gm, [raider]);
    world.scriptedTotals.push(12, 4, 4, 4);
    const three = await attack(vex, bladeId, { swings: "3" });
    expect(dialogs.prompts.at(-1)?.names).toEqual(["swings", "flankers", "modifier"]);
    expect(three && inputOf(three[1]).swings).toEqual([4, 4, 4]);
    const guard = await enemy("Guard", 12);
    targeting.target(world.gm, [raider, guard]);
    world.scriptedTotals.push(12, 1, 2, 3, 12, 5, 6);
    const shared = await attack(vex, bladeId, { swings: "5" });
    // The dialog opened with the 3 swings remembered from the last attack, shared before the user typed 5.
    expect(dialogs.prompts.at(-1)?.content).toContain("3 swings are shared by the targets: 2, 1.");
    expect(shared && shared.map((m) => [m.type, inputOf(m).target, inputOf(m).swings ?? null])).toEqual([
      ["attack", "Raider", null],
      ["damage", "Raider", [1, 2, 3]],
      ["attack", "Guard", null],
      ["damage", "Guard", [5, 6]],
    ]);
    expect(fullLeft(combat, vexId)).toBe(0);
  });

  it("AP-1: one swing cannot reach two targets: refused with the reason before the Full action is spent, nothing rolled", async () => {
    const { combat, vex, raider, bladeId, vexId } = await rotationCombat({ value: 80, max: 80 });
    const guard = await enemy("Guard", 12);
    targeting.target(world.gm, [raider, guard]);
    const writes = world.writes.length;
    expect(await attack(vex, bladeId, { swings: "1" })).toBe(false);
    expect(world.notices.at(-1)?.text).toBe(
      game.i18n.format("TEMPO.ERRORS.Damage.FewerSwingsThanTargets", { swings: "1", targets: "2" }),
    );
    expect(world.writes.slice(writes).filter((w) => w.document !== "Setting")).toEqual([]);
    expect(fullLeft(combat, vexId)).toBe(2);
  });

  it("AP-1: AP is the creature's AP, not what is 'left': stored 40 of 80, the sheet, the dialog and the GM's Apply of the player's card all take 8 swings", async () => {
    const { vex, raider, bladeId } = await rotationCombat({ value: 40, max: 80 }, [player.id]);
    expect(sheetSwings(vex)).toEqual(["8 swings per Full action (AP cost 10)"]);
    targeting.target(player, [raider]);
    world.scriptedTotals.push(12, 1, 1, 1, 1, 1, 1, 1, 1);
    const cards = await attack(vex, bladeId, {}, player);
    expect(cards && inputOf(cards[1]).swings).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const hp = () =>
      (world.runtime.server.source("Actor", raider.id ?? "")?.system as { hp: { value: number } }).hp.value;
    const damage = cards ? cards[1] : undefined;
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(damage as never), "apply"))).toBeNull();
    await world.idle();
    expect(hp()).toBe(60 - 8);
  });

  it("AP-1: an AP cost of 0 is invalid data: the update is refused with its reason and the sheet keeps the weapon's 8 swings", async () => {
    const { vex, bladeId } = await rotationCombat({ value: 80, max: 80 }, [player.id]);
    const blade = vex.items.get(bladeId);
    if (blade === undefined) throw new Error("no blade");
    const refused = await world
      .as(player, () => blade.update({ system: { apCost: 0 } }))
      .then(() => null)
      .catch((error: unknown) => (error as Error).message);
    expect(refused).toBe("A weapon's AP cost must be more than 0, not 0.");
    await world.idle();
    expect(sheetSwings(vex)).toEqual(["8 swings per Full action (AP cost 10)"]);
  });
});
