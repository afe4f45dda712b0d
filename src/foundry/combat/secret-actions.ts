/**
 * Issue 18 item 3, STD-6: the action trackers of creatures no player owns (NPC economy: actions left,
 * and in each record's own undo and redo the trackers of earlier steps) stay on GM clients. Foundry
 * sends every Combatant to every client (docs/research/foundry-secrets-and-write-guards.md), so the
 * active GM keeps an NPC's record in its browser (gm-kept.ts), one key per combatant, and never writes
 * it to `Combatant.system.actions`; the GM's steps read it from there (step-actions.ts). A reload finds
 * it again; a browser that lost it reads the document's record (an older Tempo's, or none: STD-3, a
 * newcomer's tracker).
 */
import { gmKept } from "./gm-kept.ts";

const records = gmKept("secretActions", "an NPC's action tracker");

/**
 * Whether `combatant`'s tracker is kept on the GM's side: this client is a GM's, and no player owns it or
 * it is hidden (issue 18: its owner sees it through its owner view, owner-view.ts; hidden-actions.ts
 * moves it when the GM hides or reveals it).
 */
export function keepsActions(combatant: Combatant.Implementation): boolean {
  return game.user?.isGM === true && (!combatant.hasPlayerOwner || combatant.hidden);
}

/** The record kept for `combatant`, or undefined when none is (then the document's is read). */
export function keptActionsOf(combatant: Combatant.Implementation): unknown {
  const combatId = combatant.parent?.id ?? "";
  if (!keepsActions(combatant) || combatId === "" || combatant.id === null) return undefined;
  return records.read(combatId, combatant.id);
}

/** Keeps `record` as `combatant`'s tracker in this GM's browser. */
export function keepActions(combat: Combat.Implementation, combatantId: string, record: unknown): void {
  const combatId = combat.id ?? "";
  if (combatId !== "") records.keep(combatId, combatantId, record);
}

/** Forgets the record kept for a combatant (its document holds it again: hidden-actions.ts). */
export function removeKeptActions(combat: Combat.Implementation, combatantId: string): void {
  const combatId = combat.id ?? "";
  if (combatId !== "") records.remove(combatId, combatantId);
}

/** Forgets every record of a deleted combat, in this page and in the browser. */
export function dropKeptActions(combatId: string): void {
  records.drop(combatId);
}

/** Forgets what this page read (the browsers' storage was put back: tests that travel back in time). */
export function forgetKeptActions(): void {
  records.forget();
}

/** Forgets what this page read (another GM's records came into its browser: gm-replica.ts). */
export function forgetPageActions(): void {
  records.forgetPage();
}
