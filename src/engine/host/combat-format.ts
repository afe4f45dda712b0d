/**
 * The version of the stored engine format (`Combat.system.format`) and what a combat saved in another
 * version becomes:
 * - `COMBAT_FORMAT` 5 is the format of `combat-step.ts`: the state packed (stored-pack.ts: what a scheme
 *   derives is not stored: count's tie order, phase's ranking, initiative/<scheme>/packed.ts; phase's
 *   rolled values one string per roster leaf), in stored-json.ts's encoding, and the patch history,
 *   whose large patches are compressed against the state they apply to (storage/compact-patch.ts).
 *   Version 3 stored a count state's tie order and a phase state's ranking and rolled values as they
 *   are; version 2 stored every patch as an encoded update; version 1 stored the state unpacked;
 *   combats saved before the format had a number (version 0) store what 1 does.
 * - Versions 0, 1, 2, 3 and 4 are read as they are: `unpackState` leaves an unpacked state (or part) as it
 *   is — a count state that holds its tie order, a phase state's ranking list and rolled values — so
 *   their state reads back unchanged, and their undo patches (encoded updates, which format 4 still
 *   reads as it reads its own small patches; format 3's compressed ones, made against the stored state
 *   they apply to, which an undo restores exactly) still apply. Version 4 is 5 without count's secret
 *   contest marks (CNT-5, issue 18 item 5): its count records read back with none secret
 *   (initiative/count/packed.ts), the step version 4 takes to 5. They are
 *   not rewritten when they load: Foundry's server keeps the source it has (a migration in the client's
 *   memory never reaches it), and a later update — a diff against the client's copy — would be merged
 *   into the old source on the server, a mix that no longer reads after a reload. Instead the first
 *   step the GM writes moves the combat forward: it is diffed against the stored older source, so the
 *   server ends with the current state, `format: 5`, and an undo patch back to the older state (which
 *   still reads, so undo reaches behind the update).
 * - A version with no step, a newer one (a world opened with an older Tempo) or a state that does not
 *   read back is not guessed at: the combat must be reset, and `combatResetReason` says why, so the
 *   tracker shows it and the GM's Reset rebuilds the encounter from its combatants (table-step.ts)
 *   instead of leaving a combat that refuses everything.
 *
 * `migrateStoredCombat` is also handed partial update data (foundryvtt/foundryvtt #14482: migrateData sees
 * updates too): it changes a source only when the engine in it reads back as a whole state, so a diff
 * is never taken for an old combat; the only change it makes is to write down version 0 where a source
 * has no version (the schema would fill in the current one).
 */
import type { Message } from "../core/result.ts";
import { decodeStored } from "../storage/stored-json.ts";
import { COMBAT_FORMAT } from "./combat-step.ts";
import { unpackState } from "./stored-pack.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

export { COMBAT_FORMAT };

/**
 * The older versions this Tempo reads as they are (0 stores what 1 does; 2 packs it; 3 compresses
 * patches; 4 leaves out count's tie order and phase's ranking, and packs phase's rolled values; 5 marks
 * count's secret contest totals).
 */
const READ_AS_THEY_ARE: ReadonlySet<number> = new Set([0, 1, 2, 3, 4]);

export type CombatMigration =
  | { readonly kind: "current" }
  | { readonly kind: "older"; readonly from: number }
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

/** Whether the state stored in `engine` reads back. */
function readsBack(host: AnyRulesetHost, engine: unknown): boolean {
  const decoded = decodeStored(engine);
  return decoded !== null && host.read(unpackState(decoded.value)).ok;
}

/**
 * What `source` (a Combat's system data, whole or partial) holds. `current`: nothing to do (or nothing
 * it can judge: a partial update); `older`: a version this Tempo reads as it is, whose next settled
 * step writes the current format (version 0 written down as 0); `reset`: the combat cannot be run (the
 * source is left as it is, for Reset to replace).
 */
export function migrateStoredCombat(host: AnyRulesetHost, source: Record<string, unknown>): CombatMigration {
  if (!("engine" in source) || source.engine === null) return { kind: "current" };
  const from = formatOf(source);
  if (from === COMBAT_FORMAT) return { kind: "current" };
  if (from === null || from > COMBAT_FORMAT) return { kind: "reset", reason: NEWER(from) };
  if (!READ_AS_THEY_ARE.has(from) || !readsBack(host, source.engine)) return { kind: "reset", reason: UNREADABLE };
  source.format = from;
  return { kind: "older", from };
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
  return readsBack(host, system.engine) ? null : UNREADABLE;
}

/** The reset reason the stored format version alone gives (no decoding), or null. */
export function combatFormatReason(system: { readonly format?: unknown; readonly engine?: unknown }): Message | null {
  if (system.engine === null || system.engine === undefined) return null;
  const format = formatOf(system);
  if (format === null || format > COMBAT_FORMAT) return NEWER(format);
  return format === COMBAT_FORMAT || READ_AS_THEY_ARE.has(format) ? null : UNREADABLE;
}

/** The reason given to a combat whose stored state does not read back. */
export const UNREADABLE_COMBAT: Message = UNREADABLE;
