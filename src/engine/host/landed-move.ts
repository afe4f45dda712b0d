/**
 * A token's move once it has landed on the table, judged once (issue 21 items 1, 2, 3 and 5: "a player's
 * move that the rules refuse never lands (checked by the GM's writer, not only by the ruler)").
 *
 * The GM keeps, per combatant, what its creature moved this turn (`TurnMoves`): the feet (STD-7, STD-8,
 * PHS-6), the diagonal steps (MOV-1's alternating diagonals) and where the GM last let the token stand.
 * The record starts empty on the creature's turn start and grows by every move the GM accepts; a move the
 * GM puts back adds nothing. The Foundry layer measures the move again (the mover's own costs are not
 * trusted) and asks here.
 *
 * Rulings:
 * - A player's move is judged in this order: who may move now and how (`moveAccess`), a move that starts
 *   away from where the GM last let the token stand (from a square a refused move reached before the GM
 *   put it back: `Movement.FromPutBack`), a teleport where the rules hold the creature to its move
 *   (`Movement.NoTeleport`), the chosen move's allowance (`checkMoveFeet`), then the speeds
 *   (`movementBudget`, then STD-8's swimming in the water, `swimWaterRefusal`; only where the table refuses
 *   moves over budget; otherwise it is a warning).
 * - A GM's move is never refused (a GM moves creatures by fiat). A teleport, a GM's forced move (a push,
 *   ROT-10), a GM's move the table did not record in the token's movement history (core records a move only
 *   in a started combat: before it, the GM places creatures) and a GM's move of a creature whose own move it
 *   is not (`ownMoveNow`: another creature is acting) spend none of the creature's movement and warn of
 *   nothing; a player's move always spends.
 * - A refused move is put back, once whatever the number of checks it fails, to where the GM last let the
 *   token stand (not to the move's own start, which may be a square an earlier refused move reached), and
 *   the mover is told the first reason.
 */
import { err, ok, type Message, type Result } from "../core/result.ts";
import { checkMoveFeet, type MoveHow } from "../movement/move-consequences.ts";
import { movementBudget, type MovedSegment } from "../movement/movement-budget.ts";
import { swimWaterRefusal, type WaterLeg } from "../movement/swim-water.ts";
import type { MovementSpeeds } from "../movement/movement-turn.ts";
import type { MoveAccess } from "./move-access.ts";

/** A token's top-left corner on the scene (the Foundry layer's pixels; the engine only compares them). */
export interface TokenSpot {
  readonly x: number;
  readonly y: number;
}

/** What a creature moved this turn, as the GM accepted it. */
export interface TurnMoves {
  readonly feet: number;
  readonly diagonals: number;
  /** Where the GM last let the token stand (null: nowhere yet this combat). */
  readonly at: TokenSpot | null;
}

export const NO_TURN_MOVES: TurnMoves = { feet: 0, diagonals: 0, at: null };

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;

function spotOf(value: unknown): TokenSpot | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y } = value as { x?: unknown; y?: unknown };
  return typeof x === "number" && Number.isFinite(x) && typeof y === "number" && Number.isFinite(y) ? { x, y } : null;
}

/** A stored record read back (anything unreadable counts as nothing moved, standing nowhere yet). */
export function readTurnMoves(stored: unknown): TurnMoves {
  if (typeof stored !== "object" || stored === null) return NO_TURN_MOVES;
  const s = stored as { feet?: unknown; diagonals?: unknown; at?: unknown };
  return { feet: count(s.feet), diagonals: count(s.diagonals), at: spotOf(s.at) };
}

/** The creature's turn starts: nothing moved yet, standing where its token is. */
export function turnMovesAtStart(at: TokenSpot): TurnMoves {
  return { feet: 0, diagonals: 0, at };
}

/** The move's measured segments, in feet (teleports are left out by the caller). */
export function segmentFeet(segments: readonly MovedSegment[]): number {
  return segments.reduce((sum, s) => sum + Math.max(0, s.feet), 0);
}

export interface LandedMoveInput {
  /** Who may move now and how (`moveAccess`); a GM's access is never enforced. */
  readonly access: MoveAccess;
  readonly byGM: boolean;
  /** It is the creature's own move now (`ownMoveNow`); a GM moving a creature that is not spends nothing. */
  readonly ownMove: boolean;
  /** A GM's push or pull (ROT-10): spends none of the creature's movement. */
  readonly forced: boolean;
  /** The table recorded the move in the token's movement history. */
  readonly recorded: boolean;
  readonly teleports: boolean;
  /** The move measured again by the GM (teleport segments left out). */
  readonly segments: readonly MovedSegment[];
  /** The diagonal steps of the move (MOV-1). */
  readonly diagonals: number;
  readonly from: TokenSpot;
  readonly to: TokenSpot;
  readonly record: TurnMoves;
  /** The record's feet when the chosen move was made (its allowance counts from there). */
  readonly sinceFeet: number;
  /** The creature's speeds and whether its movement ended (PHS-6), or null where moves are not budgeted. */
  readonly budget: { readonly speeds: MovementSpeeds; readonly ended: boolean } | null;
  /** The table refuses a move over budget (else it warns). */
  readonly refuseOverBudget: boolean;
  /** STD-8: the move's stretches with the squares each enters in the water (null or absent: no water marked). */
  readonly water?: readonly WaterLeg[] | null;
}

export type LandedMoveVerdict =
  | {
      readonly ok: true;
      readonly how: MoveHow | null;
      /** The record after the move. */
      readonly record: TurnMoves;
      /** A move past the speeds the table lets through with a warning, else null. */
      readonly warning: Message | null;
    }
  | {
      readonly ok: false;
      readonly error: Message;
      /** Where the token goes back to: where the GM last let it stand, else where the move started. */
      readonly back: TokenSpot;
    };

const same = (a: TokenSpot, b: TokenSpot): boolean => a.x === b.x && a.y === b.y;

/** The checks of a player's move, in the order of the ruling above (the first failure, or the move's feet). */
function playerChecks(input: LandedMoveInput, feet: number): Result<MoveHow | null> {
  const { access, record } = input;
  if (!access.ok) return { ok: false, error: access.error };
  if (record.at !== null && !same(record.at, input.from)) return err("TEMPO.ERRORS.Movement.FromPutBack");
  if (access.enforced && input.teleports) return err("TEMPO.ERRORS.Movement.NoTeleport");
  if (access.enforced && access.how !== null) {
    const allowance = checkMoveFeet(access.how, Math.max(0, record.feet - input.sinceFeet) + feet);
    if (!allowance.ok) return allowance;
  }
  return ok(access.how);
}

/** Issue 21: the landed move accepted (with the record after it) or refused (with where the token goes back). */
export function judgeLandedMove(input: LandedMoveInput): LandedMoveVerdict {
  const spends = !input.teleports && !(input.byGM && (input.forced || !input.recorded || !input.ownMove));
  const feet = spends ? segmentFeet(input.segments) : 0;
  const checked: Result<MoveHow | null> = input.byGM
    ? ok(input.access.ok ? input.access.how : null)
    : playerChecks(input, feet);
  const back = input.record.at ?? input.from;
  if (!checked.ok) return { ok: false, error: checked.error, back };
  let warning: Message | null = null;
  if (spends && input.budget !== null) {
    const walked: MovedSegment[] = [{ mode: "walk", feet: input.record.feet }];
    const budget = movementBudget(input.budget.speeds, walked, input.segments, input.budget.ended);
    // STD-8: past the speeds first, then swimming out of the water; each refused or warned as the table says.
    const problem = budget.ok ? swimWaterRefusal(input.water ?? null) : budget.error;
    if (problem !== null && input.refuseOverBudget && !input.byGM) return { ok: false, error: problem, back };
    warning = problem;
  }
  const record: TurnMoves = {
    feet: input.record.feet + feet,
    diagonals: input.record.diagonals + (spends ? input.diagonals : 0),
    at: input.to,
  };
  return { ok: true, how: checked.value, record, warning };
}
