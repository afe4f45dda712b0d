/**
 * Any registered status (ours or core's, such as the defeated `dead`) as the ActiveEffect data that
 * puts it on an actor: what `ActiveEffect.fromStatusEffect` makes of a `CONFIG.statusEffects` entry
 * (localized name, img, `statuses: [id]`), built here so several go in ONE
 * `createEmbeddedDocuments` call per actor (apply-conditions.ts says which module batches them so).
 * The engine names core's defeated status `dead`; the world may configure another id
 * (`CONFIG.specialStatusEffects.DEFEATED`, which dnd5e and pf2e read the same way).
 */
import { DEFEATED_STATUS } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

interface StatusEntry {
  readonly id: string;
  readonly name?: unknown;
  readonly img?: unknown;
}

/** The world's defeated status id. */
function defeatedId(): string {
  const special: unknown = (CONFIG as { specialStatusEffects?: unknown }).specialStatusEffects;
  const id: unknown = typeof special === "object" && special !== null ? Reflect.get(special, "DEFEATED") : undefined;
  return typeof id === "string" && id !== "" ? id : DEFEATED_STATUS;
}

/** A token's status id in the engine's name. */
export function engineStatusId(id: string): string {
  return id === defeatedId() ? DEFEATED_STATUS : id;
}

/** An engine status name as the world's status id. */
export function worldStatusId(id: string): string {
  return id === DEFEATED_STATUS ? defeatedId() : id;
}

/** The statuses an actor shows, in the engine's names. */
export function shownStatuses(actor: { readonly statuses?: unknown }): ReadonlySet<string> {
  const statuses = actor.statuses;
  const list = statuses instanceof Set || Array.isArray(statuses) ? [...(statuses as Iterable<unknown>)] : [];
  return new Set(list.map((s) => engineStatusId(String(s))));
}

/** The effect that puts an engine-named status on an actor, or null when no status entry has its id. */
export function statusEffectData(engineId: string): ActiveEffect.CreateData | null {
  const id = worldStatusId(engineId);
  const entries = CONFIG.statusEffects as unknown as readonly StatusEntry[];
  const entry = entries.find((s) => s.id === id);
  if (entry === undefined) return null;
  const name = typeof entry.name === "string" ? game.i18n.localize(entry.name) : id;
  const img = typeof entry.img === "string" ? entry.img : null;
  return {
    name,
    img,
    statuses: [id],
    flags: { [SYSTEM_ID]: { status: engineId } },
  } as unknown as ActiveEffect.CreateData;
}

/** Effect ids on the actor carrying any of these engine-named statuses. */
export function effectsCarrying(actor: Actor.Implementation, engineIds: readonly string[]): string[] {
  const ids = new Set(engineIds.map(worldStatusId));
  return actor.effects.contents
    .filter((effect) => [...(effect.statuses as Iterable<string>)].some((s) => ids.has(s)))
    .map((effect) => effect.id)
    .filter((id): id is string => id !== null);
}
