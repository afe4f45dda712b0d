/**
 * An engine Message in the user's language: Foundry's `game.i18n.format` takes string values only, so
 * the Message's numbers are turned into strings first. Notices, refusals and card notes all read it.
 */
import type { Message } from "../engine/index.ts";

export function localizeMessage(message: Message): string {
  const data = Object.fromEntries(Object.entries(message.data ?? {}).map(([key, value]) => [key, String(value)]));
  return game.i18n.format(message.key, data);
}
