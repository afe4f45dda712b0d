/**
 * Issue 18, the system socket (socket-channel.ts): raw messages a console emits on `system.tempo`.
 * - Request spam: the GM answers at most REQUEST_RATE.limit of one sender's requests in a window; the
 *   rest are dropped quietly.
 * - A notice from a player: only a GM's are read (answers travel in queries, taken only with the asking
 *   page's key).
 */
import { REQUEST_RATE } from "../../../src/engine/index.ts";
import { REQUEST_ANSWER_QUERY } from "../../../src/foundry/socket/socket-channel.ts";
import type { Attack, Verdict } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";

const EVENT = "system.tempo";

interface SocketGame {
  readonly user: { readonly id: string };
  readonly users: { readonly activeGM: { readonly id: string } | null };
  readonly socket: { on(event: string, fn: (wire: unknown) => void): void; emit(event: string, wire: unknown): void };
}

const socketGame = () => (globalThis as unknown as { game: SocketGame }).game;

export const SOCKET_ATTACKS: readonly Attack[] = [
  {
    name: `notice spam: ${REQUEST_RATE.limit + 100} requests at the GM at once`,
    async prepare(ctx: AttackContext) {
      let answers = 0;
      let counting = false;
      // The GM answers a request in a query to its sender alone (socket-channel.ts): counted as it arrives.
      await ctx.world.as(ctx.spammer, async () => {
        const queries = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => unknown> } })
          .CONFIG.queries;
        const take = queries[REQUEST_ANSWER_QUERY];
        queries[REQUEST_ANSWER_QUERY] = (data: unknown) => {
          if (counting) answers++;
          return take?.(data);
        };
      });
      return async (): Promise<Verdict> => {
        counting = true;
        await ctx.world.as(ctx.spammer, async () => {
          const gm = socketGame().users.activeGM?.id ?? "";
          for (let i = 0; i < REQUEST_RATE.limit + 100; i++)
            socketGame().socket.emit(EVENT, {
              type: "request",
              id: `spam.${i}`,
              kind: "card",
              gm,
              data: { messageId: "nothing", change: { kind: "resolved" } },
            });
        });
        await ctx.world.idle();
        counting = false;
        // Exactly the limit answered: the rest dropped (none answered would mean the spam never arrived).
        return answers === REQUEST_RATE.limit ? { kind: "ignored" } : { kind: "allowed" };
      };
    },
  },
  {
    name: "a notice sent by a player to another player",
    async prepare(ctx: AttackContext) {
      return async (): Promise<Verdict> => {
        const before = ctx.world.notices.length;
        await ctx.world.as(ctx.forger, async () =>
          socketGame().socket.emit(EVENT, {
            type: "notice",
            to: ctx.victim.id,
            message: { key: "TEMPO.ERRORS.Access.GmLeft" },
          }),
        );
        await ctx.world.idle();
        return ctx.world.notices.length === before ? { kind: "ignored" } : { kind: "allowed" };
      };
    },
  },
];
