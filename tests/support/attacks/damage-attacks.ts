/**
 * Issue 18, damage cards: the forgeries a player (`cheat`) can try on damage cards and damage requests.
 * A damage request goes to the active GM on the system socket (apply-damage.ts, socket-channel.ts), as
 * the Apply and Undo buttons send it; a console sends the same with any data.
 */
import type { Obj } from "../runtime/diff.ts";
import { asChatMessage, lastMessage, type ChatMessageModel } from "../chat-log.ts";
import type { WorldUser } from "../foundry-world.ts";
import { answerVerdict, type Attack, type Verdict } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";
import { rolledDamage } from "./rolled-cards.ts";

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const HAND_MADE = { attacker: "Vex", target: "King", formula: "1d8+2", kind: "slashing", dr: NO_DR, drMode: "perHit" };

async function ask(
  ctx: AttackContext,
  user: WorldUser,
  message: ChatMessageModel,
  action: string,
  uuids: string[] = [],
) {
  const { askActiveGm } = await import("../../../src/foundry/socket/socket-channel.ts");
  const data = { messageId: message.id, action, actorUuids: uuids };
  const answer = await ctx.world.as(user, () => askActiveGm("damage", data));
  return answerVerdict(answer);
}

async function post(ctx: AttackContext, user: WorldUser, input: Obj, options: Obj = {}): Promise<ChatMessageModel> {
  const { postCard } = await import("../../../src/foundry/chat/post-card.ts");
  await ctx.world.as(user, () => postCard({ type: "damage", input } as never, options));
  await ctx.world.idle();
  return lastMessage(ctx.chat);
}

/** The cheat's own real card: Vex's blade rolled against `target`. */
async function ownCard(
  ctx: AttackContext,
  target = ctx.king,
  totals: number[] = [7],
  input: Obj = {},
  formula?: string,
) {
  await rolledDamage(ctx.world, ctx.cheat, ctx.vex, target, totals, input, formula);
  return lastMessage(ctx.chat);
}

async function update(ctx: AttackContext, user: WorldUser, message: ChatMessageModel, changes: Obj) {
  await ctx.world.as(user, () => asChatMessage(message).update(changes as never));
  await ctx.world.idle();
}

/** A write the server must refuse: its rejection is the verdict. */
async function serverRefuses(run: () => Promise<unknown>): Promise<Verdict> {
  try {
    await run();
    return { kind: "allowed" };
  } catch {
    return { kind: "server" };
  }
}

const forgedRecord = (ctx: AttackContext) => ({
  actorUuid: ctx.king.uuid,
  name: "King",
  before: { hp: 999, overshield: 0 },
  after: { hp: 40, overshield: 0 },
  notes: [],
  statuses: [],
});

export const DAMAGE_ATTACKS: readonly Attack[] = [
  {
    name: "a hand-made damage card (999 damage, no roll) applied to the King",
    async prepare(ctx) {
      const message = await post(ctx, ctx.cheat, { ...HAND_MADE, swings: [999] });
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "a card claiming another player's creature and blade rolled it",
    async prepare(ctx) {
      const input = { attackerUuid: ctx.wren.actor.uuid, itemUuid: ctx.wren.item.uuid };
      const message = await ownCard(ctx, ctx.king, [7], input);
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "a card of the cheat's own creature with another creature's weapon",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.king, [7], { itemUuid: ctx.wren.item.uuid });
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "inflated numbers: rolls of 10d8+2 for a 1d8+2 blade, the card's swings at 80",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.king, [80], { swings: [80] }, "10d8+2");
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "inflated numbers: the card's roll rewritten to a 50 on the d8 (and its total)",
    async prepare(ctx) {
      const message = await ownCard(ctx);
      const forged = { class: "Roll", formula: "1d8+2", total: 52, evaluated: true };
      const terms = [{ number: 1, faces: 8, sign: 1, keep: null, results: [{ result: 50, active: true }] }];
      await update(ctx, ctx.cheat, message, {
        rolls: [JSON.stringify({ ...forged, terms })],
        "system.input.swings": [52],
      });
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "AP-1: four swings of a blade whose AP gives three",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.king, [10, 10, 10, 10]);
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "a real card applied to a creature the attack was not rolled against",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.raider);
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "Undo of a card never applied, with forged applied records (the King healed to 999)",
    async prepare(ctx) {
      const message = await ownCard(ctx);
      await update(ctx, ctx.cheat, message, { "system.input.applied": [forgedRecord(ctx)] });
      return () => ask(ctx, ctx.cheat, message, "undo");
    },
  },
  {
    name: "replay: a legit Apply, the card's record cleared, Apply asked again",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.raider);
      const first = await ask(ctx, ctx.cheat, message, "apply", [ctx.raider.uuid]);
      if (first.kind !== "allowed") throw new Error("the legit apply was refused");
      await update(ctx, ctx.cheat, message, { "system.input.applied": [] });
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.raider.uuid]);
    },
  },
  {
    name: "Undo twice: a legit Apply and Undo, the records written back, Undo asked again",
    async prepare(ctx) {
      const message = await ownCard(ctx, ctx.raider);
      await ask(ctx, ctx.cheat, message, "apply", [ctx.raider.uuid]);
      const records = (message._source.system as { input: { applied: unknown } }).input.applied;
      const undone = await ask(ctx, ctx.cheat, message, "undo");
      if (undone.kind !== "allowed") throw new Error("the legit undo was refused");
      await update(ctx, ctx.cheat, message, { "system.input.applied": records });
      return () => ask(ctx, ctx.cheat, message, "undo");
    },
  },
  {
    name: "Apply of another player's real card",
    async prepare(ctx) {
      await rolledDamage(ctx.world, ctx.victim, ctx.wren, ctx.king, [7]);
      const message = lastMessage(ctx.chat);
      return () => ask(ctx, ctx.cheat, message, "apply", [ctx.king.uuid]);
    },
  },
  {
    name: "the GM's damage card rewritten by a player (swings 999)",
    async prepare(ctx) {
      const message = await post(ctx, ctx.world.gm, { ...HAND_MADE, swings: [3] });
      return () => serverRefuses(() => update(ctx, ctx.cheat, message, { "system.input.swings": [999] }));
    },
  },
  {
    name: "a damage card posted with the GM as its author",
    async prepare(ctx) {
      const data = { type: "damage", author: ctx.world.gm.id, system: { input: { ...HAND_MADE, swings: [999] } } };
      const create = (ChatMessage as unknown as { create(d: object): Promise<unknown> }).create.bind(ChatMessage);
      return () => serverRefuses(() => ctx.world.as(ctx.cheat, () => create(data)));
    },
  },
];
