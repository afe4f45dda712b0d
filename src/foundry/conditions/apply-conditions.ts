/**
 * After each engine step the active GM puts the conditions the step set on the combatants' actors and
 * takes off the ones it cleared (engine: stepConditionChanges, the diff of the states before and after,
 * so an undo clears what the undone step set). Writes per actor: at most one batched ActiveEffect
 * create (the conditions it gets) and one batched delete (the ones it loses) — in practice one, as a
 * step rarely does both to one creature — and none when its token already shows what the engine says.
 *
 * Batching: the effect data is what `ActiveEffect.fromStatusEffect` makes of a status entry (name, img,
 * `statuses: [id]`), created with one `createEmbeddedDocuments("ActiveEffect", list)` per actor, as the
 * chris-premades module's `applyConditions` does for several conditions at once; clearing deletes every
 * effect carrying the status, as core's `toggleStatusEffect(id, { active: false })` does.
 */
import {
  CONDITIONS,
  stepConditionChanges,
  type AnyRulesetHost,
  type ConditionChange,
  type ConditionId,
} from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { TEMPO_MIRROR } from "../combat/tempo-write.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { actorConditions } from "./actor-conditions.ts";
import { conditionIcon } from "./status-effects.ts";

interface ActorChanges {
  readonly set: Set<ConditionId>;
  readonly clear: Set<ConditionId>;
}

/** The effect a condition is on an actor. */
export function conditionEffectData(id: ConditionId): ActiveEffect.CreateData {
  return {
    name: game.i18n.localize(CONDITIONS[id].name),
    img: conditionIcon(id),
    statuses: [id],
    flags: { [SYSTEM_ID]: { condition: id } },
  } as unknown as ActiveEffect.CreateData;
}

function statusesOf(effect: unknown): ReadonlySet<unknown> {
  const statuses: unknown = (effect as { statuses?: unknown }).statuses;
  return statuses instanceof Set ? statuses : new Set(Array.isArray(statuses) ? statuses : []);
}

function byActor(
  combat: Combat.Implementation,
  changes: readonly ConditionChange[],
): Map<Actor.Implementation, ActorChanges> {
  const out = new Map<Actor.Implementation, ActorChanges>();
  for (const change of changes) {
    const actor = combat.combatants.get(change.combatantId)?.actor ?? null;
    if (actor === null) continue;
    const entry = out.get(actor) ?? { set: new Set<ConditionId>(), clear: new Set<ConditionId>() };
    // Two combatants of one creature: a condition one of them gets stays on.
    if (change.active) {
      entry.set.add(change.condition);
      entry.clear.delete(change.condition);
    } else if (!entry.set.has(change.condition)) entry.clear.add(change.condition);
    out.set(actor, entry);
  }
  return out;
}

/** Applies condition changes to the combatants' actors (see the file comment for the writes). */
export async function applyConditionChanges(
  combat: Combat.Implementation,
  changes: readonly ConditionChange[],
): Promise<void> {
  for (const [actor, { set, clear }] of byActor(combat, changes)) {
    const shown = actorConditions(actor);
    const create = [...set].filter((id) => !shown.has(id)).map(conditionEffectData);
    const remove = actor.effects.contents
      .filter((effect) => [...clear].some((id) => statusesOf(effect).has(id)))
      .map((effect) => effect.id)
      .filter((id): id is string => id !== null);
    // Marked as Tempo's own: the engine holds these already, so status-sync.ts does not answer them.
    const mark = { [TEMPO_MIRROR]: true } as never;
    if (remove.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", remove, mark);
    if (create.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", create, mark);
  }
}

/**
 * The conditions of one written step, from the state before it to the state after, with `extra` ones
 * the command decided (concentration-status.ts), in the same writes (active GM only).
 */
export async function applyStepConditions(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
  extra: readonly ConditionChange[] = [],
): Promise<void> {
  if (!isActiveGm()) return;
  const changes = [...stepConditionChanges(host, before, after), ...extra];
  if (changes.length > 0) await applyConditionChanges(combat, changes);
}
