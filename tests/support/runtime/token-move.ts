/**
 * `TokenDocument#move`, a Token update that moves it, `clearMovementHistory`, the `moveToken` /
 * `recordToken` hooks on every client, and a user's planned movement (a drag) shown on the other clients'
 * token rulers. Sources: the file comment of token-movement.ts; the ruler: token-ruler.ts.
 *
 * What a caller gives and what core works out (model honesty, issue 21 finding 7):
 * - A caller gives instructions: waypoints and options (v14 TokenMovementInstructionWaypoints "The waypoints
 *   to move the token through" and TokenMovementInstructionOptions `id`, `method`, `autoRotate`,
 *   `showRuler`, `constrainOptions`, `measureOptions`, `terrainOptions`, `planned`, `split`,
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementInstructionOptions.html),
 *   also as an entry of the update option `movement` ("the movement method … can be given as an option to
 *   `TokenDocument#move` or as part of an entry in `operation/options.movement`", foundryvtt/foundryvtt
 *   #12240). No instruction field carries an `origin` or measured sections: core works those out
 *   (TokenPreMovementOperation: "ONLY autoRotate and showRuler are writable"; TokenMovementOperation:
 *   "NONE of the properties are writable"). The model sends the instruction as `options.movement[id]`.
 * - Where core carries the movement it worked out to the other clients is not in the public API pages;
 *   the model carries it as `options._movement[id]` and its server passes it on unchanged. Whether core's
 *   server checks it against the document is stated by no public source found: passing it through is the
 *   worst case for a system, which is why Tempo never trusts a movement's `origin` or costs
 *   (src/foundry/canvas/landed-move.ts).
 * - A Token update that changes `x`/`y` without a worked-out movement is a movement too: preMoveToken
 *   "fires for every Token document that is about to me moved before the conclusion of an update workflow
 *   … only … for the client who is initiating the update request"
 *   (https://foundryvtt.com/api/functions/hookEvents.preMoveToken.html) and `_preUpdateMovement` is "Called
 *   after the movement for this document update has been determined" (foundryvtt/foundryvtt#11754). So
 *   `token.update({ x, y })` from a console runs preMoveToken on that console's client; only a request
 *   that skips core's client workflow (a modified client: `client.request` here) skips it. Such an update
 *   is measured as one straight segment, method "api" (#12240 lists "dragging", "keyboard", "config",
 *   "api"; which one core gives a plain update is not stated: "api" is the model's choice).
 * - Recorded or not: "If `TokenDocument#_shouldRecordMovementHistory(): boolean`, the movement is recorded
 *   in the history. By default it returns true if the token has a combatant in the active combat and the
 *   active combat was started" (foundryvtt/foundryvtt#11730); TokenMovementData `recorded`: "Was the
 *   movement recorded in the movement history?". The model's active combat is the running client's
 *   `game.combat` (its active combat, else its first).
 */
import { isObj, type Obj } from "./diff.ts";
import type { ClientDocument, ClientPort } from "./document.ts";
import type { Client } from "./client.ts";
import { currentClient } from "./context.ts";
import {
  EMPTY_SECTION,
  historySection,
  measureMovementPath,
  sectionOf,
  type MovableToken,
  type MovementInput,
  type Waypoint,
} from "./token-movement.ts";
import { rulerOf } from "./token-ruler.ts";

interface MoveOptions {
  readonly method?: string;
  readonly showRuler?: boolean;
  readonly autoRotate?: boolean;
  readonly [key: string]: unknown;
}

type EmbeddedParent = ClientDocument & {
  updateEmbeddedDocuments(name: string, data: Obj[], options: Obj): Promise<unknown>;
};

let movementCounter = 0;

/** The running client's `token.move(waypoints, options)` (see token-movement.ts). */
export async function moveToken(
  token: MovableToken,
  input: MovementInput | readonly MovementInput[],
  options: MoveOptions = {},
): Promise<boolean> {
  const waypoints = Array.isArray(input) ? (input as readonly MovementInput[]) : [input as MovementInput];
  const client = token.client as ClientPort & { user: { id: string } };
  // TokenMovementOptions `id`: "The movement ID, which must be unique. Default: auto-generated."
  // (https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOptions.html); the model
  // takes the caller's id as given, unique or not.
  const given = typeof options.id === "string" && options.id !== "" ? options.id : null;
  const id = given ?? `movement${String(++movementCounter).padStart(8, "0")}`;
  const origin = { x: token.x, y: token.y, action: token.movementAction };
  const passed = sectionOf(token, origin, waypoints, { userId: client.user.id, movementId: id });
  const last = passed.waypoints[passed.waypoints.length - 1];
  if (last === undefined) return false;
  const history = token.movementHistory;
  const { method = "api", showRuler = false, autoRotate = false, id: _id, ...updateOptions } = options;
  const recorded = recordsMovement(token);
  const movement = {
    id,
    chain: [],
    origin: { x: origin.x, y: origin.y, width: token.width, height: token.height, elevation: 0 },
    destination: { x: last.x, y: last.y, width: token.width, height: token.height, elevation: 0 },
    passed,
    pending: EMPTY_SECTION,
    history: historySection(history),
    method,
    autoRotate,
    showRuler,
    constrained: false,
    recorded,
    updateOptions,
    user: client.user,
  };
  // preMoveToken: the initiating client only; `false` rejects the whole movement (nothing is sent).
  const operation: Obj = { ...updateOptions };
  if (!client.callHook("preMoveToken", token, movement, operation)) return false;
  const { user: _user, ...wire } = movement;
  const scene = token.parent as EmbeddedParent | null;
  if (scene === null) return false;
  const instruction = { waypoints: waypoints.map((w) => ({ ...w })), method, autoRotate, showRuler, id };
  await scene.updateEmbeddedDocuments(
    "Token",
    [{ _id: token.id, x: last.x, y: last.y, ...recordedHistory(token, origin, passed.waypoints, recorded) }],
    {
      ...updateOptions,
      movement: { [token.id ?? ""]: instruction },
      _movement: { [token.id ?? ""]: { ...wire, showRuler: movement.showRuler } },
    },
  );
  return true;
}

/** `_shouldRecordMovementHistory()` as foundryvtt/foundryvtt#11730 describes it (see the file comment). */
export function recordsMovement(token: MovableToken): boolean {
  const game = currentClient().game as {
    combat: { started: boolean; combatants: { contents: readonly { tokenId: string | null }[] } } | null;
  };
  const combat = game.combat;
  return combat !== null && combat.started && combat.combatants.contents.some((c) => c.tokenId === token.id);
}

/** The `_movementHistory` change of a recorded movement (none when it is not recorded). */
function recordedHistory(
  token: MovableToken,
  origin: { x: number; y: number },
  passed: readonly Waypoint[],
  recorded: boolean,
): Obj {
  if (!recorded) return {};
  const history = token.movementHistory;
  const first = passed[0];
  const start: Waypoint[] =
    history.length === 0 && first !== undefined
      ? [{ ...first, x: origin.x, y: origin.y, cost: 0, explicit: true, checkpoint: true }]
      : [];
  return { _movementHistory: [...history, ...start, ...passed] };
}

/**
 * Core's update workflow on the initiating client for Token updates that move a token without a worked-out
 * movement (a console's `token.update({ x, y })`, see the file comment): each is measured as one straight
 * segment, preMoveToken fires (false drops that token's change), and it is recorded as `move` would.
 * Returns the changes to send and the options with the worked-out movements.
 */
export function movementOfUpdates(
  tokens: { get(id: string): ClientDocument | undefined },
  updates: readonly Obj[],
  options: Obj,
): { updates: Obj[]; options: Obj } {
  const worked = isObj(options._movement) ? { ...options._movement } : {};
  const out: Obj[] = [];
  for (const update of updates) {
    const id = String(update._id);
    const doc = tokens.get(id);
    const x = typeof update.x === "number" ? update.x : undefined;
    const y = typeof update.y === "number" ? update.y : undefined;
    if (doc === undefined || id in worked || (x === undefined && y === undefined)) {
      out.push(update);
      continue;
    }
    const token = doc as MovableToken;
    const origin = { x: token.x, y: token.y };
    const to = { x: x ?? token.x, y: y ?? token.y };
    if (to.x === origin.x && to.y === origin.y) {
      out.push(update);
      continue;
    }
    const client = token.client as ClientPort & { user: { id: string } };
    const movement = workedOutMovement(token, origin, to, client.user.id, client.user, recordsMovement(token));
    if (!client.callHook("preMoveToken", token, movement, { ...options })) continue;
    const { user: _user, ...wire } = movement;
    const passed = (movement.passed as { waypoints: readonly Waypoint[] }).waypoints;
    out.push({ ...update, ...recordedHistory(token, origin, passed, movement.recorded === true) });
    worked[id] = wire;
  }
  return { updates: out, options: Object.keys(worked).length > 0 ? { ...options, _movement: worked } : options };
}

/** A token copy's position before an update is applied (client.ts `receive`). */
export function tokenPosition(doc: ClientDocument): { x: number; y: number } {
  const { x, y } = doc._source;
  return { x: typeof x === "number" ? x : 0, y: typeof y === "number" ? y : 0 };
}

/** `token.clearMovementHistory()`: an update of the history to nothing (recordToken fires on every client). */
export async function clearMovementHistory(token: MovableToken): Promise<void> {
  if (token.movementHistory.length === 0) return;
  const scene = token.parent as EmbeddedParent | null;
  await scene?.updateEmbeddedDocuments("Token", [{ _id: token.id, _movementHistory: [] }], {});
}

/**
 * Runs on every client after a Token update's own hooks (client.ts `receive`): `moveToken` when the
 * token's `x` or `y` changed, `recordToken` when its history changed. A move without movement data (a
 * raw write) is measured here as one straight segment, method "api".
 */
export function afterTokenUpdate(
  client: Client,
  doc: ClientDocument | undefined,
  diff: Obj,
  options: Obj,
  userId: string,
  before: { x: number; y: number } | undefined,
): void {
  if (doc === undefined) return;
  const token = doc as MovableToken;
  const data = isObj(options._movement) ? options._movement[token.id ?? ""] : undefined;
  const user = client.users.find((u) => u.id === userId) ?? null;
  const moved = "x" in diff || "y" in diff;
  if (moved) {
    const origin = before ?? { x: token.x, y: token.y };
    // A request that skipped core's client workflow carries no worked-out movement: measured here.
    const movement = isObj(data)
      ? { ...data, user }
      : workedOutMovement(token, origin, { x: token.x, y: token.y }, userId, user, false);
    (token as unknown as { movement: unknown }).movement = movement;
    client.hooks.callAll("moveToken", token, movement, options, user);
    // The moving token's ruler on every client shows its passed path when the mover asked for it.
    if (isObj(data) && data.showRuler === true) {
      const passed = isObj(data.passed) && Array.isArray(data.passed.waypoints) ? data.passed.waypoints : [];
      client.run(() => rulerOf(token).refresh({ passedWaypoints: passed, pendingWaypoints: [], plannedMovement: {} }));
    }
  }
  if ("_movementHistory" in diff) client.hooks.callAll("recordToken", token);
}

/** A straight movement from `origin` to `to`, method "api" (a plain update's; see the file comment). */
function workedOutMovement(
  token: MovableToken,
  origin: { x: number; y: number },
  to: { x: number; y: number },
  userId: string,
  user: unknown,
  recorded: boolean,
): Obj {
  const id = `movement${String(++movementCounter).padStart(8, "0")}`;
  const passed = sectionOf(token, origin, [to], { userId, movementId: id });
  return {
    id,
    chain: [],
    origin: { ...origin, width: token.width, height: token.height, elevation: 0 },
    destination: { ...to, width: token.width, height: token.height, elevation: 0 },
    passed,
    pending: EMPTY_SECTION,
    history: historySection(token.movementHistory),
    method: "api",
    autoRotate: false,
    showRuler: false,
    constrained: false,
    recorded,
    updateOptions: {},
    user,
  };
}

/**
 * A user dragging a token: the drag's planned path on the dragging client's ruler and, broadcast, on
 * every other client's ruler of the same token (TokenRulerData `plannedMovement`: "Movement planned by
 * Users", keyed by user id, https://foundryvtt.com/api/interfaces/foundry.types.TokenRulerData.html).
 */
export function planMovement(client: Client, token: MovableToken, waypoints: readonly MovementInput[]): void {
  const plan = {
    foundPath: waypoints.map((w) => ({ ...w })),
    unreachableWaypoints: [],
    hidden: false,
    searching: false,
  };
  const plannedMovement = { [client.userId]: plan };
  const mine = client.copyOf("Token", token.id ?? "", token.parent?.id ?? null) as MovableToken | undefined;
  if (mine === undefined) return;
  client.run(() => rulerOf(mine).refresh({ passedWaypoints: [], pendingWaypoints: [], plannedMovement }));
  const network = client.network;
  const others = network.connectedClients.filter((c) => c !== client);
  network.server.count("socket", client.userId, plannedMovement, others.length);
  for (const target of others) {
    const copy = structuredClone(plannedMovement);
    network.scheduler.send(`s2c:${target.id}`, () => {
      const there = target.copyOf("Token", token.id ?? "", token.parent?.id ?? null) as MovableToken | undefined;
      if (there !== undefined)
        target.run(() => rulerOf(there).refresh({ passedWaypoints: [], pendingWaypoints: [], plannedMovement: copy }));
    });
  }
}

export { measureMovementPath };
