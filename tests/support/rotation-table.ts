/**
 * The rotation ruleset at the table on the runtime model, for the tests that play its seed's worked examples
 * (seed-rotation.test.ts): creatures made as a GM makes them, an item used from the sheet (the attack dialog
 * answered as the user), a chat card's button pressed by the GM, and a rotation combat begun and rolled from
 * the tracker. Load the world (`world.loadSystem()`, `init`) before calling `rotationTable`.
 */
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, type ChatLog, type ChatMessageModel } from "./chat-log.ts";
import type { World, WorldUser } from "./foundry-world.ts";
import { ownedItem } from "./owned-items.ts";
import type { ActorModel } from "./runtime/actor.ts";
import type { DialogUser } from "./runtime/dialog-v2.ts";
import type { Targeting } from "./targets.ts";
import { creatureSystem } from "./test-creature.ts";

type Obj = Record<string, unknown>;
export type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;

/** A card's stored `input`. */
export const inputOf = (m: ChatMessageModel | undefined): Obj => (cardSource(m).input ?? {}) as Obj;

export async function rotationTable(world: World, chat: ChatLog, targeting: Targeting, dialogs: DialogUser) {
  const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
  const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
  const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");

  const sourceOf = (a: ActorModel) => (world.runtime.server.source("Actor", a.id ?? "")?.system ?? {}) as Obj;

  return {
    /** A creature of 30 hit points (more in `system`) with +5 in blades, Dodge and Armor 10, no DR or shield. */
    creature(name: string, type: "character" | "npc", system: Obj = {}, owners: readonly string[] = []) {
      const blades = { weaponSkills: [{ group: "blades", bonus: 5, proficient: true }] };
      const side = type === "character" ? "pc" : "enemy";
      const base = { ...blades, side, defenses: { dodge: 10, armor: 10 }, ...system };
      return world.addActor(name, [...owners], type, creatureSystem(30, base));
    },

    /**
     * `user` uses a new `type` item of `actor` (`stats` over the defaults) from the sheet on `targets`, the
     * dice scripted to `totals` and a weapon's dialog answered with `fields`; the new cards, or null when refused.
     */
    async use(
      actor: ActorModel,
      type: "weapon" | "spell",
      stats: Obj,
      targets: readonly ActorModel[],
      totals: readonly number[],
      fields: Record<string, string> = {},
      user: WorldUser = world.gm,
    ): Promise<ChatMessageModel[] | null> {
      const item = await ownedItem(world, actor, String(stats.name ?? type), type, {
        ...ITEM_DEFAULTS[type],
        ...stats,
      });
      targeting.target(user, targets);
      world.scriptedTotals.push(...totals);
      if (type === "weapon") dialogs.answers.push({ fields });
      const before = chat.messages.length;
      const used = await world.as(user, () => useSheetItem(actor as unknown as Actor.Implementation, item.id ?? ""));
      await world.idle();
      return used ? chat.messages.slice(before) : null;
    },

    /** The GM presses a card's Apply (on the GM's targets) or Undo; the refusal, if any. */
    async click(message: ChatMessageModel | undefined, action: "apply" | "undo", on?: readonly ActorModel[]) {
      if (message === undefined) throw new Error("no card");
      if (on !== undefined) targeting.target(world.gm, on);
      const refusal = await world.as(world.gm, () => runCardAction(asChatMessage(message), action));
      await world.idle();
      return refusal;
    },

    hpOf: (a: ActorModel) => (sourceOf(a).hp as { value: number }).value,
    shieldOf: (a: ActorModel) => sourceOf(a).overshield as Obj,

    /** A rotation combat of `actors` (in order), begun and rolled from the tracker with `totals`. */
    async combatOf(actors: readonly ActorModel[], totals: readonly number[]): Promise<Tempo> {
      await game.settings.set("tempo", "ruleset", "rotation");
      const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
      const rows = actors.map((a) => ({ name: a.name, actorId: a.id, system: { side: sourceOf(a).side } }));
      await (
        combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("Combatant", rows);
      await world.idle();
      world.scriptedTotals.push(...totals);
      await combat.startCombat();
      await world.idle();
      await combat.rollAll();
      await world.idle();
      return combat;
    },

    idOf: (combat: Tempo, name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "",

    /** What `id` has left (kind → count), as the tracker row and the sheet show it. */
    left(combat: Tempo, id: string): Record<string, number | null> {
      const row = trackerInputOf(combat, game.user)?.combatants.find((c) => c.id === id);
      return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
    },
  };
}
