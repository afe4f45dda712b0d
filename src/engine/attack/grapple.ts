import { err, ok, type Result } from "../core/result.ts";
import type { ContestOdds, ContestOutcome } from "./attack-outcome.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { noteOnSuccess, snapshotInvalid } from "./d20-roll.ts";
import { opposedRollOdds, resolveOpposedRoll } from "./opposed-roll.ts";

/** ROT-8: the ability the target resists a grapple with. */
export type GrappleResistance = "dexterity" | "vigor";

export interface GrappleSnapshot {
  readonly attackerVigor: number;
  readonly targetDexterity: number;
  readonly targetVigor: number;
  /** The target's choice; null takes the higher bonus (**ruling**, as ATK-ROT-1 does for defences). */
  readonly resistWith: GrappleResistance | null;
}

export interface GrappleEscapeSnapshot {
  readonly grappledVigor: number;
  readonly grapplerVigor: number;
}

function resistanceBonus(s: GrappleSnapshot): Result<number> {
  if (!isRecord(s)) return snapshotInvalid("snapshot");
  if (!isWhole(s.targetDexterity)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(s.targetDexterity) });
  if (!isWhole(s.targetVigor)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(s.targetVigor) });
  if (s.resistWith === null) return ok(Math.max(s.targetDexterity, s.targetVigor));
  if (s.resistWith === "dexterity") return ok(s.targetDexterity);
  if (s.resistWith === "vigor") return ok(s.targetVigor);
  return err("TEMPO.ERRORS.Attack.ResistanceInvalid", { value: shown(s.resistWith) });
}

/**
 * ROT-8: the attacker's Vigor against the target's Dexterity or Vigor. On success the target is
 * grappled: it cannot move and cannot avoid attacks until it wins a Vigor roll against the grappler.
 * Ties go to the target (see {@link resolveOpposedRoll}).
 */
export function resolveGrapple(
  attackerFace: number,
  targetFace: number,
  snapshot: GrappleSnapshot,
): Result<ContestOutcome> {
  const resist = resistanceBonus(snapshot);
  if (!resist.ok) return resist;
  return noteOnSuccess(
    resolveOpposedRoll(attackerFace, targetFace, snapshot.attackerVigor, resist.value),
    "TEMPO.ATTACK.Note.Grappled",
  );
}

/** ROT-8: exact chance that a grapple succeeds. */
export function grappleOdds(snapshot: GrappleSnapshot): Result<ContestOdds> {
  const resist = resistanceBonus(snapshot);
  if (!resist.ok) return resist;
  return opposedRollOdds(snapshot.attackerVigor, resist.value);
}

/** ROT-8: a grappled creature breaks free only by winning (strictly beating) a Vigor roll against the grappler. */
export function resolveGrappleEscape(
  grappledFace: number,
  grapplerFace: number,
  snapshot: GrappleEscapeSnapshot,
): Result<ContestOutcome> {
  if (!isRecord(snapshot)) return snapshotInvalid("snapshot");
  return noteOnSuccess(
    resolveOpposedRoll(grappledFace, grapplerFace, snapshot.grappledVigor, snapshot.grapplerVigor),
    "TEMPO.ATTACK.Note.EscapedGrapple",
  );
}

/** ROT-8: exact chance of escaping a grapple in one try. */
export function grappleEscapeOdds(snapshot: GrappleEscapeSnapshot): Result<ContestOdds> {
  if (!isRecord(snapshot)) return snapshotInvalid("snapshot");
  return opposedRollOdds(snapshot.grappledVigor, snapshot.grapplerVigor);
}
