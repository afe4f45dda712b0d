import "../../styles/tempo.css";
import "./page.css";
import en from "../../lang/en.json";
import { oddsVisibleTo } from "../view/chat/card-common.ts";
import { CHAT_CARD_TEMPLATES, buildChatCard } from "../view/chat/chat-cards.ts";
import { buildCardsPageContext, readCardsPageSettings } from "../view/preview/cards-page-context.ts";
import { CARD_SAMPLES } from "./card-samples.ts";
import pageTemplate from "./cards-page.hbs?raw";
import { createHandlebarsHost } from "./handlebars-host.ts";

/** The chat card templates, by their path relative to this file, as Foundry would load them. */
const templates = import.meta.glob<string>("../../templates/chat/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
});
const handlebars = createHandlebarsHost(en, templates);
const settings = readCardsPageSettings(window.location.search);
// The world setting's default ("gm"): the GM sees odds, a player does not; the viewer owns every sample creature.
const viewer = { isGM: settings.isGM, owns: true, showOdds: oddsVisibleTo("gm", settings.isGM) };

const cards = CARD_SAMPLES.map(({ id, card }) => {
  const template = handlebars.compile(templates[`../../${CHAT_CARD_TEMPLATES[card.type]}`] ?? "");
  return { id, html: template(buildChatCard(card, viewer)) };
});
const root = document.querySelector<HTMLElement>("#tempo-preview");
if (root !== null) {
  root.innerHTML = handlebars.compile(pageTemplate)(buildCardsPageContext(settings, cards));
  root.setAttribute("aria-busy", "false");
}
document.body.classList.toggle("theme-dark", settings.dark);
document.body.classList.toggle("theme-light", !settings.dark);
