/**
 * `TokenDocument#move`, `clearMovementHistory`, the `moveToken` / `recordToken` hooks on every client,
 * and a user's planned movement (a drag) shown on the other clients' token rulers. Sources: the file
 * comment of token-movement.ts; the ruler: token-ruler.ts.
 */
import { isObj, type Obj } from "./diff.ts";
import type { ClientDocument, ClientPort } from "./document.ts";
import type { Client } from "./client.ts";
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
    recorded: true,
    updateOptions,
    user: client.user,
  };
  // preMoveToken: the initiating client only; `false` rejects the whole movement (nothing is sent).
  const operation: Obj = { ...updateOptions };
  if (!client.callHook("preMoveToken", token, movement, operation)) return false;
  const start: Waypoint[] =
    history.length === 0 ? [{ ...last, x: origin.x, y: origin.y, cost: 0, explicit: true, checkpoint: true }] : [];
  const { user: _user, ...wire } = movement;
  const scene = token.parent as EmbeddedParent | null;
  if (scene === null) return false;
  await scene.updateEmbeddedDocuments(
    "Token",
    [{ _id: token.id, x: last.x, y: last.y, _movementHistory: [...history, ...start, ...passed.waypoints] }],
    { ...updateOptions, movement: { [token.id ?? ""]: { ...wire, showRuler: movement.showRuler } } },
  );
  return true;
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
  const data = isObj(options.movement) ? options.movement[token.id ?? ""] : undefined;
  const user = client.users.find((u) => u.id === userId) ?? null;
  const moved = "x" in diff || "y" in diff;
  if (moved) {
    const origin = before ?? { x: token.x, y: token.y };
    const movement = isObj(data) ? { ...data, user } : rawMovement(token, origin, userId, user);
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

function rawMovement(token: MovableToken, origin: { x: number; y: number }, userId: string, user: unknown): Obj {
  const passed = sectionOf(token, origin, [{ x: token.x, y: token.y }], { userId, movementId: "" });
  return {
    id: "",
    chain: [],
    origin: { ...origin, width: token.width, height: token.height, elevation: 0 },
    destination: { x: token.x, y: token.y, width: token.width, height: token.height, elevation: 0 },
    passed,
    pending: EMPTY_SECTION,
    history: historySection(token.movementHistory),
    method: "api",
    autoRotate: false,
    showRuler: false,
    constrained: false,
    recorded: false,
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
