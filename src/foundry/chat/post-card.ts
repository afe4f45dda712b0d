/**
 * Posts one Tempo card: a ChatMessage of the card's subtype holding the engine input, with the real
 * `Roll`s on the message (so Dice So Nice animates them and core shows them as rolls). Who sees it is
 * core's choice: the user's roll mode (v13) or message mode (v14) sets the whisper and blind fields for
 * GM, blind and self messages, as dnd5e and Draw Steel do before `ChatMessage.create` (the Foundry
 * knowledge base's "Chat" article describes the four modes; compat/message-mode.ts, the API of each
 * generation). A caller that already knows its recipients (the GM-only initiative summary) passes
 * `whisper` instead.
 */
import type { HostCommand } from "../../engine/index.ts";
import type { ChatCard } from "../../view/chat/chat-cards.ts";
import { applyMessageMode, userMessageMode, type MessageMode } from "../compat/message-mode.ts";
import { SYSTEM_ID } from "../system-id.ts";

export interface PostCardOptions {
  readonly rolls?: readonly Roll[];
  readonly speaker?: ChatMessage.SpeakerData;
  /** Who sees the card (v14's names: "public", "gm", "blind", "self"); default: the user's choice. */
  readonly messageMode?: MessageMode;
  /** Explicit recipients (user ids); skips the roll mode. */
  readonly whisper?: readonly string[];
  /** With `whisper`: hidden from its author too unless a recipient (ChatMessage `blind`, a blind GM roll). */
  readonly blind?: boolean;
  readonly combatId?: string | null;
  readonly command?: HostCommand | null;
  /** `flags.tempo`: what other modules read off the card (issue 22: src/foundry/integrations/). */
  readonly flags?: Readonly<Record<string, unknown>>;
}

/** The creation data of a card message (exported for the tests' view of what is sent). */
export function cardMessageData(card: ChatCard, options: PostCardOptions = {}): ChatMessage.CreateData {
  const data = {
    type: card.type,
    system: { input: card.input, combatId: options.combatId ?? null, command: options.command ?? null },
    rolls: [...(options.rolls ?? [])],
    ...(options.speaker === undefined ? {} : { speaker: options.speaker }),
    ...(options.flags === undefined ? {} : { flags: { [SYSTEM_ID]: { ...options.flags } } }),
  };
  return data as unknown as ChatMessage.CreateData;
}

/** Creates the card's message once; returns it (undefined when a hook refused the creation). */
export async function postCard(card: ChatCard, options: PostCardOptions = {}): Promise<unknown> {
  const data = cardMessageData(card, options);
  if (options.whisper !== undefined) {
    if (options.whisper.length > 0) (data as { whisper?: string[] }).whisper = [...options.whisper];
    if (options.blind === true) (data as { blind?: boolean }).blind = true;
  } else {
    applyMessageMode(data, options.messageMode ?? userMessageMode());
  }
  return ChatMessage.create(data);
}
