import "../../styles/tempo.css";
import "./page.css";
import en from "../../lang/en.json";
import { oddsVisibleTo } from "../view/chat/card-common.ts";
import { CHAT_CARD_TEMPLATES, buildChatCard, type ChatCard } from "../view/chat/chat-cards.ts";
import { buildCardsPageContext, readCardsPageSettings } from "../view/preview/cards-page-context.ts";
import { CARD_SAMPLES } from "./card-samples.ts";
import pageTemplate from "./cards-page.hbs?raw";
import { createHandlebarsHost } from "./handlebars-host.ts";
import { actOnDamageSample, damageSample, type DamageSample } from "./sample-damage.ts";
import { createLocalizer } from "../view/i18n/localizer.ts";

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

const render = (card: ChatCard): string =>
  handlebars.compile(templates[`../../${CHAT_CARD_TEMPLATES[card.type]}`] ?? "")(buildChatCard(card, viewer));

const cards = CARD_SAMPLES.map(({ id, card }) => ({ id, html: render(card) }));
const root = document.querySelector<HTMLElement>("#tempo-preview");
if (root !== null) {
  root.innerHTML = handlebars.compile(pageTemplate)(buildCardsPageContext(settings, cards));
  root.setAttribute("aria-busy", "false");
  listenToDamageCards(root);
}

/** Each damage sample's Apply and Undo act on its own sample creature (sample-damage.ts) and redraw the card. */
function listenToDamageCards(page: HTMLElement): void {
  const samples = new Map<string, DamageSample>();
  for (const { id, card } of CARD_SAMPLES) if (card.type === "damage") samples.set(id, damageSample(card.input));
  const i18n = createLocalizer(en);
  page.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-tempo-card-action]");
    const item = button?.closest<HTMLElement>("[data-sample]");
    const sample = samples.get(item?.dataset.sample ?? "");
    if (button == null || item == null || sample === undefined) return;
    const next = actOnDamageSample(sample, button.dataset.tempoCardAction ?? "");
    const status = page.querySelector<HTMLElement>("[data-cards-status]");
    if (!next.ok) {
      if (status !== null) status.textContent = i18n.format(next.error.key, next.error.data ?? {});
      return;
    }
    samples.set(item.dataset.sample ?? "", next.value);
    item.innerHTML = render({ type: "damage", input: next.value.input });
    if (status !== null) status.textContent = "";
    // Keyboard users stay on the card: the redrawn button (Undo after Apply, Apply after Undo) takes the focus.
    item.querySelector<HTMLElement>("[data-tempo-card-action]")?.focus();
  });
}
document.body.classList.toggle("theme-dark", settings.dark);
document.body.classList.toggle("theme-light", !settings.dark);
