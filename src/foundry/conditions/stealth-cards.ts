/**
 * The stealth cards (STL-1, STL-2, STL-4; stealth-flow.ts posts them). Every chat message reaches every
 * client (docs/research/foundry-secrets-and-write-guards.md: whispers too), so the message itself says only
 * who rolled what kind of roll; the numbers (the Sneak total, each Cognition roll against it and whether it
 * saw) stay in the posting GM's browser (`localStorage`, keyed by the message id) and are drawn into the
 * card on a GM's client only, through core's `renderChatMessageHTML` hook (v13's hook with the message's
 * HTMLElement, as render-card.ts draws Tempo's cards).
 */
import { gmStorage, type StorageLike } from "../combat/gm-storage.ts";
import type { Message } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

function storage(): StorageLike | null {
  if (game.user?.isGM !== true) return null;
  // Issue 18: kept by every connected GM's browser (combat/gm-storage.ts, gm-replica.ts).
  return gmStorage();
}

function keyOf(messageId: string): string {
  const world = (game as { world?: { id?: string } }).world?.id ?? "world";
  return `tempo.stealthCard.${world}.${messageId}`;
}

function line(message: Message): string {
  const data = Object.fromEntries(
    Object.entries(message.data ?? {}).map(([k, v]) => [k, foundry.utils.escapeHTML(String(v))]),
  );
  return game.i18n.format(message.key, data);
}

/**
 * Posts a stealth card: `key` (with the creature's `name`) and `notes` for everyone; `details` for GMs only,
 * kept on this GM's client.
 */
export async function postStealthCard(
  combatant: Combatant.Implementation | undefined,
  key: string,
  notes: readonly Message[],
  details: readonly Message[],
): Promise<void> {
  const name = foundry.utils.escapeHTML(combatant?.name ?? "");
  const lines = [game.i18n.format(key, { name }), ...notes.map(line)];
  const content = `<div class="tempo-stealth-card">${lines.map((l) => `<p>${l}</p>`).join("")}</div>`;
  const speaker = ChatMessage.getSpeaker({ actor: combatant?.actor ?? undefined });
  const flags = { [SYSTEM_ID]: { stealthCard: true } };
  const data = { content, speaker, flags } as ChatMessage.CreateData;
  const created = (await ChatMessage.create(data)) as { id?: string | null } | undefined;
  const id = created?.id;
  if (typeof id === "string" && details.length > 0) storage()?.setItem(keyOf(id), JSON.stringify(details));
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as { key?: unknown }).key === "string";
}

/** The GM-only numbers of a stealth card, as HTML, on a GM's client that posted it; null elsewhere. */
export function stealthDetailsHtml(message: ChatMessage.Implementation): string | null {
  const flags = (message as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID] as { stealthCard?: unknown };
  if (flags?.stealthCard !== true || message.id === null) return null;
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

export function registerStealthCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    const details = stealthDetailsHtml(message as ChatMessage.Implementation);
    const content = details === null ? null : html.querySelector(".message-content");
    if (content !== null && details !== null) content.insertAdjacentHTML("beforeend", details);
  });
}
