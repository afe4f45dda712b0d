import { err, ok, type Result } from "../core/result.ts";
import { canCleave, effectiveProperties, type WeaponSnapshot } from "./weapon-features.ts";
import type { WeaponProperty } from "./weapon-properties.ts";
import { shown } from "../dice/checks.ts";

/**
 * FEAT-CLEAVE geometry.
 *
 * **Ruling: eight facings.** A creature faces one of the 8 grid directions (y grows downwards, as on
 * Foundry's canvas, so "n" is −y). Offsets are in squares from the creature's top-left square; a
 * creature of footprint k occupies (0..k−1, 0..k−1).
 *
 * At distance d (1 for 5 ft, 2 for 10 ft …) the cone holds:
 * - facing a side: the row of squares d away in front, running d squares past each side of the body
 *   (Medium: 3 at 5 ft, 5 at 10 ft, as the text says);
 * - facing a corner: the L of squares d away that runs along both front faces and meets at the corner
 *   (Medium: 3 at 5 ft, 5 at 10 ft; Large: 5 at 5 ft, as the text says).
 * A Large (2×2) creature facing a side has only 4 squares in that row: 5 squares cannot sit evenly
 * in front of a 2-square body, so the text's "5 if Large" holds facing a corner. *Reach* covers both
 * distances (3 + 5 squares for a Medium creature).
 */
export type Facing = "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "nw";

/** FEAT-CLEAVE: the eight facings, clockwise from north (ruling above). */
export const FACINGS: readonly Facing[] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

export type CreatureSize = "tiny" | "small" | "medium" | "large" | "huge" | "gargantuan";

/** Squares per side of the footprint. Tiny and Small creatures still fight from one square. */
const FOOTPRINT: Readonly<Record<CreatureSize, number>> = {
  tiny: 1,
  small: 1,
  medium: 1,
  large: 2,
  huge: 3,
  gargantuan: 4,
};

export interface GridOffset {
  readonly x: number;
  readonly y: number;
}

/** Rotates a square a quarter turn clockwise about the centre of a k×k footprint. */
export function quarterTurn(square: GridOffset, k: number): GridOffset {
  return { x: k - 1 - square.y, y: square.x };
}

function northRow(k: number, d: number): GridOffset[] {
  const row: GridOffset[] = [];
  for (let x = -d; x <= k - 1 + d; x++) row.push({ x, y: -d });
  return row;
}

function northEastCorner(k: number, d: number): GridOffset[] {
  const corner: GridOffset[] = [];
  const edge = k - 1 + d;
  for (let x = 0; x <= edge; x++) corner.push({ x, y: -d });
  for (let y = -d + 1; y <= k - 1; y++) corner.push({ x: edge, y });
  return corner;
}

/** FEAT-CLEAVE: a cone is as long as the weapon's reach: 10 ft with the *Reach* property, else 5 ft. */
export function weaponReachFeet(properties: readonly WeaponProperty[]): number {
  return properties.includes("reach") ? 10 : 5;
}

/** FEAT-CLEAVE: the squares of the cone, sorted by row then column. Reach in feet: 5, 10, 15 … */
export function cleaveSquares(size: CreatureSize, facing: Facing, reachFeet: number): Result<GridOffset[]> {
  if (!Object.hasOwn(FOOTPRINT, size)) return err("TEMPO.ERRORS.Damage.InvalidSize", { size: shown(size) });
  return coneOffsets(FOOTPRINT[size], facing, reachFeet);
}

/**
 * FEAT-CLEAVE's cone (ruling above) in front of a k×k footprint; a spell's cone is laid out the same way
 * (areas.ts). Offsets from the footprint's top-left square, sorted by row then column.
 */
export function coneOffsets(k: number, facing: Facing, reachFeet: number): Result<GridOffset[]> {
  if (!Number.isInteger(k) || k < 1) return err("TEMPO.ERRORS.Damage.InvalidSize", { size: shown(k) });
  const turn = FACINGS.indexOf(facing);
  if (turn < 0) return err("TEMPO.ERRORS.Damage.InvalidFacing", { facing: shown(facing) });
  if (!Number.isInteger(reachFeet) || reachFeet < 5 || reachFeet % 5 !== 0) {
    return err("TEMPO.ERRORS.Damage.InvalidReach", { reach: shown(reachFeet) });
  }
  const quarterTurns = Math.floor(turn / 2);
  const squares: GridOffset[] = [];
  for (let d = 1; d <= reachFeet / 5; d++) {
    for (const base of turn % 2 === 0 ? northRow(k, d) : northEastCorner(k, d)) {
      let square = base;
      for (let q = 0; q < quarterTurns; q++) square = quarterTurn(square, k);
      squares.push(square);
    }
  }
  return ok(squares.sort((a, b) => a.y - b.y || a.x - b.x));
}

/** One creature in the cone, with the defence the single attack roll is compared against. */
export interface CleaveTarget {
  readonly id: string;
  readonly defense: number;
}

export interface CleaveRoll {
  /** The one d20 total used against every target. */
  readonly total: number;
  /** The natural d20, or null when unknown: a natural 20 always hits, a natural 1 always misses. */
  readonly natural: number | null;
  /** The one damage total applied to every target hit. */
  readonly damage: number;
}

export interface CleaveResult {
  readonly id: string;
  readonly hit: boolean;
  readonly damage: number;
}

/**
 * FEAT-CLEAVE: one d20 against every target, one damage roll applied to every target hit. Needs a
 * Heavy or Great weapon (a Versatile one held in two hands counts as Heavy, FEAT-VERSATILE).
 * A hit is total ≥ defence (the count ruleset's d20 + bonus vs AC). Each result's damage is what to
 * feed to `applyDamage` for that target; misses carry 0.
 * **Ruling** (as attack/d20-attack.ts rules for the count ruleset): a natural 20 hits every target in the
 * cone and a natural 1 misses them all; a cone longer than 10 ft (reach 15 ft …) keeps widening one square
 * per side per 5 ft.
 */
export function resolveCleave(
  weapon: WeaponSnapshot,
  twoHanded: boolean,
  roll: CleaveRoll,
  targets: readonly CleaveTarget[],
): Result<CleaveResult[]> {
  const props = effectiveProperties(weapon, twoHanded);
  if (!props.ok) return props;
  if (!canCleave(props.value)) return err("TEMPO.ERRORS.Damage.CannotCleave");
  if (typeof roll !== "object" || roll === null || !Array.isArray(targets))
    return err("TEMPO.ERRORS.Damage.InvalidRoll", { total: shown(roll) });
  if (!Number.isFinite(roll.total)) return err("TEMPO.ERRORS.Damage.InvalidRoll", { total: shown(roll.total) });
  if (roll.natural !== null && (!Number.isInteger(roll.natural) || roll.natural < 1 || roll.natural > 20)) {
    return err("TEMPO.ERRORS.Damage.InvalidRoll", { total: shown(roll.natural) });
  }
  if (!Number.isInteger(roll.damage) || roll.damage < 0) {
    return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(roll.damage) });
  }
  const seen = new Set<string>();
  for (const target of targets) {
    if (typeof target !== "object" || target === null || typeof target.id !== "string")
      return err("TEMPO.ERRORS.Damage.InvalidAttack", { field: "targets" });
    if (!Number.isFinite(target.defense))
      return err("TEMPO.ERRORS.Damage.InvalidDefense", { id: target.id, defense: shown(target.defense) });
    if (seen.has(target.id)) return err("TEMPO.ERRORS.Damage.DuplicateTarget", { id: target.id });
    seen.add(target.id);
  }
  return ok(
    targets.map((target) => {
      const hit = roll.natural === 20 || (roll.natural !== 1 && roll.total >= target.defense);
      return { id: target.id, hit, damage: hit ? roll.damage : 0 };
    }),
  );
}
