/**
 * Issue 18 item 3, STD-6: a hidden creature's action tracker (and its declared uses) stays on the GM's
 * side while it is hidden, as an NPC's does (secret-actions.ts, secret-uses.ts): core sends a hidden
 * Combatant to every client (foundryvtt/foundryvtt #14429, docs/research/foundry-secrets-and-write-guards.md).
 * Its owner sees its tracker through its owner view (owner-view.ts).
 *
 * The move rides in the hide or reveal's own Combatant update: a GM's client adds it to the changes in
 * `preUpdateCombatant`, which fires on the client that asks for the update, with "Differential data that
 * will be used to update the document", changes a hook may add to (API v13 hookEvents `preUpdateDocument`;
 * dnd5e's and Draw Steel's `_preUpdate` add their own fields to `changes` the same way). So a GM's click on
 * core's "hide" writes no more documents than core's update and the republished step (republish.ts):
 * - hiding a creature a player owns: its record is kept in this GM's browser (every other GM's gets it:
 *   gm-storage.ts) and the document's is emptied (`{ now: null, undo: {}, redo: {} }`, a newcomer's); the
 *   declared uses on its document are kept too and taken off it;
 * - showing it again: the kept record goes back to the document and leaves the browser. Its kept declared
 *   uses stay with the GM (secret-uses.ts reads a kept key before the document's), so nothing is rolled
 *   differently.
 * Hiding takes back nothing players' clients already received; it withholds from now on.
 */
import { actionRecordUpdate, isActionRecordShape, type ActionRecord } from "../../engine/index.ts";
import { foundryUpdate } from "../compat/deletion.ts";
import { storedActionsOf, TempoCombatantModel } from "../data/combatant/combatant-model.ts";
import { keepActions, keptActionsOf, removeKeptActions } from "./secret-actions.ts";
import { keepUses } from "./secret-uses.ts";

type Changes = Record<string, unknown>;

/** A newcomer's tracker (combatant-model.ts `actions` initial value, STD-3). */
const EMPTY_RECORD: ActionRecord = { now: null, undo: {}, redo: {} };

function objectAt(parent: Changes, key: string): Changes {
  const found = parent[key];
  if (typeof found === "object" && found !== null && !Array.isArray(found)) return found as Changes;
  const made: Changes = {};
  parent[key] = made;
  return made;
}

/** The declared uses on the combatant's document (key → use or null). */
function documentUses(combatant: Combatant.Implementation): Readonly<Record<string, unknown>> {
  const system = combatant.system;
  return system instanceof TempoCombatantModel ? (system.declaredUses as Record<string, unknown>) : {};
}

/** Hiding: the document's record and uses move to this GM's browser; the update empties them. */
function hide(combatant: Combatant.Implementation, combat: Combat.Implementation, id: string, system: () => Changes) {
  const record = storedActionsOf(combatant);
  if (isActionRecordShape(record)) {
    keepActions(combat, id, record);
    const update = actionRecordUpdate(record, EMPTY_RECORD);
    if (update !== null) system().actions = foundryUpdate(update as Changes);
  }
  const uses = documentUses(combatant);
  const keys = Object.keys(uses);
  if (keys.length === 0) return;
  keepUses(combat, id, uses);
  system().declaredUses = foundryUpdate(Object.fromEntries(keys.map((k) => [`-=${k}`, null])));
}

/** Showing: the record kept goes back to the document in the update, and leaves the browser. */
function reveal(combatant: Combatant.Implementation, combat: Combat.Implementation, id: string, system: () => Changes) {
  const kept = keptActionsOf(combatant);
  if (!isActionRecordShape(kept)) return;
  const update = actionRecordUpdate(storedActionsOf(combatant), kept as ActionRecord);
  if (update !== null) system().actions = foundryUpdate(update as Changes);
  removeKeptActions(combat, id);
}

/** Adds the move to a GM's update that hides or shows a creature a player owns. */
export function moveHiddenRecords(combatant: Combatant.Implementation, changes: Changes): void {
  const combat = combatant.parent;
  const id = combatant.id;
  if (game.user?.isGM !== true || combat === null || id === null || !combatant.hasPlayerOwner) return;
  if (typeof changes.hidden !== "boolean" || changes.hidden === combatant.hidden) return;
  const system = () => objectAt(changes, "system");
  if (changes.hidden) hide(combatant, combat, id, system);
  else reveal(combatant, combat, id, system);
}

export function registerHiddenActionMoves(): void {
  Hooks.on("preUpdateCombatant", (combatant: Combatant.Implementation, changes: unknown) => {
    if (typeof changes === "object" && changes !== null) moveHiddenRecords(combatant, changes as Changes);
  });
}
