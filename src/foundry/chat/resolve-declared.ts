/**
 * Issue 11: Resolve on a pending card whose action was declared from an item (the sheet's button or the
 * hotbar macro, attack-flow.ts) rolls that item now: its attack card(s) with their odds, then damage on a
 * hit, on the targets recorded with the declaration (declared-uses.ts). A card with no record resolves
 * as before (only marked resolved). SEG-16: in a segment combat an attack declared with a natural weapon is
 * the creature's whole routine (claw/claw/bite): each of its natural weapons is rolled, one attack card (and
 * damage card) per attack (engine `routineWeapons`).
 */
import {
  declaredUseWithheld,
  segmentDeclaredAttackRefusal,
  segmentRollTargets,
  segmentTargetInForce,
  type Message,
  type SegmentState,
} from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { secrecyOf } from "../combat/secrecy.ts";
import { declaredUseOf, type DeclaredUse } from "../combat/declared-uses.ts";
import { useTargetActor } from "../combat/sealed-use-targets.ts";
import { readableCombat } from "../combat/tempo-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { rollDeclaredItem } from "./attack-flow.ts";
import { routineItems } from "./routine-items.ts";

/** What resolving did: nothing recorded, rolled, refused (shown already), or a reason to show. */
export type DeclaredRoll = "none" | "rolled" | "refused" | Message;

interface CardUse {
  readonly use: DeclaredUse;
  /** SEG-11: the actor UUID of the target in force in a segment combat (named on D1), or null. */
  readonly namedTarget: string | null;
  /** The declaring combatant's actor uuid (the recorded item must be one of its items). */
  readonly actorUuid: string | null;
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
  const namedTarget = segmentNamedTarget(game.combats.get(model.combatId), input.combatantId);
  return { use, namedTarget, actorUuid: combatant.actor?.uuid ?? null, name: combatant.name ?? "?" };
}

/**
 * SEG-6, SEG-16: in a segment combat, why the attack a card rolls cannot be made now (its creature lost its
 * major action, or gave its turn up to a delay until LOW), or null. A spell's card (`…:spell`) is not an
 * attack: a lost casting posts no card (SEG-10).
 */
function segmentAttackRefusal(combat: unknown, combatantId: string, entryKey: string): Message | null {
  if (!(combat instanceof TempoCombat) || !entryKey.startsWith("segment:turn:") || entryKey.endsWith(":spell"))
    return null;
  const read = readableCombat(combat);
  if (!read.ok || read.value.model.ruleset !== "segment") return null;
  return segmentDeclaredAttackRefusal(read.value.state as SegmentState, combatantId);
}

/** SEG-11: the actor UUID of the creature's target in force this round in a segment combat, or null. */
function segmentNamedTarget(combat: unknown, combatantId: string): string | null {
  if (!(combat instanceof TempoCombat)) return null;
  const read = readableCombat(combat);
  if (!read.ok || read.value.model.ruleset !== "segment") return null;
  // The segment host's state (the model's ruleset says which scheduler wrote it).
  const targetId = segmentTargetInForce(read.value.state as SegmentState, combatantId);
  return targetId === null ? null : (combat.combatants.get(targetId)?.actor?.uuid ?? null);
}

function isItem(doc: unknown): doc is Item.Implementation {
  return typeof doc === "object" && doc !== null && "system" in doc && "actor" in doc;
}

/**
 * Issue 18: the item use of a creature whose declarations the GM keeps (engine `declaredUseWithheld`)
 * lives in the active GM's browser only (secret-uses.ts). Any other client, a second GM or the hidden
 * creature's owner, cannot roll it: it says where to resolve the card instead of marking it resolved
 * with nothing rolled (review of issue 18). Null: this client may resolve it.
 */
export function declaredUseKeptElsewhere(model: TempoCardModel): Message | null {
  const input = model.input as { combatantId?: unknown; entryKey?: unknown };
  if (model.combatId === null || typeof input.combatantId !== "string" || typeof input.entryKey !== "string")
    return null;
  const combat = game.combats.get(model.combatId);
  if (!(combat instanceof TempoCombat) || isActiveGm()) return null;
  return declaredUseWithheld(secrecyOf(combat), input.combatantId)
    ? { key: "TEMPO.CHAT.Pending.KeptByActiveGm" }
    : null;
}

/** Rolls the card's recorded item on its recorded targets (the ones still there). */
export async function rollDeclaredUse(model: TempoCardModel): Promise<DeclaredRoll> {
  const found = declaredUseOfCard(model);
  if (found === null) return "none";
  const input = model.input as { combatantId: string; entryKey: string };
  const late = segmentAttackRefusal(game.combats.get(model.combatId ?? ""), input.combatantId, input.entryKey);
  if (late !== null) return late;
  const { use } = found;
  const item: unknown = await fromUuid(use.itemUuid as `Item.${string}`);
  if (!isItem(item)) return { key: "TEMPO.CHAT.Pending.ItemGone", data: { uuid: use.itemUuid } };
  // A record naming another creature's item (a hand-made command; issue 19: another unlinked token of
  // the same actor is another creature) rolls nothing.
  if (item.actor === null || item.actor.uuid !== found.actorUuid)
    return { key: "TEMPO.CHAT.Pending.NotTheirItem", data: { name: found.name, item: item.name } };
  const targets: Actor.Implementation[] = [];
  // SEG-11: a target named on the caster's D1 turn replaces the ones recorded with the declaration.
  for (const uuid of segmentRollTargets(use.targetUuids, found.namedTarget)) {
    // Issue 18: a hidden target is named by its token (sealed-use-targets.ts).
    const actor = await useTargetActor(
      game.combats.get(model.combatId ?? "") as Combat.Implementation | undefined,
      uuid,
    );
    if (actor !== null) targets.push(actor);
  }
  // SEG-16: in a segment combat a natural weapon's card rolls the creature's whole routine, one roll per attack.
  const routine = input.entryKey.startsWith("segment:turn:") ? routineItems(item) : [item];
  let rolled = false;
  for (const weapon of routine) rolled = (await rollDeclaredItem(weapon, targets, use.choices ?? null)) || rolled;
  return rolled ? "rolled" : "refused";
}
