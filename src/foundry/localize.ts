/**
 * An engine Message in the user's language: Foundry's `game.i18n.format` takes string values only, so
 * the Message's numbers are turned into strings first, and a creature's id reads as its name as this user
 * may know it (creature-names.ts; as the templates' `tempoMessage` helper, `formatMessage`, does).
 * Notices, refusals and card notes all read it.
 */
import type { Message } from "../engine/index.ts";
import type { Localizer } from "../view/handlebars/register-helpers.ts";
import { namedData, UNKNOWN_CREATURE } from "../view/i18n/creature-names.ts";
import { creatureNameOf } from "./creature-names.ts";

/** `game.i18n` as the view's helpers take it (read when a message is shown: translations load after `init`). */
export const foundryLocalizer: Localizer = {
  localize: (key) => game.i18n?.localize(key) ?? key,
  format: (key, data) =>
    game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
  creatureName: creatureNameOf,
};

export function localizeMessage(message: Message): string {
  const unknown = foundryLocalizer.localize(UNKNOWN_CREATURE);
  return foundryLocalizer.format(message.key, namedData(message, creatureNameOf, unknown));
}
