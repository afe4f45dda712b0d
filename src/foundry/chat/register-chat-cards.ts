/** Registers Tempo's chat cards (issue 11): the ChatMessage subtypes' models, their rendering and the card queries. */
import { CHAT_CARD_MODELS } from "../data/chat/chat-card-model.ts";
import { APPLY_DAMAGE_QUERY, answerDamageQuery } from "./apply-damage.ts";
import { CARD_QUERY, answerCardQuery } from "./card-actions.ts";
import { registerCardRendering } from "./render-card.ts";

export function registerChatCards(): void {
  CONFIG.ChatMessage.dataModels.attack = CHAT_CARD_MODELS.attack;
  CONFIG.ChatMessage.dataModels.damage = CHAT_CARD_MODELS.damage;
  CONFIG.ChatMessage.dataModels.save = CHAT_CARD_MODELS.save;
  CONFIG.ChatMessage.dataModels.pending = CHAT_CARD_MODELS.pending;
  CONFIG.ChatMessage.dataModels.initiative = CHAT_CARD_MODELS.initiative;
  CONFIG.queries[CARD_QUERY] = (data, { user }) => answerCardQuery(data, user);
  CONFIG.queries[APPLY_DAMAGE_QUERY] = (data, { user }) => answerDamageQuery(data, user);
  registerCardRendering();
}
