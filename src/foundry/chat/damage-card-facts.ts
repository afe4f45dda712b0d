/**
 * Issue 18: the facts the engine needs to decide what a damage card may deal (engine:
 * trust/trusted-damage.ts), read from documents on the client that applies it: the card's author as
 * the server recorded it (`ChatMessage#author`, which a player can only set to themselves), the actor
 * and item the card names (attack-flow.ts writes their UUIDs when it rolls) and whether the author
 * owns that actor, the item's damage formula, kind and AP swings, and the message's rolls; for a
 * critical (ATK-ROT-4) the attack message the card names: its author, the UUIDs and scheme it records,
 * its rolls, and the attacker's critical threshold read from the actor here (never from a card).
 */
import {
  hasConditionEffect,
  swingsPerAction,
  trustedDamage,
  type DamageCardFacts,
  type Result,
  type TrustedDamage,
} from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import { recordedRollsOf } from "./recorded-rolls.ts";
import { actorConditions } from "../conditions/actor-conditions.ts";
import { isActor, isItem } from "../document-kinds.ts";
import { attackOptionsOf } from "../applications/attack-dialog.ts";
import { attackShape, settleChoices } from "../../view/chat/attack-options.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { unseenOnThisGm } from "../conditions/stealth-flow.ts";
import { rulesetOf } from "./attack-parties.ts";
import { cardTargetUuid, isSealed, unsealedAttackOrNull } from "./sealed-cards.ts";
import type { AttackCardInput } from "../../view/chat/attack-card.ts";
import { sealedVerdictOf } from "./sealed-verdicts.ts";

interface CardFields {
  readonly swings?: unknown;
  readonly kind?: unknown;
  readonly attackerUuid?: unknown;
  readonly itemUuid?: unknown;
  readonly targetUuid?: unknown;
  readonly criticalBonus?: unknown;
  readonly attackMessageId?: unknown;
  readonly halved?: unknown;
  readonly weaponUse?: unknown;
  readonly effect?: unknown;
  readonly shield?: unknown;
  readonly statuses?: unknown;
  readonly multiplierUse?: unknown;
  readonly sealedAttackId?: unknown;
}

interface AttackFields {
  readonly resolution?: { readonly scheme?: unknown };
  readonly attackerUuid?: unknown;
  readonly itemUuid?: unknown;
  readonly targetUuid?: unknown;
}

/** ATK-ROT-4: the attack message a player's damage card names, as the engine checks it (null: none). */
function attackFacts(id: unknown, author: User.Implementation, actor: Actor.Implementation): DamageCardFacts["attack"] {
  if (typeof id !== "string" || id === "") return null;
  const message = game.messages.get(id);
  const model = message === undefined ? null : cardModelOf(message);
  if (message === undefined || model?.card.type !== "attack") return null;
  const input = model.input as AttackFields;
  const targetUuid = cardTargetUuid(input); // issue 18: a sealed card's token reference (sealed-cards.ts)
  const system = tempoActorModelOf(actor);
  const rolls = recordedRollsOf(message);
  // Issue 18: a sealed attack's two d20s count as the GM's side read them for its verdict (sealed-cards.ts).
  const sealed = isSealed(input) ? sealedD20s(input as unknown as AttackCardInput) : null;
  return {
    sameAuthor: message.author?.id === author.id,
    scheme: input.resolution?.scheme,
    attackerUuid: input.attackerUuid,
    itemUuid: input.itemUuid,
    targetUuid,
    rolls: sealed === null ? rolls : rolls.slice(0, sealed),
    // STL-3 as the attack flow reads it: the GM's stealth watch in a rotation combat (stealth-flow.ts),
    // else the attacker's unseenAttacker condition (item-attack.ts).
    advantage:
      sealed !== null
        ? sealed === 2
        : (unseenOnThisGm(actor, targetUuid) ?? hasConditionEffect(actorConditions(actor), "unseenAttacker")),
    criticalThreshold: system === null ? null : actorStatsOf(system).criticalThreshold,
  };
}

/** How many of a sealed rotation attack's d20s count, as the GM's side unseals it (null: not such a card). */
function sealedD20s(input: AttackCardInput): number | null {
  const open = unsealedAttackOrNull(input);
  return open?.resolution.scheme === "rotation" ? open.resolution.faces.length : null;
}

async function documentAt(uuid: unknown): Promise<unknown> {
  if (typeof uuid !== "string" || uuid === "") return null;
  return fromUuid(uuid as Parameters<typeof fromUuid>[0]);
}

/**
 * The shape of the recorded use of `item` by `attacker` (its damage dice, its multiplier), by the same rules
 * the attack dialog offered them with, in the attacker's ruleset (attack-options.ts): a choice the weapon,
 * the attacker's feats or the ruleset do not allow settles to none. Null for anything but the attacker's
 * own weapon.
 */
function trustedShapeOf(
  item: Item.Implementation,
  attacker: Actor.Implementation,
  use: unknown,
): ReturnType<typeof attackShape> | null {
  const row = sheetItemOf(item);
  const self = creatureSnapshotOf(attacker);
  if (row?.type !== "weapon" || self === null || typeof use !== "object" || use === null) return null;
  if (item.actor?.uuid !== attacker.uuid) return null;
  const ruleset = rulesetOf(attacker).ruleset;
  const options = attackOptionsOf({ actor: attacker, weapon: row.stats, ruleset, attacker: self });
  return attackShape(options, row.stats, settleChoices(options, use));
}

/** Issue 19: the damage dice of a charged or two-handed use (FEAT-CHARGED, FEAT-VERSATILE). */
function steppedFormula(item: Item.Implementation, attacker: Actor.Implementation, use: unknown): string | null {
  return trustedShapeOf(item, attacker, use)?.damage ?? null;
}

function itemFacts(
  item: Item.Implementation,
  attacker: Actor.Implementation,
  use: unknown = null,
): DamageCardFacts["item"] {
  const row = sheetItemOf(item);
  if (row === null || (row.type !== "weapon" && row.type !== "spell")) return null;
  const ofAttacker = item.actor?.uuid === attacker.uuid;
  // AP-1 with the attacker's AP now (the engine's rule, as the actor's derived swings are): AP is a rate,
  // not a pool, so the creature's AP (`ap.max`, as the sheet and the attack dialog read it).
  const system = tempoActorModelOf(attacker);
  const cost = row.type === "weapon" ? row.stats.apCost : null;
  const swings = cost === null || system === null ? null : swingsPerAction(actorStatsOf(system).ap.max, cost);
  const maxSwings = swings !== null && swings.ok && swings.value > 0 ? swings.value : 1;
  const formula = steppedFormula(item, attacker, use) ?? row.stats.damage;
  const { statuses, statusesBypassShield } = row.stats;
  const rider = { statuses, statusesBypassShield };
  // OSH-3, OSH-5, OSH-6: what a spell's formula does; a weapon deals damage.
  const spell = row.type === "spell" ? { use: row.stats.use, shieldCondition: row.stats.shieldCondition } : {};
  return { name: item.name, ofAttacker, formula, kind: row.stats.damageKind, maxSwings, ...rider, ...spell };
}

/** The facts of a damage card message. */
export async function damageCardFacts(message: ChatMessage.Implementation): Promise<DamageCardFacts> {
  const input = (cardModelOf(message)?.input ?? {}) as CardFields;
  const author = message.author ?? null;
  const card = {
    swings: input.swings,
    kind: input.kind,
    targetUuid: cardTargetUuid(input),
    criticalBonus: input.criticalBonus,
    attackMessageId: input.attackMessageId,
    attackerUuid: input.attackerUuid,
    itemUuid: input.itemUuid,
    halved: input.halved,
    effect: input.effect,
    shield: input.shield,
    statuses: input.statuses,
  };
  const authorIsGM = author?.isGM ?? false;
  if (authorIsGM || author === null) return { authorIsGM, card, attacker: null, item: null, rolls: [] };
  const actor = await documentAt(input.attackerUuid);
  if (!isActor(actor)) return { authorIsGM, card, attacker: null, item: null, rolls: [] };
  const attacker = { name: actor.name, ownedByAuthor: actor.testUserPermission(author, "OWNER") };
  const item = await documentAt(input.itemUuid);
  const facts = isItem(item) ? itemFacts(item, actor, input.weaponUse) : null;
  // Issue 18: a sealed card's attack, judged here (sealed-verdicts.ts); its critical is verified as any other.
  const sealed = sealedFacts(input, author);
  const attack = attackFacts(sealed?.criticalId ?? input.attackMessageId, author, actor);
  const claims = sealed?.criticalId === undefined ? {} : { attackMessageId: sealed.criticalId };
  const rolls = recordedRollsOf(message);
  const sealedAttackHit = sealed?.hit ?? null;
  return { authorIsGM, card: { ...card, ...claims }, attacker, item: facts, rolls, attack, sealedAttackHit };
}

/**
 * Issue 18: the GM's verdict on the sealed attack a player's card follows (null: it follows none). The
 * attack must be the same author's sealed card against the same creature; otherwise, or when no verdict
 * can be had here, it counts as a miss. A rotation critical names the attack for ATK-ROT-4's check.
 */
function sealedFacts(input: CardFields, author: User.Implementation): { hit: boolean; criticalId?: string } | null {
  const id = input.sealedAttackId;
  if (typeof id !== "string" || id === "") return null;
  const message = game.messages.get(id);
  const attack = message === undefined ? null : cardModelOf(message);
  const same =
    message?.author?.id === author.id &&
    attack?.card.type === "attack" &&
    isSealed(attack.input) &&
    (attack.input as { targetRef?: unknown }).targetRef === (input as { targetRef?: unknown }).targetRef;
  const verdict = same ? sealedVerdictOf(id) : null;
  if (verdict === null) return { hit: false };
  return verdict.hit && verdict.critical && verdict.scheme === "rotation"
    ? { hit: true, criticalId: id }
    : { hit: verdict.hit };
}

/** What the card may deal (the engine's decision on its facts). */
export async function trustedDamageOf(message: ChatMessage.Implementation): Promise<Result<TrustedDamage>> {
  return trustedDamage(await damageCardFacts(message));
}

/**
 * SEG-15: the multiplier Apply uses, derived here from the card's item, its attacker and the choices it
 * records, by the same rules the attack dialog offered them with (attack-options.ts): a choice the weapon
 * or the ruleset does not allow settles to none, so a hand-made card multiplies nothing it may not.
 */
export async function cardMultiplierOf(message: ChatMessage.Implementation): Promise<number> {
  const input = (cardModelOf(message)?.input ?? {}) as CardFields;
  const use = input.multiplierUse;
  if (typeof use !== "object" || use === null) return 1;
  const attacker = await documentAt(input.attackerUuid);
  const item = await documentAt(input.itemUuid);
  if (!isActor(attacker) || !isItem(item)) return 1;
  return trustedShapeOf(item, attacker, use)?.multiplier ?? 1;
}
