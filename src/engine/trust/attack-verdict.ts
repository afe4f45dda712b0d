/**
 * Issue 18: whether an attack hit and whether it is a critical, decided from the attack's resolution (the
 * engine's snapshot and the rolled dice, as an attack card stores it). The GM's client judges a player's
 * attack on a creature hidden from players with it (chat/sealed-verdicts.ts), and the attack flow judges
 * every other attack with it.
 * Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { AttackOutcome } from "../attack/attack-outcome.ts";
import { resolveD20Attack, type D20AttackSnapshot } from "../attack/d20-attack.ts";
import { resolveSegmentAttack, type SegmentAttackSnapshot } from "../attack/segment-attack.ts";
import { resolveRotationAttack, type RotationAttackSnapshot } from "../attack/rotation-attack.ts";
import { phaseAttackOdds, resolvePhaseAttack, type PhaseAttackInput } from "../attack/step-dice-attack.ts";

/** The attack as each ruleset resolves it: the engine's snapshot and the rolled faces. */
export type AttackResolution =
  | { readonly scheme: "d20"; readonly snapshot: D20AttackSnapshot; readonly faces: readonly number[] }
  | { readonly scheme: "segment"; readonly snapshot: SegmentAttackSnapshot; readonly faces: readonly number[] }
  | {
      readonly scheme: "rotation";
      readonly snapshot: RotationAttackSnapshot;
      readonly faces: readonly number[];
      /** Rolled as a sealed attack's two d20s (sealed-attack.ts), the target's facts still to come. */
      readonly sealedDice?: boolean;
    }
  | {
      readonly scheme: "phase";
      readonly input: PhaseAttackInput;
      readonly dice: readonly number[];
      /** A sealed attack's dice (sealed-attack.ts): the attacker's tier, read with the target's once known. */
      readonly attackerTier?: number;
    };

/** Hit or miss, and whether the hit is a critical by the resolution's own rule. */
export interface AttackVerdict {
  readonly hit: boolean;
  readonly critical: boolean;
}

function fromOutcome(outcome: Result<AttackOutcome>): Result<AttackVerdict> {
  return outcome.ok ? ok({ hit: outcome.value.hit, critical: outcome.value.critical }) : outcome;
}

/** The verdict of a resolved attack (errors: the engine refused the stored data). */
export function attackVerdict(r: AttackResolution): Result<AttackVerdict> {
  switch (r.scheme) {
    case "d20":
      return fromOutcome(resolveD20Attack(r.faces, r.snapshot));
    case "segment":
      return fromOutcome(resolveSegmentAttack(r.faces, r.snapshot));
    case "rotation":
      return fromOutcome(resolveRotationAttack(r.faces, r.snapshot));
    case "phase": {
      const odds = phaseAttackOdds(r.input);
      if (!odds.ok) return odds;
      const rolled = resolvePhaseAttack({ atk: r.input.atk, def: r.input.def, dice: r.dice, pool: odds.value.pool });
      return rolled.ok ? ok({ hit: rolled.value.hit, critical: false }) : rolled;
    }
    default:
      return err("TEMPO.CHAT.Errors.UnknownAttack");
  }
}

/** ATK-ROT-4: whether the attack is a rotation critical hit (its damage adds the formula's maximum once). */
export function isRotationCriticalHit(r: AttackResolution): boolean {
  if (r.scheme !== "rotation") return false;
  const verdict = attackVerdict(r);
  return verdict.ok && verdict.value.hit && verdict.value.critical;
}
