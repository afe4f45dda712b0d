/**
 * Core's token movement (v13/v14) on the runtime model, as the public API pages describe it:
 * - `token.move(waypoints, options)` runs on the running client: the path from the token's position
 *   through the waypoints is measured there, `preMoveToken(document, movement, operation)` fires there
 *   only ("This hook only fires for the client who is initiating the update request. The waypoints of
 *   the movement are final and cannot be changed. The movement can only be rejected entirely by
 *   explicitly returning false", https://foundryvtt.com/api/functions/hookEvents.preMoveToken.html),
 *   then ONE Token update carries `x`, `y` and the recorded history to the server, which checks only
 *   that the user may update the token (server.ts: an owner or a GM).
 * - `moveToken(document, movement, operation, user)` fires on every client after the update ("fires for
 *   all connected clients after the update has been processed",
 *   https://foundryvtt.com/api/functions/hookEvents.moveToken.html); `movement` is a
 *   TokenMovementOperation with `origin`, `destination`, `passed`, `pending`, `history`, `method`,
 *   `showRuler`, `recorded` (https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementData.html);
 *   each section has `waypoints`, `cost`, `distance`, `spaces`, `diagonals`
 *   (https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementSectionData.html); a
 *   measured waypoint has `action`, `cost` (from the previous waypoint), `terrain`, `userId`,
 *   `movementId`, `explicit`, `checkpoint`
 *   (https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html).
 * - The history lives in the token's `_movementHistory` source field (the ShatteredWorlds system reads
 *   `this._movementHistory.length` in its `_preUpdateMovement`, NIkitaTemerko/ShatteredWorlds
 *   src/documents/ShwTokenDocument.ts); `movementHistory` reads it; `clearMovementHistory()` empties it
 *   (TokenDocument API page lists `clearMovementHistory`); `recordToken(document)` fires when it is
 *   recorded or cleared (https://foundryvtt.com/api/functions/hookEvents.recordToken.html). A movement is
 *   recorded only for a token with a combatant in the active, started combat (foundryvtt/foundryvtt#11730;
 *   token-move.ts `recordsMovement`).
 * - A Token update that changes `x`/`y` is a movement whether or not it came through `move`: through core's
 *   client workflow (`token.update({ x, y })`) preMoveToken fires on that client and the movement is
 *   recorded as any other (sources in token-move.ts); a request that skips that workflow (a modified
 *   client's raw `modifyDocument`) still reaches every client's `moveToken` ("fires for every Token
 *   document that was moved"); the model's clients measure it as one straight segment, method "api", not
 *   recorded (what core's server does with such a request is stated by no public source found).
 * - v14's measured waypoints (TokenMeasuredMovementWaypoint,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html)
 *   add `depth`, `level` and `subpathId`, and `movementId` may be null; v13's and v14's also have `shape`,
 *   `snapped` and `intermediate`. The model leaves those out: Tempo reads a waypoint's `x`, `y` and
 *   `action` only (src/foundry/canvas/landed-move.ts `readMovement`) and costs from its own measure.
 * - `measureMovementPath(waypoints, { cost })` measures grid step by grid step; each step's cost is the
 *   movement action's cost function `(baseCost, from, to, distance, segment)`
 *   (https://foundryvtt.com/api/types/foundry.types.TokenMovementActionCostFunction.html) from
 *   `CONFIG.Token.movement.actions[action].getCostFunction(token, options)`
 *   (https://foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html; Draw Steel
 *   registers its own in src/module/canvas/placeables/tokens/token-ruler.mjs), unless the waypoint has
 *   a predetermined `cost` ("A predetermined cost (nonnegative) or cost function to be used instead of
 *   options.cost", TokenMeasurableMovementWaypointData). The segment has `action`, `actionConfig`,
 *   `terrain`, `teleport`, `width`, `height` (TokenMovementSegmentData). The base cost is the step's
 *   grid distance times the terrain difficulty of the space entered (the "Modify movement cost" Region
 *   behaviour "appl[ies] x2 movement cost for difficult terrain", Terrain Height Tools v0.7.2 release
 *   notes). Model simplifications: one-square tokens; between two waypoints the path goes diagonally
 *   first, then straight (core rasterises the line; the two agree on straight and 45° lines, all the
 *   tests use); several terrain Regions on one space multiply (no public source states it).
 * - Step distances follow the scene's `grid.diagonals` (CONST.GRID_DIAGONALS: EQUIDISTANT 0, EXACT 1,
 *   RECTILINEAR 3, ALTERNATING_1 4; others are not modelled and throw).
 */
import { isObj, type Obj } from "./diff.ts";
import { currentClient } from "./context.ts";
import type { ClientDocument } from "./document.ts";
import type { RegionModel } from "./regions.ts";

export const GRID_DIAGONALS = { EQUIDISTANT: 0, EXACT: 1, APPROXIMATE: 2, RECTILINEAR: 3, ALTERNATING_1: 4 } as const;

export interface Offset {
  readonly i: number;
  readonly j: number;
}
export interface TerrainData {
  readonly difficulty: number;
}
export interface SegmentData {
  readonly action: string;
  readonly actionConfig: ActionConfig;
  readonly terrain: TerrainData | null;
  readonly teleport: boolean;
  readonly width: number;
  readonly height: number;
}
export type CostFunction = (
  baseCost: number,
  from: Offset,
  to: Offset,
  distance: number,
  segment: SegmentData,
) => number;
export interface ActionConfig {
  readonly label: string;
  readonly icon: string;
  readonly teleport: boolean;
  readonly measure: boolean;
  readonly canSelect: (token: unknown) => boolean;
  readonly getCostFunction: (token: unknown, options: Obj) => CostFunction;
}

/**
 * Core's movement actions, in part: the keys and labels dnd5e and Draw Steel merge over (Draw Steel
 * keeps `blink`, adds to `climb`, `crawl`, `fly`, `jump`, `swim`, `walk`; core's default for `jump` is
 * "cost * 2", its comment says). `displace` is core's forced move (teleport, not measured). Other
 * default multipliers are not modelled: Tempo registers its own cost function for every action it uses.
 */
export function coreMovementActions(): Record<string, ActionConfig> {
  const action = (key: string, extra: Partial<ActionConfig> = {}): ActionConfig => ({
    label: `TOKEN.MOVEMENT.ACTIONS.${key}.label`,
    icon: `fa-solid fa-${key}`,
    teleport: false,
    measure: true,
    canSelect: () => true,
    getCostFunction: () => (cost) => cost,
    ...extra,
  });
  return {
    walk: action("walk"),
    swim: action("swim"),
    climb: action("climb"),
    fly: action("fly"),
    burrow: action("burrow"),
    crawl: action("crawl"),
    jump: action("jump", { getCostFunction: () => (cost) => cost * 2 }),
    blink: action("blink", { teleport: true }),
    displace: action("displace", { teleport: true, measure: false, canSelect: () => false }),
  };
}

export interface Waypoint {
  readonly x: number;
  readonly y: number;
  readonly action: string;
  readonly cost: number;
  readonly terrain: TerrainData | null;
  readonly explicit: boolean;
  readonly checkpoint: boolean;
  readonly userId: string;
  readonly movementId: string;
  readonly width: number;
  readonly height: number;
  readonly elevation: number;
}
export interface Measured {
  readonly distance: number;
  readonly cost: number;
  readonly spaces: number;
  readonly diagonals: number;
}
export interface Section extends Measured {
  readonly waypoints: readonly Waypoint[];
}
export interface MeasureResult extends Measured {
  /** Cumulative measurement at each waypoint (GridMeasurePathResultWaypoint), the first one 0. */
  readonly waypoints: readonly Measured[];
}
export interface MovementInput {
  readonly x?: number;
  readonly y?: number;
  readonly action?: string;
  readonly cost?: number;
}

/** What the model needs of a Token document (scene.ts TokenModel). */
export interface MovableToken extends ClientDocument {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly movementAction: string;
  readonly movementHistory: readonly Waypoint[];
  readonly parent: ClientDocument | null;
}

interface SceneLike {
  readonly _source: Obj;
  readonly regions?: { readonly contents: readonly RegionModel[] };
}

const num = (v: unknown, fallback: number): number => (typeof v === "number" ? v : fallback);
const EMPTY: Section = { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 };

function gridOf(token: MovableToken): { size: number; distance: number; diagonals: number } {
  const scene = token.parent as unknown as SceneLike | null;
  const grid = scene !== null && isObj(scene._source.grid) ? scene._source.grid : {};
  return { size: num(grid.size, 100), distance: num(grid.distance, 5), diagonals: num(grid.diagonals, 0) };
}

function actionsOf(): Record<string, ActionConfig> {
  const config = (currentClient() as unknown as { CONFIG: { Token?: { movement?: { actions?: unknown } } } }).CONFIG;
  const actions = config.Token?.movement?.actions;
  return isObj(actions) ? (actions as Record<string, ActionConfig>) : coreMovementActions();
}

function terrainAt(token: MovableToken, center: { x: number; y: number }, action: string): TerrainData | null {
  const scene = token.parent as unknown as SceneLike | null;
  let difficulty = 1;
  for (const region of scene?.regions?.contents ?? []) difficulty *= region.difficultyAt(center, action);
  return difficulty === 1 ? null : { difficulty };
}

/** Core's TokenDocument#measureMovementPath on a square grid (see the file comment). */
export function measureMovementPath(
  token: MovableToken,
  waypoints: readonly MovementInput[],
  options: { cost?: CostFunction } = {},
): MeasureResult & { readonly steps: readonly Waypoint[] } {
  const grid = gridOf(token);
  const actions = actionsOf();
  const costFns = new Map<string, CostFunction>();
  const costFn = (action: string): CostFunction => {
    const known = costFns.get(action);
    if (known !== undefined) return known;
    const made = options.cost ?? actions[action]?.getCostFunction(token, options) ?? ((c: number) => c);
    costFns.set(action, made);
    return made;
  };
  const totals = { distance: 0, cost: 0, spaces: 0, diagonals: 0 };
  const cumulative: Measured[] = [{ ...totals }];
  const measuredSteps: Waypoint[] = [];
  let diagonalsSoFar = 0;
  const first = waypoints[0];
  let previous = {
    x: num(first?.x, token.x),
    y: num(first?.y, token.y),
    action: first?.action ?? token.movementAction,
  };
  for (const next of waypoints.slice(1)) {
    const action = next.action ?? previous.action;
    const config = actions[action] ?? actions.walk;
    if (config === undefined) throw new Error(`Runtime model: no movement action ${action}`);
    const [x, y] = [num(next.x, previous.x), num(next.y, previous.y)];
    const from = { i: Math.round(previous.y / grid.size), j: Math.round(previous.x / grid.size) };
    const to = { i: Math.round(y / grid.size), j: Math.round(x / grid.size) };
    let segmentCost = 0;
    if (config.teleport || next.cost !== undefined) {
      segmentCost = next.cost ?? 0;
    } else {
      let at = from;
      while (at.i !== to.i || at.j !== to.j) {
        const step = { i: at.i + Math.sign(to.i - at.i), j: at.j + Math.sign(to.j - at.j) };
        const diagonal = step.i !== at.i && step.j !== at.j;
        const distance = grid.distance * stepSquares(grid.diagonals, diagonal, diagonalsSoFar);
        if (diagonal) diagonalsSoFar++;
        const center = { x: (step.j + 0.5) * grid.size, y: (step.i + 0.5) * grid.size };
        const terrain = terrainAt(token, center, action);
        const segment: SegmentData = {
          action,
          actionConfig: config,
          terrain,
          teleport: false,
          width: token.width,
          height: token.height,
        };
        const cost = costFn(action)(distance * (terrain?.difficulty ?? 1), at, step, distance, segment);
        segmentCost += cost;
        totals.distance += distance;
        totals.spaces += 1;
        if (diagonal) totals.diagonals += 1;
        measuredSteps.push(waypointAt(token, step, grid.size, action, cost, terrain));
        at = step;
      }
    }
    totals.cost += segmentCost;
    cumulative.push({ ...totals });
    previous = { x, y, action };
  }
  return { ...totals, waypoints: cumulative, steps: measuredSteps };
}

function stepSquares(rule: number, diagonal: boolean, diagonalsBefore: number): number {
  if (!diagonal) return 1;
  if (rule === GRID_DIAGONALS.EQUIDISTANT) return 1;
  if (rule === GRID_DIAGONALS.EXACT) return Math.SQRT2;
  if (rule === GRID_DIAGONALS.RECTILINEAR) return 2;
  if (rule === GRID_DIAGONALS.ALTERNATING_1) return diagonalsBefore % 2 === 0 ? 1 : 2;
  throw new Error(`Runtime model: grid.diagonals ${rule} is not modelled`);
}

function waypointAt(
  token: MovableToken,
  at: Offset,
  size: number,
  action: string,
  cost: number,
  terrain: TerrainData | null,
): Waypoint {
  return {
    x: at.j * size,
    y: at.i * size,
    action,
    cost,
    terrain,
    explicit: false,
    checkpoint: false,
    userId: "",
    movementId: "",
    width: token.width,
    height: token.height,
    elevation: 0,
  };
}

/** A measured section of explicit waypoints (what `passed` carries). */
export function sectionOf(
  token: MovableToken,
  origin: MovementInput,
  waypoints: readonly MovementInput[],
  meta: { userId: string; movementId: string; method?: string },
): Section {
  const measured = measureMovementPath(token, [origin, ...waypoints]);
  const out: Waypoint[] = [];
  let previousAction = origin.action ?? token.movementAction;
  waypoints.forEach((w, index) => {
    const before = measured.waypoints[index];
    const after = measured.waypoints[index + 1];
    const action = w.action ?? previousAction;
    previousAction = action;
    out.push({
      x: num(w.x, token.x),
      y: num(w.y, token.y),
      action,
      cost: (after?.cost ?? 0) - (before?.cost ?? 0),
      terrain: null,
      explicit: true,
      checkpoint: index === waypoints.length - 1,
      userId: meta.userId,
      movementId: meta.movementId,
      width: token.width,
      height: token.height,
      elevation: 0,
    });
  });
  const { distance, cost, spaces, diagonals } = measured;
  return { waypoints: out, distance, cost, spaces, diagonals };
}

export function historySection(history: readonly Waypoint[]): Obj {
  const cost = history.reduce((sum, w) => sum + w.cost, 0);
  const recorded = { ...EMPTY, waypoints: history, cost };
  return { recorded, unrecorded: EMPTY, cost, distance: 0, spaces: 0, diagonals: 0 };
}

export const EMPTY_SECTION = EMPTY;
