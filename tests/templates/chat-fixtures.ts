/** One context per chat card template, from the preview's sample cards through the real builders (as the GM, odds shown). */
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import { buildCardsPageContext } from "../../src/view/preview/cards-page-context.ts";
import { CHAT_CARD_TEMPLATES, buildChatCard, type ChatCardType } from "../../src/view/chat/chat-cards.ts";

const GM = { isGM: true, owns: false, showOdds: true };

function firstOf(type: ChatCardType): object {
  const sample = CARD_SAMPLES.find((s) => s.card.type === type);
  if (sample === undefined) throw new Error(`no sample card of type ${type}`);
  return buildChatCard(sample.card, GM);
}

export const chatCardContexts: Readonly<Record<string, object>> = {
  ...Object.fromEntries(
    Object.entries(CHAT_CARD_TEMPLATES).map(([type, path]) => [path, firstOf(type as ChatCardType)]),
  ),
  "src/preview/cards-page.hbs": buildCardsPageContext({ isGM: false, dark: true }, [
    { id: "attack", html: '<article class="tempo-card"></article>' },
  ]),
};
