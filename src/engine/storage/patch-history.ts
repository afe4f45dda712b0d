/**
 * Undo and redo kept as patches, for states stored in a Foundry document.
 *
 * The engine's `withHistory` keeps whole states, which is right in memory (they share structure)
 * but wrong in a document: 50 whole states of a 300-combatant encounter is megabytes. Here each
 * step keeps only the update that reverses it, under a key of its own, so adding one sends that one
 * patch and nothing else (the record is diffed by key; a list would be sent whole).
 *
 * Shape (stored in `Combat.system.history`):
 * - `undo`: step number → the update that takes the state back before that step;
 * - `redo`: step number → the update that takes it forward again, filled by undo and emptied by any
 *   new step.
 * A patch is itself an update with `-=` keys, so it is stored key-escaped (stored-json.ts) and Foundry
 * never reads those keys as deletions. A large patch is stored compressed against the state it will
 * be applied to (compact-patch.ts), so a step that touches every creature keeps < 1 KB at 300.
 */
import type { StoreMemo } from "./store-memo.ts";
import { err, ok, type Result } from "../core/result.ts";
import { packPatch, unpackPatch } from "./compact-patch.ts";
import { stepRecord, type Stored, type StoredObject } from "./stored-json.ts";
import { applyStoredUpdate, diffStored } from "./update-diff.ts";

export interface PatchHistory {
  readonly undo: StoredObject;
  readonly redo: StoredObject;
}

export const EMPTY_PATCH_HISTORY: PatchHistory = { undo: {}, redo: {} };

/** How many steps back a combat can go (the engine's `DEFAULT_HISTORY_LIMIT`). */
export const PATCH_HISTORY_LIMIT = 50;

/** The stored state and history after a move through the history. */
export interface HistoryMove {
  readonly state: StoredObject;
  readonly history: PatchHistory;
}

function stepKeys(record: StoredObject): number[] {
  return Object.keys(record)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0)
    .sort((a, b) => a - b);
}

/** `record` without `key`. */
function without(record: StoredObject, key: string): StoredObject {
  const out: Record<string, Stored> = {};
  for (const k of Object.keys(record)) if (k !== key) out[k] = record[k] as Stored;
  return out;
}

/** Records a step from `before` to `after`: its undo patch is added, redo is emptied, the oldest is dropped. */
export function recordStep(
  history: PatchHistory,
  before: StoredObject,
  after: StoredObject,
  limit: number = PATCH_HISTORY_LIMIT,
  memo?: StoreMemo,
): PatchHistory {
  const back = diffStored(after, before);
  if (back === null) return history;
  const keys = stepKeys(history.undo);
  const next = (keys[keys.length - 1] ?? 0) + 1;
  // Issue 17: a record of step numbers (stored-json.ts `stepRecord`: not an array of a slot per step).
  const undo = stepRecord<Stored>();
  for (const key of keys.slice(Math.max(0, keys.length - (limit - 1))))
    undo[String(key)] = history.undo[String(key)] as Stored;
  undo[String(next)] = packPatch(back, after, memo);
  return { undo, redo: {} };
}

/** Moves one step back: the state before the last step, and that step made redoable. */
export function undoStep(history: PatchHistory, present: StoredObject, memo?: StoreMemo): Result<HistoryMove> {
  const keys = stepKeys(history.undo);
  const last = keys[keys.length - 1];
  if (last === undefined) return err("TEMPO.ERRORS.History.NothingToUndo");
  const back = unpackPatch(history.undo[String(last)], present, memo);
  if (back === null) return err("TEMPO.ERRORS.History.Corrupt");
  const state = applyStoredUpdate(present, back);
  const forward = diffStored(state, present) ?? {};
  const undo = without(history.undo, String(last));
  return ok({ state, history: { undo, redo: { ...history.redo, [String(last)]: packPatch(forward, state, memo) } } });
}

/** Moves one step forward again after an undo. */
export function redoStep(history: PatchHistory, present: StoredObject, memo?: StoreMemo): Result<HistoryMove> {
  const first = stepKeys(history.redo)[0];
  if (first === undefined) return err("TEMPO.ERRORS.History.NothingToRedo");
  const forward = unpackPatch(history.redo[String(first)], present, memo);
  if (forward === null) return err("TEMPO.ERRORS.History.Corrupt");
  const state = applyStoredUpdate(present, forward);
  const back = diffStored(state, present) ?? {};
  const redo = without(history.redo, String(first));
  return ok({ state, history: { undo: { ...history.undo, [String(first)]: packPatch(back, state, memo) }, redo } });
}

/** The history read back from a document: null when it is not one this module writes. */
export function readPatchHistory(value: unknown): PatchHistory | null {
  if (typeof value !== "object" || value === null) return null;
  const { undo, redo } = value as { undo?: unknown; redo?: unknown };
  const isRecord = (v: unknown): v is StoredObject => typeof v === "object" && v !== null && !Array.isArray(v);
  return isRecord(undo) && isRecord(redo) ? { undo, redo } : null;
}
