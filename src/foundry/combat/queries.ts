/**
 * Player commands reach the active GM through v13's `User#query`. The handler runs on the GM's
 * client with the asking user (`{ user }`, the second argument core passes to a query handler; public
 * v13 modules call their handlers the same way when the GM asks itself). It checks that the user
 * may give the command for that combatant (engine: command-access.ts), then runs it; the engine
 * decides whether the rules allow it now. The answer is `{ ok: true }` or a localizable reason.
 *
 * `tempo.notice` goes the other way: the GM tells a player why a direct write was rolled back
 * (its name and showNotice live in ../notice.ts, a leaf that every layer may call).
 */
import { checkCommandAccess, type HostCommand, type Message } from "../../engine/index.ts";
import { runCommand } from "./run-command.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { NOTICE_QUERY, showNotice } from "../notice.ts";

export interface CommandQuery {
  readonly combatId: string;
  readonly command: HostCommand;
}

export type CommandAnswer = { readonly ok: true } | { readonly ok: false; readonly error: Message };

export const COMMAND_QUERY = "tempo.command";

// fvtt-types declares the query registry as `CONFIG.Queries`; merging into it is the typed way to add one.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace CONFIG {
    interface Queries {
      "tempo.command": (data: CommandQuery, options: { user: User.Implementation }) => Promise<CommandAnswer>;
      "tempo.notice": (data: Message, options: { user: User.Implementation }) => Promise<boolean>;
    }
  }
}

function refused(error: Message): CommandAnswer {
  return { ok: false, error };
}

/** The GM side: who asks, for what, and whether the rules allow it now. */
export async function answerCommand(data: CommandQuery, user: User.Implementation): Promise<CommandAnswer> {
  if (!game.user.isGM) return refused({ key: "TEMPO.ERRORS.Access.NotGm" });
  if (typeof data !== "object" || data === null || typeof data.combatId !== "string") {
    return refused({ key: "TEMPO.ERRORS.Host.InvalidCommand", data: { type: "?" } });
  }
  const combat = game.combats.get(data.combatId) as Combat.Implementation | undefined;
  const model = tempoModelOf(combat);
  if (combat === undefined || model === null) return refused({ key: "TEMPO.ERRORS.Host.NotTempo" });
  const command = data.command;
  if (typeof command !== "object" || command === null || typeof command.type !== "string") {
    return refused({ key: "TEMPO.ERRORS.Host.InvalidCommand", data: { type: "?" } });
  }
  const current = model.state === null ? null : model.host.current(model.state);
  const ids =
    command.type === "rollInitiative" ? (command as unknown as { combatantIds?: unknown }).combatantIds : null;
  const named = Array.isArray(ids) ? ids : [null];
  for (const id of named) {
    const access = checkCommandAccess(
      typeof id === "string" ? { ...command, combatantId: id } : command,
      {
        isGM: user.isGM,
        owns: (combatantId) => combat.combatants.get(combatantId)?.testUserPermission(user, "OWNER") ?? false,
      },
      current,
    );
    if (!access.ok) return refused(access.error);
  }
  const result = await runCommand(combat, command);
  return result.ok ? { ok: true } : refused(result.error);
}

export function registerQueries(): void {
  CONFIG.queries[COMMAND_QUERY] = (data, { user }) => answerCommand(data, user);
  CONFIG.queries[NOTICE_QUERY] = (data) => {
    showNotice(data);
    return Promise.resolve(true);
  };
}

/**
 * Gives `command` for this combat: run here when this user is the GM, otherwise asked of the active
 * GM. With no GM connected nothing changes and the user is told so. Refusals are shown as notices.
 */
export async function giveCommand(combat: Combat.Implementation, command: HostCommand): Promise<CommandAnswer> {
  let answer: CommandAnswer;
  if (game.user.isGM) {
    answer = await answerCommand({ combatId: combat.id ?? "", command }, game.user);
  } else {
    const gm = game.users.activeGM;
    answer =
      gm === null
        ? refused({ key: "TEMPO.ERRORS.Access.NoGm" })
        : await gm.query(COMMAND_QUERY, { combatId: combat.id ?? "", command }, { timeout: 30_000 });
  }
  if (!answer.ok) showNotice(answer.error);
  return answer;
}
