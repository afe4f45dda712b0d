/**
 * What a GM or a player does with their hands at a count table (tests/foundry/seed-count*.test.ts): the
 * sheet's Attack or Cast aimed at targeted tokens (the attack dialog answered as the user answers it), Resolve
 * on a pending card, Apply on a damage card; the system's compendium weapons; the dice the cards carry.
 */
import { expect } from "vitest";
import { packSources } from "../packs/pack-sources.ts";
import { asChatMessage, type ChatLog, type ChatMessageModel } from "./chat-log.ts";
import type { World, WorldUser } from "./foundry-world.ts";
import { ownedItem } from "./owned-items.ts";
import type { ActorModel, ItemModel } from "./runtime/actor.ts";
import type { DialogAnswer } from "./runtime/dialog-v2.ts";
import type { Targetable } from "./targets.ts";

type Obj = Record<string, unknown>;

export interface CountHands {
  /** The system's compendium weapon `name` (packs/weapons), owned by `actor`. */
  packWeapon(actor: ActorModel, name: string): Promise<ItemModel>;
  /** The rolls on the cards posted since message `from`, as "formula: dice". */
  rollsSince(from: number): string[];
  /**
   * `user`'s Attack (or Cast) on its own copy of the sheet, aimed at `aim`; `fields`: the attack dialog's answer
   * (a weapon's: a spell opens no dialog).
   */
  attack(
    actor: ActorModel,
    item: { readonly id: string | null; readonly type: string },
    aim: readonly Targetable[],
    fields?: Obj,
    user?: WorldUser,
  ): Promise<boolean>;
  /** Resolve on a pending card, with these dice totals; the cards it posts. */
  resolve(card: ChatMessageModel | undefined, totals: readonly number[], user?: WorldUser): Promise<ChatMessageModel[]>;
  /** The GM applies a damage card to the creature it was rolled against (targeted, as at the table). */
  apply(card: ChatMessageModel | undefined, target: Targetable): Promise<void>;
}

interface Hands {
  readonly world: World;
  readonly chat: ChatLog;
  readonly targeting: { target(user: WorldUser, targets: readonly Targetable[]): void };
  readonly dialogs: { readonly answers: DialogAnswer[] };
}

export async function countHands({ world, chat, targeting, dialogs }: Hands): Promise<CountHands> {
  // The Foundry layer loads once the world is installed (its classes extend the globals).
  const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
  const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
  const weapons = packSources("packs/weapons");
  return {
    packWeapon(actor, name) {
      const source = weapons.find(({ doc }) => doc.name === name)?.doc;
      if (source === undefined) throw new Error(`no ${name} in packs/weapons`);
      return ownedItem(world, actor, name, "weapon", source.system as Obj);
    },
    rollsSince(from) {
      return chat.messages.slice(from).flatMap((m) =>
        (m.rolls ?? []).map((raw) => {
          const r = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
            formula: string;
            terms: { results?: { result: number }[] }[];
          };
          return `${r.formula}: ${r.terms.flatMap((t) => (t.results ?? []).map((x) => x.result)).join()}`;
        }),
      );
    },
    async attack(actor, item, aim, fields = {}, user = world.gm) {
      targeting.target(user, aim);
      if (item.type === "weapon") dialogs.answers.push({ fields: fields as Record<string, string> });
      const own = world.runtime.clientOf(user.id).actors.get(actor.id ?? "") as unknown as Actor.Implementation;
      const used = await world.as(user, () => useSheetItem(own, item.id ?? ""));
      await world.idle();
      return used;
    },
    async resolve(card, totals, user = world.gm) {
      if (card === undefined) throw new Error("no pending card");
      world.scriptedTotals.push(...totals);
      const from = chat.messages.length;
      expect(await world.as(user, () => runCardAction(asChatMessage(card), "resolve"))).toBeNull();
      await world.idle();
      return chat.messages.slice(from);
    },
    async apply(card, target) {
      if (card === undefined) throw new Error("no damage card");
      targeting.target(world.gm, [target]);
      expect(await runCardAction(asChatMessage(card), "apply")).toBeNull();
      await world.idle();
    },
  };
}
