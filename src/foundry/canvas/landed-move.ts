/**
 * Issue 21 items 1, 2 and 5: one judge for a token's move, asked twice.
 * - On the mover's client, `preMoveToken` refuses a player's move the rules refuse, before anything is
 *   sent ("This hook only fires for the client who is initiating the update request ... The movement can
 *   only be rejected entirely by explicitly returning false",
 *   https://foundryvtt.com/api/functions/hookEvents.preMoveToken.html). It also sets `showRuler` (one of
 *   the two writable properties, TokenPreMovementOperation: "ONLY autoRotate and showRuler are writable",
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenPreMovementOperation.html) so every
 *   client's ruler shows the path.
 * - A console skips that hook, and the server checks only that the player owns the token. So the active GM
 *   judges every move where `moveToken` reaches it ("fires for all connected clients after the update has
 *   been processed", https://foundryvtt.com/api/functions/hookEvents.moveToken.html), in the combat's writer
 *   queue (one move after the other), and puts a refused one back (movement-guard.ts `revert`).
 *
 * Nothing the mover's client measured is trusted: a waypoint may carry its own cost ("A predetermined cost
 * (nonnegative) ... to be used instead of options.cost", TokenMeasureMovementPathWaypoint,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasureMovementPathWaypoint.html), so
 * `token.move([{ x, y, cost: 0 }])` would walk for free. The judge takes only the movement's `origin` and
 * its passed waypoints' positions and actions (TokenMovementOperation,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOperation.html) and measures
 * them again with `TokenDocument#measureMovementPath`, whose cost functions are Tempo's (movement-costs.ts:
 * the engine prices each grid step); terrain comes from `createTerrainMovementPath` where core has it (as
 * caewok/fvtt-elevation-ruler measures a terrain cost: createTerrainMovementPath, then measureMovementPath).
 * What the creature moved this turn is the GM's record (turn-moves.ts), never the token's history or flags.
 * The engine decides (host/landed-move.ts `judgeLandedMove`). An accepted move, and only that, ends a
 * concentration it takes past half the mover's movement (SEG-10, concentration-move.ts, in the move's one
 * Combat write) and is passed on to opportunity attacks, sneaking and jostling; a refused one is put back
 * once, with one notice.
 */
import {
  diagonalStepsBetween,
  judgeLandedMove,
  moveAccess,
  ownMoveNow,
  squaresAlong,
  type LandedMoveVerdict,
  type MovedSegment,
  type MoveAccess,
  type MoveHow,
  type RulesetId,
  type Square,
  type TokenSpot,
} from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { localizeMessage } from "../localize.ts";
import { showNotice } from "../notice.ts";
import { movementMessage } from "../../view/canvas/ruler-label.ts";
import { isForcedMove } from "./forced-move.ts";
import { jostleAlong } from "./jostle.ts";
import { endConcentrationByMove } from "./concentration-move.ts";
import { postOpportunityAttacks } from "./opportunity-attacks.ts";
import { watchSneakMove } from "./sneak-movement.ts";
import { moveChoiceOf } from "./move-choices.ts";
import { isTeleport } from "./movement-budget.ts";
import { movementEnded } from "./movement-context.ts";
import { refusesOverBudget, revert } from "./movement-guard.ts";
import { registerSeenPositions, takeSeenPosition } from "./seen-positions.ts";
import { speedsFor } from "./movement-speeds.ts";
import { tokenCombatOf, type TokenCombat } from "./token-combat.ts";
import { withLocalizedData } from "./token-ruler.ts";
import { waterLegs } from "./water-regions.ts";
import { turnMovesOf } from "../combat/turn-moves-record.ts";
import { writeTurnMoves } from "./turn-moves.ts";

type Token = TokenDocument.Implementation;

/** A point of the move: a token's top-left corner and the movement action that reached it. */
interface MovePoint extends TokenSpot {
  readonly action: string;
}

/** Core's movement as the rules read it: its id, and its points (the origin first, the destination last). */
export interface ReadMovement {
  readonly id: string;
  /**
   * Core recorded it in the token's history (TokenMovementData `recorded`, "Was the movement recorded in the
   * movement history?"; by default only for a token in the active, started combat: foundryvtt/foundryvtt#11730).
   */
  readonly recorded: boolean;
  readonly points: readonly MovePoint[];
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * The one reader of core's movement (TokenMovementOperation on `moveToken`, TokenPreMovementOperation on
 * `preMoveToken`): `origin`, `passed.waypoints` (top-left corners in pixels, each with the `action` that
 * reached it) and the destination (`destination` before the move; where the token stands once it landed).
 * Costs, terrain and the history are left out: the mover's.
 */
export function readMovement(token: Token, movement: unknown, destination?: TokenSpot): ReadMovement {
  const m = (typeof movement === "object" && movement !== null ? movement : {}) as {
    id?: unknown;
    recorded?: unknown;
    origin?: { x?: unknown; y?: unknown };
    destination?: { x?: unknown; y?: unknown };
    passed?: { waypoints?: readonly { x?: unknown; y?: unknown; action?: unknown }[] };
  };
  let action = typeof token.movementAction === "string" ? token.movementAction : "walk";
  const points: MovePoint[] = [{ x: num(m.origin?.x) ?? token.x, y: num(m.origin?.y) ?? token.y, action }];
  for (const w of m.passed?.waypoints ?? []) {
    const x = num(w.x);
    const y = num(w.y);
    if (typeof w.action === "string") action = w.action;
    if (x !== null && y !== null) points.push({ x, y, action });
  }
  const end = destination ?? { x: num(m.destination?.x) ?? token.x, y: num(m.destination?.y) ?? token.y };
  const last = points[points.length - 1];
  if (last !== undefined && (last.x !== end.x || last.y !== end.y)) points.push({ ...end, action });
  return { id: typeof m.id === "string" ? m.id : "", recorded: m.recorded !== false, points };
}

/** The move measured again on this client: its segments (teleports left out), diagonals, distance, squares. */
export interface MeasuredMove {
  readonly segments: readonly MovedSegment[];
  readonly teleports: boolean;
  readonly diagonals: number;
  /** Grid units, as core's measure gives them. */
  readonly distance: number;
  /** The squares the move passes, its starting square first. */
  readonly path: readonly Square[];
}

interface Measurer {
  measureMovementPath(waypoints: readonly object[]): { distance?: unknown; waypoints?: readonly { cost?: unknown }[] };
  createTerrainMovementPath?: (waypoints: readonly object[]) => readonly { action?: unknown }[];
}

/** The move measured again with core's measure and Tempo's cost functions (see the file comment). */
export function measureMove(token: Token, read: ReadMovement): MeasuredMove {
  const measurer = token as unknown as Measurer;
  const input = read.points.map((p) => ({ x: p.x, y: p.y, action: p.action }));
  const path: readonly { action?: unknown }[] =
    typeof measurer.createTerrainMovementPath === "function" ? measurer.createTerrainMovementPath(input) : input;
  const measured = measurer.measureMovementPath(path);
  const totals = measured.waypoints ?? [];
  const segments: MovedSegment[] = [];
  let teleports = false;
  for (let i = 1; i < path.length; i++) {
    const action = path[i]?.action;
    const mode = typeof action === "string" ? action : "walk";
    const feet = (num(totals[i]?.cost) ?? 0) - (num(totals[i - 1]?.cost) ?? 0);
    if (isTeleport(mode)) teleports = true;
    else if (feet > 0) segments.push({ mode, feet });
  }
  const squares = squaresOf(token, read.points);
  let diagonals = 0;
  for (let i = 1; i < squares.length; i++)
    diagonals += diagonalStepsBetween(squares[i - 1] as Square, squares[i] as Square);
  return { segments, teleports, diagonals, distance: num(measured.distance) ?? 0, path: squares };
}

/** The squares a list of top-left corners passes (each corner's square: the centre of its top-left square). */
function squaresOf(token: Token, points: readonly TokenSpot[]): Square[] {
  const scene = token.parent;
  if (scene === null) return [];
  const g = sceneGeometry(scene);
  return squaresAlong(points.map((p) => squareAt(g, { x: p.x + g.size / 2, y: p.y + g.size / 2 })));
}

const FREE: MoveAccess = { ok: true, how: null, enforced: false };

export interface JudgedMove {
  readonly found: TokenCombat;
  readonly ruleset: RulesetId;
  readonly measured: MeasuredMove;
  readonly verdict: LandedMoveVerdict;
}

/**
 * The engine's verdict on `read`, made by `user` (null: the token fights in no Tempo combat). Before the move
 * (`landed` false) where the token last stood is not asked: the GM's record of an earlier move of the same
 * player may not have reached this client yet; the GM asks it when the move lands, in order.
 */
export function judgeMoveOf(
  token: Token,
  read: ReadMovement,
  user: User.Implementation,
  options: { readonly forced: boolean; readonly landed: boolean; readonly seenAt?: TokenSpot | null },
): JudgedMove | null {
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null) return null;
  const choice = moveChoiceOf(found.combat, found.combatantId);
  const access =
    model.state === null
      ? FREE
      : moveAccess({
          host: model.host,
          state: model.state,
          combatantId: found.combatantId,
          isGM: user.isGM,
          choice,
          movementEnded: movementEnded(token),
        });
  const measured = measureMove(token, read);
  const record = turnMovesOf(found.combat, found.combatantId);
  const from = read.points[0] ?? { x: token.x, y: token.y };
  const to = read.points[read.points.length - 1] ?? from;
  const verdict = judgeLandedMove({
    access,
    byGM: user.isGM,
    ownMove: model.state === null || ownMoveNow(model.host, model.state, found.combatantId),
    forced: options.forced,
    recorded: read.recorded,
    teleports: measured.teleports,
    segments: measured.segments,
    diagonals: measured.diagonals,
    from,
    to,
    // Where the token last stood: the GM's record, else where this page last saw it (seen-positions.ts), never
    // the origin the mover claims.
    record: options.landed ? { ...record, at: record.at ?? options.seenAt ?? null } : { ...record, at: null },
    sinceFeet: choice?.sinceFeet ?? 0,
    budget: { speeds: speedsFor(token), ended: movementEnded(token) },
    refuseOverBudget: refusesOverBudget(),
    // STD-8: swimming needs water where the scene marks it (water-regions.ts).
    water: token.parent === null ? null : waterLegs(token.parent, token, read.points),
  });
  return { found, ruleset: model.ruleset, measured, verdict };
}

function onPreMoveToken(token: Token, movement: { showRuler?: boolean }): boolean | undefined {
  const judged = judgeMoveOf(token, readMovement(token, movement), game.user, { forced: false, landed: false });
  if (judged === null) return undefined;
  movement.showRuler = true;
  const { verdict } = judged;
  if (verdict.ok) {
    if (verdict.warning !== null) showNotice(withLocalizedData(movementMessage(verdict.warning)));
    return undefined;
  }
  showNotice(withLocalizedData(movementMessage(verdict.error)));
  return false;
}

/** The active GM's judgement of a landed move: accepted, its record grows; refused, it is put back once. */
async function settle(
  token: Token,
  read: ReadMovement,
  user: User.Implementation,
  forced: boolean,
  seenAt: TokenSpot | null,
): Promise<void> {
  const judged = judgeMoveOf(token, read, user, { forced, landed: true, seenAt });
  if (judged === null) return;
  const { found, verdict } = judged;
  if (verdict.ok) {
    // Warn mode: the mover's ruler showed the warning while dragging; a player's move past the budget that
    // landed (a console skips the ruler) is also told to the active GM, who rules on it.
    if (verdict.warning !== null && !user.isGM)
      showNotice({
        key: "TEMPO.MOVEMENT.OverBudgetLanded",
        data: { name: token.name ?? "", reason: localizeMessage(withLocalizedData(movementMessage(verdict.warning))) },
      });
    const before = turnMovesOf(found.combat, found.combatantId);
    // SEG-10: past half its movement, the mover's casting is interrupted in the record's own write.
    const recorded = await endConcentrationByMove(
      token,
      found,
      judged.ruleset,
      judged.measured,
      before,
      verdict.record,
    );
    if (!recorded && JSON.stringify(before) !== JSON.stringify(verdict.record))
      await writeTurnMoves(found.combat, found.combatantId, verdict.record);
    await passOn(token, read, judged, forced);
    return;
  }
  // The record stands where the token goes back to before it moves there, so a second move that landed
  // before this one is put back is judged from there (engine `Movement.FromPutBack`).
  const record = turnMovesOf(found.combat, found.combatantId);
  if (record.at?.x !== verdict.back.x || record.at.y !== verdict.back.y)
    await writeTurnMoves(found.combat, found.combatantId, { ...record, at: verdict.back });
  await revert(token, verdict.back, user.id ?? "", movementMessage(verdict.error));
}

/**
 * An accepted move's consequences: opportunity attacks (PHS-6, ROT-10, ROT-11; a GM's forced move as the
 * ruleset says), sneaking (STL-4) and jostling (SEG-19). A teleport (core's displace: the GM's put-back move)
 * passes no square. Jostling may interrupt a cast (a combat command, queued), so it is not waited for here.
 */
async function passOn(token: Token, read: ReadMovement, judged: JudgedMove, forced: boolean): Promise<void> {
  const { found, ruleset, measured, verdict } = judged;
  if (!verdict.ok || measured.teleports) return;
  const how: MoveHow | null = forced ? { kind: "forced" } : verdict.how;
  await postOpportunityAttacks(token, { combat: found.combat, ruleset, how, path: measured.path });
  const flew = read.points.slice(1).some((p) => p.action === "fly");
  watchSneakMove(token.id ?? "", measured.distance, flew);
  void jostleAlong(token, measured.path);
}

function onMoveToken(token: Token, movement: unknown, operation: unknown, user: User.Implementation | null): void {
  const seenAt = takeSeenPosition(token);
  if (!isActiveGm() || user === null) return;
  const found = tokenCombatOf(token);
  const read = readMovement(token, movement, { x: token.x, y: token.y });
  if (found === null) {
    // SEG-19 applies out of combat too (the world's ruleset); nothing else does.
    if (!read.points.slice(1).some((p) => isTeleport(p.action))) void jostleAlong(token, squaresOf(token, read.points));
    return;
  }
  const forced = isForcedMove(operation, movement, user);
  void inWriterQueue(found.combat, () => settle(token, read, user, forced, seenAt));
}

export function registerLandedMoves(): void {
  registerSeenPositions();
  // Core's v13/v14 movement hooks, which the installed type package does not declare.
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number };
  hooks.on("preMoveToken", onPreMoveToken as (...args: never[]) => unknown);
  hooks.on("moveToken", onMoveToken as (...args: never[]) => unknown);
}
