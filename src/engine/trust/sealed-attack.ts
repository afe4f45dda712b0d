/**
 * Issue 18: an attack on a creature hidden from players is "sealed": its card reaches every client (a
 * whisper does, foundryvtt #14429), so it holds nothing that comes from the creature, and the GM's side
 * fills that in from the creature itself (chat/sealed-cards.ts gathers the facts, this decides).
 *
 * Left out of a sealed card: the target's defence (AC, descending AC, Dodge and Armor, DEF), whether it is
 * a player character (ATK-ROT-2), its tier (PHS-8's step dice), what its conditions and the GM's stealth
 * watch make of the attack (ATK-ROT-5 `flanked`, STL-3 unaware: two d20s) and what the phase round makes
 * of it (PHS-4 seized, PHS-10 defending). The roller's page does not know them, so the dice are the same
 * whatever the creature: two d20s in rotation (the second counts only when STL-3 gives advantage) and, in
 * phase, 2d6 and one extra die of each step size (ADV-1, ADV-2: d6, d8, d10, d12). Once the GM's side
 * knows the creature, the rules' dice are picked from them by a rule that never reads the faces, so the
 * pick is as fair as rolling the rules' dice alone.
 * Pure.
 */
import { err, ok, type Result } from "../core/result.ts";
import { rotationDefenderWithConditions, type Conditions } from "../conditions/attack-conditions.ts";
import type { RotationDefender } from "../attack/rotation-attack.ts";
import { phaseAttackOdds, phaseAttackSources, type ExtraSources } from "../attack/step-dice-attack.ts";
import type { KeepPool } from "../dice/keep-pool-build.ts";
import type { AttackResolution } from "./attack-verdict.ts";

/** The dice a sealed rotation attack rolls (sides, one Roll each): two d20s. */
export const SEALED_ROTATION_DICE: readonly number[] = [20, 20];

/** The dice a sealed phase attack rolls (sides, one Roll each): 2d6 and one die of each step size. */
export const SEALED_PHASE_DICE: readonly number[] = [6, 6, 6, 8, 10, 12];

function countError(expected: number, faces: readonly number[]): Result<never> {
  return err("TEMPO.ERRORS.Attack.SealedDiceCount", { expected, count: Array.isArray(faces) ? faces.length : 0 });
}

/**
 * STL-3 on a sealed rotation attack's two d20s: both when the defender turns out unaware (advantage), else
 * the first alone.
 */
export function sealedRotationFaces(faces: readonly number[], unaware: boolean): Result<readonly number[]> {
  if (!Array.isArray(faces) || faces.length !== SEALED_ROTATION_DICE.length) return countError(2, faces);
  return ok(unaware ? [...faces] : faces.slice(0, 1));
}

/**
 * ADV-1, ADV-2 on a sealed phase attack's six dice: the two d6s, and with net sources the one extra die of
 * the size the rules' pool names (`pool`, from phaseAttackOdds once the target's tier is known).
 */
export function sealedPhaseFaces(faces: readonly number[], pool: Pick<KeepPool, "dice">): Result<readonly number[]> {
  if (!Array.isArray(faces) || faces.length !== SEALED_PHASE_DICE.length) return countError(6, faces);
  const [first, second] = faces;
  if (first === undefined || second === undefined) return countError(6, faces);
  const extra = pool.dice[2];
  if (pool.dice.length === 2 || extra === undefined) return ok([first, second]);
  const at = SEALED_PHASE_DICE.indexOf(extra, 2);
  const face = at < 0 ? undefined : faces[at];
  return face === undefined ? err("TEMPO.ERRORS.Attack.StepDieInvalid", { sides: extra }) : ok([first, second, face]);
}

/**
 * FEAT-CLEAVE: one attack roll serves every target, a hidden one's sealed dice among them. A seen target's
 * dice (`sides`, its own plan's: one or two d20s, or 2d6 and its step die) are read from the sealed roll's
 * `faces` by the same picks; null when `faces` is no sealed roll of that ruleset's.
 */
export function seenFacesOfSealedRoll(sides: readonly number[], faces: readonly number[]): readonly number[] | null {
  const rotation = sides.every((n) => n === 20) && (sides.length === 1 || sides.length === 2);
  const picked =
    rotation && faces.length === SEALED_ROTATION_DICE.length
      ? sealedRotationFaces(faces, sides.length === 2)
      : !rotation && faces.length === SEALED_PHASE_DICE.length
        ? sealedPhaseFaces(faces, { dice: sides })
        : null;
  return picked?.ok === true ? picked.value : null;
}

/** A sealed rotation defender before the GM's side knows the creature: only what the attacker chose. */
export function sealedRotationDefender(adjacentEnemies: number): RotationDefender {
  return { dodge: 0, armor: 0, isPlayer: false, adjacentEnemies, defense: null, unaware: false, grappled: false };
}

/** A resolution with the target's numbers left out (what a sealed card stores; the GM's side fills them in). */
export function sealedResolution(r: AttackResolution): AttackResolution {
  switch (r.scheme) {
    case "d20":
      return { ...r, snapshot: { ...r.snapshot, armorClass: 0 } };
    case "segment":
      return { ...r, snapshot: { ...r.snapshot, armorClass: 0 } };
    case "rotation": {
      const d = r.snapshot.defender;
      const defender = { ...d, dodge: 0, armor: 0, isPlayer: false };
      return { ...r, snapshot: { ...r.snapshot, defender } };
    }
    case "phase":
      return { ...r, input: { ...r.input, def: 0 } };
  }
}

/** The hidden creature as the GM's side reads it when it opens a sealed card. */
export interface SealedTargetFacts {
  readonly ac: number;
  /** SEG-12: its descending AC. */
  readonly descendingAc: number;
  readonly dodge: number;
  readonly armor: number;
  readonly def: number;
  readonly isPlayer: boolean;
  readonly tier: number;
  readonly conditions: Conditions;
}

/** The attacker's side as the GM's side reads it then (it depends on the creature: the stealth watch, the round). */
export interface SealedAttackerFacts {
  readonly conditions: Conditions;
  /** STL-3: the GM's stealth watch says the creature has not seen the attacker (null: no watch). */
  readonly unseen: boolean | null;
  /** PHS-4, PHS-10, PHS-11 between the two in their phase combat (none outside one). */
  readonly phaseExtra: ExtraSources;
}

function unsealedRotation(
  r: Extract<AttackResolution, { scheme: "rotation" }>,
  t: SealedTargetFacts,
  a: SealedAttackerFacts,
): Result<AttackResolution> {
  const known = { ...r.snapshot.defender, dodge: t.dodge, armor: t.armor, isPlayer: t.isPlayer };
  if (r.sealedDice !== true) return ok({ ...r, snapshot: { ...r.snapshot, defender: known } });
  // ATK-ROT-5 `flanked` and STL-3, as an attack on a seen creature reads them (engine attack-conditions.ts).
  const defender = rotationDefenderWithConditions(known, a.conditions, t.conditions, a.unseen);
  const faces = sealedRotationFaces(r.faces, defender.unaware);
  if (!faces.ok) return faces;
  const { sealedDice: _, ...rest } = r;
  return ok({ ...rest, snapshot: { ...r.snapshot, defender }, faces: faces.value });
}

function unsealedPhase(
  r: Extract<AttackResolution, { scheme: "phase" }>,
  t: SealedTargetFacts,
  a: SealedAttackerFacts,
): Result<AttackResolution> {
  if (r.attackerTier === undefined) return ok({ ...r, input: { ...r.input, def: t.def } });
  // PHS-8: the tiers' sources, the round's (PHS-4, PHS-10, PHS-11) and the attacker's own choices (ADV-3).
  const extra = {
    advantage: a.phaseExtra.advantage + r.input.advantage,
    disadvantage: a.phaseExtra.disadvantage + r.input.disadvantage,
  };
  const sources = phaseAttackSources(r.attackerTier, t.tier, extra);
  if (!sources.ok) return sources;
  const input = {
    ...r.input,
    def: t.def,
    advantage: sources.value.advantage,
    disadvantage: sources.value.disadvantage,
  };
  const odds = phaseAttackOdds(input);
  if (!odds.ok) return odds;
  const dice = sealedPhaseFaces(r.dice, odds.value.pool);
  if (!dice.ok) return dice;
  const { attackerTier: _, ...rest } = r;
  return ok({ ...rest, input, dice: dice.value });
}

/** A sealed card's resolution as the rules read it once the GM's side knows the creature (`t`) and the attacker's side (`a`). */
export function unsealedResolution(
  r: AttackResolution,
  t: SealedTargetFacts,
  a: SealedAttackerFacts,
): Result<AttackResolution> {
  switch (r.scheme) {
    case "d20":
      return ok({ ...r, snapshot: { ...r.snapshot, armorClass: t.ac } });
    case "segment":
      return ok({ ...r, snapshot: { ...r.snapshot, armorClass: t.descendingAc } });
    case "rotation":
      return unsealedRotation(r, t, a);
    case "phase":
      return unsealedPhase(r, t, a);
    default:
      return err("TEMPO.CHAT.Errors.UnknownAttack");
  }
}
