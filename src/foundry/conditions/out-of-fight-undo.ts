/**
 * DEF-1 (issue 19 item 8): an undo or a redo that takes a creature out of the fight or brings it back takes the
 * statuses that put it out (engine `outOfFightStatuses`: unconscious outside count, core's defeated status)
 * with it, so the token shows what the engine holds: undoing the step that ended an unconscious creature's
 * turn takes unconscious off, its redo puts it back; undoing a revive puts back what the creature showed before
 * it, its redo takes it off again. Count keeps unconscious in its own state (CNT-14), so its undo already puts
 * it back or clears it (apply-conditions.ts); here count follows core's defeated status only.
 *
 * The engine decides (host/out-of-fight-memory.ts, with its ruling); what it remembers per history step rides
 * in the step's own Combat update at `flags.tempo.outOfFight.<step>.<combatantId>`, so a GM who reloads between
 * an undo and its redo (or another GM who takes over) finds it there, and a click stays one Combat write. Only
 * the creatures the step named are read. The status writes are Tempo's own (status-sync.ts does not answer
 * them), made after the Combat update and before the step's Combatant mirror, so core's flag follows them
 * (write-step.ts).
 */
import {
  outOfFightPlan,
  type AnyRulesetHost,
  type CombatStep,
  type OutOfFightMemory,
  type OutOfFightPlan,
} from "../../engine/index.ts";
import { TEMPO_MIRROR } from "../combat/tempo-write.ts";
import { combatFlagEntries } from "../combat/turn-moves-record.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { effectsCarrying, shownStatuses, statusEffectData } from "./status-effect-data.ts";

export const OUT_OF_FIGHT_FLAG = "outOfFight";

/** The memory as stored on the combat (entries that are not lists of status names are left out). */
function memoryOf(combat: Combat.Implementation): OutOfFightMemory {
  const out: Record<string, Record<string, readonly string[]>> = {};
  for (const [step, entry] of Object.entries(combatFlagEntries(combat, OUT_OF_FIGHT_FLAG))) {
    if (typeof entry !== "object" || entry === null) continue;
    const lists: Record<string, readonly string[]> = {};
    for (const [id, list] of Object.entries(entry as Record<string, unknown>))
      if (Array.isArray(list)) lists[id] = list.filter((s): s is string => typeof s === "string");
    out[step] = lists;
  }
  return out;
}

/** What the step does to the out-of-fight statuses (read before its Combat update is written). */
export function outOfFightStepPlan(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  before: unknown,
  step: CombatStep,
): OutOfFightPlan {
  return outOfFightPlan(host.id, step.events, step.stored.history, memoryOf(combat), (id) => {
    const combatant = combat.combatants.get(id);
    const actor = combatant?.actor ?? null;
    if (combatant === undefined || actor === null || before === null) return null;
    return {
      outBefore: host.defeated(before, id),
      outAfter: host.defeated(step.state, id),
      shown: shownStatuses(actor),
      flagBefore: combatant.defeated,
    };
  });
}

/** The step's `flags` with the memory's update in them (only when it changes). */
export function withOutOfFightMemory(flags: object | null, plan: OutOfFightPlan): object | null {
  if (plan.update === null) return flags;
  const tempo = ((flags as Record<string, Record<string, object>> | null)?.[SYSTEM_ID] ?? {}) as Record<string, object>;
  return { [SYSTEM_ID]: { ...tempo, [OUT_OF_FIGHT_FLAG]: plan.update } };
}

/** Puts on and takes off the statuses the plan says, one write per actor and direction (active GM). */
export async function followOutOfFightUndo(combat: Combat.Implementation, plan: OutOfFightPlan): Promise<void> {
  const mark = { [TEMPO_MIRROR]: true } as never;
  for (const [id, statuses] of plan.takeOff) {
    const actor = combat.combatants.get(id)?.actor ?? null;
    const ids = actor === null ? [] : effectsCarrying(actor, statuses);
    if (actor !== null && ids.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", ids, mark);
  }
  for (const [id, statuses] of plan.put) {
    const actor = combat.combatants.get(id)?.actor ?? null;
    const data = statuses.map(statusEffectData).filter((d) => d !== null);
    if (actor !== null && data.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", data, mark);
  }
}
