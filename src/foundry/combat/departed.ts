/**
 * Issue 18 item 2: what a `tempo` combatant held when it left its combat (join-requests.ts), by combat
 * and creature (its token's id, or its actor's), kept in the active GM's browser (gm-kept.ts) so that a
 * GM's reload still knows who left (a departed NPC's tracker is a secret too).
 */
import { gmKept } from "./gm-kept.ts";

/** What a departed `tempo` combatant held: its `system` and whether it was defeated. */
export interface Departed {
  readonly system: Record<string, unknown>;
  readonly defeated: boolean;
}

const departed = gmKept("departed", "a departed creature's record");

function isDeparted(value: unknown): value is Departed {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.defeated === "boolean" && typeof v.system === "object" && v.system !== null;
}

/** Remembers what `creature` held when it left `combatId`. */
export function keepDeparted(combatId: string, creature: string, held: Departed): void {
  departed.keep(combatId, creature, held);
}

/** What `creature` held when it last left `combatId` (taken: used once), or null. */
export function takeDeparted(combatId: string, creature: string): Departed | null {
  const held = departed.read(combatId, creature);
  if (held !== undefined) departed.remove(combatId, creature);
  return isDeparted(held) ? held : null;
}

/** Forgets every departed creature of a deleted combat. */
export function dropDeparted(combatId: string): void {
  departed.drop(combatId);
}

/** Forgets what this page read of departed creatures (the browsers' storage was put back). */
export function forgetDeparted(): void {
  departed.forget();
}

/** Forgets what this page read (another GM's records came into its browser: gm-replica.ts). */
export function forgetPageDeparted(): void {
  departed.forgetPage();
}
