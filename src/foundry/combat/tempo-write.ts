/**
 * Tempo's own writes: a write the active GM makes because the engine already holds what it says (a
 * step's mirror, a rollback, a group membership, a condition the step set) carries one of these option
 * marks, so the hooks that turn outside writes into engine commands (combatant-writes.ts,
 * group-sync.ts, conditions/status-sync.ts) never answer it. Core passes a write's options through to
 * its `create…`/`update…`/`delete…` hooks (dnd5e marks its own writes the same way, e.g. `isRest` or
 * `dnd5e.…` options read back in its hooks).
 */

/** Marks Tempo's own Combatant writes and the condition effects a step sets or clears. */
export const TEMPO_MIRROR = "tempoMirror";
/** Marks a rollback of a player's direct write (guard.ts). */
export const TEMPO_ROLLBACK = "tempoRollback";
/** Marks Tempo's own group membership writes (groups/membership-write.ts). */
export const TEMPO_GROUPS_OPTION = "tempoGroups";

const MARKS: readonly string[] = [TEMPO_MIRROR, TEMPO_ROLLBACK, TEMPO_GROUPS_OPTION];

/** Whether a write's options carry any of Tempo's own marks. */
export function isTempoWrite(options: unknown): boolean {
  if (typeof options !== "object" || options === null) return false;
  return MARKS.some((mark) => Reflect.get(options, mark) === true);
}
