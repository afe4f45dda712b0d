/**
 * Reading a phase state back from storage: `parsePhaseState` accepts exactly the states the scheduler
 * can produce in shape (types, ranges, the roster trie, references between fields) and refuses anything
 * else with `TEMPO.ERRORS.Phase.InvalidState` naming the first bad field, so a damaged `Combat.system`
 * is reported instead of misleading the tracker. O(n).
 *
 * Issue 17: with a page's memo (read-memo.ts), what the last accepted state shares with this one by identity
 * (leaves of records a turn step did not change, the same index, ranking and lists over the same creatures)
 * is not checked again: the same answer for O(what changed).
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { vectorEntries, vectorGet, type PersistentVector } from "../shared/persistent-vector.ts";
import { rosterChanges, sameId } from "../shared/roster-changes.ts";
import { isInteger, isRecord, isStringArray } from "../shared/stored-state.ts";
import { badVector } from "../shared/stored-vector.ts";
import { badVectorKnown } from "../shared/stored-vector-known.ts";
import { phaseReadsOf, type PhaseReads } from "./read-memo.ts";
import { PHASE_NAMES, type PhaseCombatant, type PhaseState } from "./types.ts";

const TURN_ACTIONS: readonly string[] = ["defend", "disengage", "delay", "attack", "activateItem"];
const COMBATANT_FIELDS = 15;

/** A round number of this state: 0 ("never") up to the round under way. */
const isRound = (value: unknown, round: number): boolean => isInteger(value) && value >= 0 && value <= round;

/** PHS-2, DEF-1: one roster entry, stored at its own slot, with nothing it could not have got from the engine. */
function badCombatant(c: unknown, slot: number, round: number): boolean {
  if (!isRecord(c) || Object.keys(c).length !== COMBATANT_FIELDS) return true;
  if (typeof c.id !== "string" || c.id.length === 0 || c.slot !== slot) return true;
  if (!Number.isSafeInteger(c.int) || !Number.isSafeInteger(c.agi)) return true;
  if (c.initiative !== null && !Number.isSafeInteger(c.initiative)) return true;
  const rollOff = c.rollOff;
  if (!Array.isArray(rollOff) || !rollOff.every((r) => isInteger(r) && r >= 1 && r <= 6)) return true;
  if (typeof c.defeated !== "boolean" || typeof c.defending !== "boolean" || typeof c.rollingOff !== "boolean")
    return true;
  const rounds = [c.initiativeRound, c.keptRound, c.seizedRound, c.disengagedRound, c.movedRound, c.actedRound];
  return !rounds.every((r) => isRound(r, round));
}

/** A list of present combatants' ids, each once. */
function badIds(value: unknown, present: (id: string) => boolean): boolean {
  return !isStringArray(value) || new Set(value).size !== value.length || !value.every(present);
}

/** PHS-9: waits (or delays, with their round) between combatants. */
function badWaits(value: unknown, round: number | null): boolean {
  if (!Array.isArray(value)) return true;
  return !value.every(
    (w) =>
      isRecord(w) &&
      typeof w.delayerId === "string" &&
      typeof w.afterId === "string" &&
      Object.keys(w).length === (round === null ? 2 : 3) &&
      (round === null || (isInteger(w.round) && w.round >= 1 && w.round <= round)),
  );
}

/** The index names every present combatant at its slot, and a departed one's freed slot (returns "index" or null). */
function badIndex(index: Record<string, unknown>, ids: readonly (string | null)[], size: number): string | null {
  // Every present combatant is found under its id; a departed one's id still names its freed slot.
  for (const id of Object.keys(index)) {
    const slot = index[id];
    if (!isInteger(slot) || slot < 0 || slot >= size) return "index";
    const at = ids[slot] ?? null;
    if (at !== null && at !== id) return "index";
  }
  for (let slot = 0; slot < size; slot++) {
    const id = ids[slot] ?? null;
    if (id !== null && (!Object.hasOwn(index, id) || index[id] !== slot)) return "index";
  }
  return null;
}

function badField(value: Record<string, unknown>, reads: PhaseReads | undefined): string | null {
  const { round, phase } = value;
  if (!isInteger(round) || round < 0) return "round";
  if (phase === null ? round !== 0 : typeof phase !== "string" || !PHASE_NAMES.some((p) => p === phase) || round < 1)
    return "phase";
  const check = (c: unknown, slot: number): boolean => badCombatant(c, slot, round);
  const leaves = reads?.soundLeaves;
  if (
    leaves === undefined
      ? badVector(value.combatants, check)
      : badVectorKnown(value.combatants, check, leaves, `${round}`)
  )
    return "combatants";
  const combatants = value.combatants as PersistentVector<PhaseCombatant>;
  const index = value.index;
  if (!isRecord(index) || Array.isArray(index)) return "index";
  // Issue 17: the index accepted last, over slots holding the ids they held (read-memo.ts).
  const last = reads?.sound ?? null;
  const changes = last === null || index !== last.index ? null : rosterChanges(last.combatants, combatants);
  const kept = last !== null && changes !== null && changes.every(sameId);
  // The id at each slot (null: a freed slot), where the index is checked again.
  const ids = kept ? [] : vectorEntries(combatants).map((c) => c?.id ?? null);
  if (!kept && badIndex(index, ids, combatants.size) !== null) return "index";
  const present = kept
    ? (id: string): boolean => Object.hasOwn(index, id) && vectorGet(combatants, Number(index[id])) !== null
    : (id: string): boolean => Object.hasOwn(index, id) && (ids[Number(index[id])] ?? null) !== null;
  // A list accepted last is over the same creatures, present as they were.
  const same = (field: "ranking" | "upNext" | "catchUp" | "unplaced") => kept && value[field] === last[field];
  if (!same("ranking") && badIds(value.ranking, present)) return "ranking";
  const ranking = value.ranking as readonly string[];
  if (!isInteger(value.cursor) || value.cursor < -1 || value.cursor > ranking.length) return "cursor";
  if (value.current !== null && (typeof value.current !== "string" || !present(value.current))) return "current";
  for (const field of ["upNext", "catchUp", "unplaced"] as const)
    if (!same(field) && badIds(value[field], present)) return field;
  if (badWaits(value.waits, null)) return "waits";
  if (badWaits(value.delays, round)) return "delays";
  if (value.turnAction !== null && !TURN_ACTIONS.some((a) => a === value.turnAction)) return "turnAction";
  return null;
}

const FIELDS: readonly (keyof PhaseState)[] = [
  "round",
  "phase",
  "combatants",
  "index",
  "ranking",
  "cursor",
  "current",
  "upNext",
  "catchUp",
  "waits",
  "delays",
  "unplaced",
  "turnAction",
];

/**
 * PHS-1..12, DEF-1: a stored phase state, checked field by field (see the file comment). O(n). `memo`: the
 * page's memo of this combat's reads (issue 17).
 */
export function parsePhaseState(value: unknown, memo?: RowsMemo): Result<PhaseState> {
  if (!isRecord(value) || Array.isArray(value)) return err("TEMPO.ERRORS.Phase.InvalidState", { field: "state" });
  const missing = FIELDS.find((f) => !Object.hasOwn(value, f));
  if (missing !== undefined) return err("TEMPO.ERRORS.Phase.InvalidState", { field: missing });
  const extra = Object.keys(value).find((key) => !FIELDS.some((f) => f === key));
  if (extra !== undefined) return err("TEMPO.ERRORS.Phase.InvalidState", { field: extra });
  const reads = phaseReadsOf(memo);
  const field = badField(value, reads);
  if (field !== null) return err("TEMPO.ERRORS.Phase.InvalidState", { field });
  const state = value as unknown as PhaseState;
  if (reads !== undefined) reads.sound = state;
  return ok(state);
}
