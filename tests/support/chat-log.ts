/**
 * The tests' view of the chat log on the runtime model (runtime/chat.ts): the messages as the GM's
 * client holds them, in creation order, and every message update the server applied (its ledger).
 * A test passes a message to Tempo's code with `asChatMessage`, which hands over the running client's
 * own copy: a player's click acts on the player's copy, as it would in that player's browser.
 */
import type { World } from "./foundry-world.ts";
import type { ChatMessageModel } from "./runtime/chat.ts";
import { isObj, type Obj } from "./runtime/diff.ts";

export type { ChatMessageModel };

export interface ChatLog {
  /** The GM client's messages, oldest first. */
  readonly messages: ChatMessageModel[];
  /** Every message update the server applied: one entry per message diff, with its writer. */
  readonly updates: { readonly id: string; readonly userId: string; readonly changes: Obj }[];
}

export function chatLog(world: World): ChatLog {
  return {
    get messages() {
      return world.runtime.clientOf(world.gm.id).messages.contents;
    },
    get updates() {
      return world.runtime.server.ledger.flatMap((entry) =>
        entry.kind === "modify" && entry.documentName === "ChatMessage" && entry.action === "update"
          ? (entry.result as Obj[]).map((diff) => ({ id: String(diff._id), userId: entry.userId, changes: diff }))
          : [],
      );
    },
  };
}

/** A message's stored system data (what the card holds), for assertions. */
export function cardSource(message: ChatMessageModel | undefined): Obj {
  const system = message?._source.system;
  return isObj(system) ? structuredClone(system) : {};
}

/** The running client's copy of a message, as the Foundry type the code under test takes. */
export function asChatMessage(message: ChatMessageModel): ChatMessage.Implementation {
  return message.here() as unknown as ChatMessage.Implementation;
}

/** The message posted last; throws when nothing was posted. */
export function lastMessage(chat: ChatLog): ChatMessageModel {
  const message = chat.messages.at(-1);
  if (message === undefined) throw new Error("no message");
  return message;
}
