/**
 * Issue 18: a plain chat message whose sentences name a creature (a concentration lost, a stealth card).
 * A message reaches every client, whispered or not (docs/research/foundry-secrets-and-write-guards.md,
 * foundryvtt #14429), so a hidden creature's name must not be written in it. The sentences are stored as
 * engine Messages naming the creature by id (`flags.tempo.lines`), and each page draws them through the
 * one naming path (localize.ts `localizeMessage`, creature-names.ts) in core's `renderChatMessageHTML`
 * hook (v13's hook with the message's HTMLElement, as render-card.ts draws Tempo's cards): its GM reads
 * the name, a player "an unseen creature". The stored `content` is the sentences as a player reads them,
 * so a page that draws nothing (a module's chat export) gives nothing away either. A message stored with
 * `ownersRead` (an activation card: item-activation.ts) names its creature by its combatant's or token's id
 * (hidden-creature-ref.ts) and is read by name by that creature's owners as well as the GMs: its owner
 * knows it already, and reads it from documents its own client holds.
 */
import { isMessage, type Message } from "../../engine/index.ts";
import { namedData, UNKNOWN_CREATURE } from "../../view/i18n/creature-names.ts";
import { creatureNameOf } from "../creature-names.ts";
import { referencedNameFor } from "./hidden-creature-ref.ts";
import { foundryLocalizer, localizeMessage } from "../localize.ts";
import { SYSTEM_ID } from "../system-id.ts";

const LINES_CLASS = "tempo-named-lines";

/** A sentence as a player who sees no hidden creature reads it. */
function asPlayerReads(message: Message): string {
  const unknown = foundryLocalizer.localize(UNKNOWN_CREATURE);
  return foundryLocalizer.format(
    message.key,
    namedData(message, (id) => creatureNameOf(id, false), unknown),
  );
}

function paragraphs(lines: readonly Message[], text: (m: Message) => string): string {
  return lines.map((m) => `<p>${foundry.utils.escapeHTML(text(m))}</p>`).join("");
}

/** A sentence as this page's user reads it where the creature's owners read its name. */
function asOwnerReads(message: Message): string {
  const unknown = foundryLocalizer.localize(UNKNOWN_CREATURE);
  const nameOf = (id: string) => referencedNameFor(id, game.user, true) ?? creatureNameOf(id);
  return foundryLocalizer.format(message.key, namedData(message, nameOf, unknown));
}

/**
 * The message data of `lines`: its content (as a player reads them) and its flags (the sentences, and
 * whether the creature's owners read its name: `ownersRead`).
 */
export function namedLinesData(
  lines: readonly Message[],
  ownersRead = false,
): { content: string; flags: Record<string, object> } {
  return {
    content: `<div class="${LINES_CLASS}">${paragraphs(lines, asPlayerReads)}</div>`,
    flags: { [SYSTEM_ID]: ownersRead ? { lines, ownersRead } : { lines } },
  };
}

/** Whether a message's creature is named to its owners too. */
function ownersReadOf(message: ChatMessage.Implementation): boolean {
  const flags = (message as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  return (flags as { ownersRead?: unknown } | undefined)?.ownersRead === true;
}

/** The sentences a message stores (null: none). */
export function namedLinesOf(message: ChatMessage.Implementation): Message[] | null {
  const flags = (message as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID] as { lines?: unknown } | undefined;
  return Array.isArray(flags?.lines) ? flags.lines.filter(isMessage) : null;
}

/** The sentences as this page's user reads them, as HTML; null: the message stores none. */
export function namedLinesHtml(message: ChatMessage.Implementation): string | null {
  const lines = namedLinesOf(message);
  if (lines === null) return null;
  return paragraphs(lines, ownersReadOf(message) ? asOwnerReads : localizeMessage);
}

export function registerNamedLines(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    const drawn = namedLinesHtml(message as ChatMessage.Implementation);
    const holder = drawn === null ? null : html.querySelector(`.${LINES_CLASS}`);
    if (holder !== null && drawn !== null) holder.innerHTML = drawn;
  });
}
