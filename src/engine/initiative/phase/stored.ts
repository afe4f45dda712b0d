/**
 * Reading a phase state back from storage: `parsePhaseState` accepts exactly the states the scheduler
 * can produce in shape (types, ranges, the roster trie, references between fields) and refuses anything
 * else with `TEMPO.ERRORS.Phase.InvalidState` naming the first bad field, so a damaged `Combat.system`
 * is reported instead of misleading the tracker. O(n).
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { PersistentVector } from "../shared/persistent-vector.ts";
import { isInteger, isRecord, isStringArray } from "../shared/stored-state.ts";
import { badVector } from "../shared/stored-vector.ts";
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

function badField(value: Record<string, unknown>): string | null {
  const { round, phase } = value;
  if (!isInteger(round) || round < 0) return "round";
  if (phase === null ? round !== 0 : typeof phase !== "string" || !PHASE_NAMES.some((p) => p === phase) || round < 1)
    return "phase";
  // The id at each slot, gathered while the roster trie is checked (null: a freed slot).
  const ids: (string | null)[] = [];
  const badAt = (c: unknown, slot: number): boolean => {
    if (badCombatant(c, slot, round)) return true;
    ids[slot] = (c as PhaseCombatant).id;
    return false;
  };
  if (badVector(value.combatants, badAt)) return "combatants";
  const size = (value.combatants as PersistentVector<PhaseCombatant>).size;
  const index = value.index;
  if (!isRecord(index) || Array.isArray(index)) return "index";
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
  const present = (id: string): boolean => Object.hasOwn(index, id) && (ids[Number(index[id])] ?? null) !== null;
  if (badIds(value.ranking, present)) return "ranking";
  const ranking = value.ranking as readonly string[];
  if (!isInteger(value.cursor) || value.cursor < -1 || value.cursor > ranking.length) return "cursor";
  if (value.current !== null && (typeof value.current !== "string" || !present(value.current))) return "current";
  for (const field of ["upNext", "catchUp", "unplaced"] as const) if (badIds(value[field], present)) return field;
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

/** PHS-1..12, DEF-1: a stored phase state, checked field by field (see the file comment). O(n). */
export function parsePhaseState(value: unknown): Result<PhaseState> {
  if (!isRecord(value) || Array.isArray(value)) return err("TEMPO.ERRORS.Phase.InvalidState", { field: "state" });
  const missing = FIELDS.find((f) => !Object.hasOwn(value, f));
  if (missing !== undefined) return err("TEMPO.ERRORS.Phase.InvalidState", { field: missing });
  const extra = Object.keys(value).find((key) => !FIELDS.some((f) => f === key));
  if (extra !== undefined) return err("TEMPO.ERRORS.Phase.InvalidState", { field: extra });
  const field = badField(value);
  if (field !== null) return err("TEMPO.ERRORS.Phase.InvalidState", { field });
  return ok(value as unknown as PhaseState);
}
