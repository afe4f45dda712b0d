/**
 * Draws a Tempo card into its chat message (`renderChatMessageHTML`, v13's hook with the message's
 * HTMLElement, as dnd5e's and Draw Steel's v13 code use it): the card's context from the view builder
 * for this user (odds per the `tempo.odds` setting), the card's template, and the buttons bound to the
 * dispatcher. Core's own roll display stays below the card, so the real Rolls remain visible (and
 * hidden in blind rolls, as core decides).
 *
 * A card whose content this user may not see (`message.isContentVisible` false: a blind roll for its
 * roller, a GM-only roll for the other players) is drawn as a small "rolled privately" stub with no
 * result, odds or buttons: dnd5e reads the same flag before it marks a roll's outcome or offers to
 * apply its damage (module/documents/chat-message.mjs, `highlightCriticalSuccessFailure` and the
 * context menu's `canApply`).
 */
import { CHAT_CARD_TEMPLATES, buildChatCard } from "../../view/chat/chat-cards.ts";
import { cardModelOf, type TempoCardModel } from "../data/chat/chat-card-model.ts";
import { isSealedSaveCard, unsealedSave } from "./sealed-saves.ts";
import { spellSaveOfCard } from "./spell-saves.ts";
import type { ChatCard } from "../../view/chat/chat-cards.ts";
import { appliedRecords } from "../../view/chat/damage-applied.ts";
import { withKeptRecords } from "./damage-ledger.ts";
import { unsealedAttack, unsealedDamage } from "./sealed-cards.ts";
import { followsSealedMiss } from "./sealed-verdicts.ts";
import { showNotice } from "../notice.ts";
import { runCardAction } from "./card-actions.ts";
import { openTrackerRow } from "./card-row.ts";
import { cardViewer } from "./card-viewer.ts";
import { cardDataAttributes } from "../integrations/automated-animations.ts";

const SYSTEM_PATH = "systems/tempo/";

/** The stub a user sees in place of a card they may not read. */
export function privateCardHtml(): string {
  const text = foundry.utils.escapeHTML(game.i18n.localize("TEMPO.CHAT.Private"));
  return `<div class="tempo-card tempo-card--private" data-tempo-card><p>${text}</p></div>`;
}

/**
 * Issue 18: a damage card's hidden creatures' lines, as this GM's ledger recorded them (damage-ledger.ts);
 * a sealed card's target's DR or defence, from its actor on a GM's page (sealed-cards.ts); a sealed save
 * card's save and the roll this GM's browser keeps (sealed-saves.ts).
 */
function shownCard(card: ChatCard, messageId: string, model: TempoCardModel): ChatCard {
  if (card.type === "attack") return { ...card, input: unsealedAttack(card.input) };
  if (card.type === "save" && game.user.isGM && isSealedSaveCard(card.input))
    return { ...card, input: unsealedSave(card.input, spellSaveOfCard(model), messageId) };
  if (card.type !== "damage") return card;
  const applied = appliedRecords(card.input.applied);
  return { ...card, input: { ...unsealedDamage(card.input), applied: withKeptRecords(messageId, applied) } };
}

/** The card's HTML for this user, or null for a message that is not a Tempo card. */
export async function renderCardHtml(message: ChatMessage.Implementation): Promise<string | null> {
  const model = cardModelOf(message);
  if (model === null) return null;
  if (!message.isContentVisible) return privateCardHtml();
  const card = shownCard(model.card, message.id ?? "", model);
  const built = buildChatCard(card, cardViewer(model, game.user)) as Record<string, unknown>;
  // Issue 18: a player's damage card on a hidden creature whose attack the GM's side found a miss says so.
  const missed = card.type === "damage" && followsSealedMiss(card.input);
  const context = missed ? { ...built, error: { key: "TEMPO.ERRORS.Trust.SealedMiss" } } : built;
  return foundry.applications.handlebars.renderTemplate(`${SYSTEM_PATH}${CHAT_CARD_TEMPLATES[card.type]}`, context);
}

function bindButtons(message: ChatMessage.Implementation, root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-tempo-card-action]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const action = button.dataset.tempoCardAction ?? "";
      button.disabled = true;
      const card = button.closest<HTMLElement>("[data-tempo-card]");
      const done =
        action === "openRow"
          ? openTrackerRow(card?.dataset.entryKey ?? "", card?.dataset.combatantId ?? "").then((refusal) => {
              if (refusal !== null) showNotice(refusal);
            })
          : runCardAction(message, action);
      void done.finally(() => {
        button.disabled = false;
      });
    });
  }
}

async function drawCard(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const content = html.querySelector<HTMLElement>(".message-content");
  const rendered = await renderCardHtml(message);
  if (content === null || rendered === null) return;
  const holder = document.createElement("div");
  holder.innerHTML = rendered;
  const card = holder.firstElementChild;
  if (card === null) return;
  for (const [name, value] of Object.entries(cardDataAttributes(message))) card.setAttribute(name, value);
  content.prepend(card);
  bindButtons(message, content);
}

export function registerCardRendering(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    const msg = message as ChatMessage.Implementation;
    if (cardModelOf(msg) === null) return;
    void drawCard(msg, html);
  });
  const templates = Object.values(CHAT_CARD_TEMPLATES).map((path) => `${SYSTEM_PATH}${path}`);
  Hooks.once("setup", () => void foundry.applications.handlebars.loadTemplates(templates));
}
