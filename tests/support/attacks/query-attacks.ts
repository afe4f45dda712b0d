/**
 * Issue 18, the User queries of socket-channel.ts and request-bodies.ts, tried from a player's console:
 * - a flood of request bodies at the GM: at most MAX_PER_KEY held under one key, the rest refused
 *   (`Access.TooMany` on the honest client), and the made-up keys' bodies bounded;
 * - an answer forged for another player's pending request (its id is on the socket): not taken without
 *   that page's key, so the victim still gets the GM's refusal;
 * - a notice query forged for another player, with a made-up key or a new key whose token the forger
 *   names itself on the socket: not shown (only a GM's naming counts: notice-link.ts).
 */
import {
  askActiveGm,
  NOTICE_QUERY,
  REQUEST_ANSWER_QUERY,
  REQUEST_BODY_QUERY,
  SOCKET_EVENT,
} from "../../../src/foundry/socket/socket-channel.ts";
import { heldBodies, MAX_PER_KEY } from "../../../src/foundry/socket/request-bodies.ts";
import { inWriterQueue } from "../../../src/foundry/combat/writer-queue.ts";
import type { Attack, Verdict } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";

interface QueryUser {
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

const hex = (n: number, i: number) => `${i.toString(16)}`.padStart(n, "f");

/** `user` (by id) as this client sees it, to query. */
const userOf = (id: string) => game.users.get(id) as unknown as QueryUser;

export const QUERY_ATTACKS: readonly Attack[] = [
  {
    name: "request-body flood: 60 bodies under one made-up key and 60 under made-up keys of one each",
    async prepare(ctx: AttackContext) {
      return async (): Promise<Verdict> => {
        const gm = ctx.world.gm.id;
        const replies = await ctx.world.as(ctx.spammer, () =>
          Promise.all(
            Array.from({ length: 120 }, (_, i) =>
              userOf(gm).query(REQUEST_BODY_QUERY, {
                id: `flood.${hex(40, i)}`,
                key: i < 60 ? hex(40, 7) : hex(40, 1000 + i),
                data: { combatId: ctx.combat.id, command: { type: "endTurn" } },
              }),
            ),
          ),
        );
        const held = replies.slice(0, 60).filter((r) => r === "held").length;
        const holding = ctx.world.runtime.as(gm, () => heldBodies());
        // Bounded: one key's 9th and later refused, every key's together far below the flood.
        return held === MAX_PER_KEY && holding <= 40
          ? { kind: "refused", reason: { key: "TEMPO.ERRORS.Access.TooMany" } }
          : { kind: "allowed" };
      };
    },
  },
  {
    name: "an answer forged for another player's pending request, sent as soon as its id is on the socket",
    async prepare(ctx: AttackContext) {
      let forged = 0;
      await ctx.world.as(ctx.forger, async () =>
        game.socket.on(SOCKET_EVENT, (wire: unknown, sender: unknown) => {
          const w = wire as { type?: unknown; id?: unknown };
          if (w.type !== "request" || sender !== ctx.victim.id) return;
          const answer = { ok: true };
          forged++;
          void userOf(ctx.victim.id).query(REQUEST_ANSWER_QUERY, { id: w.id, key: hex(40, 3), answer });
          void userOf(ctx.victim.id).query(REQUEST_ANSWER_QUERY, { id: w.id, key: null, answer });
        }),
      );
      return async (): Promise<Verdict> => {
        // The GM's client is busy with the combat (a job in its writer queue) until the forgeries are in.
        let open = () => {};
        const gate = new Promise<void>((resolve) => (open = resolve));
        void ctx.world.runtime.as(ctx.world.gm.id, () => inWriterQueue(ctx.combat, () => gate));
        const command = { combatId: ctx.combat.id ?? "", command: { type: "endTurn" } };
        const asked = ctx.world.as(ctx.victim, () => askActiveGm("command", command));
        await ctx.world.idle();
        const early = forged;
        open();
        const answer = await asked;
        // The GM refuses Wren's End turn out of turn; a forged `ok` taken first would show as allowed.
        if (early === 0 || answer.ok) return { kind: "allowed" };
        return { kind: "refused", reason: answer.error };
      };
    },
  },
  {
    name: "a notice query forged by a player for another player",
    async prepare(ctx: AttackContext) {
      return async (): Promise<Verdict> => {
        const before = ctx.world.notices.length;
        const message = { key: "TEMPO.ERRORS.Access.GmLeft" };
        await ctx.world.as(ctx.forger, async () => {
          await Promise.all([
            userOf(ctx.victim.id).query(NOTICE_QUERY, { key: hex(40, 5), message }),
            userOf(ctx.victim.id).query(NOTICE_QUERY, { message }),
            // A first notice with a new key and token, then the player names the token itself.
            userOf(ctx.victim.id).query(NOTICE_QUERY, { key: hex(40, 6), token: hex(40, 7), message }),
          ]);
          game.socket.emit(SOCKET_EVENT, { type: "noticeKey", to: ctx.victim.id, token: hex(40, 7) });
        });
        await ctx.world.idle();
        return ctx.world.notices.length === before ? { kind: "ignored" } : { kind: "allowed" };
      };
    },
  },
];
