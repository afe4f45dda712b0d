/**
 * STD-6: each combatant's action tracker kept on `Combatant.system.actions` (combatant-model.ts). Every
 * engine step moves the records through the engine's bookkeeping (engine/host/economy-records.ts:
 * the step's events, or the history's undo and redo) before the step is written; the changed records
 * ride in the step's one batched Combatant update (write-step.ts), so a step writes no more documents
 * than before, and undo takes the trackers back in the same one step.
 */
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
import { tempoModelOf } from "./tempo-model.ts";
import { storeMemoOf } from "./state-cache.ts";

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
    if (c !== undefined && only !== null) nows[only] = readActionRecord(storedActionsOf(c)).now;
    return nows;
  }
  for (const c of combat.combatants) if (c.id !== null) nows[c.id] = readActionRecord(storedActionsOf(c)).now;
  return nows;
}

/** The `system.actions` update of each combatant whose record this step changes (none where the ruleset keeps none). */
export function actionUpdates(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  step: CombatStep,
): ReadonlyMap<string, StoredUpdate> {
  const updates = new Map<string, StoredUpdate>();
  const model = tempoModelOf(combat);
  const book = rulesetBookOf(host.id);
  if (model === null || book === null) return updates;
  // Issue 17: only the records the step may change are read (economy-records.ts `stepStored`, with the
  // index of which records hold which undo steps kept in the combat's memo), and what a record holds is
  // found once per record object (documents/combat.ts forgets a rewritten one).
  const combatants = combat.combatants;
  const stored = {
    has: (id: string): boolean => combatants.has(id),
    get: (id: string): unknown => {
      const c = combatants.get(id);
      return c === undefined ? undefined : storedActionsOf(c);
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
      ids: host.order(step.state).filter((id) => combatants.has(id)),
    },
    storeMemoOf(combat.id),
  );
  for (const id of moved.changed) {
    const record = moved.records[id];
    const update = record === undefined ? null : actionRecordUpdate(stored.get(id), record);
    if (update !== null) updates.set(id, update);
  }
  return updates;
}

/** Forgets what the steps found of these combatants' action records (they were just written). */
export function forgetActionRecords(
  combat: Combat.Implementation,
  combatants: readonly Combatant.Implementation[],
): void {
  const memo = storeMemoOf(combat.id);
  for (const c of combatants) forgetRecord(memo, storedActionsOf(c), c.id ?? undefined);
}
