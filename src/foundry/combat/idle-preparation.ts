/**
 * Issue 17: when the active GM's page is idle, it works out the next step of each running Tempo combat
 * (run-command.ts `prepareNext`, kept by prepared-next.ts), so that the GM's next click only posts and
 * writes it.
 *
 * When: after every change this page hears of the documents a step may read (the hooks below), in the
 * browser's next idle period: `requestIdleCallback` (MDN, Window.requestIdleCallback: "queues a function
 * to be called during a browser's idle periods", so it never delays a frame or an input). A page without
 * it prepares nothing and every click works its step out, as before.
 *
 * What moves the epoch (prepared-next.ts `moveEpoch`): a created, updated or deleted Combat, Combatant,
 * CombatantGroup, Actor, Item, ActiveEffect, Token, Scene, User or Setting (core's `create<Document>`,
 * `update<Document>` and `delete<Document>` hooks, fired on every client: API v13 hookEvents), a user
 * connecting or leaving (`userConnected`), a client setting (`clientSettingChanged`), and world time
 * (`updateWorldTime`). Chat messages do not:
 * a step reads none.
 */
import { isActiveGm } from "./active-gm.ts";
import { moveEpoch } from "./prepared-next.ts";
import { prepareNext } from "./run-command.ts";
import { tempoModelOf } from "./tempo-model-of.ts";
import { perPage } from "../page-key.ts";
import { onDocumentChanges } from "../document-changes.ts";

const WATCHED = [
  "Combat",
  "Combatant",
  "CombatantGroup",
  "Actor",
  "Item",
  "ActiveEffect",
  "Scene",
  "User",
  "Setting",
] as const;

type IdleScheduler = (callback: () => void) => unknown;

/** The page's `requestIdleCallback`, or null where the browser has none. */
function idleScheduler(): IdleScheduler | null {
  const found: unknown = Reflect.get(globalThis, "requestIdleCallback");
  return typeof found === "function" ? (callback) => Reflect.apply(found, globalThis, [callback]) : null;
}

/** Whether this page asked for an idle period it has not had yet (one is enough for every combat). */
const asked = perPage(() => ({ pending: false }));

/** The running Tempo combats of this world (one is the usual case). */
function runningCombats(): Combat.Implementation[] {
  const combats = (game as { combats?: Iterable<Combat.Implementation> }).combats;
  if (combats === undefined) return [];
  const out: Combat.Implementation[] = [];
  for (const combat of combats) {
    const model = tempoModelOf(combat);
    if (model?.state != null && model.host.started(model.state)) out.push(combat);
  }
  return out;
}

async function prepareAll(): Promise<void> {
  asked().pending = false;
  if (!isActiveGm()) return;
  for (const combat of runningCombats()) {
    try {
      await prepareNext(combat);
    } catch (error) {
      // A preparation is only ahead of time: the click works its step out itself.
      console.warn("Tempo | the next step could not be worked out ahead", error);
    }
  }
}

/** Something changed: stale preparations go, and a new one is asked for the next idle period. */
function changed(): void {
  moveEpoch();
  if (!isActiveGm() || asked().pending) return;
  const schedule = idleScheduler();
  if (schedule === null) return;
  asked().pending = true;
  schedule(() => void prepareAll());
}

/**
 * A token's move (its place, elevation, facing and the movement core records with it: API v13
 * TokenDocument#_movementHistory, `movementAction`) is not read by a step worked out ahead (its turn's
 * move record is read at the write: turn-moves-record.ts), and a dragged token sends one update per
 * waypoint: such an update keeps the preparation.
 */
const MOVE_FIELDS: ReadonlySet<string> = new Set([
  "_id",
  "x",
  "y",
  "elevation",
  "rotation",
  "sort",
  "_movementHistory",
  "movementAction",
]);

function tokenMoveOnly(changes: unknown): boolean {
  const keys = typeof changes === "object" && changes !== null ? Object.keys(changes) : [];
  return keys.length > 0 && keys.every((key) => MOVE_FIELDS.has(key));
}

export function registerIdlePreparation(): void {
  onDocumentChanges(WATCHED, changed);
  // A token's update is a change unless it only moved (`tokenMoveOnly`).
  onDocumentChanges(["Token"], (verb, _token, changes) => {
    if (verb !== "update" || !tokenMoveOnly(changes)) changed();
  });
  Hooks.on("userConnected", changed);
  // A client setting (the user's Dice Configuration among them) changes on this page only.
  Hooks.on("clientSettingChanged" as Hooks.HookName, changed);
  Hooks.on("updateWorldTime", changed);
}
