/**
 * Issue 20 item 2: every engine step also moves the combat's turn-event ledger (engine:
 * turn-event-ledger.ts), kept in `Combat.system.turnLog` and written in the step's own Combat update,
 * as the effect timers are (step-durations.ts). Its events come back with the turns core was told of
 * before an undo marked `repeat`, which the active GM's dispatch does not tell core again
 * (documents/combat.ts, engine turn-event-plan.ts): on v13 and v14 alike, since core's own walk
 * (`_manageTurnEvents`) is not run for a Tempo combat and is linear on both (foundryvtt/foundryvtt
 * #13983, open; Draw Steel 1.0 combat.mjs overrides it the same way).
 */
import {
  diffStored,
  readTurnEventLedger,
  stepTurnEventLedger,
  storeTurnEventLedger,
  type AnyRulesetHost,
  type CombatStep,
  type StoredObject,
  type TurnEventLedger,
} from "../../engine/index.ts";
import { cachedState } from "./state-cache.ts";
import { tempoModelOf } from "./tempo-model.ts";

/** The stored ledger as an object (a malformed one is replaced as a whole by the next write). */
function storedTurnLog(raw: unknown): StoredObject {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as StoredObject) : {};
}

/**
 * The step with the ledger's change added to its Combat update and its repeated turn events marked, and
 * the ledger it stores (`turnLog`: state-cache.ts keeps it with the step this client writes).
 */
export function withTurnLog(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  step: CombatStep,
): CombatStep & { readonly turnLog?: TurnEventLedger } {
  const model = tempoModelOf(combat);
  if (model === null) return step;
  // Issue 17: after this client's own write, the ledger it wrote (what the document holds) is not read again.
  const written = cachedState(combat.id, model.seq)?.turnLog;
  const stored = written === undefined ? storedTurnLog(model.turnLog) : storeTurnEventLedger(written);
  const moved = stepTurnEventLedger(written ?? readTurnEventLedger(stored), {
    events: step.events,
    before: model.keptHistory,
    after: step.stored.history,
    round: host.round(step.state),
  });
  const diff = diffStored(stored, storeTurnEventLedger(moved.ledger));
  if (diff === null && moved.events === step.events) return { ...step, turnLog: written ?? moved.ledger };
  return {
    ...step,
    update: diff === null ? step.update : { ...(step.update ?? {}), turnLog: diff },
    events: moved.events,
    turnLog: moved.ledger,
  };
}
