/**
 * One token movement as the rules see it (issue 21 items 2 and 3): the Tempo combat the token fights in,
 * its combatant, whether the moving user may move it now and how (engine `moveAccess`), and the squares
 * the move passes (engine `squaresAlong`), with this turn's earlier ones for the chosen move's allowance
 * (engine `checkMoveAllowance`). The movement is read as core's `TokenMovementOperation` describes it
 * (API: foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOperation.html): `origin`,
 * `passed.waypoints` (top-left corners in pixels) and `history.recorded.waypoints` (this turn's path,
 * cleared when the creature's turn starts, move-choices.ts).
 */
import {
  checkMoveAllowance,
  moveAllowanceFeet,
  moveAccess,
  squaresAlong,
  type Message,
  type MoveHow,
  type RulesetId,
  type Square,
} from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { moveChoiceOf } from "./move-choices.ts";

interface Point {
  readonly x?: unknown;
  readonly y?: unknown;
}

/** What of core's movement operation is read here. */
export interface MovementLike {
  readonly origin?: Point;
  readonly passed?: { readonly waypoints?: readonly (Point & { readonly action?: unknown })[] };
  readonly history?: { readonly recorded?: { readonly waypoints?: readonly Point[] } };
}

export interface TokenCombat {
  readonly combat: TempoCombat;
  readonly combatantId: string;
}

/** The started-or-not Tempo combat the token's creature is in (the viewed combat first), or null. */
export function tokenCombatOf(token: TokenDocument.Implementation): TokenCombat | null {
  const all: unknown[] = [game.combat, ...game.combats.contents];
  for (const combat of all) {
    if (!(combat instanceof TempoCombat) || tempoModelOf(combat) === null) continue;
    const found = combat.combatants.find((c) => c.tokenId === token.id && c.sceneId === (token.parent?.id ?? null));
    if (found?.id) return { combat, combatantId: found.id };
  }
  return null;
}

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The squares of a list of waypoints (top-left corners; a pixel in, so a corner on a grid line is its own square's). */
function squaresOf(token: TokenDocument.Implementation, points: readonly Point[]): Square[] {
  const scene = token.parent;
  if (scene === null) return [];
  const geometry = sceneGeometry(scene);
  return points.map((p) => squareAt(geometry, { x: num(p.x) + 1, y: num(p.y) + 1 }));
}

export interface JudgedMove {
  readonly found: TokenCombat | null;
  readonly ruleset: RulesetId | null;
  /** How the rules take the move (null: no combat rules apply). */
  readonly how: MoveHow | null;
  /** The squares this move passes, its starting square first. */
  readonly path: readonly Square[];
}

/**
 * Whether a waypoint of the move was reached by a movement action that teleports (core's `displace`, a
 * teleport): such a move passes no square on its way (API: foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html, `teleport`).
 */
export function teleports(movement: MovementLike): boolean {
  const actions = (CONFIG.Token as unknown as { movement?: { actions?: Record<string, { teleport?: unknown }> } })
    .movement?.actions;
  return (movement.passed?.waypoints ?? []).some(
    (w) => typeof w.action === "string" && actions?.[w.action]?.teleport === true,
  );
}

export type MoveVerdict =
  { readonly ok: true; readonly value: JudgedMove } | { readonly ok: false; readonly error: Message };

/** PHS-3, PHS-4, PHS-5, PHS-11, ROT-11: whether `user` may make this movement of `token` now, and how. */
export function judgeMove(
  token: TokenDocument.Implementation,
  movement: MovementLike,
  user: User.Implementation,
): MoveVerdict {
  const origin = movement.origin ?? { x: token.x, y: token.y };
  const path = squaresAlong(squaresOf(token, [origin, ...(movement.passed?.waypoints ?? [])]));
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null)
    return { ok: true, value: { found, ruleset: null, how: null, path } };
  const choice = moveChoiceOf(found.combat, found.combatantId);
  const access = moveAccess({
    host: model.host,
    state: model.state,
    combatantId: found.combatantId,
    isGM: user.isGM,
    choice,
  });
  if (!access.ok) return access;
  const value = { found, ruleset: model.ruleset, how: access.how, path };
  if (!access.enforced || access.how === null) return { ok: true, value };
  // The chosen move's allowance counts from where the history stood when it was chosen (move-choices.ts).
  const recorded = movement.history?.recorded?.waypoints ?? [];
  const before = squaresOf(token, recorded.slice(Math.min(choice?.since ?? 0, recorded.length)));
  const allowance = checkMoveAllowance(model.ruleset, access.how, squaresAlong([...before, ...path]));
  return allowance.ok ? { ok: true, value } : allowance;
}

/**
 * PHS-5, PHS-11, ROT-11: the chosen move's allowance for the ruler and the speeds (s12-move's `speedsFor`
 * may cap a token's speeds with it): the feet the move allows, counted from the `since`-th waypoint of the
 * token's movement history; null where the creature's speeds decide (or no combat rules apply).
 */
export function chosenMoveAllowance(token: TokenDocument.Implementation): { feet: number; since: number } | null {
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null) return null;
  const choice = moveChoiceOf(found.combat, found.combatantId);
  const access = moveAccess({
    host: model.host,
    state: model.state,
    combatantId: found.combatantId,
    isGM: false,
    choice,
  });
  const feet = access.ok && access.how !== null ? moveAllowanceFeet(access.how) : null;
  return feet === null ? null : { feet, since: choice?.since ?? 0 };
}
