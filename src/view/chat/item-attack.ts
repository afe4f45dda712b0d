/**
 * Using an item against a target (issue 11, the hotbar macro and the sheet): which attack rule the
 * world's ruleset uses and what the cards hold, decided from plain snapshots of the two creatures and
 * the item. The Foundry side (src/foundry/chat/attack-flow.ts) gathers the snapshots, rolls the dice
 * this plan names with real Rolls, and posts the cards it returns.
 *
 * Per ruleset (RULES.md table): `count`/`standard` d20 + bonus vs AC, `segment` d20 vs descending AC
 * by AAC0 (SEG-12), `rotation` d20 + skill vs Dodge/Armor (ATK-ROT-1..5, STL-3), `phase` 2d6 + ATK vs
 * DEF with step dice (PHS-8, ADV-1..3). The open numbers are ITEM_USE_RULINGS' (one engine table).
 */
import {
  attackVerdict,
  criticalBonus,
  isRotationCriticalHit,
  primaryModifierOf,
  weaponSkillFor,
  ITEM_USE_RULINGS,
  phaseAttackOdds,
  phaseAttackSources,
  rotationDefenderWithConditions,
  rotationSkillBonus,
  sealedRotationDefender,
  SEALED_PHASE_DICE,
  SEALED_ROTATION_DICE,
  seenFacesOfSealedRoll,
  type ActorStats,
  type AttackEffect,
  type CardEffect,
  type ConditionId,
  type DrMode,
  type ExtraSources,
  type Result,
  type RotationDefender,
  type RulesetId,
  type WeaponStats,
} from "../../engine/index.ts";
import { resolutionOdds, type AttackCardInput, type AttackResolution } from "./attack-card.ts";
import type { DamageCardInput, MultiplierUse } from "./damage-card.ts";

/** One creature as an attack reads it. */
export interface CreatureSnapshot {
  readonly name: string;
  readonly stats: ActorStats;
  /** SEG-12: the AAC0 the creature attacks with (its derived value), or null. */
  readonly aac0: number | null;
  /** SEG-12: its descending AC with its worn armour and shields (the derived value, not the stored base). */
  readonly descendingAc: number;
  readonly conditions: ReadonlySet<ConditionId>;
  /** ATK-ROT-2: a player character (its side, else a player-owned actor, as combatants decide it). */
  readonly isPlayer: boolean;
}

export interface WeaponAttackInput {
  readonly ruleset: RulesetId;
  readonly attacker: CreatureSnapshot;
  readonly target: CreatureSnapshot;
  readonly weapon: { readonly name: string; readonly stats: WeaponStats };
  /** PHS-4, PHS-10, PHS-11: the sources the combat adds (attack-facts.ts); null outside a phase combat. */
  readonly phaseExtra: ExtraSources | null;
  /** STL-3: the GM's stealth watch says the target has not seen the attacker (null or absent: no watch). */
  readonly unseen?: boolean | null;
  /** Issue 19: the attack dialog's situation (modifier, ATK-ROT-5 flankers, ADV sources); none: the rulings'. */
  readonly situation?: AttackSituation;
  /**
   * Issue 18: the target is hidden from players: its card is sealed, so the plan rolls dice that fit any
   * target and keeps none of its facts (engine trust/sealed-attack.ts); the GM's side reads them in.
   */
  readonly sealed?: boolean;
}

/** What the attack dialog adds to one roll (attack-options.ts). */
export interface AttackSituation {
  /** Added to the roll's bonus (SEG-12 "d20 + modifiers"; count/standard bonus, rotation skill, phase ATK). */
  readonly modifier: number;
  /** ATK-ROT-5: enemies adjacent to the target, the attacker included. */
  readonly flankers: number;
  /** ADV-1 … ADV-3: extra sources. */
  readonly advantage: number;
  readonly disadvantage: number;
}

const NO_SITUATION: AttackSituation = { modifier: 0, flankers: 1, advantage: 0, disadvantage: 0 };

/** The dice to roll (one Roll per formula, in order) and the card's resolution from their totals. */
export interface AttackPlan {
  readonly dice: readonly string[];
  readonly resolve: (faces: readonly number[]) => AttackCardInput;
  /** Issue 19: the exact chance to hit (and to crit) before rolling, as the card will show it. */
  readonly odds: { readonly hit: number; readonly critical: number };
}

function rotationDefender(input: WeaponAttackInput): RotationDefender {
  const d = input.target.stats.defenses;
  const flankers = input.situation?.flankers ?? ITEM_USE_RULINGS.rotationAdjacentEnemies;
  const base: RotationDefender = {
    dodge: d.dodge,
    armor: d.armor,
    isPlayer: input.target.isPlayer,
    adjacentEnemies: flankers,
    defense: null,
    unaware: false,
    grappled: false,
  };
  return rotationDefenderWithConditions(base, input.attacker.conditions, input.target.conditions, input.unseen ?? null);
}

function plan(
  input: WeaponAttackInput,
  dice: readonly string[],
  at: (faces: readonly number[]) => AttackResolution,
): Result<AttackPlan> {
  const sides = dice.map((d) => Number(/^1d(\d+)$/.exec(d)?.[1] ?? 0));
  // FEAT-CLEAVE: a roll shared with a hidden target's sealed dice is read by this plan's own dice.
  const own = (faces: readonly number[]): readonly number[] =>
    input.sealed === true || faces.length === dice.length ? faces : (seenFacesOfSealedRoll(sides, faces) ?? faces);
  const card = (faces: readonly number[]): AttackCardInput => ({
    attacker: input.attacker.name,
    target: input.target.name,
    weapon: input.weapon.name,
    resolution: at(own(faces)),
  });
  const odds = resolutionOdds(at([]));
  return odds.ok ? { ok: true, value: { dice, resolve: card, odds: odds.value } } : odds;
}

/**
 * Issue 18, PHS-8 on a hidden target: the attacker's ATK and its own sources only (ADV-3), its tier kept
 * for the GM's side, and the six dice that fit any target (engine trust/sealed-attack.ts).
 */
function sealedPhasePlan(input: WeaponAttackInput, situation: AttackSituation): Result<AttackPlan> {
  const a = input.attacker.stats;
  const attack = {
    atk: a.atk + situation.modifier,
    def: 0,
    advantage: situation.advantage,
    disadvantage: situation.disadvantage,
  };
  const tier = phaseAttackSources(a.tier, a.tier);
  if (!tier.ok) return tier;
  const dice = SEALED_PHASE_DICE.map((sides) => `1d${sides}`);
  return plan(input, dice, (faces) => ({ scheme: "phase", input: attack, dice: [...faces], attackerTier: a.tier }));
}

/** The attack of `weapon` on `target` under the ruleset: the dice to roll and the card they make. */
export function planWeaponAttack(input: WeaponAttackInput): Result<AttackPlan> {
  const a = input.attacker.stats;
  const t = input.target.stats;
  const situation = input.situation ?? NO_SITUATION;
  switch (input.ruleset) {
    case "count":
    case "standard": {
      const snapshot = {
        bonus: primaryModifierOf(a) + situation.modifier,
        armorClass: t.defenses.ac,
        criticalFrom: ITEM_USE_RULINGS.criticalFrom,
        mode: "normal" as const,
      };
      return plan(input, ["1d20"], (faces) => ({ scheme: "d20", snapshot, faces: [...faces] }));
    }
    case "segment": {
      if (input.attacker.aac0 === null)
        return { ok: false, error: { key: "TEMPO.CHAT.Errors.NoAac0", data: { name: input.attacker.name } } };
      const snapshot = {
        aac0: input.attacker.aac0,
        armorClass: input.target.descendingAc,
        modifier: ITEM_USE_RULINGS.segmentModifier + situation.modifier,
        mode: "normal" as const,
      };
      return plan(input, ["1d20"], (faces) => ({ scheme: "segment", snapshot, faces: [...faces] }));
    }
    case "rotation": {
      const skill = weaponSkillFor(a, input.weapon.stats.group);
      const flankers = input.situation?.flankers ?? ITEM_USE_RULINGS.rotationAdjacentEnemies;
      const defender = input.sealed === true ? sealedRotationDefender(flankers) : rotationDefender(input);
      // The situational modifier is added after ATK-ROT-1 halves a non-proficient bonus (it is no skill).
      const halved = rotationSkillBonus(skill.bonus, skill.proficient);
      if (!halved.ok) return halved;
      const situational = situation.modifier !== 0;
      const snapshot = {
        skillBonus: situational ? halved.value + situation.modifier : skill.bonus,
        proficient: situational || skill.proficient,
        criticalThreshold: a.criticalThreshold,
        attackerIsPlayer: input.attacker.isPlayer,
        defender,
      };
      if (input.sealed === true) {
        const dice = SEALED_ROTATION_DICE.map((sides) => `1d${sides}`);
        return plan(input, dice, (faces) => ({ scheme: "rotation", snapshot, faces: [...faces], sealedDice: true }));
      }
      // STL-3: an unaware defender is attacked with advantage, two d20s.
      const dice = defender.unaware ? ["1d20", "1d20"] : ["1d20"];
      return plan(input, dice, (faces) => ({ scheme: "rotation", snapshot, faces: [...faces] }));
    }
    case "phase": {
      if (input.sealed === true) return sealedPhasePlan(input, situation);
      const combat = input.phaseExtra ?? { advantage: 0, disadvantage: 0 };
      const extra = {
        advantage: combat.advantage + situation.advantage,
        disadvantage: combat.disadvantage + situation.disadvantage,
      };
      const tiers = phaseAttackSources(a.tier, t.tier, extra);
      if (!tiers.ok) return tiers;
      // PHS-8: 2d6 + the attacker's own ATK (and the situational modifier).
      const attack = {
        atk: a.atk + situation.modifier,
        def: t.defenses.def,
        advantage: tiers.value.advantage,
        disadvantage: tiers.value.disadvantage,
      };
      const odds = phaseAttackOdds(attack);
      if (!odds.ok) return odds;
      const dice = odds.value.pool.dice.map((sides) => `1d${sides}`);
      return plan(input, dice, (faces) => ({ scheme: "phase", input: attack, dice: [...faces] }));
    }
  }
}

/** What a hit's damage card needs besides the rolled swings. */
export interface DamagePlan {
  readonly formula: string;
  /** AP-1: how many swings to roll (one attack roll covers them all). */
  readonly swings: number;
  readonly card: (rolled: readonly number[]) => DamageCardInput;
}

export interface DamageInput {
  readonly attacker: string;
  readonly target: CreatureSnapshot;
  readonly formula: string;
  readonly kind: string;
  /** AP-1: the weapon's swings per Full action with the attacker's AP (null: one). */
  readonly swings: number | null;
  readonly drMode: DrMode;
  /** Issue 18: the UUIDs of the attacker, the item and the target, recorded on the card. */
  readonly provenance?: { readonly attackerUuid: string; readonly itemUuid: string; readonly targetUuid: string };
  /** ATK-ROT-4: the critical attack card's message id (the hit adds the formula's maximum once); null: none. */
  readonly critical?: { readonly attackMessageId: string } | null;
  /** Issue 19: a charged or two-handed use that stepped the dice (recorded for the GM's check); none: plain. */
  readonly weaponUse?: { readonly charged: boolean; readonly twoHanded: boolean } | null;
  /** OSH-3, OSH-5: a spell that heals or grants a shield (none: damage), and the shield it grants. */
  readonly effect?: CardEffect;
  readonly shield?: { readonly effect: string; readonly condition: string } | null;
  /** OSH-2: the statuses a hit applies (none: no statuses). */
  readonly statuses?: readonly AttackEffect[];
  /** SEG-15: the multipliers chosen and the one that applies (recorded for the GM's check); none: ×1. */
  readonly multiplierUse?: MultiplierUse | null;
}

/** The damage card of a hit (or of a spell): one swing unless AP-1 gives more; the target's DR (DR-1). */
export function planDamage(input: DamageInput): DamagePlan {
  // OSH-6: a shield granted without a formula has no hit points: nothing is rolled.
  const pointless = input.effect === "shield" && input.formula.trim() === "";
  const swings = pointless ? 0 : input.swings !== null && input.swings > 0 ? input.swings : 1;
  const effect = input.effect !== undefined && input.effect !== "damage" ? { effect: input.effect } : {};
  const shield = input.effect === "shield" && input.shield ? { shield: input.shield } : {};
  const statuses = input.statuses !== undefined && input.statuses.length > 0 ? { statuses: input.statuses } : {};
  const bonus = input.critical ? criticalBonus(input.formula) : null;
  const critical =
    input.critical && bonus?.ok === true
      ? { criticalBonus: bonus.value, attackMessageId: input.critical.attackMessageId }
      : {};
  return {
    formula: input.formula,
    swings,
    card: (rolled) => ({
      attacker: input.attacker,
      target: input.target.name,
      formula: input.formula,
      swings: [...rolled],
      kind: input.kind,
      dr: input.target.stats.dr,
      drMode: input.drMode,
      ...input.provenance,
      ...critical,
      ...(input.weaponUse ? { weaponUse: input.weaponUse } : {}),
      ...effect,
      ...shield,
      ...statuses,
      ...(input.multiplierUse ? { multiplierUse: input.multiplierUse } : {}),
    }),
  };
}

/**
 * FEAT-CLEAVE, issue 18: the dice of a cleave's one attack roll. In rotation and phase a hidden creature's
 * dice are its sealed ones (engine trust/sealed-attack.ts), and the roll rides on a card everyone sees, so
 * every cleave there rolls them, whoever is in its area: each target's plan reads its own dice from them.
 */
export function cleaveDice(ruleset: RulesetId, dice: readonly string[]): readonly string[] {
  const sealed = ruleset === "rotation" ? SEALED_ROTATION_DICE : ruleset === "phase" ? SEALED_PHASE_DICE : null;
  return sealed === null ? dice : sealed.map((sides) => `1d${sides}`);
}

/** Whether the ruleset declares attacks on the combat first (CNT-6 count track, SEG-2 declarations). */
export function attacksThroughCombat(ruleset: RulesetId): boolean {
  return ruleset === "count" || ruleset === "segment";
}

/** Whether the card's attack hit, as the engine judges it (null: the engine refused the data). */
export function attackHit(card: AttackCardInput): boolean | null {
  const judged = attackVerdict(card.resolution);
  return judged.ok ? judged.value.hit : null;
}

/** ATK-ROT-4: whether the card's attack is a rotation critical hit (its damage adds the maximum once). */
export function attackCritical(card: AttackCardInput): boolean {
  return isRotationCriticalHit(card.resolution);
}
