/**
 * Posts one Tempo card: a ChatMessage of the card's subtype holding the engine input, with the real
 * `Roll`s on the message (so Dice So Nice animates them and core shows them as rolls). The roll mode
 * is core's: `ChatMessage.applyRollMode` sets the whisper and blind fields for GM, blind and self
 * rolls, as dnd5e and Draw Steel do before `ChatMessage.create` (Draw Steel's damage rolls; the
 * Foundry knowledge base's "Chat" article describes the four modes). A caller that already knows its
 * recipients (the GM-only initiative summary) passes `whisper` instead.
 */
import type { HostCommand } from "../../engine/index.ts";
import type { ChatCard } from "../../view/chat/chat-cards.ts";

export interface PostCardOptions {
  readonly rolls?: readonly Roll[];
  readonly speaker?: ChatMessage.SpeakerData;
  /** Core's roll mode ("publicroll", "gmroll", "blindroll", "selfroll"); default: the user's choice. */
  readonly rollMode?: string;
  /** Explicit recipients (user ids); skips the roll mode. */
  readonly whisper?: readonly string[];
  readonly combatId?: string | null;
  readonly command?: HostCommand | null;
}

/** The creation data of a card message (exported for the tests' view of what is sent). */
export function cardMessageData(card: ChatCard, options: PostCardOptions = {}): ChatMessage.CreateData {
  const data = {
    type: card.type,
    system: { input: card.input, combatId: options.combatId ?? null, command: options.command ?? null },
    rolls: [...(options.rolls ?? [])],
    ...(options.speaker === undefined ? {} : { speaker: options.speaker }),
  };
  return data as unknown as ChatMessage.CreateData;
}

/** Creates the card's message once; returns it (undefined when a hook refused the creation). */
export async function postCard(card: ChatCard, options: PostCardOptions = {}): Promise<unknown> {
  const data = cardMessageData(card, options);
  if (options.whisper !== undefined) {
    if (options.whisper.length > 0) (data as { whisper?: string[] }).whisper = [...options.whisper];
  } else {
    const mode = options.rollMode ?? game.settings.get("core", "rollMode");
    ChatMessage.applyRollMode(data, mode as Parameters<typeof ChatMessage.applyRollMode>[1]);
  }
  return ChatMessage.create(data);
}
