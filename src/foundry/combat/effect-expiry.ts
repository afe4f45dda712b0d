/**
 * DUR-1: the active GM switches timed effects off when they expire and back on when an undo goes back
 * before their expiry, with ONE ActiveEffect update per actor per step.
 *
 * An expired effect is switched off, not deleted: the modules that expire effects (Times Up, "Automated
 * Effect Expiration") delete or disable, and only an effect kept can come back when the GM undoes the
 * step, so undo never loses an effect the GM did not delete. It stays on the actor's sheet, inactive,
 * for the GM to delete or switch on. "Off" is the running generation's (compat/expiry-events.ts):
 * - v13: `disabled: true`, marked `flags.tempo.expired`: an undo switches back on only effects Tempo
 *   itself switched off; one the GM disabled is left as it is, and so is one already off when it expired;
 * - v14 (issue 20 item 1): `duration.expired: true`, written by core's registry when Tempo fires its
 *   expiry event for the combat's ruleset (`expiryAction` "update"), and by Tempo for an effect core did
 *   not end (core also checks the end of the duration, in its own linear reading). `expired` is
 *   expiry's alone (the GM's switch is `disabled`), so an undo sets it back to false.
 */
import { eventString, type HostEvent } from "../../engine/index.ts";
import { deletionOf } from "../compat/deletion.ts";
import {
  expiredOffData,
  isExpiredOff,
  refreshExpiry,
  restorable,
  tempoExpiryEventOf,
} from "../compat/expiry-events.ts";
import { tempoModelOf } from "./tempo-model.ts";

type EffectUpdate = Record<string, unknown> & { readonly _id: string };

/** Whether Tempo switched this effect off (its `flags.tempo.expired` mark). */
export function expiredByTempo(effect: { readonly flags: unknown }): boolean {
  const flags = effect.flags as { readonly tempo?: { readonly expired?: unknown } } | null | undefined;
  return flags?.tempo?.expired === true;
}

interface Found {
  readonly actor: Actor.Implementation;
  readonly effect: ActiveEffect.Implementation;
}

function effectOf(combat: Combat.Implementation, event: HostEvent): Found | null {
  const combatantId = eventString(event, "combatantId");
  const effectId = eventString(event, "effectId");
  const actor = combatantId === null ? null : (combat.combatants.get(combatantId)?.actor ?? null);
  const effect = effectId === null || actor === null ? undefined : actor.effects.get(effectId);
  return actor === null || effect === undefined ? null : { actor, effect };
}

function push(byActor: Map<Actor.Implementation, EffectUpdate[]>, actor: Actor.Implementation, update: EffectUpdate) {
  const list = byActor.get(actor) ?? [];
  list.push(update);
  byActor.set(actor, list);
}

/** Applies a step's `effectExpired` / `effectRestored` events: at most one update per actor after core's. */
export async function applyEffectTiming(combat: Combat.Implementation, events: readonly HostEvent[]): Promise<void> {
  const expiring: Found[] = [];
  const byActor = new Map<Actor.Implementation, EffectUpdate[]>();
  for (const event of events) {
    const found = event.type === "effectExpired" || event.type === "effectRestored" ? effectOf(combat, event) : null;
    if (found === null || found.effect.id === null) continue;
    if (event.type === "effectExpired" && !isExpiredOff(found.effect)) expiring.push(found);
    else if (event.type === "effectRestored" && restorable(found.effect, expiredByTempo(found.effect)))
      push(byActor, found.actor, {
        _id: found.effect.id,
        ...expiredOffData(false, { flags: { tempo: deletionOf("expired") } }),
      });
  }
  const model = tempoModelOf(combat);
  if (expiring.length > 0 && model !== null) {
    const uuids = new Set(expiring.map((f) => f.effect.uuid));
    await refreshExpiry(tempoExpiryEventOf(model.ruleset), new Set(expiring.map((f) => f.actor)), combat, uuids);
  }
  for (const { actor, effect } of expiring) {
    if (!isExpiredOff(effect))
      push(byActor, actor, { _id: effect.id ?? "", ...expiredOffData(true, { flags: { tempo: { expired: true } } }) });
  }
  for (const [actor, updates] of byActor) {
    // `flags.tempo` is Tempo's own flag scope, which the document types do not list.
    await actor.updateEmbeddedDocuments("ActiveEffect", updates as unknown as ActiveEffect.UpdateData[]);
  }
}
