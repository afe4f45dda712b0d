/**
 * v14's ActiveEffect expiry, as the runtime model plays it (issue 20 item 1). v13 has none of it.
 *
 * Public sources:
 * - `CONFIG.ActiveEffect.expiryAction: "update" | "delete" | null`, "the action taken by the
 *   ActiveEffectRegistry upon an ActiveEffect's expiration. An update action will set the value of
 *   ActiveEffectDuration#expired"; `CONFIG.ActiveEffect.expiryEvents: Record<string, string>`, "additional
 *   expiry events registered by packages, with the key of each entry being an identifier and the [value a
 *   label]" (https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html).
 * - `CONST.ACTIVE_EFFECT_EXPIRY_EVENTS` = combatStart, roundStart, turnStart, combatEnd, roundEnd, turnEnd:
 *   "other events can be defined by systems and modules, with their handling also left to them"
 *   (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html).
 * - `ActiveEffect.registry.refresh(event, {actors?, combat?})`: "Refresh the durations of registered
 *   ActiveEffects and perform the configured action for expired effects"; `actors` limits the refresh to
 *   those actors' effects (https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html).
 *   Systems pass their own keys in the context and read them back in `isExpiryEvent` (dnd4e's
 *   ActiveEffect4e reads `context.effect` and `context.actor`; Crucible's reads `context.combat`).
 * - `duration.expiry`: "expiration occurs when both the end of the duration and the expiry event are
 *   reached"; `value` null "being initialized to Infinity"
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.EffectDurationData.html).
 * - `ActiveEffect#isExpiryEvent(event, context)`: "whether the ActiveEffect's expiry event was reached.
 *   This check is independent of whether the duration was also reached" (dnd4e's and Crucible's
 *   overrides: foundryvtt/crucible module/documents/active-effect.mjs).
 *
 * Modelling choices (not claims about core): the core `isExpiryEvent` answers `event === duration.expiry`
 * (dnd4e's override returns false for any other event before asking core); the end of the duration is
 * read linearly, as core's own turn walk is (foundryvtt/foundryvtt #13983): time units by the world
 * time since `start.time`, rounds by the rounds since `start.round`, turns by the combat's turn index,
 * and a null value is no end (the effect expires at its event); without `actors`, the world actors'
 * effects are refreshed.
 */
import { currentClient } from "./context.ts";
import { isObj, type Obj } from "./diff.ts";

export const ACTIVE_EFFECT_EXPIRY_EVENTS = [
  "combatStart",
  "roundStart",
  "turnStart",
  "combatEnd",
  "roundEnd",
  "turnEnd",
] as const;

const SECONDS_PER: Readonly<Record<string, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

/** `CONFIG.ActiveEffect` before the system's `init` (v14: the expiry settings; v13: the class only). */
export function activeEffectConfig(documentClass: unknown, generation: number): Obj {
  if (generation < 14) return { documentClass, dataModels: {} };
  return { documentClass, dataModels: {}, expiryAction: "update", expiryEvents: {} };
}

interface EffectLike {
  readonly id: string | null;
  readonly duration: Obj;
  readonly start?: Obj;
  isExpiryEvent(event: string, context: Obj): boolean;
}

interface CombatLike {
  readonly round: number;
  readonly turn: number | null;
}

interface ActorLike {
  readonly effects: Iterable<EffectLike>;
  updateEmbeddedDocuments(name: string, updates: Obj[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
}

const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** Whether the effect's duration has ended, read linearly (see the file comment). */
function durationReached(effect: EffectLike, combat: CombatLike | undefined, worldTime: number): boolean {
  const value = num(effect.duration.value);
  if (value === null) return true;
  const start = effect.start ?? {};
  const units = String(effect.duration.units);
  const factor = SECONDS_PER[units];
  if (factor !== undefined) return worldTime - (num(start.time) ?? worldTime) >= value * factor;
  if (combat === undefined) return false;
  if (units === "rounds") return combat.round - (num(start.round) ?? combat.round) >= value;
  if (units === "turns") return (combat.turn ?? 0) - (num(start.turn) ?? 0) >= value;
  return false;
}

/** `ActiveEffect.registry` (v14): `refresh(event, context)` on the calling client (see the file comment). */
export const activeEffectRegistry = {
  async refresh(event: string, context: Obj = {}): Promise<void> {
    const client = currentClient() as unknown as {
      CONFIG: { ActiveEffect?: { expiryAction?: unknown } };
      game: { actors: Iterable<ActorLike>; time: { worldTime: number } };
    };
    const only = context.actors instanceof Set ? (context.actors as Set<unknown>) : null;
    const combat = isObj(context.combat) ? (context.combat as unknown as CombatLike) : undefined;
    const action = client.CONFIG.ActiveEffect?.expiryAction ?? null;
    const actors = only === null ? client.game.actors : ([...only] as ActorLike[]);
    for (const actor of actors) {
      const expired: string[] = [];
      for (const effect of actor.effects) {
        if (effect.id === null || effect.duration.expired === true) continue;
        if (effect.isExpiryEvent(event, context) && durationReached(effect, combat, client.game.time.worldTime))
          expired.push(effect.id);
      }
      if (expired.length === 0 || action === null) continue;
      if (action === "delete") await actor.deleteEmbeddedDocuments("ActiveEffect", expired);
      else
        await actor.updateEmbeddedDocuments(
          "ActiveEffect",
          expired.map((_id) => ({ _id, duration: { expired: true } })),
        );
    }
  },
};
