/**
 * "Show in the tracker" on a card: opens the combat sidebar, scrolls the card's tracker row into view
 * and highlights it for a moment. The row is the tracker entry with the card's key (`data-key`, a
 * pending action's own row) or else the combatant's row (`data-combatant-id`).
 */
import type { Message } from "../../engine/index.ts";

const HIGHLIGHT = "is-card-target";
const HIGHLIGHT_MS = 2500;

/** Finds the row in a tracker element; exported for the tests' DOM-free check of the selector order. */
export function rowSelectors(entryKey: string, combatantId: string): readonly string[] {
  const esc = (s: string) => s.replace(/["\\]/g, "\\$&");
  return [`[data-key="${esc(entryKey)}"]`, `li.combatant[data-combatant-id="${esc(combatantId)}"]`];
}

export async function openTrackerRow(entryKey: string, combatantId: string): Promise<Message | null> {
  await ui.sidebar?.changeTab("combat", "primary");
  const tracker = ui.combat?.element ?? null;
  const row =
    rowSelectors(entryKey, combatantId)
      .map((selector) => tracker?.querySelector<HTMLElement>(selector) ?? null)
      .find((found) => found !== null) ?? null;
  if (row === null) return { key: "TEMPO.CHAT.Pending.NoRow" };
  row.scrollIntoView({ block: "center", behavior: "smooth" });
  row.classList.add(HIGHLIGHT);
  window.setTimeout(() => row.classList.remove(HIGHLIGHT), HIGHLIGHT_MS);
  return null;
}
