/**
 * PHS-6, ROT-10: Resolve on an opportunity attack card (canvas/opportunity-attacks.ts) rolls the attacker's
 * weapon (the engine's `opportunityWeapon` ruling picks it) on the creature that moved: one attack, one
 * swing, through the attack flow's `rollDeclaredItem` (its attack card, its damage card on a hit), so no
 * Full action is spent (ROT-10: "without using AP"); the Reaction was spent by the card's command first
 * (card-actions.ts).
 */
import { opportunityWeapon, type Message, type WeaponStats } from "../../engine/index.ts";
import { DEFAULT_ATTACK_CHOICES } from "../../view/chat/attack-options.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { rollDeclaredItem } from "./attack-flow.ts";
import { cardCombatant } from "./card-viewer.ts";
import type { DeclaredRoll } from "./resolve-declared.ts";

/** The mover an opportunity card names, or null for any other card. */
export function opportunityTargetOf(model: TempoCardModel): string | null {
  const opportunity = (model.input as { opportunity?: { targetUuid?: unknown } }).opportunity;
  return typeof opportunity?.targetUuid === "string" ? opportunity.targetUuid : null;
}

function isActor(doc: unknown): doc is Actor.Implementation {
  return typeof doc === "object" && doc !== null && (doc as { documentName?: unknown }).documentName === "Actor";
}

/** Rolls the opportunity attack of the card's creature on the mover. */
export async function rollOpportunityAttack(model: TempoCardModel, targetUuid: string): Promise<DeclaredRoll> {
  const actor = cardCombatant(model)?.actor ?? null;
  if (actor === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: "resolve" } };
  const weapons: { item: Item.Implementation; stats: WeaponStats }[] = [];
  for (const item of actor.items) {
    const row = sheetItemOf(item);
    if (row?.type === "weapon") weapons.push({ item, stats: row.stats });
  }
  const weapon = opportunityWeapon(weapons);
  if (weapon === null) return { key: "TEMPO.CHAT.Opportunity.NoWeapon", data: { name: actor.name } } satisfies Message;
  const target: unknown = await fromUuid(targetUuid as `Actor.${string}`);
  if (!isActor(target)) return { key: "TEMPO.CHAT.Opportunity.TargetGone" };
  const rolled = await rollDeclaredItem(weapon.item, [target], { ...DEFAULT_ATTACK_CHOICES, attacks: 1, swings: 1 });
  return rolled ? "rolled" : "refused";
}
