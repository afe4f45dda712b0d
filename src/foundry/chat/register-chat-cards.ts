/** Registers Tempo's chat cards (issue 11): the ChatMessage subtypes' models, their rendering and the GM side of card, damage and concentration requests. */
import { CHAT_CARD_MODELS } from "../data/chat/chat-card-model.ts";
import type { Message } from "../../engine/index.ts";
import { answerDamageQuery, type ApplyDamageQuery } from "./apply-damage.ts";
import { answerCardQuery, type CardQuery } from "./card-actions.ts";
import { answerConcentration, type ConcentrationRequest } from "../conditions/concentration-ends.ts";
import { registerRequestHandler, type Answer } from "../socket/socket-channel.ts";
import { registerCardRendering } from "./render-card.ts";
import { registerNamedLines } from "./named-lines.ts";

function refusalAnswer(refusal: Message | null): Answer {
  return refusal === null ? { ok: true } : { ok: false, error: refusal };
}

export function registerChatCards(): void {
  CONFIG.ChatMessage.dataModels.attack = CHAT_CARD_MODELS.attack;
  CONFIG.ChatMessage.dataModels.damage = CHAT_CARD_MODELS.damage;
  CONFIG.ChatMessage.dataModels.save = CHAT_CARD_MODELS.save;
  CONFIG.ChatMessage.dataModels.pending = CHAT_CARD_MODELS.pending;
  CONFIG.ChatMessage.dataModels.initiative = CHAT_CARD_MODELS.initiative;
  registerNamedLines(); // issue 18: plain messages naming creatures, drawn for each viewer
  // Issue 17: the GM sides of a player's card and damage requests, on the system socket.
  registerRequestHandler("card", async (data, sender) =>
    refusalAnswer(await answerCardQuery(data as CardQuery, sender)),
  );
  registerRequestHandler("damage", async (data, sender) =>
    refusalAnswer(await answerDamageQuery(data as ApplyDamageQuery, sender)),
  );
  // SEG-10: a creature a player's own client hurt or saw fail a save: the GM decides its concentration.
  registerRequestHandler("concentration", (data, sender) => answerConcentration(data as ConcentrationRequest, sender));
  registerCardRendering();
}
