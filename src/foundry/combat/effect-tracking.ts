/**
 * DUR-1: an ActiveEffect made on a creature of a running Tempo combat starts being timed at once. Core
 * fires `createActiveEffect` on every client; the active GM alone records the effect in the combat's
 * ledger, one small Combat update (the record under its key). Like any write the GM makes outside a
 * step, undo does not take it back.
 *
 * The combat is the running Tempo combat that holds the bearer: the one the effect names as the combat
 * it started in (v13 `duration.combat`, v14 `start.combat`: compat/effect-duration.ts), else the first.
 */
import { diffStored, readDurationLedger, storeDurationLedger, trackEffects } from "../../engine/index.ts";
import { isActiveGm } from "./active-gm.ts";
import { showNotice } from "../notice.ts";
import { combatantActors, trackedEffectOf, type EffectLike } from "./effect-timing.ts";
import { storedLedger, timingContext } from "./step-durations.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { inWriterQueue } from "./writer-queue.ts";
import { foundryUpdate } from "../compat/deletion.ts";
import { effectStart } from "../compat/effect-duration.ts";

interface CreatedEffect {
  readonly id: string | null;
  readonly parent: unknown;
}

/** The running Tempo combats holding a combatant of `actorUuid`, the one the effect names first. */
function combatsOf(actorUuid: string, named: string | null | undefined): Combat.Implementation[] {
  const combats = game.combats.contents as Combat.Implementation[];
  const running = combats.filter((combat) => {
    const model = tempoModelOf(combat);
    if (model === null || model.state === null || !model.host.started(model.state)) return false;
    return combat.combatants.contents.some((c) => c.actor?.uuid === actorUuid);
  });
  return running.sort((a, b) => Number(b.id === named) - Number(a.id === named));
}

/** The combat that times a new effect, if any. */
function combatOfEffect(effect: CreatedEffect): Combat.Implementation | undefined {
  const actor = effect.parent as Actor.Implementation | null;
  if (actor === null || (actor as { documentName?: unknown }).documentName !== "Actor" || effect.id === null)
    return undefined;
  return combatsOf(actor.uuid, effectStart(effect).combat)[0];
}

/** Records a new effect in the combat that times it (active GM only). */
export async function trackCreatedEffect(effect: CreatedEffect): Promise<void> {
  const actor = effect.parent as Actor.Implementation | null;
  if (actor === null) return;
  const combat = combatOfEffect(effect);
  const model = tempoModelOf(combat);
  if (combat === undefined || model === null || model.state === null) return;
  const bearer = combat.combatants.contents.find((c) => c.actor?.uuid === actor.uuid);
  if (bearer === undefined) return;
  const stored = storedLedger(model);
  const ledger = readDurationLedger(stored);
  const context = timingContext(model, model.host.round(model.state));
  const tracked = trackedEffectOf(effect as unknown as EffectLike, bearer.id ?? "", combatantActors(combat), context);
  if (!tracked.ok) return showNotice(tracked.error);
  if (tracked.value === null) return;
  const diff = diffStored(stored, storeDurationLedger(trackEffects(ledger, [tracked.value])));
  if (diff !== null)
    await combat.update(foundryUpdate({ system: { durations: diff, seq: model.seq + 1 } }) as Combat.UpdateData);
}

export function registerEffectTracking(): void {
  Hooks.on("createActiveEffect", (effect) => {
    if (!isActiveGm()) return;
    const combat = combatOfEffect(effect as unknown as CreatedEffect);
    // Issue 17: through the combat's writer queue, read on the state it will write over.
    if (combat !== undefined) void inWriterQueue(combat, () => trackCreatedEffect(effect as unknown as CreatedEffect));
  });
}
