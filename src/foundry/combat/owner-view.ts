/**
 * Issue 18: a player who owns a hidden creature (a rogue the GM hid, a summoned creature the GM hid)
 * sees it in its own tracker: its row (marked hidden), its turn, its place, its rolls. The published state
 * every client holds leaves a hidden creature out (engine host/public-order.ts), so after each Combat
 * update the active GM's client works out, for each connected player owning a hidden creature, that
 * player's view (engine host/published.ts `ownerSecrecy`: the published state with the player's own
 * hidden creatures kept in) and sends the player only how it differs from what the document publishes,
 * for that write's `seq`, with the action trackers (STD-6) of its hidden creatures, which the GM keeps while
 * they are hidden (hidden-actions.ts). The owner's tracker, and the pre-checks its controls make (view/tracker/
 * tracker-controls.ts `refusal`), and its hidden creatures' `combatant.initiative` (core's tracker and
 * carousel read it: data/combatant/combatant-model.ts), read that view (owner-state.ts) while the document
 * holds that `seq`; without one they read the document.
 *
 * Channel: a User query (`user.query(name, data)`, answered by that user's `CONFIG.queries[name]`: API v13
 * `foundry.documents.User#query`) goes to the one user it is asked of, where a socket emit reaches every
 * client (community wiki "sockets"); other players receive nothing of it.
 *
 * Trust: a query handler is not told who asked (foundryvtt/foundryvtt #13418), so views are taken only
 * with a key only the GM and that owner know, handed over as gm-replica.ts hands its key to another GM:
 * the first view goes with a fresh random key and token, and once the owner has it the GM names the token
 * on the system socket, where the server gives the sender's id (socket-channel.ts); the owner trusts the
 * key from then on. A view whose key no GM named is never drawn.
 */
import {
  diffStored,
  ownerSecrecy,
  publishedState,
  storeCombatState,
  type AnyRulesetHost,
  type StoreMemo,
  type StoredObject,
} from "../../engine/index.ts";
import { keepOwnerView, ownerActionsIn, ownerStateIn, type OwnerView } from "./owner-state.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { SOCKET_EVENT } from "../socket/socket-channel.ts";
import { secretText } from "./gm-replica.ts";
import { isActiveGm } from "./active-gm.ts";
import { secrecyOf } from "./secrecy.ts";
import { storeMemoOf } from "./state-cache.ts";
import { actionNowsOf } from "./step-actions.ts";
import { tempoModelOf } from "./tempo-model-of.ts";
import { perPage } from "../page-key.ts";

export const OWNER_VIEW_QUERY = `${SYSTEM_ID}.ownerView`;

/** How long the GM waits for an owner to take its view (a player who never answers holds up nothing). */
const VIEW_TIMEOUT_MS = 10_000;

/**
 * What the GM sends: the combat, the `seq` of the write it goes with, the difference from its engine, and
 * the trackers' `now` of the owner's hidden creatures, by id (kept on the owner's page: owner-state.ts).
 */
type View = OwnerView;

/** A view as it travels: with the key, and with a token on the first one of a key. */
interface Sent extends View {
  readonly key: string;
  readonly token?: string;
}

/** One page's views (per `game`, as page-key.ts keys module state). */
interface Page {
  /** Owner side: the keys a GM named. */
  readonly trusted: Set<string>;
  /** Owner side: keys by token until a GM names the token, and each such key's latest views by combat. */
  readonly tokens: Map<string, string>;
  readonly waiting: Map<string, Map<string, View>>;
  /** GM side: the last view sent, by user and combat, as JSON (the same view is not sent twice). */
  readonly sent: Map<string, string>;
  /** GM side: the key each owner was given (by user id), and its token until named. */
  readonly keys: Map<string, { readonly key: string; token: string | null }>;
  /** GM side: the updates found between published parts and each owner's view, by user and combat (`diffsOf`). */
  readonly diffs: Map<string, StoreMemo["diffs"]>;
}

/** Keys kept unnamed at once (a console's made-up ones crowd out nothing a GM names at once). */
const MAX_UNNAMED = 8;

const page = perPage<Page>(() => ({
  trusted: new Set(),
  tokens: new Map(),
  waiting: new Map(),
  sent: new Map(),
  keys: new Map(),
  diffs: new Map(),
}));

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
  return model === null ? null : ownerStateIn(combat.id ?? "", model);
}

/**
 * STD-6: the trackers (`now`) of `combat`'s hidden creatures this (player's) client draws from its own view
 * for the `seq` the document holds, by id; null without one.
 */
export function ownerActionsOf(combat: Combat.Implementation): Readonly<Record<string, unknown>> | null {
  const model = tempoModelOf(combat);
  return model === null ? null : ownerActionsIn(combat.id ?? "", model);
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
  // Issue 17: the engine this GM published for this `seq`, as its step stored it (state-cache.ts), where it
  // has it: the document's copy holds the same values, but the stored form shares every part the owner's
  // view did not change, so the difference skips those at once instead of walking a thousand creatures.
  const published = (model.fromCache ? (model.cachedPublished ?? model.cachedStored?.engine) : null) ?? model.engine;
  const sent = page().sent;
  const state: unknown = model.state;
  const ahead = typeof state === "object" && state !== null ? viewsAhead.get(secrecy)?.get(state) : undefined;
  for (const [user, owned] of owners) {
    const found = ahead?.get(viewKey(user, owned));
    const update =
      found?.published === published
        ? found.update
        : ownerUpdate(combat, model.host, state, published as StoredObject, user, owned);
    const actions = trackersOf(combat, owned);
    if (Object.keys(update).length === 0 && actions === undefined) continue;
    const view: View = {
      combat: combat.id ?? "",
      seq: model.seq,
      update,
      ...(actions === undefined ? {} : { actions }),
    };
    const key = `${user.id ?? ""}.${view.combat}`;
    const text = JSON.stringify(view);
    if (sent.get(key) === text) continue;
    sent.set(key, text);
    send(user, view, () => sent.delete(key));
  }
}

/** One owner's view of `state` as an update from the GM's published engine `published`. */
function ownerUpdate(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  state: unknown,
  published: StoredObject,
  user: Queryable,
  owned: ReadonlySet<string>,
): StoredObject {
  const memo = storeMemoOf(combat.id ?? null);
  const view = publishedState(host, state, ownerSecrecy(secrecyOf(combat), owned), memo);
  const stored = storeCombatState(view, memo);
  return diffStored(published, stored, { ...memo, diffs: diffsOf(user, combat) }) ?? {};
}

/**
 * Issue 17: owners' views of a step worked out ahead (prepared-next.ts), by the secrets they were made
 * with, the step's state and the owner with the ids of its hidden creatures (`viewKey`): the click's
 * `sendOwnerViews` takes them where all three are the same objects and values, and the GM's published
 * engine the one they were diffed from.
 */
const viewsAhead = new WeakMap<
  object,
  WeakMap<object, Map<string, { readonly published: object; readonly update: StoredObject }>>
>();

const viewKey = (user: Queryable, owned: ReadonlySet<string>): string => `${user.id ?? ""}:${[...owned].join(",")}`;

/** Works out ahead each connected owner's view of a step's `state`, from the GM's published engine then. */
export function prepareOwnerViews(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  state: unknown,
  published: StoredObject,
): void {
  if (typeof state !== "object" || state === null || game.user?.isGM !== true) return;
  const owners = hiddenOwners(combat);
  if (owners.size === 0) return;
  const secrecy = secrecyOf(combat);
  let byState = viewsAhead.get(secrecy);
  if (byState === undefined) viewsAhead.set(secrecy, (byState = new WeakMap()));
  const views = new Map<string, { readonly published: object; readonly update: StoredObject }>();
  for (const [user, owned] of owners)
    views.set(viewKey(user, owned), { published, update: ownerUpdate(combat, host, state, published, user, owned) });
  byState.set(state, views);
}

/**
 * Issue 17: the updates found between the published engine's parts and one owner's view of them, by the
 * published part (engine storage/store-memo.ts `diffs`), per owner and combat: the secret store diffs the same
 * published parts against the whole ones at every step, and another owner against its own view, so in the
 * combat's one map each would displace the other's, and every step would diff a thousand creatures again.
 */
function diffsOf(user: Queryable, combat: Combat.Implementation): StoreMemo["diffs"] {
  const diffs = page().diffs;
  const key = `${user.id ?? ""}.${combat.id ?? ""}`;
  let found = diffs.get(key);
  if (found === undefined) diffs.set(key, (found = new WeakMap()));
  return found;
}

/** STD-6: the trackers' `now` of the creatures `owned`, as this GM reads them (kept: secret-actions.ts). */
function trackersOf(combat: Combat.Implementation, owned: ReadonlySet<string>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const id of owned) {
    const now = actionNowsOf(combat, id)?.[id];
    if (now !== undefined) (out ??= {})[id] = now;
  }
  return out;
}

/** Sends `user` a view with its key; the first with a token, named on the socket once the owner has it. */
function send(user: Queryable, view: View, failed: () => void): void {
  const keys = page().keys;
  const id = user.id ?? "";
  let given = keys.get(id);
  if (given === undefined) keys.set(id, (given = { key: secretText(), token: secretText() }));
  const link = given;
  const token = link.token;
  const wire: Sent = { ...view, key: link.key, ...(token === null ? {} : { token }) };
  void user.query(OWNER_VIEW_QUERY, wire, { timeout: VIEW_TIMEOUT_MS }).then(
    (taken) => {
      if (taken !== true) failed();
      if (taken !== true || token === null || link.token !== token) return;
      link.token = null;
      game.socket.emit(SOCKET_EVENT, { type: "ownerViewKey", to: id, token });
    },
    () => {
      failed();
      if (keys.get(id) === link) keys.delete(id);
    },
  );
}

function isView(data: unknown): data is Sent {
  if (typeof data !== "object" || data === null) return false;
  const view = data as Partial<Record<keyof Sent, unknown>>;
  return (
    typeof view.combat === "string" &&
    typeof view.seq === "number" &&
    typeof view.key === "string" &&
    (view.token === undefined || typeof view.token === "string") &&
    typeof view.update === "object" &&
    view.update !== null &&
    !Array.isArray(view.update) &&
    (view.actions === undefined ||
      (typeof view.actions === "object" && view.actions !== null && !Array.isArray(view.actions)))
  );
}

/** Takes a view: kept for its `seq`, and the tracker drawn again. */
function takeView(view: View): void {
  keepOwnerView(view);
  const combat = game.combats?.get(view.combat) as Combat.Implementation | undefined;
  if (combat === undefined) return;
  // Its own hidden creatures' `combatant.initiative` is read from the view (combatant-model.ts).
  for (const combatant of combat.combatants) if (combatant.hidden && combatant.isOwner) combatant.prepareData();
  void ui.combat?.render();
}

/**
 * The owner's side of the query: a view with a named key is taken; one with a key not named yet waits for
 * its token to be named (the latest per combat); any other is refused.
 */
function answerView(data: unknown): boolean {
  if (game.user?.isGM !== false || !isView(data)) return false;
  const { trusted, tokens, waiting } = page();
  const actions = data.actions === undefined ? {} : { actions: data.actions };
  const view: View = { combat: data.combat, seq: data.seq, update: data.update, ...actions };
  if (trusted.has(data.key)) {
    takeView(view);
    return true;
  }
  if (data.token !== undefined && !tokens.has(data.token)) {
    tokens.set(data.token, data.key);
    waiting.set(data.key, new Map());
    for (const [token, key] of tokens)
      if (tokens.size > MAX_UNNAMED) {
        tokens.delete(token);
        waiting.delete(key);
      }
  }
  const views = waiting.get(data.key);
  if (views === undefined) return false;
  views.set(view.combat, view);
  return true;
}

/** A GM names the token of the key it gave this page: the key is trusted and its views waiting are taken. */
function onMessage(wire: unknown, senderId: unknown): void {
  if (typeof wire !== "object" || wire === null || typeof senderId !== "string") return;
  const message = wire as { type?: unknown; to?: unknown; token?: unknown };
  if (message.type !== "ownerViewKey" || message.to !== game.user?.id || typeof message.token !== "string") return;
  if (game.users.get(senderId)?.isGM !== true || game.user.isGM) return;
  const { trusted, tokens, waiting } = page();
  const key = tokens.get(message.token);
  tokens.delete(message.token);
  if (key === undefined) return;
  trusted.add(key);
  for (const view of waiting.get(key)?.values() ?? []) takeView(view);
  waiting.delete(key);
}

export function registerOwnerViews(): void {
  const config = CONFIG as unknown as { queries?: Record<string, (data: unknown) => unknown> };
  config.queries ??= {};
  config.queries[OWNER_VIEW_QUERY] = answerView;
  Hooks.once("setup", () => game.socket.on(SOCKET_EVENT, onMessage));
  Hooks.on("updateCombat", (combat: Combat.Implementation) => sendOwnerViews(combat));
  Hooks.on("userConnected", (user: User.Implementation, connected: boolean) => {
    if (user.isGM) return;
    const { sent, keys } = page();
    keys.delete(user.id ?? "");
    for (const [key] of sent) if (key.startsWith(`${user.id ?? ""}.`)) sent.delete(key);
    if (!connected) return;
    for (const combat of game.combats?.contents ?? []) sendOwnerViews(combat as Combat.Implementation);
  });
}
