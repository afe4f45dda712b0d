/**
 * The stealth cards (STL-1, STL-2, STL-4; stealth-flow.ts posts them). Every chat message reaches every
 * client (docs/research/foundry-secrets-and-write-guards.md: whispers too), so the message itself says only
 * who rolled what kind of roll; the numbers (the Sneak total, each Cognition roll against it and whether it
 * saw) stay in the posting GM's browser (`localStorage`, keyed by the message id) and are drawn into the
 * card on a GM's client only, through core's `renderChatMessageHTML` hook (v13's hook with the message's
 * HTMLElement, as render-card.ts draws Tempo's cards).
 *
 * Issue 18: its sentences name the creature by its combatant's id and are drawn on each page through the one
 * naming path (chat/named-lines.ts), so a player reads a hidden creature as "an unseen creature" while its
 * GM reads its name, and no hidden creature's name is written in the message.
 */
import { gmStorage, type StorageLike } from "../combat/gm-storage.ts";
import type { Message } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { localizeMessage } from "../localize.ts";
import { namedLinesData, namedLinesHtml, namedLinesOf } from "../chat/named-lines.ts";
import { aliasSpeaker } from "../chat/alias-speaker.ts";

function storage(): StorageLike | null {
  if (game.user?.isGM !== true) return null;
  // Issue 18: kept by every connected GM's browser (combat/gm-storage.ts, gm-replica.ts).
  return gmStorage();
}

function keyOf(messageId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.stealthCard.${world}.${messageId}`;
}

/** A sentence as this page's user may read it (names by the viewer rules), escaped for HTML. */
function line(message: Message): string {
  return foundry.utils.escapeHTML(localizeMessage(message));
}

/**
 * Posts a stealth card: `key` (naming the creature by its combatant's `id`) and `notes` for everyone;
 * `details` for GMs only, kept on this GM's client.
 */
export async function postStealthCard(
  combatant: Combatant.Implementation | undefined,
  key: Message["key"],
  notes: readonly Message[],
  details: readonly Message[],
): Promise<void> {
  const lines: Message[] = [{ key, data: { id: combatant?.id ?? "" } }, ...notes];
  const named = namedLinesData(lines);
  const content = `<div class="tempo-stealth-card">${named.content}</div>`;
  // A hidden creature does not speak: its actor's name would be the speaker's alias (hidden-targets.ts).
  const speaker =
    combatant?.hidden === true
      ? aliasSpeaker(combatant.combat?.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary"))
      : ChatMessage.getSpeaker({ actor: combatant?.actor ?? undefined });
  const flags = { [SYSTEM_ID]: { ...named.flags[SYSTEM_ID], stealthCard: true } };
  const data = { content, speaker, flags } as ChatMessage.CreateData;
  const created = (await ChatMessage.create(data)) as { id?: string | null } | undefined;
  const id = created?.id;
  if (typeof id === "string" && details.length > 0) storage()?.setItem(keyOf(id), JSON.stringify(details));
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

/** A stealth card (one posted before issue 18's named lines holds its sentences as text: its numbers still show). */
function isStealthCard(message: ChatMessage.Implementation): boolean {
  const flags = (message as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID] as { stealthCard?: unknown };
  return flags?.stealthCard === true;
}

/** The GM-only numbers of a stealth card, as HTML, on a GM's client that posted it; null elsewhere. */
export function stealthDetailsHtml(message: ChatMessage.Implementation): string | null {
  if (!isStealthCard(message) || message.id === null) return null;
  const raw = storage()?.getItem(keyOf(message.id)) ?? null;
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const details = Array.isArray(parsed) ? parsed.filter(isMessage) : [];
  if (details.length === 0) return null;
  return `<ul class="tempo-stealth-gm">${details.map((d) => `<li>${line(d)}</li>`).join("")}</ul>`;
}

/** A stealth card's sentences as this page's user reads them, with the GM's numbers on a GM's page; null: not one. */
export function stealthCardHtml(message: ChatMessage.Implementation): string | null {
  if (!isStealthCard(message) || namedLinesOf(message) === null) return null;
  return `${namedLinesHtml(message) ?? ""}${stealthDetailsHtml(message) ?? ""}`;
}

export function registerStealthCards(): void {
  // The sentences are drawn by chat/named-lines.ts; the GM's numbers are added after them here.
  Hooks.on("renderChatMessageHTML", (message, html) => {
    const details = stealthDetailsHtml(message as ChatMessage.Implementation);
    const card = details === null ? null : html.querySelector(".tempo-stealth-card");
    if (card !== null && details !== null) card.insertAdjacentHTML("beforeend", details);
  });
}
