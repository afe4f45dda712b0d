/**
 * The damage card (issue 11): the dice, the damage kind and its DR family (DR-1), each swing (AP-1),
 * the damage after the target's matching DR as the setting applies it (DR-2), and the expected damage
 * after DR over every possible roll of the formula (the engine's exact distribution).
 * Apply (the GM, or the user who rolled the damage) runs the engine's pipeline on the targeted tokens;
 * the card then lists what changed (damage-applied.ts) and offers Undo instead.
 */
import {
  DAMAGE_KIND_LABELS,
  DR_FAMILY_LABELS,
  damageAfterDr,
  damageAfterDrDistribution,
  drFamilyOf,
  expectedDamage,
  formulaDistribution,
  odds,
  validateDr,
  withCriticalBonus,
  type AttackEffect,
  type CardEffect,
  type DrMode,
  type DrValues,
  type I18nKey,
  type Message,
  type Result,
} from "../../engine/index.ts";
import { decimalText, type CardButton, type CardOdds, type CardViewer } from "./card-common.ts";
import { appliedLines, appliedRecords, type AppliedDamage, type AppliedLine } from "./damage-applied.ts";

/** SEG-15: what the attack dialog chose, and the highest multiplier it makes. */
export interface MultiplierUse {
  readonly backstab: number;
  readonly setVsCharge: boolean;
  readonly multiplier: number;
}

/** SEG-15: the card's multiplier (1 when none, or not a whole number above 1). */
export function multiplierOfCard(input: DamageCardInput): number {
  const m = input.multiplierUse?.multiplier;
  return typeof m === "number" && Number.isInteger(m) && m > 1 ? m : 1;
}

export interface DamageCardInput {
  readonly attacker: string;
  readonly target: string;
  /** The damage formula of one swing ("2d6+3"). */
  readonly formula: string;
  /** Each swing's rolled damage (AP-1: one entry per swing; one for a single hit). */
  readonly swings: readonly number[];
  /** A damage kind of DEFAULT_DAMAGE_KINDS ("slashing", "fire", …). */
  readonly kind: string;
  /** The target's three DR values (DR-1). */
  readonly dr: DrValues;
  readonly drMode: DrMode;
  /**
   * Issue 18: who rolled it with what, against whom (UUIDs, written by the attack flow when it rolls):
   * a player's card deals damage only from these and its rolls (engine trustedDamage); absent on a
   * GM's hand-made card.
   */
  readonly attackerUuid?: string;
  readonly itemUuid?: string;
  readonly targetUuid?: string;
  /**
   * ATK-ROT-4: a critical's bonus (the formula's maximum, added once, to the first swing: engine
   * critical-damage.ts) and the attack message whose roll made it (what the GM's side verifies).
   */
  readonly criticalBonus?: number;
  readonly attackMessageId?: string;
  /** Issue 19: the swings are half the rolled totals (a spell's damage after a successful save). */
  readonly halved?: boolean;
  /**
   * Issue 19: how the weapon was used (FEAT-CHARGED, FEAT-VERSATILE), which steps its dice; the GM's side
   * derives the formula from the item and these again by the rules (damage-card-facts.ts), never from the card.
   */
  readonly weaponUse?: { readonly charged: boolean; readonly twoHanded: boolean };
  /**
   * SEG-15: the damage multipliers chosen (back stab, set against a charge) and the one that applies; the
   * GM's side derives the multiplier from the item and the choices again (damage-card-facts.ts).
   */
  readonly multiplierUse?: MultiplierUse;
  /** What the last Apply changed, one record per creature; absent, null or empty: not applied. */
  readonly applied?: readonly AppliedDamage[] | null;
  /**
   * Issue 19 item 5: what Apply does (absent: "damage"): heal hit points (OSH-3) or grant the `shield`
   * (OSH-5; no swings: a shield without hit points, OSH-6); OSH-2: the statuses a hit applies. A player's
   * card's are checked against its item on the GM's side (engine trustedDamage).
   */
  readonly effect?: CardEffect;
  readonly shield?: { readonly effect: string; readonly condition: string } | null;
  readonly statuses?: readonly AttackEffect[];
  /** AP-2: the constant-damage weapon whose hit deals this turn's damage again, with no attack roll. */
  readonly constantDamage?: string;
}

export interface DamageCardContext {
  readonly title: Message;
  /** OSH-2, OSH-5, OSH-6: what the card carries besides damage (statuses, the shield it grants). */
  readonly effectLines: readonly Message[];
  readonly attacker: string;
  readonly target: string;
  readonly formula: string;
  readonly swings: readonly number[];
  readonly multiple: boolean;
  /** A known kind's label key, or the stored kind as written. */
  readonly kindLabel: I18nKey | null;
  readonly kind: string;
  readonly familyLabel: I18nKey | null;
  readonly drValue: number;
  readonly drModeLabel: I18nKey;
  readonly rolled: number;
  /** ATK-ROT-4: the critical's line ("Critical: +N, the weapon's maximum"), or null. */
  readonly critical: Message | null;
  /** SEG-15: the multiplier's line ("×3 on the total"), or null. */
  readonly multiplier: Message | null;
  readonly dealt: number | null;
  readonly odds: readonly CardOdds[] | null;
  readonly buttons: readonly CardButton[];
  /** What the last Apply changed (empty before one, and again after Undo). */
  readonly applied: readonly AppliedLine[];
  readonly error: Message | null;
}

interface Worked {
  readonly family: I18nKey;
  readonly dr: number;
  readonly dealt: number;
  readonly expected: number;
}

/** ATK-ROT-4: the card's critical bonus (0 when none, or not a whole number above 0). */
function bonusOf(input: DamageCardInput): number {
  const bonus = input.criticalBonus;
  return typeof bonus === "number" && Number.isInteger(bonus) && bonus > 0 ? bonus : 0;
}

function criticalLine(bonus: number): Message | null {
  return bonus > 0 ? { key: "TEMPO.CHAT.Damage.Critical", data: { amount: bonus } } : null;
}

function multiplierLine(multiplier: number): Message | null {
  return multiplier > 1 ? { key: "TEMPO.CHAT.Damage.Multiplied", data: { multiplier } } : null;
}

function work(input: DamageCardInput): Result<Worked> {
  const family = drFamilyOf(input.kind);
  if (!family.ok) return family;
  const dr = validateDr(input.dr);
  if (!dr.ok) return dr;
  const value = dr.value[family.value];
  const bonus = bonusOf(input);
  // SEG-15: the multiplier scales each hit's total (every modifier, a critical's bonus included) before DR.
  const m = multiplierOfCard(input);
  const multiplied = withCriticalBonus(input.swings, bonus).map((n) => n * m);
  const dealt = damageAfterDr(multiplied, value, input.drMode);
  if (!dealt.ok) return dealt;
  const rolledSwing = formulaDistribution(input.formula);
  if (!rolledSwing.ok) return rolledSwing;
  const oneSwing = m === 1 ? rolledSwing.value : odds.map(rolledSwing.value, (n) => n * m);
  const after = damageAfterDrDistribution(oneSwing, input.swings.length, value, input.drMode, bonus * m);
  if (!after.ok) return after;
  return {
    ok: true,
    value: {
      family: DR_FAMILY_LABELS[family.value],
      dr: value,
      dealt: dealt.value,
      expected: expectedDamage(after.value),
    },
  };
}

const TITLES: Readonly<Record<CardEffect, I18nKey>> = {
  damage: "TEMPO.CHAT.Damage.Title",
  healing: "TEMPO.CHAT.Damage.HealingTitle",
  shield: "TEMPO.CHAT.Damage.ShieldTitle",
};

/** OSH-2, OSH-5, OSH-6: the card's lines about its statuses and the shield it grants. */
function effectLinesOf(input: DamageCardInput): Message[] {
  const lines: Message[] = [];
  const shield = input.shield;
  if (input.effect === "shield" && shield) {
    const key = input.swings.length === 0 ? "TEMPO.CHAT.Damage.GrantsConditional" : "TEMPO.CHAT.Damage.Grants";
    lines.push({ key, data: { effect: shield.effect, condition: shield.condition } });
  }
  if (input.effect === "healing") lines.push({ key: "TEMPO.DAMAGE.Step.ShieldNotHealed" });
  if (typeof input.constantDamage === "string" && input.constantDamage !== "")
    lines.push({ key: "TEMPO.CHAT.Damage.ConstantTurn", data: { item: input.constantDamage, target: input.target } });
  const statuses = Array.isArray(input.statuses) ? input.statuses : [];
  if (statuses.length > 0) {
    const key = statuses.some((e) => e.bypassesOvershield)
      ? "TEMPO.CHAT.Damage.StatusesBypass"
      : "TEMPO.CHAT.Damage.StatusesOnHit";
    lines.push({ key, data: { statuses: statuses.map((e) => e.id).join(", ") } });
  }
  return lines;
}

/** OSH-3, OSH-5: a healing or shield card: its total, and Apply (no DR, no odds). */
function buildRestoringCard(
  input: DamageCardInput,
  viewer: CardViewer,
  base: Omit<DamageCardContext, "familyLabel" | "drValue" | "dealt" | "odds" | "buttons" | "error">,
): DamageCardContext {
  const healing = input.effect === "healing";
  const apply: CardButton = {
    action: "apply",
    label: healing
      ? { key: "TEMPO.CHAT.Damage.ApplyHealing", data: { amount: base.rolled, target: input.target } }
      : { key: "TEMPO.CHAT.Damage.ApplyShield", data: { target: input.target } },
    icon: "✚",
  };
  const undo: CardButton = { action: "undo", label: { key: "TEMPO.CHAT.Damage.Undo" }, icon: "↶" };
  const mayApply = viewer.isGM || viewer.owns;
  const buttons = mayApply ? [base.applied.length > 0 ? undo : apply] : [];
  return { ...base, familyLabel: null, drValue: 0, dealt: base.rolled, odds: null, buttons, error: null };
}

/** Builds the damage card's context for one viewer. */
export function buildDamageCard(input: DamageCardInput, viewer: CardViewer): DamageCardContext {
  const swings = Array.isArray(input.swings) ? input.swings : [];
  const effect = input.effect === "healing" || input.effect === "shield" ? input.effect : "damage";
  const worked = work(input);
  const kindLabel = Object.hasOwn(DAMAGE_KIND_LABELS, input.kind) ? (DAMAGE_KIND_LABELS[input.kind] ?? null) : null;
  const base = {
    title: { key: TITLES[effect], data: { attacker: input.attacker, target: input.target } },
    effectLines: effectLinesOf({ ...input, swings }),
    attacker: input.attacker,
    target: input.target,
    formula: input.formula,
    swings,
    multiple: swings.length > 1,
    kindLabel,
    kind: input.kind,
    drModeLabel: (input.drMode === "perAttack"
      ? "TEMPO.CHAT.Damage.PerAttack"
      : "TEMPO.CHAT.Damage.PerHit") satisfies I18nKey as I18nKey,
    rolled: swings.reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0),
    critical: criticalLine(bonusOf(input)),
    multiplier: multiplierLine(multiplierOfCard(input)),
    applied: appliedLines(appliedRecords(input.applied)),
  };
  if (effect !== "damage") return buildRestoringCard(input, viewer, base);
  if (!worked.ok)
    return { ...base, familyLabel: null, drValue: 0, dealt: null, odds: null, buttons: [], error: worked.error };
  const w = worked.value;
  const apply: CardButton = {
    action: "apply",
    label: { key: "TEMPO.CHAT.Damage.Apply", data: { amount: w.dealt, target: input.target } },
    icon: "✚",
  };
  const undo: CardButton = { action: "undo", label: { key: "TEMPO.CHAT.Damage.Undo" }, icon: "↶" };
  // The GM, or the user who rolled the damage (`owns` for a damage card); the Foundry side checks again.
  const mayApply = viewer.isGM || viewer.owns;
  return {
    ...base,
    familyLabel: w.family,
    drValue: w.dr,
    dealt: w.dealt,
    odds: viewer.showOdds
      ? [{ label: { key: "TEMPO.CHAT.Odds.Expected", data: { amount: decimalText(w.expected) } }, exact: w.expected }]
      : null,
    buttons: mayApply ? [base.applied.length > 0 ? undo : apply] : [],
    error: null,
  };
}
