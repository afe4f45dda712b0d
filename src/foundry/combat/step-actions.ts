/**
 * STD-6: each combatant's action tracker kept on `Combatant.system.actions` (combatant-model.ts). Every
 * engine step moves the records through the engine's bookkeeping (engine/host/economy-records.ts:
 * the step's events, or the history's undo and redo) before the step is written; the changed records
 * ride in the step's one batched Combatant update (write-step.ts), so a step writes no more documents
 * than before, and undo takes the trackers back in the same one step.
 *
 * Issue 18 item 3: an NPC's record is the GM's secret: the active GM keeps it in its browser
 * (secret-actions.ts) instead of on the document, and reads it from there.
 */

/** The record a step reads for `c`: the GM's kept one for an NPC, else the document's. */
function actionsOf(c: Combatant.Implementation): unknown {
  return keptActionsOf(c) ?? storedActionsOf(c);
}
import {
  actionRecordUpdate,
  forgetRecord,
  readActionRecord,
  rulesetBookOf,
  type AnyRulesetHost,
  type CombatStep,
  type StoredUpdate,
} from "../../engine/index.ts";
import { storedActionsOf } from "../data/combatant/combatant-model.ts";
import { keepsActions, keptActionsOf } from "./secret-actions.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { storeMemoOf } from "./state-cache.ts";
import { rosterEpoch } from "./roster-epoch.ts";

/**
 * Each combatant's stored tracker now, by id (what the engine's checks read); undefined when the ruleset
 * keeps none. `only`: just that combatant's (a command's check reads no other; null: none), so a GM's
 * click does not read a thousand records to check one.
 */
export function actionNowsOf(
  combat: Combat.Implementation,
  only?: string | null,
): Readonly<Record<string, unknown>> | undefined {
  const model = tempoModelOf(combat);
  if (model === null || rulesetBookOf(model.ruleset) === null) return undefined;
  const nows: Record<string, unknown> = {};
  if (only !== undefined) {
    const c = only === null ? undefined : combat.combatants.get(only);
    if (c !== undefined && only !== null) nows[only] = readActionRecord(actionsOf(c)).now;
    return nows;
  }
  for (const c of combat.combatants) if (c.id !== null) nows[c.id] = readActionRecord(actionsOf(c)).now;
  return nows;
}

/** What a step does to the trackers: the documents' updates, and the records the GM keeps (NPCs'). */
export interface ActionWrites {
  /** The `system.actions` update of each combatant whose document record changes. */
  readonly updates: ReadonlyMap<string, StoredUpdate>;
  /** The new record of each NPC whose kept record changes (secret-actions.ts). */
  readonly kept: ReadonlyMap<string, unknown>;
}

/**
 * The ids of `order` that name a combatant. Issue 17: the order itself when all do (a step at 1,000
 * creatures no longer copies it, 30 KB a click), as they do but while a roster change is on its way.
 */
function inRoster(order: readonly string[], combatants: Roster): readonly string[] {
  // The same order (a turn step keeps its array) over the same roster is not checked again (roster-epoch.ts).
  const epoch = rosterEpoch();
  const known = checked.get(order);
  if (known !== undefined && known.roster === combatants && known.epoch === epoch && known.size === combatants.size)
    return known.ids;
  const ids = order.every((id) => combatants.has(id)) ? order : order.filter((id) => combatants.has(id));
  checked.set(order, { roster: combatants, epoch, size: combatants.size, ids });
  return ids;
}

interface Roster {
  has(id: string): boolean;
  readonly size: number;
}

/** Issue 17: the ids of each order found in a roster, with the roster's count of changes then. */
const checked = new WeakMap<
  readonly string[],
  { readonly roster: Roster; readonly epoch: number; readonly size: number; readonly ids: readonly string[] }
>();

/** The records this step changes (none where the ruleset keeps none): see `ActionWrites`. */
export function actionUpdates(combat: Combat.Implementation, host: AnyRulesetHost, step: CombatStep): ActionWrites {
  const updates = new Map<string, StoredUpdate>();
  const kept = new Map<string, unknown>();
  const model = tempoModelOf(combat);
  const book = rulesetBookOf(host.id);
  if (model === null || book === null) return { updates, kept };
  // Issue 17: only the records the step may change are read (economy-records.ts `stepStored`, with the
  // index of which records hold which undo steps kept in the combat's memo), and what a record holds is
  // found once per record object (documents/combat.ts forgets a rewritten one). Issue 18: an NPC's record
  // is the one this GM keeps (secret-actions.ts `actionsOf`).
  const combatants = combat.combatants;
  const stored = {
    has: (id: string): boolean => combatants.has(id),
    get: (id: string): unknown => {
      const c = combatants.get(id);
      return c === undefined ? undefined : actionsOf(c);
    },
  };
  const moved = book.stepStored(
    stored,
    {
      events: step.events,
      before: model.keptHistory,
      after: step.stored.history,
      startedBefore: model.state !== null && host.started(model.state),
      startedAfter: host.started(step.state),
      ids: inRoster(host.order(step.state), combatants),
    },
    storeMemoOf(combat.id),
  );
  for (const id of moved.changed) {
    const record = moved.records[id];
    const c = combatants.get(id);
    if (record !== undefined && c !== undefined && keepsActions(c)) {
      kept.set(id, record);
      continue;
    }
    const update = record === undefined ? null : actionRecordUpdate(stored.get(id), record);
    if (update !== null) updates.set(id, update);
  }
  return { updates, kept };
}

/** Forgets what the steps found of these combatants' action records (they were just written). */
export function forgetActionRecords(
  combat: Combat.Implementation,
  combatants: readonly Combatant.Implementation[],
): void {
  const memo = storeMemoOf(combat.id);
  for (const c of combatants) forgetRecord(memo, actionsOf(c), c.id ?? undefined);
}
