import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";

/**
 * AP-1 and AP-2: how many swings an AP weapon gets and what a miss costs.
 *
 * **What the table follows** (RULES.md AP-1): floor(AP ÷ cost) swings in ONE Full action, AP "a rate, not a
 * pool": every attack action (one Full action, ACT-ROT, ROT-11) may swing up to that many again, and a miss
 * takes that Full action (spent before the roll) with its one swing, dealing nothing. The Foundry layer uses
 * `swingsPerAction` and `shareSwings`. The swing budget below (`rotationSwingBudget`, `resolveApAttack`)
 * models the seed's own wording ("how many times you can attack in the same rotation") and is not used at
 * the table: where the seed and RULES.md differ, RULES.md is the spec.
 *
 * **Model of "a miss consumes the Full action and one swing"** (seeds/004: "AP … dictates how many times
 * you can attack in the same rotation"; "If you miss, you lose the AP of a single swing but must use a
 * second full action if you want to attack again"):
 * - each rotation the wielder has a budget of floor(AP ÷ cost) swings ("a rate, not a pool": it is
 *   full again next rotation, never drained across rotations);
 * - one attack action takes one Full action, one attack roll per target, and any number of swings up
 *   to what is left of the budget;
 * - a hit lands every chosen swing and spends them all; a miss deals nothing, spends the Full action and
 *   exactly one swing, so a second Full action may attack again with the swings that remain.
 */
export interface SwingBudget {
  /** Swings still available this rotation. */
  readonly swingsLeft: number;
}

export interface ApAttackOutcome {
  readonly budget: SwingBudget;
  /** Swings that deal damage: all chosen on a hit, none on a miss. */
  readonly swingsLanded: number;
  /** Swings taken out of the budget: all chosen on a hit, one on a miss. */
  readonly swingsSpent: number;
  /** Every attack action spends one Full action, hit or miss. */
  readonly fullActionsSpent: 1;
}

/** AP-1: swings in one Full action = floor(AP ÷ cost). A cost of 0 or less (or not finite) is invalid. */
export function swingsPerAction(ap: number, cost: number): Result<number> {
  if (!Number.isFinite(cost) || cost <= 0) return err("TEMPO.ERRORS.Damage.InvalidApCost", { cost: shown(cost) });
  if (!Number.isFinite(ap) || ap < 0) return err("TEMPO.ERRORS.Damage.InvalidAp", { ap: shown(ap) });
  return ok(Math.floor(ap / cost));
}

/**
 * AP-1 **ruling** ("floor(AP ÷ cost) times in one Full action"; "one attack roll per target covers all
 * swings"): the swings of one Full action are shared by its targets, not given to each. One attack roll per
 * target covers that target's share; the shares are as even as possible, the targets named first taking the
 * odd swings (8 swings at 3 targets: 3, 3, 2). Fewer swings than targets is refused: each target needs one.
 */
export function shareSwings(swings: number, targets: number): Result<readonly number[]> {
  if (!Number.isInteger(targets) || targets < 1) return err("TEMPO.ERRORS.Damage.NoSwingTargets");
  if (!Number.isInteger(swings) || swings < targets)
    return err("TEMPO.ERRORS.Damage.FewerSwingsThanTargets", { swings: shown(swings), targets });
  const each = Math.floor(swings / targets);
  const odd = swings - each * targets;
  return ok(Array.from({ length: targets }, (_, i) => each + (i < odd ? 1 : 0)));
}

/** AP-1: the swing budget at the start of a rotation (the seed's wording; see the file comment). */
export function rotationSwingBudget(ap: number, cost: number): Result<SwingBudget> {
  const swings = swingsPerAction(ap, cost);
  return swings.ok ? ok({ swingsLeft: swings.value }) : swings;
}

/**
 * AP-1: resolves one attack action of `swings` chosen swings (fewer than the maximum may be chosen)
 * after its single attack roll. Choosing more swings than remain, or none, is a typed error.
 */
export function resolveApAttack(budget: SwingBudget, swings: number, hit: boolean): Result<ApAttackOutcome> {
  if (!Number.isInteger(budget.swingsLeft) || budget.swingsLeft < 0) {
    return err("TEMPO.ERRORS.Damage.InvalidBudget", { swings: shown(budget.swingsLeft) });
  }
  if (budget.swingsLeft < 1) return err("TEMPO.ERRORS.Damage.NoSwingsLeft");
  if (!Number.isInteger(swings) || swings < 1 || swings > budget.swingsLeft) {
    return err("TEMPO.ERRORS.Damage.InvalidSwings", { swings: shown(swings), max: budget.swingsLeft });
  }
  const spent = hit ? swings : 1;
  return ok({
    budget: { swingsLeft: budget.swingsLeft - spent },
    swingsLanded: hit ? swings : 0,
    swingsSpent: spent,
    fullActionsSpent: 1,
  });
}

/** How a weapon's damage is paced: by AP swings (AP-1), constant (AP-2), or neither (other rulesets). */
export interface WeaponPacing {
  /** AP per swing, or null for a weapon with no AP cost. */
  readonly apCost: number | null;
  /** AP-2: deals damage every turn with one attack roll per rotation. */
  readonly constantDamage: boolean;
}

/** Checks weapon pacing data: an AP cost must be positive; a constant-damage weapon has none (AP-2). */
export function validatePacing(pacing: WeaponPacing): Result<WeaponPacing> {
  if (pacing.constantDamage && pacing.apCost !== null) return err("TEMPO.ERRORS.Damage.ConstantHasApCost");
  if (pacing.apCost !== null && (!Number.isFinite(pacing.apCost) || pacing.apCost <= 0)) {
    return err("TEMPO.ERRORS.Damage.InvalidApCost", { cost: shown(pacing.apCost) });
  }
  return ok(pacing);
}

/**
 * AP-2: the attack roll of a constant-damage weapon for one rotation. `hit` is null until the roll
 * of that rotation is in.
 */
export interface ConstantDamageTrack {
  readonly rotation: number;
  readonly hit: boolean | null;
}

export interface ConstantDamageTurn {
  readonly track: ConstantDamageTrack;
  /** True when this rotation's one attack roll still has to be made. */
  readonly needsRoll: boolean;
  /** True when the weapon damages its target on this turn. */
  readonly dealsDamage: boolean;
}

/**
 * AP-2: what a constant-damage weapon does on a turn of `rotation`. The first turn of a rotation asks
 * for the rotation's one roll; once it is recorded, every turn of that rotation deals damage on a hit
 * and none on a miss, with no further roll and no AP spent. The scheduler decides which turns tick.
 */
export function constantDamageTurn(track: ConstantDamageTrack | null, rotation: number): ConstantDamageTurn {
  if (track === null || track.rotation !== rotation) {
    return { track: { rotation, hit: null }, needsRoll: true, dealsDamage: false };
  }
  return { track, needsRoll: track.hit === null, dealsDamage: track.hit === true };
}

/** AP-2: records the rotation's one attack roll; a second roll in the same rotation is a typed error. */
export function recordConstantRoll(
  track: ConstantDamageTrack | null,
  rotation: number,
  hit: boolean,
): Result<ConstantDamageTrack> {
  if (!Number.isInteger(rotation) || rotation < 0)
    return err("TEMPO.ERRORS.Damage.InvalidRotation", { rotation: shown(rotation) });
  if (track !== null && track.rotation === rotation && track.hit !== null)
    return err("TEMPO.ERRORS.Damage.AlreadyRolled");
  return ok({ rotation, hit });
}
