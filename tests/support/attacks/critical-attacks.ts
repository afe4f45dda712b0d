/**
 * Issue 19, ATK-ROT-4 on a player's damage card: the forgeries of a critical's bonus (the weapon's
 * maximum, which the GM's side grants only when the attack card the damage card names was rolled by the
 * same user, for the same creature, weapon and target, and its recorded d20 is above the attacker's own
 * critical threshold). Vex (threshold 20) is the cheat's; its blade is 1d8+2 (maximum 10).
 */
import { lastMessage, type ChatMessageModel } from "../chat-log.ts";
import type { WorldUser } from "../foundry-world.ts";
import type { ActorModel } from "../runtime/actor.ts";
import type { Obj } from "../runtime/diff.ts";
import { answerVerdict, type Attack } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";
import { rolledDamage, type Armed } from "./rolled-cards.ts";

const DEFENDER = {
  dodge: 10,
  armor: 10,
  isPlayer: false,
  adjacentEnemies: 1,
  defense: null,
  unaware: false,
  grappled: false,
};

/**
 * A rotation attack card as `user`'s client posts it: a real 1d20 Roll scripted to `rolled` on the
 * message, the card's own faces `faces` (a forger writes 20 there), and the UUIDs it records.
 */
export async function rolledAttack(
  ctx: AttackContext,
  user: WorldUser,
  attacker: Armed,
  target: ActorModel,
  rolled: number,
  input: Obj = {},
): Promise<ChatMessageModel> {
  const { postCard } = await import("../../../src/foundry/chat/post-card.ts");
  await ctx.world.as(user, async () => {
    ctx.world.scriptedTotals.push(rolled);
    const roll = await new Roll("1d20").evaluate();
    const snapshot = {
      skillBonus: 0,
      proficient: true,
      criticalThreshold: 20,
      attackerIsPlayer: true,
      defender: DEFENDER,
    };
    const card = {
      attacker: attacker.actor.name,
      target: target.name,
      weapon: attacker.item.name,
      resolution: { scheme: "rotation", snapshot, faces: [rolled] },
      attackerUuid: attacker.actor.uuid,
      itemUuid: attacker.item.uuid,
      targetUuid: target.uuid,
      ...input,
    };
    await postCard({ type: "attack", input: card } as never, { rolls: [roll] });
  });
  await ctx.world.idle();
  return lastMessage(ctx.chat);
}

/** The cheat's own real damage card (the blade rolled 7) claiming `bonus` from `attack`. */
async function critCard(ctx: AttackContext, attack: ChatMessageModel | null, bonus = 10, target = ctx.raider) {
  const claim = attack === null ? { criticalBonus: bonus } : { criticalBonus: bonus, attackMessageId: attack.id };
  await rolledDamage(ctx.world, ctx.cheat, ctx.vex, target, [7], claim);
  return lastMessage(ctx.chat);
}

async function apply(ctx: AttackContext, message: ChatMessageModel, target = ctx.raider) {
  const { askActiveGm } = await import("../../../src/foundry/socket/socket-channel.ts");
  const data = { messageId: message.id, action: "apply", actorUuids: [target.uuid] };
  return answerVerdict(await ctx.world.as(ctx.cheat, () => askActiveGm("damage", data)));
}

export const CRITICAL_ATTACKS: readonly Attack[] = [
  {
    name: "ATK-ROT-4: a critical bonus claimed with no attack card",
    async prepare(ctx) {
      const message = await critCard(ctx, null);
      return () => apply(ctx, message);
    },
  },
  {
    name: "ATK-ROT-4: a critical bonus from an attack card whose faces say 20 but whose roll is a 5",
    async prepare(ctx) {
      const attack = await rolledAttack(ctx, ctx.cheat, ctx.vex, ctx.raider, 5, {
        resolution: {
          scheme: "rotation",
          snapshot: {
            skillBonus: 9,
            proficient: true,
            criticalThreshold: 1,
            attackerIsPlayer: true,
            defender: DEFENDER,
          },
          faces: [20],
        },
      });
      const message = await critCard(ctx, attack);
      return () => apply(ctx, message);
    },
  },
  {
    name: "ATK-ROT-4: a critical bonus from another player's real natural 20 (Wren's attack card)",
    async prepare(ctx) {
      const attack = await rolledAttack(ctx, ctx.victim, ctx.wren, ctx.raider, 20);
      const message = await critCard(ctx, attack);
      return () => apply(ctx, message);
    },
  },
  {
    name: "ATK-ROT-4: the cheat's real natural 20 against the Raider reused for damage to the King",
    async prepare(ctx) {
      const attack = await rolledAttack(ctx, ctx.cheat, ctx.vex, ctx.raider, 20);
      const message = await critCard(ctx, attack, 10, ctx.king);
      return () => apply(ctx, message, ctx.king);
    },
  },
];
