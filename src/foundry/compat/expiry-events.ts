/**
 * Issue 20 item 1: Tempo's own expiry moments as v14 expiry events that core runs. On v13 none of this
 * exists and Tempo switches an expired effect off itself (`disabled`, combat/effect-expiry.ts).
 *
 * v14 (each with its public page):
 * - a package adds its events to `CONFIG.ActiveEffect.expiryEvents` (identifier → label) and triggers them
 *   with `ActiveEffect.registry.refresh(event, {actors, combat})`, which "refresh[es] the durations of
 *   registered ActiveEffects and perform[s] the configured action for expired effects"
 *   (https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html,
 *   https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html); Draw Steel's
 *   duration branch registers `CONFIG.ActiveEffect.expiryEvents.save` and refreshes "respite" for an
 *   actor the same way (MetaMorphic-Digital/draw-steel, branch 1166-duration-customization).
 * - `CONFIG.ActiveEffect.expiryAction` "update" sets `duration.expired` (the effect stays, inactive),
 *   "delete" deletes it; Tempo sets "update", so that an undo can bring an effect back.
 * - `ActiveEffect#isExpiryEvent(event, context)` decides per effect whether the event is its expiry
 *   event, "independent of whether the duration was also reached"; systems override it and read their
 *   own keys of the context (foundryvtt/crucible module/documents/active-effect.mjs for `turnEnd` in a
 *   reordered round; dnd4e's ActiveEffect4e for its `save` and `dayEnd` events). Tempo wraps the
 *   configured class at `init` (so another package's class stays below it) and asks `decide`.
 * - core's own events are `CONST.ACTIVE_EFFECT_EXPIRY_EVENTS` (combatStart … turnEnd), "other events can
 *   be defined by systems and modules, with their handling also left to them"
 *   (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html).
 */
import type { RulesetId } from "../../engine/index.ts";
import { isGenerationAtLeast } from "./generation.ts";

/** Tempo's expiry moment per ruleset: where its timers end an effect (DUR-1, STD-5, TIME-1). */
const EVENT_OF: Readonly<Record<RulesetId, string>> = {
  count: "tempoCountReached",
  segment: "tempoSegmentEnd",
  phase: "tempoPhaseEnd",
  standard: "tempoOriginatorTurn",
  rotation: "tempoOriginatorTurn",
};

/** The registered events and their labels (localization keys, lang/en.json). */
const LABELS: Readonly<Record<string, string>> = {
  tempoCountReached: "TEMPO.EXPIRY.CountReached",
  tempoSegmentEnd: "TEMPO.EXPIRY.SegmentEnd",
  tempoPhaseEnd: "TEMPO.EXPIRY.PhaseEnd",
  tempoOriginatorTurn: "TEMPO.EXPIRY.OriginatorTurn",
};

/** The context key under which Tempo names the effects (by UUID) its timers ended. */
export const TEMPO_EXPIRED_KEY = "tempoExpired";

export const tempoExpiryEventOf = (ruleset: RulesetId): string => EVENT_OF[ruleset];
export const isTempoExpiryEvent = (event: string): boolean => Object.hasOwn(LABELS, event);

/** What Tempo says of an effect and an event: true / false, or null to leave it to core. */
export type ExpiryDecision = (effect: ActiveEffect.Implementation, event: string, context: object) => boolean | null;

interface ExpiringEffect {
  isExpiryEvent(event: string, context?: object): boolean;
  _preCreate(...args: unknown[]): Promise<boolean | undefined>;
  updateSource(changes: object): unknown;
}
type EffectClass = new (...args: never[]) => ExpiringEffect;

/**
 * The `start` keys Tempo sets on a new effect (or null: core's stand). v14 core fills `start` from the
 * combat's current turn (`ActiveEffect.getEffectStart(combat)`, which dnd5e PR #6837 calls in
 * `_preCreate`); in an order that is not linear Crucible sets `start.combatant` to the combatant whose
 * turn counts and `start.turn` to null in its own `_preCreate` (foundryvtt/crucible
 * module/documents/active-effect.mjs), and Tempo does the same with the originator (DUR-1).
 */
export type EffectStartDecision = (effect: ActiveEffect.Implementation) => Record<string, unknown> | null;

const effectConfig = (): FoundryV14.ActiveEffectConfig =>
  (CONFIG as unknown as { ActiveEffect: FoundryV14.ActiveEffectConfig }).ActiveEffect;

/**
 * v14, at `init`: Tempo's events registered, expiry by update, and the effect class asking `decide`
 * (expiry) and `start` (a new effect's start block).
 */
export function registerExpiryEvents(decide: ExpiryDecision, start: EffectStartDecision): void {
  if (!isGenerationAtLeast(14)) return;
  const config = effectConfig();
  Object.assign(config.expiryEvents, LABELS);
  config.expiryAction = "update";
  const Base = config.documentClass as EffectClass;
  config.documentClass = class TempoActiveEffect extends Base {
    override isExpiryEvent(event: string, context: object = {}): boolean {
      return (
        decide(this as unknown as ActiveEffect.Implementation, event, context) ?? super.isExpiryEvent(event, context)
      );
    }

    override async _preCreate(...args: unknown[]): Promise<boolean | undefined> {
      if ((await super._preCreate(...args)) === false) return false;
      const keys = start(this as unknown as ActiveEffect.Implementation);
      if (keys !== null) this.updateSource({ start: keys });
      return undefined;
    }
  };
}

/**
 * v14: core's registry runs `event` for these actors' effects, Tempo naming the effects its timers ended
 * (`expired`, UUIDs); nothing on v13.
 */
export async function refreshExpiry(
  event: string,
  actors: ReadonlySet<Actor.Implementation>,
  combat: Combat.Implementation,
  expired: ReadonlySet<string>,
): Promise<void> {
  if (!isGenerationAtLeast(14)) return;
  const { registry } = (
    foundry as unknown as { documents: { ActiveEffect: { registry: FoundryV14.ActiveEffectRegistry } } }
  ).documents.ActiveEffect;
  await registry.refresh(event, { actors: new Set(actors), combat, [TEMPO_EXPIRED_KEY]: expired });
}

/** Whether an effect is switched off, by the GM (`disabled`) or, on v14, by expiry (`duration.expired`). */
export function isEffectOff(effect: { readonly disabled?: unknown; readonly duration?: unknown }): boolean {
  return effect.disabled === true || isExpiredOff(effect);
}

/** Whether an effect is switched off by expiry: v14 `duration.expired`, v13 `disabled`. */
export function isExpiredOff(effect: { readonly disabled?: unknown; readonly duration?: unknown }): boolean {
  if (!isGenerationAtLeast(14)) return effect.disabled === true;
  return (effect.duration as { expired?: unknown } | undefined)?.expired === true;
}

/**
 * The effect data that switches it off (true) or back on (false) in the running generation's way, with
 * `mark` (Tempo's own flag data) on v13, where `disabled` is also the GM's switch; v14's `expired` is
 * expiry's alone (the GM switches an effect off with `disabled`), so it needs no mark.
 */
export function expiredOffData(off: boolean, mark: Record<string, unknown>): Record<string, unknown> {
  return isGenerationAtLeast(14) ? { duration: { expired: off } } : { disabled: off, ...mark };
}

/** Whether an undo may switch the effect back on: v14 expired; v13 disabled and `marked` by Tempo. */
export function restorable(
  effect: { readonly disabled?: boolean; readonly duration?: unknown },
  marked: boolean,
): boolean {
  return isExpiredOff(effect) && (isGenerationAtLeast(14) || marked);
}
