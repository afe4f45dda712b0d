/**
 * Issue 11: Resolve on a pending card whose action was declared from an item (the sheet's button or the
 * hotbar macro, attack-flow.ts) rolls that item now: its attack card(s) with their odds, then damage on a
 * hit, on the targets recorded with the declaration (declared-uses.ts). A card with no record resolves
 * as before (only marked resolved).
 */
import type { Message } from "../../engine/index.ts";
import { declaredUseOf, type DeclaredUse } from "../combat/declared-uses.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { rollDeclaredItem } from "./attack-flow.ts";

/** What resolving did: nothing recorded, rolled, refused (shown already), or a reason to show. */
export type DeclaredRoll = "none" | "rolled" | "refused" | Message;

interface CardUse {
  readonly use: DeclaredUse;
  /** The declaring combatant's actor id (the recorded item must be one of its items). */
  readonly actorId: string | null;
  readonly name: string;
}

/** The item use recorded for a pending card, or null. */
export function declaredUseOfCard(model: TempoCardModel): CardUse | null {
  const input = model.input as { combatantId?: unknown; entryKey?: unknown };
  if (model.combatId === null || typeof input.combatantId !== "string" || typeof input.entryKey !== "string")
    return null;
  const combatant = game.combats.get(model.combatId)?.combatants.get(input.combatantId);
  const use = declaredUseOf(combatant, input.entryKey);
  if (combatant === undefined || use === null) return null;
  return { use, actorId: combatant.actor?.id ?? null, name: combatant.name ?? "?" };
}

function isItem(doc: unknown): doc is Item.Implementation {
  return typeof doc === "object" && doc !== null && "system" in doc && "actor" in doc;
}

function isActor(doc: unknown): doc is Actor.Implementation {
  return typeof doc === "object" && doc !== null && (doc as { documentName?: unknown }).documentName === "Actor";
}

/** Rolls the card's recorded item on its recorded targets (the ones still there). */
export async function rollDeclaredUse(model: TempoCardModel): Promise<DeclaredRoll> {
  const found = declaredUseOfCard(model);
  if (found === null) return "none";
  const { use } = found;
  const item: unknown = await fromUuid(use.itemUuid as `Item.${string}`);
  if (!isItem(item)) return { key: "TEMPO.CHAT.Pending.ItemGone", data: { uuid: use.itemUuid } };
  // A record naming another creature's item (a hand-made command) rolls nothing.
  if (item.actor === null || item.actor.id !== found.actorId)
    return { key: "TEMPO.CHAT.Pending.NotTheirItem", data: { name: found.name, item: item.name } };
  const targets: Actor.Implementation[] = [];
  for (const uuid of use.targetUuids) {
    const actor: unknown = await fromUuid(uuid as `Actor.${string}`);
    if (isActor(actor)) targets.push(actor);
  }
  return (await rollDeclaredItem(item, targets, use.choices ?? null)) ? "rolled" : "refused";
}
