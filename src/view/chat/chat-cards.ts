/**
 * The five chat cards by type (issue 11): each type's input, builder and template, so the Foundry
 * layer (a ChatMessage subtype per card) and the preview page draw a card the same way.
 */
import { buildAttackCard, type AttackCardInput } from "./attack-card.ts";
import type { CardViewer } from "./card-common.ts";
import { buildDamageCard, type DamageCardInput } from "./damage-card.ts";
import { buildInitiativeCard, cardName, type InitiativeCardInput } from "./initiative-card.ts";
import { buildPendingCard, type PendingCardInput } from "./pending-card.ts";
import { buildSaveCard, type SaveCardInput } from "./save-card.ts";

export type ChatCard =
  | { readonly type: "attack"; readonly input: AttackCardInput }
  | { readonly type: "damage"; readonly input: DamageCardInput }
  | { readonly type: "save"; readonly input: SaveCardInput }
  | { readonly type: "pending"; readonly input: PendingCardInput }
  | { readonly type: "initiative"; readonly input: InitiativeCardInput };

export type ChatCardType = ChatCard["type"];

/** Each card's template, by its repository path (Foundry serves it under systems/tempo/). */
export const CHAT_CARD_TEMPLATES: Readonly<Record<ChatCardType, string>> = {
  attack: "templates/chat/attack.hbs",
  damage: "templates/chat/damage.hbs",
  save: "templates/chat/save.hbs",
  pending: "templates/chat/pending.hbs",
  initiative: "templates/chat/initiative.hbs",
};

/** A damage card's target and the creatures its Apply records, references read for `viewer`. */
function damageNamed(input: DamageCardInput, viewer: CardViewer): DamageCardInput {
  const applied = Array.isArray(input.applied)
    ? input.applied.map((r: unknown) =>
        typeof r === "object" && r !== null && typeof (r as { name?: unknown }).name === "string"
          ? { ...r, name: cardName((r as { name: string }).name, viewer.nameOf) }
          : r,
      )
    : input.applied;
  return { ...input, target: cardName(input.target, viewer.nameOf), applied } as DamageCardInput;
}

/** The template context of a card for one viewer. */
export function buildChatCard(card: ChatCard, viewer: CardViewer): object {
  switch (card.type) {
    // Issue 18: a hidden creature's card (the GMs' only) names it by reference, read for this viewer.
    case "attack":
      return buildAttackCard({ ...card.input, target: cardName(card.input.target, viewer.nameOf) }, viewer);
    case "damage":
      return buildDamageCard(damageNamed(card.input, viewer), viewer);
    case "save":
      return buildSaveCard({ ...card.input, name: cardName(card.input.name, viewer.nameOf) }, viewer);
    case "pending":
      return buildPendingCard({ ...card.input, name: cardName(card.input.name, viewer.nameOf) }, viewer);
    case "initiative":
      return buildInitiativeCard(card.input, viewer.nameOf);
  }
}
