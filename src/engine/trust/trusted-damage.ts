/**
 * Issue 18: what a damage card may deal, decided on the GM's side from facts the GM's client gathers
 * (the card's author as the server records it, the actor and item the card names, the rolls on the
 * message), never from the card's own numbers unless the GM wrote them.
 * - A GM's card is trusted as written: the GM may deal any damage anyway.
 * - A player's card deals damage only when it names an actor its author owns and an item of that actor,
 *   and records the target the attack was rolled against; its swings are the totals of the message's
 *   rolls, each a roll of the item's damage formula (recorded-roll.ts), at least one and no more than
 *   the item's swings (AP-1), halved when the card says a save halved them (issue 19: a player may only
 *   lower the damage so); the kind is the item's (DR-1). The target's DR is the target's own, read
 *   when the damage is applied.
 * - Issue 18: a player's card about a hidden creature, rolled whether its attack hit or not (the player may
 *   not know the creature's defence), deals nothing when the GM's side finds that attack missed.
 * - A player's Apply hits the recorded target only; a GM may apply a player's card to any creatures.
 * - ATK-ROT-4, a critical's bonus (the item's maximum, added to the first swing: critical-damage.ts): a
 *   GM's card as written; a player's card only when the attack message it names was posted by the same
 *   user, is a rotation attack of the same attacker and item against the same target, and its recorded
 *   d20 rolls (not the card's faces) are a critical by the attacker's own threshold, read on the GM's
 *   side. Two d20s count the higher only when the attacker has STL-3 advantage as the GM's client reads
 *   its conditions now (`advantage`), else the lower. A claimed
 *   bonus that does not hold refuses the whole card: nothing is dealt.
 * - Issue 19 item 5, healing (OSH-3), overshield grants (OSH-5, OSH-6) and statuses (OSH-2): what a card
 *   does and the statuses it carries are a GM's card's as written; a player's card's are its item's (a
 *   spell's use, its name as the shield's effect, its shield condition, the item's statuses), and a player's
 *   card that claims other ones is refused whole (`Trust.EffectNotItems`, `Trust.StatusesNotItems`). A grant
 *   from a spell without a formula is a shield without hit points: its card has no rolls.
 * Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { AttackEffect } from "../damage/apply-damage.ts";
import { attackEffectsOf, isAttackEffectList } from "../damage/status-riders.ts";
import { validateDr, type DrValues } from "../damage/damage-reduction.ts";
import { CARD_EFFECTS, shieldGrantOf, type CardEffect, type ShieldGrant } from "../actors/actor-card-effects.ts";
import { damageAfterSave } from "../attack/spell-save.ts";
import { recordedRollTotal, type RecordedRoll } from "./recorded-roll.ts";
import { criticalBonus, isRotationCritical, withCriticalBonus } from "../damage/critical-damage.ts";

/** ATK-ROT-4: the attack message a damage card names for its critical, as the GM's client reads it. */
export interface CriticalAttackFacts {
  /** Whether the attack message's author (as the server records it) is the damage card's. */
  readonly sameAuthor: boolean;
  /** The attack card's scheme and the UUIDs it records. */
  readonly scheme: unknown;
  readonly attackerUuid: unknown;
  readonly itemUuid: unknown;
  readonly targetUuid: unknown;
  /** The attack message's rolls. */
  readonly rolls: readonly RecordedRoll[];
  /** STL-3: whether the attacker attacks with advantage (unseen), read from its conditions on the GM's side. */
  readonly advantage: boolean;
  /** The attacker's critical threshold, read from the actor (null: none). */
  readonly criticalThreshold: number | null;
}

export interface DamageCardFacts {
  readonly authorIsGM: boolean;
  /** The card's own numbers (used only from a GM's card) and the target it records. */
  readonly card: {
    readonly swings: unknown;
    readonly kind: unknown;
    readonly targetUuid: unknown;
    /** ATK-ROT-4: the bonus the card claims, the attack message it names, and the UUIDs it records. */
    readonly criticalBonus?: unknown;
    readonly attackMessageId?: unknown;
    readonly attackerUuid?: unknown;
    readonly itemUuid?: unknown;
    /** Issue 19: a spell's damage after a successful save (half each roll's total, rounded down). */
    readonly halved?: unknown;
    /** OSH-3, OSH-5: what the card does ("damage" when absent), the shield it grants, OSH-2 its statuses. */
    readonly effect?: unknown;
    readonly shield?: unknown;
    readonly statuses?: unknown;
  };
  /** ATK-ROT-4: the attack message the card names (null: none, or gone). */
  readonly attack?: CriticalAttackFacts | null;
  /**
   * Issue 18: a card about a creature hidden from players follows an attack its player could not judge
   * (the card holds none of the creature's defence): whether that attack hit, as the GM's side decided it
   * from the creature's defence (absent or null: the card follows no such attack).
   */
  readonly sealedAttackHit?: boolean | null;
  /** The actor the card names (null: none, or gone) and whether the card's author owns it. */
  readonly attacker: { readonly name: string; readonly ownedByAuthor: boolean } | null;
  /** The item the card names (null: none, gone, or not a weapon or spell with damage). */
  readonly item: {
    readonly name: string;
    readonly ofAttacker: boolean;
    /**
     * The damage formula the rolls must be rolls of: the item's, stepped when the card claims a charged or
     * two-handed use the rules allow this attacker (FEAT-CHARGED, FEAT-VERSATILE; derived on the GM's side).
     */
    readonly formula: string;
    readonly kind: string;
    /** AP-1: the most swings one Full action gives (1 without AP). */
    readonly maxSwings: number;
    /** OSH-3, OSH-5: what its formula does (a weapon: "damage"), and OSH-6 its shield's condition. */
    readonly use?: CardEffect;
    readonly shieldCondition?: string;
    /** OSH-2: the statuses it applies, as the item stores them. */
    readonly statuses?: string;
    readonly statusesBypassShield?: boolean;
  } | null;
  readonly rolls: readonly RecordedRoll[];
}

export interface TrustedDamage {
  readonly swings: readonly number[];
  readonly kind: string;
  /** The target recorded when the attack was rolled (null on a GM's card: the GM picks). */
  readonly targetUuid: string | null;
  /** OSH-3, OSH-5: what the card does, and the shield it grants (null unless "shield"). */
  readonly effect: CardEffect;
  readonly shield: ShieldGrant | null;
  /** OSH-2: the statuses the attack applies. */
  readonly effects: readonly AttackEffect[];
}

const NO_DR: DrValues = { physical: 0, elemental: 0, arcane: 0 };

function cardEffectOf(value: unknown): CardEffect | null {
  if (value === undefined || value === null) return "damage";
  return CARD_EFFECTS.find((e) => e === value) ?? null;
}

/** A GM's card's shield as written: its effect, condition and (optional) DR. */
function gmShield(swings: readonly number[], value: unknown): Result<ShieldGrant> {
  const shield = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const effect = typeof shield.effect === "string" ? shield.effect : "";
  const condition = typeof shield.condition === "string" ? shield.condition : "";
  const dr = shield.dr === undefined ? ok(NO_DR) : validateDr(shield.dr as DrValues);
  if (!dr.ok) return dr;
  return shieldGrantOf(swings, effect, condition, dr.value);
}

function gmCard(card: DamageCardFacts["card"]): Result<TrustedDamage> {
  const swings = card.swings;
  if (
    !Array.isArray(swings) ||
    !swings.every((n) => typeof n === "number" && Number.isFinite(n)) ||
    typeof card.kind !== "string"
  )
    return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "hits" });
  const bonus = card.criticalBonus;
  const extra = typeof bonus === "number" && Number.isFinite(bonus) && bonus > 0 ? bonus : 0;
  const effect = cardEffectOf(card.effect);
  if (effect === null) return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "effect" });
  const effects = card.statuses === undefined ? [] : card.statuses;
  if (!isAttackEffectList(effects)) return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "statuses" });
  const dealt = effect === "damage" ? withCriticalBonus(swings as number[], extra) : (swings as number[]);
  const shield = effect === "shield" ? gmShield(dealt, card.shield) : null;
  if (shield !== null && !shield.ok) return shield;
  const base = { swings: dealt, kind: card.kind, targetUuid: null, effect, effects };
  return ok({ ...base, shield: shield === null ? null : shield.value });
}

/**
 * Issue 19 item 5: what a player's card does, from its item: a claim on the card that differs refuses it.
 * Returns the item's use, statuses and (for a grant) the shield's effect and condition.
 */
function itemAction(
  card: DamageCardFacts["card"],
  item: NonNullable<DamageCardFacts["item"]>,
): Result<{ effect: CardEffect; effects: AttackEffect[] }> {
  const effect = item.use ?? "damage";
  if (cardEffectOf(card.effect) !== effect) return err("TEMPO.ERRORS.Trust.EffectNotItems", { item: item.name });
  const rider = { statuses: item.statuses ?? "", statusesBypassShield: item.statusesBypassShield ?? false };
  const effects = attackEffectsOf(rider);
  if (!effects.ok) return effects;
  const claimed = card.statuses === undefined ? [] : card.statuses;
  if (JSON.stringify(claimed) !== JSON.stringify(effects.value))
    return err("TEMPO.ERRORS.Trust.StatusesNotItems", { item: item.name });
  if (effect === "shield" && card.shield !== undefined && card.shield !== null) {
    const shield = card.shield as { effect?: unknown; condition?: unknown };
    if (shield.effect !== item.name || shield.condition !== (item.shieldCondition ?? ""))
      return err("TEMPO.ERRORS.Trust.EffectNotItems", { item: item.name });
  }
  return ok({ effect, effects: effects.value });
}

/** Whether a player's card claims a critical (a bonus, or an attack message to verify). */
function claimsCritical(card: DamageCardFacts["card"]): boolean {
  const bonus = card.criticalBonus;
  const id = card.attackMessageId;
  return (bonus !== undefined && bonus !== null && bonus !== 0) || (typeof id === "string" && id !== "");
}

/** ATK-ROT-4 on a player's card: the bonus the GM grants (the item's maximum), or why not. */
function verifiedCritical(facts: DamageCardFacts, formula: string): Result<number> {
  const attack = facts.attack ?? null;
  const refused = err("TEMPO.ERRORS.Trust.CriticalUnverified");
  if (attack === null || !attack.sameAuthor || attack.scheme !== "rotation") return refused;
  const card = facts.card;
  const same =
    attack.attackerUuid === card.attackerUuid &&
    attack.itemUuid === card.itemUuid &&
    attack.targetUuid === card.targetUuid &&
    typeof attack.attackerUuid === "string";
  if (!same || attack.criticalThreshold === null || attack.rolls.length < 1 || attack.rolls.length > 2) return refused;
  const faces: number[] = [];
  for (const roll of attack.rolls) {
    const face = recordedRollTotal("1d20", roll);
    if (!face.ok) return face;
    faces.push(face.value);
  }
  const kept = faces.length === 2 && attack.advantage ? Math.max(...faces) : Math.min(...faces);
  if (!isRotationCritical(kept, attack.criticalThreshold)) return refused;
  return criticalBonus(formula);
}

/** The damage a card may deal. Errors: `Trust.*` naming what does not hold. */
export function trustedDamage(facts: DamageCardFacts): Result<TrustedDamage> {
  if (facts.authorIsGM) return gmCard(facts.card);
  const { attacker, item } = facts;
  if (attacker === null) return err("TEMPO.ERRORS.Trust.NoAttacker");
  if (!attacker.ownedByAuthor) return err("TEMPO.ERRORS.Trust.NotTheirActor", { name: attacker.name });
  if (item === null) return err("TEMPO.ERRORS.Trust.NoItem", { name: attacker.name });
  if (!item.ofAttacker) return err("TEMPO.ERRORS.Trust.NotTheirItem", { name: attacker.name, item: item.name });
  const target = facts.card.targetUuid;
  if (typeof target !== "string" || target === "") return err("TEMPO.ERRORS.Trust.NoRecordedTarget");
  if (facts.sealedAttackHit === false) return err("TEMPO.ERRORS.Trust.SealedMiss");
  const action = itemAction(facts.card, item);
  if (!action.ok) return action;
  const { effect, effects } = action.value;
  const count = facts.rolls.length;
  // OSH-6: a grant without a formula is a shield without hit points, and has no rolls.
  const least = effect === "shield" && item.formula.trim() === "" ? 0 : 1;
  const most = least === 0 ? 0 : item.maxSwings;
  if (count < least || count > most) return err("TEMPO.ERRORS.Trust.SwingCount", { count, max: most });
  const swings: number[] = [];
  for (const roll of facts.rolls) {
    const total = recordedRollTotal(item.formula, roll);
    if (!total.ok) return total;
    swings.push(facts.card.halved === true ? damageAfterSave(total.value, true) : total.value);
  }
  const base = { kind: item.kind, targetUuid: target, effect, effects, shield: null };
  if (effect === "shield") {
    const shield = shieldGrantOf(swings, item.name, item.shieldCondition ?? "");
    return shield.ok ? ok({ ...base, swings, shield: shield.value }) : shield;
  }
  if (effect !== "damage" || !claimsCritical(facts.card)) return ok({ ...base, swings });
  const bonus = verifiedCritical(facts, item.formula);
  if (!bonus.ok) return bonus;
  return ok({ ...base, swings: withCriticalBonus(swings, bonus.value) });
}

/**
 * The creatures an Apply hits: a GM's choice (the recorded target when the GM chose none), a player's
 * only the recorded target. Errors: `Trust.NotRecordedTarget` when a player names another creature.
 */
export function damageTargets(
  trusted: Pick<TrustedDamage, "targetUuid">,
  requested: readonly string[],
  byGM: boolean,
): Result<readonly string[]> {
  const recorded = trusted.targetUuid;
  if (recorded === null) return ok(requested);
  if (byGM) return ok(requested.length > 0 ? requested : [recorded]);
  if (requested.some((uuid) => uuid !== recorded)) return err("TEMPO.ERRORS.Trust.NotRecordedTarget");
  return ok([recorded]);
}
