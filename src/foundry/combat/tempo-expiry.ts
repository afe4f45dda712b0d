/**
 * Issue 20 item 1 (v14): what Tempo answers when core asks whether an event is an effect's expiry event
 * (compat/expiry-events.ts wraps core's `isExpiryEvent` with it).
 *
 * - Tempo's own events (a count reached, a segment or phase ending, the originator's turn): true for
 *   the effects its timers ended in that step (named in the refresh's context), false for any other.
 * - Core's events (turnStart, turnEnd, roundStart, …, and any other a module fires) for an effect a
 *   running Tempo combat times: false. Core reads the order linearly (foundryvtt/foundryvtt #13983) and
 *   would end the effect on the wrong turn in a reordered round; Tempo's ledger ends it (DUR-1).
 * - Anything else (an effect no Tempo combat times): null, core decides.
 *
 * A new effect on a creature of a running Tempo combat starts at its originator's turn, the one that
 * counts (DUR-1): `start.combatant` the originator (the bearer without one), `start.turn` null, since the
 * turn index means nothing in an order that is not linear (compat/expiry-events.ts).
 */
import { ledgerKey, readDurationLedger } from "../../engine/index.ts";
import { isTempoExpiryEvent, TEMPO_EXPIRED_KEY } from "../compat/expiry-events.ts";
import { storedLedger } from "./step-durations.ts";
import { combatantActors, originatorOf } from "./effect-timing.ts";
import { tempoModelOf } from "./tempo-model.ts";

/** Whether a running Tempo combat's ledger times this effect (on the creature bearing it). */
function timedByTempo(effect: ActiveEffect.Implementation): boolean {
  const actor = effect.parent as unknown as { documentName?: unknown; uuid?: unknown } | null;
  if (actor?.documentName !== "Actor" || effect.id === null) return false;
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    const model = tempoModelOf(combat);
    if (model === null) continue;
    const ledger = readDurationLedger(storedLedger(model));
    for (const combatant of combat.combatants) {
      if (combatant.id === null || combatant.actor?.uuid !== actor.uuid) continue;
      if (Object.hasOwn(ledger.effects, ledgerKey(combatant.id, effect.id))) return true;
    }
  }
  return false;
}

export function decideExpiry(effect: ActiveEffect.Implementation, event: string, context: object): boolean | null {
  if (isTempoExpiryEvent(event)) {
    const expired = (context as Record<string, unknown>)[TEMPO_EXPIRED_KEY];
    return expired instanceof Set && expired.has(effect.uuid);
  }
  return timedByTempo(effect) ? false : null;
}

/** v14: the `start` keys of a new effect on a creature of a running Tempo combat, or null. */
export function tempoEffectStart(effect: ActiveEffect.Implementation): Record<string, unknown> | null {
  const actor = effect.parent as unknown as { documentName?: unknown; uuid?: unknown } | null;
  if (actor?.documentName !== "Actor") return null;
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    const model = tempoModelOf(combat);
    if (model === null || model.state === null || !model.host.started(model.state)) continue;
    const bearer = combat.combatants.find((c) => c.actor?.uuid === actor.uuid);
    if (bearer?.id == null) continue;
    const combatant = originatorOf(effect.origin, combatantActors(combat)) ?? bearer.id;
    return { combat: combat.id, combatant, turn: null };
  }
  return null;
}
