/**
 * Issue 18: a player who owns a hidden creature (a rogue the GM hid, a summoned creature the GM hid)
 * sees it in its own tracker: its row (marked hidden), its turn, its place, its rolls. The published state
 * every client holds leaves a hidden creature out (engine host/public-order.ts), so after each Combat
 * update the active GM's client works out, for each connected player owning a hidden creature, that
 * player's view (engine host/published.ts `ownerSecrecy`: the published state with the player's own
 * hidden creatures kept in) and sends the player only how it differs from what the document publishes,
 * for that write's `seq`. The owner's tracker, and the pre-checks its controls make (view/tracker/
 * tracker-controls.ts `refusal`), read that view while the document holds that `seq`; without one they
 * read the document.
 *
 * Channel: a User query (`user.query(name, data)`, answered by that user's `CONFIG.queries[name]`: API v13
 * `foundry.documents.User#query`) goes to the one user it is asked of, where a socket emit reaches every
 * client (community wiki "sockets"); other players receive nothing of it. A query handler is not told
 * who asked (foundryvtt/foundryvtt #13418), so a player's console could send another player a made-up
 * view: it changes only what that player's tracker draws until the next write, and every command is
 * still judged on the GM's whole copy.
 */
import {
  applyStoredUpdate,
  diffStored,
  ownerSecrecy,
  publishedState,
  readCombatState,
  storeCombatState,
  type StoredObject,
  type StoredUpdate,
} from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { isActiveGm } from "./active-gm.ts";
import { secrecyOf } from "./secrecy.ts";
import { storeMemoOf } from "./state-cache.ts";
import { tempoModelOf } from "./tempo-model-of.ts";

export const OWNER_VIEW_QUERY = `${SYSTEM_ID}.ownerView`;

/** How long the GM waits for an owner to take its view (a player who never answers holds up nothing). */
const VIEW_TIMEOUT_MS = 10_000;

/** What the GM sends: the combat, the `seq` of the write it goes with, and the difference from its engine. */
interface View {
  readonly combat: string;
  readonly seq: number;
  readonly update: StoredUpdate;
}

/** One page's views (per `game`, as page-key.ts keys module state). */
interface Page {
  /** Owner side: the last view received, by combat, and the state read from it (once). */
  readonly views: Map<string, View & { state?: unknown }>;
  /** GM side: the last view sent, by user and combat, as JSON (the same view is not sent twice). */
  readonly sent: Map<string, string>;
}

const pages = new WeakMap<object, Page>();

function page(): Page {
  let found = pages.get(game as object);
  if (found === undefined) pages.set(game as object, (found = { views: new Map(), sent: new Map() }));
  return found;
}

interface Queryable {
  readonly id: string | null;
  readonly isGM: boolean;
  readonly active: boolean;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/**
 * The state `combat`'s tracker draws on this (player's) client: its own view for the `seq` the document
 * holds, or null (then the document's).
 */
export function ownerStateOf(combat: Combat.Implementation): unknown {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null || game.user?.isGM !== false) return null;
  const view = page().views.get(combat.id ?? "");
  if (view === undefined || view.seq !== model.seq || model.engine === null) return null;
  if (!("state" in view)) {
    const read = readCombatState(model.host, applyStoredUpdate(model.engine as StoredObject, view.update));
    view.state = read.ok ? read.value : null;
  }
  return view.state ?? null;
}

/** The players connected now who own one of `combat`'s hidden creatures, with the ids of theirs. */
function hiddenOwners(combat: Combat.Implementation): Map<Queryable, Set<string>> {
  const out = new Map<Queryable, Set<string>>();
  const players = (game.users.contents as unknown as Queryable[]).filter((u) => !u.isGM && u.active);
  if (players.length === 0) return out;
  for (const c of combat.combatants) {
    if (!c.hidden || !c.hasPlayerOwner || c.id === null) continue;
    for (const user of players) {
      if (!c.testUserPermission(user as unknown as User.Implementation, "OWNER")) continue;
      let ids = out.get(user);
      if (ids === undefined) out.set(user, (ids = new Set()));
      ids.add(c.id);
    }
  }
  return out;
}

/** The active GM sends each owner of a hidden creature its view of `combat` as the document holds it now. */
export function sendOwnerViews(combat: Combat.Implementation): void {
  if (game.user?.isGM !== true || !isActiveGm()) return;
  const model = tempoModelOf(combat);
  if (model === null || model.state === null || model.engine === null) return;
  const owners = hiddenOwners(combat);
  if (owners.size === 0) return;
  const secrecy = secrecyOf(combat);
  const memo = storeMemoOf(combat.id ?? null);
  const published = model.engine as StoredObject;
  const sent = page().sent;
  for (const [user, owned] of owners) {
    const state = publishedState(model.host, model.state, ownerSecrecy(secrecy, owned));
    const update = diffStored(published, storeCombatState(state, memo));
    if (update === null) continue;
    const view: View = { combat: combat.id ?? "", seq: model.seq, update };
    const key = `${user.id ?? ""}.${view.combat}`;
    const text = JSON.stringify(view);
    if (sent.get(key) === text) continue;
    sent.set(key, text);
    void user.query(OWNER_VIEW_QUERY, view, { timeout: VIEW_TIMEOUT_MS }).catch(() => sent.delete(key));
  }
}

function isView(data: unknown): data is View {
  if (typeof data !== "object" || data === null) return false;
  const view = data as Partial<Record<keyof View, unknown>>;
  return (
    typeof view.combat === "string" &&
    typeof view.seq === "number" &&
    typeof view.update === "object" &&
    view.update !== null &&
    !Array.isArray(view.update)
  );
}

/** The owner's side of the query: the view is kept for its `seq` and the tracker drawn again. */
function answerView(data: unknown): boolean {
  if (game.user?.isGM !== false || !isView(data)) return false;
  page().views.set(data.combat, { combat: data.combat, seq: data.seq, update: data.update });
  if (game.combats?.get(data.combat) !== undefined) void ui.combat?.render();
  return true;
}

export function registerOwnerViews(): void {
  const config = CONFIG as unknown as { queries?: Record<string, (data: unknown) => unknown> };
  config.queries ??= {};
  config.queries[OWNER_VIEW_QUERY] = answerView;
  Hooks.on("updateCombat", (combat: Combat.Implementation) => sendOwnerViews(combat));
  Hooks.on("userConnected", (user: User.Implementation, connected: boolean) => {
    if (!connected || user.isGM) return;
    for (const [key] of page().sent) if (key.startsWith(`${user.id ?? ""}.`)) page().sent.delete(key);
    for (const combat of game.combats?.contents ?? []) sendOwnerViews(combat as Combat.Implementation);
  });
}
