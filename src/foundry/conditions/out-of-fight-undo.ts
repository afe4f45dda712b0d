/**
 * DEF-1 (issue 19 item 8): an undo or a redo that takes a creature out of the fight or brings it back takes the
 * statuses that put it out (engine `outOfFightStatuses`: unconscious outside count, core's defeated status)
 * with it, so the token shows what the engine holds. The step that ended an unconscious creature's turn
 * (`defeat`, from the unconscious status: status-sync.ts) is undone: the turn comes back and the unconscious
 * status comes off; redone: it goes back on. Count keeps unconscious in its own state (CNT-14), so its undo
 * already clears it (apply-conditions.ts); here count follows core's defeated status only.
 *
 * What an undo took off is remembered by the active GM's page for the redo (per page: page-key.ts); a GM who
 * reloads between the two redoes the defeat without the status (the flag is then drawn: the engine holds the
 * creature out). The writes are Tempo's own (status-sync.ts does not answer them), made before the step's
 * Combatant mirror so core's flag follows the statuses (write-step.ts).
 */
import { outOfFightStatuses, type AnyRulesetHost } from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { TEMPO_MIRROR } from "../combat/tempo-write.ts";
import { pageKey } from "../page-key.ts";
import { effectsCarrying, shownStatuses, statusEffectData } from "./status-effect-data.ts";

/** What an undo took off, by page, combat and combatant. */
const takenOff = new Map<string, readonly string[]>();

/** Puts the out-of-fight statuses back or takes them off for the creatures an undo or a redo moves. */
export async function followOutOfFightUndo(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
  events: readonly { readonly type: string }[],
): Promise<void> {
  if (!isActiveGm() || before === null || !events.some((e) => e.type === "undone" || e.type === "redone")) return;
  const statuses = outOfFightStatuses(host.id);
  const mark = { [TEMPO_MIRROR]: true } as never;
  for (const combatant of combat.combatants.contents) {
    const id = combatant.id;
    const actor = combatant.actor;
    if (id === null || actor === null) continue;
    const was = host.defeated(before, id);
    const now = host.defeated(after, id);
    if (was === now) continue;
    const key = `${pageKey(combat.id ?? "")}/${id}`;
    if (!now) {
      const shown = shownStatuses(actor);
      takenOff.set(
        key,
        statuses.filter((s) => shown.has(s)),
      );
      const ids = effectsCarrying(actor, statuses);
      if (ids.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", ids, mark);
      continue;
    }
    const shown = shownStatuses(actor);
    const back = (takenOff.get(key) ?? []).filter((s) => !shown.has(s));
    takenOff.delete(key);
    const data = back.map(statusEffectData).filter((d) => d !== null);
    if (data.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", data, mark);
  }
}
