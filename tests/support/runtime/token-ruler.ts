/**
 * Core's TokenRuler, in part (https://foundryvtt.com/api/classes/foundry.canvas.placeables.tokens.TokenRuler.html):
 * each client's placeable Token has a ruler, an instance of `CONFIG.Token.rulerClass` (Draw Steel sets
 * `CONFIG.Token.rulerClass = DrawSteelTokenRuler`, draw-steel.mjs), refreshed with
 * `{ passedWaypoints, pendingWaypoints, plannedMovement }` (TokenRulerData: "The waypoints that were
 * already passed by the Token", "… that the Token will try move to next", "Movement planned by Users",
 * https://foundryvtt.com/api/interfaces/foundry.types.TokenRulerData.html). Each waypoint's label is
 * rendered from `WAYPOINT_LABEL_TEMPLATE` with the context `_getWaypointLabelContext(waypoint, state)`
 * returns; `state` is one object shared by the waypoints of one refresh, in path order (Draw Steel's
 * override keeps its running totals in it). A waypoint (TokenRulerWaypointData) has `actionConfig`,
 * `measurement` (cumulative, a GridMeasurePathResultWaypoint), `cost` (from the previous waypoint),
 * `stage` ("passed" | "pending" | "planned"), `index`, `previous`, `next`
 * (https://foundryvtt.com/api/interfaces/foundry.types.TokenRulerWaypointData.html). The base context
 * has `action`, `cost` `{ total, delta, units }`, `distance` `{ total, delta }` (the fields core's
 * waypoint-label.hbs reads, as Draw Steel's copy of the template shows). The model renders no pixels:
 * `labels` keeps the last refresh's contexts, which a test reads as the text a user would see.
 */
import { isObj, type Obj } from "./diff.ts";
import { currentClient } from "./context.ts";
import { measureMovementPath, type ActionConfig, type MovableToken, type MovementInput } from "./token-movement.ts";

export interface RulerWaypoint extends Obj {
  readonly x: number;
  readonly y: number;
  readonly action: string;
  readonly actionConfig: ActionConfig | undefined;
  readonly measurement: { cost: number; distance: number; spaces: number; diagonals: number };
  readonly cost: number;
  readonly stage: "passed" | "pending" | "planned";
  readonly index: number;
  previous: RulerWaypoint | null;
  next: RulerWaypoint | null;
  readonly userId: string | null;
}

export interface RulerLabel {
  readonly stage: string;
  readonly userId: string | null;
  readonly context: Obj;
}

export class TokenRulerModel {
  static WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs";
  /** Model-only: the label contexts of the last refresh. */
  labels: RulerLabel[] = [];

  constructor(readonly token: { readonly document: MovableToken }) {}

  refresh(data: { passedWaypoints: readonly Obj[]; pendingWaypoints: readonly Obj[]; plannedMovement: Obj }): void {
    const document = this.token.document;
    const history = document.movementHistory as unknown as readonly Obj[];
    const paths: { stage: RulerWaypoint["stage"]; userId: string | null; inputs: readonly Obj[] }[] = [];
    const base = history.length > 0 ? history : [{ x: document.x, y: document.y, cost: 0 }];
    if (data.passedWaypoints.length > 0 || data.pendingWaypoints.length > 0)
      paths.push({ stage: "passed", userId: null, inputs: history.length > 0 ? history : data.passedWaypoints });
    for (const [userId, plan] of Object.entries(data.plannedMovement)) {
      const found = isObj(plan) && Array.isArray(plan.foundPath) ? (plan.foundPath as Obj[]) : [];
      paths.push({ stage: "planned", userId, inputs: [...base, ...found.map((w) => ({ ...w, cost: undefined }))] });
    }
    const actions = actionConfigs();
    this.labels = [];
    for (const path of paths) {
      const inputs = path.inputs.map((w): MovementInput => ({
        x: typeof w.x === "number" ? w.x : undefined,
        y: typeof w.y === "number" ? w.y : undefined,
        action: typeof w.action === "string" ? w.action : undefined,
        cost: typeof w.cost === "number" ? w.cost : undefined,
      }));
      const measured = measureMovementPath(document, inputs);
      const waypoints: RulerWaypoint[] = [];
      let action = document.movementAction;
      inputs.forEach((input, index) => {
        action = input.action ?? action;
        const measurement = measured.waypoints[index] ?? { cost: 0, distance: 0, spaces: 0, diagonals: 0 };
        const previous = waypoints[index - 1] ?? null;
        const stage = index < history.length ? "passed" : path.stage;
        const waypoint: RulerWaypoint = {
          x: input.x ?? document.x,
          y: input.y ?? document.y,
          action,
          actionConfig: actions[action],
          measurement,
          cost: measurement.cost - (previous?.measurement.cost ?? 0),
          stage,
          index,
          previous,
          next: null,
          userId: path.userId,
        };
        if (previous !== null) previous.next = waypoint;
        waypoints.push(waypoint);
      });
      const state: Obj = {};
      for (const waypoint of waypoints) {
        const context = this._getWaypointLabelContext(waypoint, state);
        if (context !== undefined) this.labels.push({ stage: waypoint.stage, userId: path.userId, context });
      }
    }
  }

  /** The base label: no label at the start of the path. */
  _getWaypointLabelContext(waypoint: RulerWaypoint, _state: Obj): Obj | undefined {
    if (waypoint.previous === null) return undefined;
    const scene = this.token.document.parent as unknown as { _source: Obj } | null;
    const grid = scene !== null && isObj(scene._source.grid) ? scene._source.grid : {};
    const units = typeof grid.units === "string" ? grid.units : "ft";
    return {
      action: waypoint.actionConfig,
      cost: { total: waypoint.measurement.cost, delta: waypoint.cost, units },
      distance: { total: waypoint.measurement.distance, delta: 0 },
      units,
    };
  }
}

function actionConfigs(): Record<string, ActionConfig> {
  const config = (currentClient() as unknown as { CONFIG: { Token?: { movement?: { actions?: unknown } } } }).CONFIG;
  const actions = config.Token?.movement?.actions;
  return isObj(actions) ? (actions as Record<string, ActionConfig>) : {};
}

const RULERS = new WeakMap<object, TokenRulerModel>();

/** The running client's ruler of its copy of `token` (`token.object.ruler`), made from `CONFIG.Token.rulerClass`. */
export function rulerOf(token: MovableToken): TokenRulerModel {
  const known = RULERS.get(token);
  if (known !== undefined) return known;
  const config = (currentClient() as unknown as { CONFIG: { Token?: { rulerClass?: unknown } } }).CONFIG;
  const Class = (
    typeof config.Token?.rulerClass === "function" ? config.Token.rulerClass : TokenRulerModel
  ) as new (token: { document: MovableToken }) => TokenRulerModel;
  const ruler = new Class({ document: token });
  RULERS.set(token, ruler);
  return ruler;
}
