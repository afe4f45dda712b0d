/**
 * What an owned item's derived values read from its actor, read defensively: the actor model is written
 * separately and an unowned item (sidebar, compendium) has none. Reads `system.ap.max` (AP-1) and
 * `system.derived.primaryModifier` (CNT-15, FEAT-CHARGED); anything missing or not a whole number is null.
 */
import { NO_OWNER, type ItemOwner } from "../../../engine/index.ts";

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null;
}

function field(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

function whole(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

/** The owner's numbers for an item's derived values, or `NO_OWNER` for an item nobody holds. */
export function itemOwnerOf(item: Item.Implementation | null): ItemOwner {
  const actor: unknown = item?.actor ?? null;
  if (actor === null) return NO_OWNER;
  const system = field(actor, "system");
  return {
    ap: whole(field(field(system, "ap"), "max")),
    primaryModifier: whole(field(field(system, "derived"), "primaryModifier")),
  };
}
