/**
 * The whole list of a step's engine events, held on the writing GM's client while its Combat update
 * is under way (issue 17): the update carries only a summary (engine: event-summary.ts), and the
 * writer's `_onUpdate` fires every hook, turn event and effect timer from the whole list it computed.
 */
import type { HostEvent } from "../../engine/index.ts";
import { pageKey } from "../page-key.ts";

const held = new Map<string, readonly HostEvent[]>();

/** This page's key for a combat (page-key.ts). */
const keyOf = (combatId: string): string => pageKey(combatId);

/** Holds `events` for the update of `combatId` about to be written. */
export function holdStepEvents(combatId: string, events: readonly HostEvent[]): void {
  held.set(keyOf(combatId), events);
}

/** The held events of `combatId` (taken: a later update of another client's does not see them), or null. */
export function takeStepEvents(combatId: string): readonly HostEvent[] | null {
  const events = held.get(keyOf(combatId)) ?? null;
  held.delete(keyOf(combatId));
  return events;
}
