/**
 * The preview's "Chat cards" page (src/preview/cards.html): every sample card drawn by the real
 * builders and templates, as the GM (odds shown) or a player (`?view=player`: odds hidden, as the
 * world setting's default does), in the light or dark theme (`?theme=dark`).
 */
export interface CardsPageSettings {
  readonly isGM: boolean;
  readonly dark: boolean;
}

export interface CardsPageContext {
  readonly isGM: boolean;
  readonly dark: boolean;
  /** Each card's own rendered template (escaped by that template). */
  readonly cards: readonly { readonly id: string; readonly html: string }[];
}

export function readCardsPageSettings(search: string): CardsPageSettings {
  const params = new URLSearchParams(search);
  return { isGM: params.get("view") !== "player", dark: params.get("theme") === "dark" };
}

export function buildCardsPageContext(
  settings: CardsPageSettings,
  cards: readonly { readonly id: string; readonly html: string }[],
): CardsPageContext {
  return { isGM: settings.isGM, dark: settings.dark, cards };
}
