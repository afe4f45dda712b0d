import { err, ok, type Message, type Result } from "../core/result.ts";
import { die, probAtLeast, shift, type Distribution } from "../dice/distribution.ts";
import type { CheckOutcome } from "./attack-outcome.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { badFlag, d20Difference, keepD20Face, snapshotInvalid } from "./d20-roll.ts";

/**
 * Stealth in the rotation ruleset (STL-1..4). The kept Sneak result lives on the sneaking
 * creature (plain JSON, e.g. `{ sneakResult: 17 }` in its Combatant data); these functions compute
 * it and the rolls made against it. Sneak and Cognition rolls are plain d20 + bonus: ATK-ROT-3's
 * natural-20 rule is for attack rolls only.
 */
export interface SneakResult {
  /** The kept result observers roll against (STL-1, replaced by STL-4 at the end of each turn). */
  readonly sneakResult: number;
  /** The STL-4 penalty that went into it (0, 3, 5 or 8). */
  readonly penalty: number;
  readonly notes: readonly Message[];
}

export interface EnterStealthSnapshot {
  readonly sneakBonus: number;
  /** How many enemies have line of sight to the creature now (measured on the canvas by the caller). */
  readonly enemiesWithLineOfSight: number;
}

/** STL-1: enter stealth only out of every enemy's line of sight; the Sneak roll is kept. */
export function enterStealth(face: number, snapshot: EnterStealthSnapshot): Result<SneakResult> {
  if (!isRecord(snapshot)) return snapshotInvalid("snapshot");
  if (!isWhole(snapshot.enemiesWithLineOfSight) || snapshot.enemiesWithLineOfSight < 0) {
    return err("TEMPO.ERRORS.Attack.LineOfSightCountInvalid", { value: shown(snapshot.enemiesWithLineOfSight) });
  }
  if (snapshot.enemiesWithLineOfSight > 0)
    return err("TEMPO.ERRORS.Attack.StealthInSight", { count: snapshot.enemiesWithLineOfSight });
  return sneakRoll(face, snapshot.sneakBonus, 0, []);
}

/** STL-1: the exact distribution of the kept Sneak result (d20 + bonus). */
export function sneakResultDistribution(sneakBonus: number): Result<Distribution> {
  if (!isWhole(sneakBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(sneakBonus) });
  return ok(shift(die(20), sneakBonus));
}

function sneakRoll(face: number, sneakBonus: number, penalty: number, notes: readonly Message[]): Result<SneakResult> {
  if (!isWhole(sneakBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(sneakBonus) });
  const kept = keepD20Face([face], "normal");
  if (!kept.ok) return kept;
  return ok({ sneakResult: kept.value.face + sneakBonus - penalty, penalty, notes });
}

export interface SpotSnapshot {
  readonly cognitionBonus: number;
  readonly sneakResult: number;
}

function checkSpot(s: SpotSnapshot): Result<SpotSnapshot> {
  if (!isRecord(s)) return snapshotInvalid("snapshot");
  if (!isWhole(s.cognitionBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(s.cognitionBonus) });
  if (!isWhole(s.sneakResult)) return err("TEMPO.ERRORS.Attack.SneakResultInvalid", { value: shown(s.sneakResult) });
  return ok(s);
}

/**
 * STL-2: an observer with line of sight rolls Cognition (or awareness) against the kept Sneak result.
 * **Ruling on ties:** the seed sets the kept roll as the observer's SR, the number to reach; a total
 * equal to it succeeds, so the observer sees the sneaking creature.
 */
export function resolveStealthSpot(face: number, snapshot: SpotSnapshot): Result<CheckOutcome> {
  const valid = checkSpot(snapshot);
  if (!valid.ok) return valid;
  const kept = keepD20Face([face], "normal");
  if (!kept.ok) return kept;
  const total = kept.value.face + snapshot.cognitionBonus;
  const success = total >= snapshot.sneakResult;
  const notes: Message[] = [{ key: success ? "TEMPO.ATTACK.Note.Spotted" : "TEMPO.ATTACK.Note.NotSpotted" }];
  return ok({ success, total, needed: snapshot.sneakResult, notes });
}

/** STL-2: the exact chance that an observer with line of sight sees the sneaking creature. */
export function stealthSpotOdds(snapshot: SpotSnapshot): Result<number> {
  const valid = checkSpot(snapshot);
  if (!valid.ok) return valid;
  return ok(probAtLeast(shift(die(20), snapshot.cognitionBonus), snapshot.sneakResult));
}

/**
 * STL-1 + STL-2: the chance that a fresh Sneak roll (d20 + sneakBonus − penalty) is seen by an
 * observer with Cognition `cognitionBonus`, over all 400 pairs of faces.
 */
export function stealthSpotOddsBeforeSneakRoll(
  sneakBonus: number,
  cognitionBonus: number,
  penalty: number,
): Result<number> {
  if (!isWhole(sneakBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(sneakBonus) });
  if (!isWhole(cognitionBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(cognitionBonus) });
  if (!isWhole(penalty) || penalty < 0) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(penalty) });
  // Observer − sneaker ≥ 0 means the observer sees (ties to the observer, as above).
  return ok(probAtLeast(d20Difference(cognitionBonus, sneakBonus - penalty), 0));
}

/** An observer at the start of its turn; `face` is its Cognition roll, null when it has no line of sight (it does not roll). */
export interface StealthObserver {
  readonly id: string;
  readonly cognitionBonus: number;
  readonly hasLineOfSight: boolean;
  readonly face: number | null;
}

/** STL-2: only the observers who roll and succeed see the sneaking creature; returns their ids, in input order. */
export function stealthObserversWhoSee(
  observers: readonly StealthObserver[],
  sneakResult: number,
): Result<readonly string[]> {
  if (!Array.isArray(observers)) return snapshotInvalid("observers");
  // Checked even when nobody has line of sight: a bad kept result is bad data, not "unseen".
  if (!isWhole(sneakResult)) return err("TEMPO.ERRORS.Attack.SneakResultInvalid", { value: shown(sneakResult) });
  const seen: string[] = [];
  for (const o of observers) {
    const bad = badFlag(o, ["hasLineOfSight"]);
    if (bad !== null) return snapshotInvalid(bad === "snapshot" ? "observers" : bad);
    if (typeof o.id !== "string") return snapshotInvalid("id");
    if (!o.hasLineOfSight) continue;
    if (o.face === null) return err("TEMPO.ERRORS.Attack.FaceCount", { expected: 1, count: 0 });
    const spot = resolveStealthSpot(o.face, { cognitionBonus: o.cognitionBonus, sneakResult });
    if (!spot.ok) return spot;
    if (spot.value.success) seen.push(o.id);
  }
  return ok(seen);
}

/** What the sneaking creature did this turn (STL-4). */
export interface SneakTurn {
  /** It moved more than half its speed in one Full action. */
  readonly movedOverHalfSpeed: boolean;
  readonly flew: boolean;
  /** It has stealth soaring or hovering wings: flying costs nothing. */
  readonly quietFlight: boolean;
}

const SNEAK_TURN_FLAGS = ["movedOverHalfSpeed", "flew", "quietFlight"] as const;

/** STL-4: the penalty of a checked turn. */
function penaltyOf(turn: SneakTurn): number {
  return (turn.movedOverHalfSpeed ? 3 : 0) + (turn.flew && !turn.quietFlight ? 5 : 0);
}

/** STL-4: −3 for moving more than half speed in one Full action, −5 for flying without quiet flight; both can apply. */
export function sneakPenalty(turn: SneakTurn): Result<number> {
  const bad = badFlag(turn, SNEAK_TURN_FLAGS);
  return bad === null ? ok(penaltyOf(turn)) : snapshotInvalid(bad);
}

/** STL-4: the end-of-turn Sneak re-roll that replaces the kept result. */
export function resolveSneakReroll(face: number, sneakBonus: number, turn: SneakTurn): Result<SneakResult> {
  const penalty = sneakPenalty(turn);
  if (!penalty.ok) return penalty;
  const notes: Message[] = [];
  if (turn.movedOverHalfSpeed) notes.push({ key: "TEMPO.ATTACK.Note.SneakMovedFast" });
  if (turn.flew && !turn.quietFlight) notes.push({ key: "TEMPO.ATTACK.Note.SneakFlew" });
  return sneakRoll(face, sneakBonus, penalty.value, notes);
}

/** STL-4: the exact distribution of the re-rolled Sneak result. */
export function sneakRerollDistribution(sneakBonus: number, turn: SneakTurn): Result<Distribution> {
  if (!isWhole(sneakBonus)) return err("TEMPO.ERRORS.Attack.BonusInvalid", { value: shown(sneakBonus) });
  const penalty = sneakPenalty(turn);
  return penalty.ok ? ok(shift(die(20), sneakBonus - penalty.value)) : penalty;
}
