/**
 * What one move of a token on the map sets off (PHS-5, PHS-6, ROT-10, ROT-11): who gets an opportunity
 * attack, whether that attack spends the attacker's reaction and no AP, what the move spends from the
 * mover's action budget, and how far the chosen move may go. The Foundry layer measures the scene (a
 * grid snapshot, the path in squares) and asks; it decides nothing itself.
 *
 * Rulings:
 * - Opportunity attacks exist in `phase` (PHS-6) and `rotation` (ROT-10) only. `standard`'s Reaction is
 *   for a trait or a spell that names its trigger (STD-6, seeds/001), `count`'s reactions retarget
 *   (CNT-12) and `segment` names none: moves there provoke nothing.
 * - ROT-11: neither Disengage nor a 5 ft step provokes. Disengage says so; a lone 5 ft step does not
 *   "keep moving" after coming within 5 ft (ROT-10). (This replaces rotation-moves.ts's earlier ruling
 *   that a step provokes; issue 21 item 3 asks for it.)
 * - PHS-5, PHS-11: Shift and Disengage do not provoke (the power item says, `provokes`); the battle
 *   phase's Disengage shift (`phaseDisengageShift`) does not either.
 * - ROT-10: the attack spends the Reaction and no AP (one swing, no Full action); in `phase` the
 *   opportunity attack is outside the creature's one battle action (PHS-7) and spends nothing.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { RULESET_IDS } from "../initiative/contract.ts";
import type { RotationTask } from "../actions/rotation-actions.ts";
import type { WeaponStats } from "../items/item-types.ts";
import { DIAGONAL_RULE_BY_RULESET, SQUARE_FEET, gridLine, isValidSquare, type Square } from "./grid.ts";
import { pathCost } from "./path-cost.ts";
import type { GridSnapshot } from "./grid-snapshot.ts";
import { validateMovementPower, type MovementPower } from "./movement-powers.ts";
import { ROTATION_MOVES, type RotationMove } from "./rotation-moves.ts";
import { opportunityAttacks, type Provocation } from "./threat.ts";
import { shown } from "../dice/checks.ts";

/** PHS-6, ROT-10: the rulesets whose moves provoke opportunity attacks (the rulings above). */
export const OPPORTUNITY_ATTACKS: Readonly<Record<RulesetId, boolean>> = {
  count: false,
  standard: false,
  phase: true,
  segment: false,
  rotation: true,
};

/**
 * How a creature moves: a plain move (its speeds), one of rotation's moves (ROT-11), a phase movement
 * power (PHS-5), phase's Disengage shift in the battle phase (PHS-11), or a push or pull (ROT-10).
 */
export type MoveHow =
  | { readonly kind: "move" }
  | { readonly kind: "rotation"; readonly move: RotationMove }
  | { readonly kind: "power"; readonly power: MovementPower }
  | { readonly kind: "disengageShift"; readonly squares: number }
  | { readonly kind: "forced" };

/** PHS-5, ROT-11: what choosing the move spends from the mover's budget, or null when nothing. */
export type MoveSpend =
  | { readonly kind: "rotationTask"; readonly task: Extract<RotationTask, "move" | "step" | "disengage"> }
  | { readonly kind: "movementPower" };

export interface MoveInput {
  readonly ruleset: RulesetId;
  readonly snapshot: GridSnapshot;
  readonly moverId: string;
  /** The squares walked, the starting square first. */
  readonly path: readonly Square[];
  readonly how: MoveHow;
}

export interface OpportunityAttack extends Provocation {
  /** ROT-10: the attack uses the attacker's Reaction (`opportunityAttack` task); false: it spends nothing. */
  readonly spendsReaction: boolean;
  /** ROT-10: one melee attack without spending AP (no Full action, one swing). */
  readonly withoutAp: boolean;
}

/** PHS-6, ROT-10, ROT-11: the move provokes (forced movement: where the ruleset says, threat.ts). */
export function moveProvokes(ruleset: RulesetId, how: MoveHow): boolean {
  if (!OPPORTUNITY_ATTACKS[ruleset]) return false;
  switch (how.kind) {
    case "move":
    case "forced":
      return true;
    case "rotation":
      return how.move === "move";
    case "power":
      return how.power.provokes;
    case "disengageShift":
      return false;
  }
}

/** PHS-5, ROT-11: what choosing `how` spends (rotation: its task's action; phase: the round's movement power). */
export function moveSpend(ruleset: RulesetId, how: MoveHow): MoveSpend | null {
  if (ruleset === "rotation" && how.kind === "rotation") return { kind: "rotationTask", task: how.move };
  if (ruleset === "phase" && how.kind === "power") return { kind: "movementPower" };
  return null;
}

/**
 * PHS-5, PHS-11, ROT-11: the feet the chosen move allows, or null where the creature's speeds decide
 * (a plain move, rotation's Move). A power's squares count 5 ft each (phase counts squares).
 */
export function moveAllowanceFeet(how: MoveHow): number | null {
  switch (how.kind) {
    case "rotation":
      return how.move === "move" ? null : SQUARE_FEET;
    case "power":
      return how.power.squares * SQUARE_FEET;
    case "disengageShift":
      return how.squares * SQUARE_FEET;
    default:
      return null;
  }
}

/** PHS-5, ROT-11: a `how` the rules know. Errors: `Movement.UnknownMove`, `Movement.InvalidDistance`. */
export function checkMoveHow(how: MoveHow): Result<MoveHow> {
  if (typeof how !== "object" || how === null) return err("TEMPO.ERRORS.Movement.UnknownMove", { move: shown(how) });
  switch (how.kind) {
    case "move":
    case "forced":
      return ok(how);
    case "rotation":
      return ROTATION_MOVES.includes(how.move)
        ? ok(how)
        : err("TEMPO.ERRORS.Movement.UnknownMove", { move: shown(how.move) });
    case "power": {
      const valid = validateMovementPower(how.power);
      return valid.ok ? ok(how) : valid;
    }
    case "disengageShift":
      return Number.isInteger(how.squares) && how.squares >= 0
        ? ok(how)
        : err("TEMPO.ERRORS.Movement.InvalidDistance", { power: "disengage", squares: shown(how.squares) });
    default:
      return err("TEMPO.ERRORS.Movement.UnknownMove", { move: shown((how as { kind?: unknown }).kind) });
  }
}

/**
 * PHS-6, ROT-10, ROT-11: the opportunity attacks a move provokes, each with what it spends. Errors: those
 * of `checkMoveHow` and `opportunityAttacks` (`Movement.UnknownRuleset`, `InvalidSnapshot`, `UnknownCreature`,
 * `InvalidSquare`).
 */
export function moveOpportunityAttacks(input: MoveInput): Result<readonly OpportunityAttack[]> {
  if (!RULESET_IDS.includes(input.ruleset))
    return err("TEMPO.ERRORS.Movement.UnknownRuleset", { ruleset: shown(input.ruleset) });
  const how = checkMoveHow(input.how);
  if (!how.ok) return how;
  const provokes = moveProvokes(input.ruleset, how.value);
  const found = opportunityAttacks(input.snapshot, input.moverId, input.path, {
    ruleset: input.ruleset,
    provokes,
    forced: how.value.kind === "forced",
  });
  if (!found.ok) return found;
  const rotation = input.ruleset === "rotation";
  return ok(found.value.map((p) => ({ ...p, spendsReaction: rotation, withoutAp: rotation })));
}

/**
 * MOV-1: the grid squares a path through `points` passes (each point's square, and the squares of the
 * straight line between two points, rounded to the nearest square at each step), so that every square
 * touches the one before it. Repeated squares are dropped.
 */
export function squaresAlong(points: readonly Square[]): Square[] {
  const out: Square[] = [];
  const push = (square: Square) => {
    const last = out[out.length - 1];
    if (last === undefined || last.x !== square.x || last.y !== square.y) out.push(square);
  };
  for (let i = 0; i < points.length; i++) {
    const to = points[i];
    if (to === undefined || !isValidSquare(to)) continue;
    const from = out[out.length - 1];
    if (from === undefined) {
      push(to);
      continue;
    }
    for (const square of gridLine(from, to).slice(1)) push(square);
  }
  return out;
}

/**
 * PHS-5, PHS-11, ROT-11: the feet the turn's path (this turn's earlier moves, then this one) costs, refused
 * when the chosen move allows fewer (`Movement.TooFarForMove`). A move the speeds decide is not checked here
 * (the ruler's costs are). Difficult terrain is not counted here.
 */
export function checkMoveAllowance(ruleset: RulesetId, how: MoveHow, path: readonly Square[]): Result<number> {
  const cost = pathCost(path, { diagonal: DIAGONAL_RULE_BY_RULESET[ruleset] ?? "five" });
  return cost.ok ? checkMoveFeet(how, cost.value.feet) : cost;
}

/**
 * PHS-5, PHS-11, ROT-11: `feet` moved since the move was chosen (as the table measured them, difficult
 * terrain included), refused when the chosen move allows fewer (`Movement.TooFarForMove`).
 */
export function checkMoveFeet(how: MoveHow, feet: number): Result<number> {
  const allowed = moveAllowanceFeet(how);
  if (allowed !== null && feet > allowed) return err("TEMPO.ERRORS.Movement.TooFarForMove", { feet, allowed });
  return ok(feet);
}

/**
 * PHS-6, ROT-10: the weapon an opportunity attack is made with: **ruling** (the seeds mark no weapon as
 * ranged and ROT-10 says "a single melee attack"): the first weapon with a damage formula that is not
 * thrown (a thrown one would leave the hand), else the first with a damage formula; null when none. It
 * is one attack, one swing (ROT-10: "without using AP").
 */
export function opportunityWeapon<T extends { readonly stats: WeaponStats }>(weapons: readonly T[]): T | null {
  const armed = weapons.filter((w) => w.stats.damage.trim() !== "");
  return armed.find((w) => !w.stats.properties.thrown) ?? armed[0] ?? null;
}
