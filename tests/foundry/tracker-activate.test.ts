/**
 * PHS-7 (issue 19): the phase tracker row's Activate Item asks which item, offering only what can be
 * activated (gear with a charge left or without charges, an Activate Item power; charges shown), and then
 * goes the sheet's way: one Combat write, one charge used, a card posted; undo gives the charge back.
 * With nothing to activate it is refused with the reason, no dialog and nothing written.
 */
import { afterAll, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { chatLog } from "../support/chat-log.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { rolledDuel } from "../support/seed-table.ts";

const world = installFoundryWorld(191);
afterAll(() => world.uninstall());
const player = world.addUser("p1");
const chat = chatLog(world);
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());

await world.loadSystem();
world.callHook("init");
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
type Handler = (this: { viewed: unknown }, event: object, target: { dataset: Record<string, string> }) => Promise<void>;

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const creatureSystem = (side: string) => ({
  side,
  weaponSkills: [],
  hp: { value: 30, max: 30 },
  dr: NO_DR,
  overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
});

/** A phase combat of Vex (the player's, first in battle) and the Ogre, at Vex's battle turn. */
async function battleTurn() {
  await game.settings.set("tempo", "ruleset", "phase");
  const vex = await world.addActor("Vex", [player.id], "character", creatureSystem("pc"));
  const ogre = await world.addActor("Ogre", [], "npc", creatureSystem("enemy"));
  const { combat, pcId: id } = await rolledDuel(world, vex, ogre, [12, 5]);
  const input = () => trackerInputOf(combat, game.user);
  for (let i = 0; i < 6; i++) {
    const m = input();
    const s = m?.state as { phase?: string } | undefined;
    if (s?.phase === "battle" && m?.host.current(m.state) === id) break;
    await combat.tempoCommand({ type: "next" });
    await world.idle();
  }
  const turnAction = () => (input()?.state as { turnAction?: string | null } | undefined)?.turnAction ?? null;
  const press = async () => {
    const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
      .DEFAULT_OPTIONS.actions;
    await world.as(player, async () => {
      await actions.phaseActivate?.call({ viewed: combat }, {}, { dataset: { combatantId: id } });
    });
    await world.idle();
  };
  return { combat, vex, turnAction, press, id };
}

it("PHS-7: the row's Activate Item asks which item (the potion with its charges, the torch; not the empty scroll or the Blade); the potion chosen uses one charge with one Combat write and a card, and undo gives it back", async () => {
  const { combat, vex, turnAction, press, id } = await battleTurn();
  const gear = (uses: { value: number; max: number }) => ({ quantity: 1, weight: 0, uses });
  await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon });
  const potion = await ownedItem(world, vex, "Healing Potion", "gear", gear({ value: 3, max: 4 }));
  await ownedItem(world, vex, "Torch", "gear", gear({ value: 0, max: 0 }));
  await ownedItem(world, vex, "Spent Scroll", "gear", gear({ value: 0, max: 1 }));
  const charges = () => (vex.items.get(potion.id ?? "")?.system as { uses: { value: number } }).uses.value;
  const cards = chat.messages.length;
  const from = world.writes.length;
  dialogs.answers.push({ fields: { choice: potion.id ?? "" } });
  await press();
  const asked = dialogs.prompts.at(-1);
  expect(asked?.user).toBe(player.id);
  expect(asked?.content).toContain("TEMPO.TRACKER.Activate.Choice");
  expect(asked?.content).toContain("Torch");
  expect(asked?.content).not.toContain("Spent Scroll");
  expect(asked?.content).not.toContain("Blade");
  expect(world.writes.slice(from).filter((w) => w.document === "Combat")).toHaveLength(1);
  expect([turnAction(), charges(), chat.messages.length]).toEqual(["activateItem", 2, cards + 1]);
  const card = chat.messages.at(-1) as unknown as { content: string; flags: { tempo: { activation: object } } };
  expect(card.flags.tempo.activation).toMatchObject({ id, item: "Healing Potion", charges: { left: 2 } });
  expect(card.content).toContain("Vex");
  await combat.tempoCommand({ type: "undo" });
  await world.idle();
  expect([turnAction(), charges()]).toEqual([null, 3]);
  await combat.delete();
});

it("PHS-7: with no item Vex can activate the row's Activate Item is refused with the reason, no dialog, nothing written", async () => {
  const { combat, vex, turnAction, press } = await battleTurn();
  await ownedItem(world, vex, "Spent Scroll", "gear", { quantity: 1, weight: 0, uses: { value: 0, max: 1 } });
  const from = world.writes.length;
  const [notices, prompts] = [world.notices.length, dialogs.prompts.length];
  await press();
  expect(world.writes.length).toBe(from);
  expect(dialogs.prompts.length).toBe(prompts);
  expect(turnAction()).toBeNull();
  expect(world.notices.slice(notices).map((n) => [n.user, n.text])).toEqual([
    [player.id, expect.stringContaining("TEMPO.TRACKER.Activate.NoItem")],
  ]);
  await combat.delete();
});
