/**
 * Issue 17: core's Combatant fields kept as the engine says (the defeated flag, a stored initiative put
 * back to null) in one batched Combatant update per step, with the step's groups, action trackers and
 * declared uses (write-step.ts).
 */
import { defeatedFlag, type AnyRulesetHost, type StoredUpdate } from "../../engine/index.ts";
import { keepUses, keepsUses } from "./secret-uses.ts";
import { sealedUseRecord } from "./sealed-use-targets.ts";
import { TEMPO_GROUPS_OPTION, TEMPO_MIRROR } from "./tempo-write.ts";
import { shownStatuses } from "../conditions/status-effect-data.ts";
import type { DeclaredUseWrites } from "./declared-uses.ts";
import { foundryUpdate } from "../compat/deletion.ts";

/** One combatant's part of the batched update (a type, so it passes as a plain record). */
export type MirrorChange = {
  readonly _id: string;
  readonly initiative?: null;
  readonly defeated?: boolean;
  readonly group?: string | null;
  readonly system?: { readonly actions?: StoredUpdate; readonly declaredUses?: Record<string, unknown> };
};

/**
 * Writes `changes` (`mirrorChanges`) in one batched Combatant update; `grouped` when they carry core's
 * `group` (default groups made at the start ride along).
 */
export async function mirrorCombatants(
  combat: Combat.Implementation,
  changes: readonly MirrorChange[],
  grouped = false,
): Promise<void> {
  if (changes.length === 0) return;
  const marks = { [TEMPO_MIRROR]: true, ...(grouped ? { [TEMPO_GROUPS_OPTION]: true } : {}) };
  await combat.updateEmbeddedDocuments("Combatant", changes.map(foundryUpdate), marks as never);
}

/**
 * The changes `mirrorCombatants` writes: every combatant whose defeated flag differs from the engine's
 * (DEF-1: core's flag is not drawn for a creature only unconscious, engine `defeatedFlag`) or whose stored
 * initiative is not null, with core's `group` for the combatants in `groups`, the `system.actions` records
 * the step changed (`actions`, step-actions.ts) and its declared uses. Issue 17: worked out while the page
 * is idle for a step prepared ahead (write-step.ts `planWrite`, with no groups and no declared uses): it
 * reads the engine's facts of the step's state and the combatants' and actors' documents, and a change to
 * any of those drops the prepared step (prepared-next.ts).
 */
export function mirrorChanges(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  state: unknown,
  groups: ReadonlyMap<string, string | null> = new Map(),
  actions: ReadonlyMap<string, StoredUpdate> = new Map(),
  uses: DeclaredUseWrites = new Map(),
): MirrorChange[] {
  const changes: MirrorChange[] = [];
  // Issue 17: every creature's facts read once for this pass, not looked up by state for each one.
  const facts = host.factsNow?.(state);
  const [anyGroup, anyAction, anyUse] = [groups.size > 0, actions.size > 0, uses.size > 0];
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (id === null) continue;
    // DEF-1 ruling (engine status-toggles.ts): a creature only unconscious is out but not struck through.
    const out = facts === undefined ? host.defeated(state, id) : facts.get(id)?.defeated === true;
    const defeated = out && defeatedFlag(host.id, out, shownStatuses(combatant.actor ?? {}));
    // A stored initiative (a GM's typed value, or one an older Tempo wrote) goes back to null, Tempo's
    // stored value, in the same batch: what every client shows is derived (combatant-model.ts).
    const initiative = combatant._source.initiative != null;
    const flag = combatant.defeated !== defeated;
    // Issue 17: the step's few groups, trackers and uses are not looked up for the many it has none for.
    const group = anyGroup && groups.has(id);
    const action = anyAction && actions.has(id);
    // Issue 18: a record players may not see stays in this GM's browser (secret-uses.ts).
    const declared = anyUse ? uses.get(id) : undefined;
    const secret = declared !== undefined && keepsUses(combat, id);
    if (secret) keepUses(combat, id, declared);
    const use = declared !== undefined && !secret;
    // Issue 17: nothing is built for the many combatants a step leaves as they are.
    if (!initiative && !flag && !group && !action && !use) continue;
    changes.push({
      _id: id,
      ...(initiative ? { initiative: null } : {}),
      ...(flag ? { defeated } : {}),
      ...(group ? { group: groups.get(id) ?? null } : {}),
      ...(action || use
        ? {
            system: {
              ...(action ? { actions: actions.get(id) ?? {} } : {}),
              // Issue 11: what a declared item rolls when its pending card is resolved (declared-uses.ts).
              // Issue 18: a hidden target is named by its token there (sealed-use-targets.ts).
              ...(use ? { declaredUses: sealedUseRecord(combat, declared) } : {}),
            },
          }
        : {}),
    });
  }
  return changes;
}
