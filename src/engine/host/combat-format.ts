/**
 * The version of the stored engine format (`Combat.system.format`) and what a combat saved in another
 * version becomes:
 * - `COMBAT_FORMAT` 1 is the format of `combat-step.ts` (the stored state of stored-json.ts and the patch
 *   history). Combats saved before the format had a number (version 0) store the same thing: they move
 *   forward when their state reads back.
 * - An older version is moved forward step by step (`STEPS`); a version with no step, a newer one (a
 *   world opened with an older Tempo) or a state that does not read back is not guessed at: the combat
 *   must be reset, and `combatResetReason` says why, so the tracker shows it and the GM's Reset rebuilds
 *   the encounter from its combatants (table-step.ts) instead of leaving a combat that refuses everything.
 *
 * `migrateStoredCombat` is also handed partial update data (foundryvtt/foundryvtt #14482: migrateData sees
 * updates too): it changes a source only when the engine in it reads back as a whole state, so a diff
 * is never taken for an old combat.
 */
import type { Message } from "../core/result.ts";
import { decodeStored, type Json } from "../storage/stored-json.ts";
import { COMBAT_FORMAT, storeCombatState } from "./combat-step.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

export { COMBAT_FORMAT };

/** Version n → n + 1 on the decoded state; null: it cannot be moved. Version 0 stores what 1 does. */
const STEPS: Readonly<Record<number, (state: Json) => Json | null>> = { 0: (state) => state };

export type CombatMigration =
  | { readonly kind: "current" }
  | { readonly kind: "migrated"; readonly from: number }
  | { readonly kind: "reset"; readonly reason: Message };

function formatOf(source: Readonly<Record<string, unknown>>): number | null {
  const format = source.format;
  if (format === undefined) return 0;
  return typeof format === "number" && Number.isInteger(format) && format >= 0 ? format : null;
}

const NEWER = (found: number | null): Message => ({
  key: "TEMPO.TRACKER.NeedsReset.Newer",
  data: { format: found === null ? "?" : found, current: COMBAT_FORMAT },
});
const UNREADABLE: Message = { key: "TEMPO.TRACKER.NeedsReset.Older" };

/** The state `engine` holds in version `from`, moved to the current version; null when it cannot be. */
function movedForward(host: AnyRulesetHost, engine: unknown, from: number): Json | null {
  const decoded = decodeStored(engine);
  if (decoded === null) return null;
  let state: Json | null = decoded.value;
  for (let version = from; version < COMBAT_FORMAT && state !== null; version++) {
    const step = STEPS[version];
    state = step === undefined ? null : step(state);
  }
  return state !== null && host.read(state).ok ? state : null;
}

/**
 * `source` (a Combat's system data, whole or partial) in the current format, changed in place, and
 * what was done. `current`: nothing to do (or nothing it can judge: a partial update); `reset`: the
 * combat cannot be moved forward (the source is left as it is, for Reset to replace).
 */
export function migrateStoredCombat(host: AnyRulesetHost, source: Record<string, unknown>): CombatMigration {
  if (!("engine" in source) || source.engine === null) return { kind: "current" };
  const from = formatOf(source);
  if (from === COMBAT_FORMAT) return { kind: "current" };
  if (from === null || from > COMBAT_FORMAT) return { kind: "reset", reason: NEWER(from) };
  const state = movedForward(host, source.engine, from);
  if (state === null) return { kind: "reset", reason: UNREADABLE };
  source.engine = storeCombatState(state);
  source.format = COMBAT_FORMAT;
  return { kind: "migrated", from };
}

/**
 * Why a stored combat must be reset before it can run, or null when it can run: saved in a format this
 * Tempo does not know, or a state that does not read back. A combat with no engine yet needs nothing.
 */
export function combatResetReason(
  host: AnyRulesetHost,
  system: { readonly format?: unknown; readonly engine?: unknown },
): Message | null {
  const format = combatFormatReason(system);
  if (format !== null || system.engine === null || system.engine === undefined) return format;
  const decoded = decodeStored(system.engine);
  return decoded !== null && host.read(decoded.value).ok ? null : UNREADABLE;
}

/** The reset reason the stored format version alone gives (no decoding), or null. */
export function combatFormatReason(system: { readonly format?: unknown; readonly engine?: unknown }): Message | null {
  if (system.engine === null || system.engine === undefined) return null;
  const format = formatOf(system);
  if (format === null || format > COMBAT_FORMAT) return NEWER(format);
  return format < COMBAT_FORMAT ? UNREADABLE : null;
}

/** The reason given to a combat whose stored state does not read back. */
export const UNREADABLE_COMBAT: Message = UNREADABLE;
