/**
 * Issue 18, saves and pending cards: the forgeries a player (`forger`, who owns Vex and its combatant)
 * can try on the GM's save cards (a card request on the system socket with any roll JSON, card-actions.ts)
 * and with pending cards of their own that a GM then resolves.
 */
import type { Message } from "../../../src/engine/index.ts";
import { asChatMessage, lastMessage, type ChatMessageModel } from "../chat-log.ts";
import type { Obj } from "../runtime/diff.ts";
import { answerVerdict, verdictOf, type Attack } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";

async function askCard(ctx: AttackContext, message: ChatMessageModel, change: Obj) {
  const { askActiveGm } = await import("../../../src/foundry/socket/socket-channel.ts");
  const answer = await ctx.world.as(ctx.forger, () => askActiveGm("card", { messageId: message.id, change }));
  return answerVerdict(answer);
}

/** A roll's JSON as Foundry keeps it: the formula, its Die terms with their results, a total. */
function rollJson(formula: string, faces: number, results: number[], total: number): Obj {
  const terms = [
    { class: "Die", number: results.length, faces, results: results.map((result) => ({ result, active: true })) },
  ];
  return { class: "Roll", formula, terms, total, evaluated: true };
}

/** A card the forger posts themselves (any user may post a message, as its author). */
async function postOwn(
  ctx: AttackContext,
  type: "save" | "pending",
  input: Obj,
  options: Obj,
): Promise<ChatMessageModel> {
  const { postCard } = await import("../../../src/foundry/chat/post-card.ts");
  await ctx.world.as(ctx.forger, () => postCard({ type, input } as never, { whisper: [], ...options }));
  await ctx.world.idle();
  return lastMessage(ctx.chat);
}

/** A GM's Resolve click on a card, and the reason the GM is shown. */
async function gmResolves(ctx: AttackContext, message: ChatMessageModel) {
  const { runCardAction } = await import("../../../src/foundry/chat/card-actions.ts");
  const refusal: Message | null = await runCardAction(asChatMessage(message), "resolve");
  return verdictOf(refusal);
}

const PENDING = {
  combatantId: "",
  name: "Vex",
  entryKey: "pending:x",
  detail: { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 1 } },
  position: { key: "TEMPO.COMBAT.Count.Position", data: { count: 7 } },
  rule: "CNT-6",
  resolved: false,
};

export const CARD_ATTACKS: readonly Attack[] = [
  {
    name: "CNT-14: a death save 'rolled' as a posted total of 20 with no roll",
    async prepare(ctx) {
      return () => askCard(ctx, ctx.deathSave, { kind: "saveRolled", total: 20, roll: {} });
    },
  },
  {
    name: "CNT-14: a death save rolled as 1d20+50",
    async prepare(ctx) {
      return () => askCard(ctx, ctx.deathSave, { kind: "saveRolled", roll: rollJson("1d20+50", 20, [20], 70) });
    },
  },
  {
    name: "PHS-12: an end-phase save whose 2d6 shows a 6 and a 9",
    async prepare(ctx) {
      return () => askCard(ctx, ctx.endPhaseSave, { kind: "saveRolled", roll: rollJson("2d6", 6, [6, 9], 15) });
    },
  },
  {
    name: "CNT-14: a death save card the player posted for their own creature, a natural 20 asked of the GM",
    async prepare(ctx) {
      const input = {
        kind: "death",
        combatantId: ctx.combatants.Vex ?? "",
        name: "Vex",
        effect: null,
        formula: "1d20",
        target: 1,
        endPhaseKind: "ends",
        concentration: "maintaining",
        total: null,
      };
      const card = await postOwn(ctx, "save", input, { combatId: ctx.combat.id });
      return () => askCard(ctx, card, { kind: "saveRolled", roll: rollJson("1d20", 20, [20], 20) });
    },
  },
  {
    name: "a player's pending card carrying a GM-only command (defeat the King), resolved by the GM",
    async prepare(ctx) {
      const command = { type: "defeat", combatantId: ctx.combatants.King ?? "" };
      const input = { ...PENDING, combatantId: ctx.combatants.Vex ?? "" };
      const card = await postOwn(ctx, "pending", input, { combatId: ctx.combat.id, command });
      return () => gmResolves(ctx, card);
    },
  },
  {
    name: "a player's pending card carrying a command for a creature they do not own (the King delays)",
    async prepare(ctx) {
      const command = { type: "delay", combatantId: ctx.combatants.King ?? "" };
      const input = { ...PENDING, combatantId: ctx.combatants.Vex ?? "" };
      const card = await postOwn(ctx, "pending", input, { combatId: ctx.combat.id, command });
      return () => gmResolves(ctx, card);
    },
  },
  {
    name: "a GM-only command sent on the socket (start the next round)",
    async prepare(ctx) {
      const { askActiveGm } = await import("../../../src/foundry/socket/socket-channel.ts");
      const data = { combatId: ctx.combat.id, command: { type: "nextRound" } };
      return async () => answerVerdict(await ctx.world.as(ctx.forger, () => askActiveGm("command", data)));
    },
  },
];
