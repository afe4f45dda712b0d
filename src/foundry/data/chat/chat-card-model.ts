/**
 * System data of Tempo's ChatMessage subtypes (issue 11): `attack`, `damage`, `save`, `pending` and
 * `initiative`, one TypeDataModel each, all holding the card's engine input as plain JSON (`input`),
 * the combat it belongs to and, for a pending action, the host command that resolves it. The card
 * itself is drawn from `input` by the view builder on every render, so its odds are always the
 * engine's. ChatMessage subtypes with data models are how dnd5e and Draw Steel build their cards
 * (Draw Steel's system.json declares `documentTypes.ChatMessage`).
 */
import type { ChatCard, ChatCardType } from "../../../view/chat/chat-cards.ts";

function defineCardSchema() {
  const fields = foundry.data.fields;
  return {
    input: new fields.ObjectField({ required: true, initial: {} }),
    combatId: new fields.StringField({ required: true, nullable: true, initial: null }),
    /** `pending`: the HostCommand the Resolve button sends (null: resolving only marks the card). */
    command: new fields.ObjectField({ required: true, nullable: true, initial: null }),
  };
}

type CardSchema = ReturnType<typeof defineCardSchema>;

export abstract class TempoCardModel extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return defineCardSchema();
  }

  static readonly cardType: ChatCardType;

  /** The card this message holds, for the view builder. */
  get card(): ChatCard {
    const type = (this.constructor as typeof TempoCardModel).cardType;
    return { type, input: this.input } as unknown as ChatCard;
  }
}

export class AttackCardModel extends TempoCardModel {
  static override readonly cardType: ChatCardType = "attack";
}
export class DamageCardModel extends TempoCardModel {
  static override readonly cardType: ChatCardType = "damage";
}
export class SaveCardModel extends TempoCardModel {
  static override readonly cardType: ChatCardType = "save";
}
export class PendingCardModel extends TempoCardModel {
  static override readonly cardType: ChatCardType = "pending";
}
export class InitiativeCardModel extends TempoCardModel {
  static override readonly cardType: ChatCardType = "initiative";
}

/** The ChatMessage subtypes, registered in CONFIG.ChatMessage.dataModels by init.ts. */
export const CHAT_CARD_MODELS = {
  attack: AttackCardModel,
  damage: DamageCardModel,
  save: SaveCardModel,
  pending: PendingCardModel,
  initiative: InitiativeCardModel,
} as const satisfies Record<ChatCardType, typeof TempoCardModel>;

/** The card model of a message, or null for a message that is not a Tempo card. */
export function cardModelOf(message: ChatMessage.Implementation | null | undefined): TempoCardModel | null {
  const system: unknown = message?.system;
  return system instanceof TempoCardModel ? system : null;
}
