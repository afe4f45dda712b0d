/**
 * DUR-1, TIME-1: every engine step also moves the combat's effect timers. The ledger (engine:
 * duration-ledger.ts) lives in `Combat.system.durations`, so its change rides in the step's own Combat
 * update: no write of its own, GM-only like the engine state, kept when a combatant leaves, and undone
 * and redone with the step. The effects that expire (or that an undo brings back) join the step's
 * events as `effectExpired` / `effectRestored`: every client fires their `tempo.*` hooks and the
 * active GM switches the effects off or on (effect-expiry.ts).
 *
 * Effects already on the creatures when the combat starts, or on a creature that joins a running
 * combat, start being timed in that step; effects made during the combat are added as they are made
 * (effect-tracking.ts). An effect that was deleted is dropped at the next step.
 */
import {
  diffStored,
  eventString,
  readDurationLedger,
  stepDurationLedger,
  storeDurationLedger,
  type AnyRulesetHost,
  type CombatStep,
  type DurationLedger,
  type StoredObject,
  type TrackedEffect,
} from "../../engine/index.ts";
import type { TempoCombatModel } from "../data/combat/combat-model.ts";
import { showNotice } from "../notice.ts";
import { combatantActors, trackedEffectOf, type TimingContext } from "./effect-timing.ts";
import { tempoModelOf } from "./tempo-model.ts";

/** The stored ledger as an object (a malformed one is replaced as a whole by the next write). */
export function storedLedger(model: TempoCombatModel): StoredObject {
  const raw: unknown = model.durations;
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as StoredObject) : {};
}

export function timingContext(model: TempoCombatModel, round: number): TimingContext {
  return {
    ruleset: model.ruleset,
    untimedRoundSeconds: model.options.roundSeconds,
    round,
    worldTime: game.time.worldTime,
  };
}

/** Records for the timed effects on these combatants' actors that the ledger does not hold yet. */
export function effectsToTrack(
  combat: Combat.Implementation,
  bearers: readonly Combatant.Implementation[],
  ledger: DurationLedger,
  context: TimingContext,
): TrackedEffect[] {
  const out: TrackedEffect[] = [];
  if (bearers.length === 0) return out; // issue 17: a turn step reads no actor
  const combatants = combatantActors(combat);
  const seen = new Set<string>();
  for (const bearer of bearers) {
    const actor = bearer.actor;
    if (bearer.id === null || actor === null || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid); // a creature with two combatants is timed once, on the first
    for (const effect of actor.effects) {
      const tracked = trackedEffectOf(effect, bearer.id, combatants, context);
      if (!tracked.ok) showNotice(tracked.error);
      else if (tracked.value !== null && !Object.hasOwn(ledger.effects, tracked.value.id)) out.push(tracked.value);
    }
  }
  return out;
}

/** Keys of records whose bearer or effect is no longer there. */
function goneKeys(combat: Combat.Implementation, ledger: DurationLedger): string[] {
  return Object.values(ledger.effects)
    .filter((e) => combat.combatants.get(e.bearerId)?.actor?.effects.get(e.effectId) === undefined)
    .map((e) => e.id);
}

/** The combatants whose effects start being timed in this step: everyone at the start, then joiners. */
function newBearers(combat: Combat.Implementation, step: CombatStep, starts: boolean): Combatant.Implementation[] {
  if (starts) return combat.combatants.contents;
  const joined = new Set(
    step.events.filter((e) => e.type === "combatantJoined").map((e) => eventString(e, "combatantId")),
  );
  if (joined.size === 0) return []; // issue 17: a turn step looks at no combatant
  return combat.combatants.filter((c) => c.id !== null && joined.has(c.id));
}

/** The step with the ledger's change added to its Combat update and the effects' events to its events. */
export function withDurations(combat: Combat.Implementation, host: AnyRulesetHost, step: CombatStep): CombatStep {
  const model = tempoModelOf(combat);
  if (model === null) return step;
  const stored = storedLedger(model);
  const ledger = readDurationLedger(stored);
  const started = host.started(step.state);
  const round = host.round(step.state);
  const starts = started && (model.state === null || !host.started(model.state));
  const adds = started
    ? effectsToTrack(combat, newBearers(combat, step, starts), ledger, timingContext(model, round))
    : [];
  const moved = stepDurationLedger(ledger, {
    events: step.events,
    before: model.keptHistory,
    after: step.stored.history,
    started,
    round,
    adds,
    gone: goneKeys(combat, ledger),
  });
  const diff = diffStored(stored, storeDurationLedger(moved.ledger));
  if (diff === null && moved.events.length === 0) return step;
  return {
    ...step,
    update: diff === null ? step.update : { ...(step.update ?? {}), durations: diff },
    events: [...step.events, ...moved.events],
  };
}
