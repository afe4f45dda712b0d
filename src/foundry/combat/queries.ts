/**
 * Commands reach the active GM (issue 17): a player's, and a GM's who is not the active one, travel
 * on the system socket (socket/socket-channel.ts), whose listener knows the sender from the server;
 * the active GM's own run here. The GM side checks that the sender may give the command for that
 * combatant (engine: command-access.ts), then runs it in the combat's writer queue
 * (writer-queue.ts); the engine decides whether the rules allow it now. The answer is `{ ok: true }`
 * or a localizable reason, shown to the sender.
 */
import type { HostCommand, Message } from "../../engine/index.ts";
import { commandAccessFor } from "./command-permission.ts";
import { runCommand } from "./run-command.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { showNotice } from "../notice.ts";
import { askActiveGm, GM_CHANGED, GM_CHANGED_MIDWAY, registerRequestHandler } from "../socket/socket-channel.ts";
import { isActiveGm, NotActiveGm } from "./active-gm.ts";
import { inWriterQueue } from "./writer-queue.ts";
import { fireCoreHook, isCoreHookCall } from "./core-hooks.ts";
import { keepConstantClaim, trustedConstantCommand } from "../chat/constant-claims.ts";

export interface CommandQuery {
  readonly combatId: string;
  readonly command: HostCommand;
}

/** `value`: core's hook for the step when the command came from another client, which fires it (core-hooks.ts). */
export type CommandAnswer =
  { readonly ok: true; readonly value?: unknown } | { readonly ok: false; readonly error: Message };

function refused(error: Message): CommandAnswer {
  return { ok: false, error };
}

/** The active GM's side: who asks (the server's sender), for what, and whether the rules allow it now. */
export async function answerCommand(data: CommandQuery, user: User.Implementation): Promise<CommandAnswer> {
  if (!game.user.isGM) return refused({ key: "TEMPO.ERRORS.Access.NotGm" });
  if (typeof data !== "object" || data === null || typeof data.combatId !== "string") {
    return refused({ key: "TEMPO.ERRORS.Host.InvalidCommand", data: { type: "?" } });
  }
  const combat = game.combats.get(data.combatId) as Combat.Implementation | undefined;
  const model = tempoModelOf(combat);
  if (combat === undefined || model === null) return refused({ key: "TEMPO.ERRORS.Host.NotTempo" });
  const given = data.command;
  if (typeof given !== "object" || given === null || typeof given.type !== "string") {
    return refused({ key: "TEMPO.ERRORS.Host.InvalidCommand", data: { type: "?" } });
  }
  return inWriterQueue(combat, async () => {
    // Issue 17: a GM another took over from runs nothing more (active-gm.ts).
    if (!isActiveGm()) return GM_CHANGED;
    // Checked on the state the command will run on, in the queue (not on the state when it was asked).
    // AP-2: a constant-damage roll's hits are what its attack messages show, not the sender's list.
    const command = trustedConstantCommand(combat, given, user);
    const access = commandAccessFor(combat, command, user);
    if (!access.ok) return refused(access.error);
    const here = user.id === game.user.id;
    let result: Awaited<ReturnType<typeof runCommand>>;
    try {
      result = await runCommand(combat, command, here);
    } catch (error) {
      // Taken over from midway: dice it rolled may be in the chat, so it is not asked again by itself.
      if (error instanceof NotActiveGm) return GM_CHANGED_MIDWAY;
      throw error;
    }
    if (!result.ok) return refused(result.error);
    keepConstantClaim(combat, given);
    return here || result.value === null ? { ok: true } : { ok: true, value: result.value };
  });
}

export function registerQueries(): void {
  registerRequestHandler("command", (data, sender) => answerCommand(data as CommandQuery, sender));
}

/**
 * Gives `command` for this combat: run here when this user is the active GM, otherwise sent to the
 * active GM. With no GM connected nothing changes and the user is told so. Refusals are shown as notices.
 */
export async function giveCommand(combat: Combat.Implementation, command: HostCommand): Promise<CommandAnswer> {
  const answer = await askActiveGm("command", { combatId: combat.id ?? "", command });
  if (!answer.ok) showNotice(answer.error);
  else if (isCoreHookCall(answer.value)) fireCoreHook(combat, answer.value);
  return answer.ok ? { ok: true } : answer;
}
