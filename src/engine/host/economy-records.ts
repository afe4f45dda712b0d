/**
 * Each combatant's action tracker as a host stores it beside the combatant (Foundry:
 * `Combatant.system.actions`; the preview: in memory), moved by the combat's steps and by its undo
 * history, so undo takes the trackers back with the combat in the same one step.
 *
 * A record is `{ now, undo, redo }`: `now` the tracker (a plain object of the ruleset's tracker, or
 * null before one is kept); `undo` and `redo` hold, under the combat's own history step numbers
 * (storage/patch-history.ts), the tracker before and after each step that changed it. A step touches
 * only the records of the creatures it concerns (a turn step: the one whose turn ends and the one
 * whose turn starts), so the host writes a few small records per step, never the whole book.
 *
 * - A new step: every tracker follows the step's events (economy-book.ts `followEconomies`); a
 *   changed one keeps its old state under the step's number; every redo goes; numbers the history no
 *   longer holds go.
 * - An undo (redo) moves every record holding the undone (redone) step numbers, newest first (oldest first).
 * - A combat not started (before `start`, after `reset`): every tracker is a fresh one (STD-3).
 * - A history that was cleared (a roster change, `reset`): undo and redo are cleared too.
 * A stored tracker that does not read back is taken as a newcomer's (STD-3: nothing until its turn)
 * and written again whole, so a damaged record heals at the next step.
 *
 * Pure; no arrays and plain keys, so Foundry's key-by-key merge sends only what changed.
 */
import type { ActionLeft } from "../actions/economy.ts";
import type { Message } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";
import type { PatchHistory } from "../storage/patch-history.ts";
import { stepRecord, type Stored, type StoredObject } from "../storage/stored-json.ts";
import { setOwn } from "../storage/own-property.ts";
import type { StoreMemo, StoredRecordFacts } from "../storage/store-memo.ts";
import { commandCombatant } from "./command-access.ts";
import {
  EMPTY_ACTION_RECORD,
  STEP_KEY,
  isObject,
  readActionRecord,
  sameStored,
  stepKeys,
  type ActionRecord,
} from "./economy-record-shape.ts";
import { clearRecordIndex, indexRecord, recordCandidates } from "./economy-record-index.ts";
import { STANDARD_BOOK_ECONOMY, followEconomies, type BookEconomy } from "./economy-book.ts";
import { ROTATION_BOOK_ECONOMY } from "./rotation-book.ts";
import type { HostCommand, HostEvent } from "./ruleset-host.ts";

export interface RecordStepInput {
  /** The step's events (an undo's are `undone`, a redo's `redone`). */
  readonly events: readonly HostEvent[];
  /** The combat's undo history before and after the step. */
  readonly before: PatchHistory;
  readonly after: PatchHistory;
  /** Whether the combat had started before the step, and whether it has after it. */
  readonly startedBefore: boolean;
  readonly startedAfter: boolean;
  /** The combatants after the step: each has a record; the others' go. */
  readonly ids: readonly string[];
}

export interface RecordStep {
  readonly records: Readonly<Record<string, ActionRecord>>;
  /** Ids whose record changed (the host writes these, and only these). */
  readonly changed: readonly string[];
}

/** One ruleset's tracker as a host uses it, whatever its state type. */
export interface RulesetBook {
  readonly ruleset: RulesetId;
  /** What a creature has left, from its stored tracker; null when that does not read back. */
  left(now: unknown): readonly ActionLeft<string>[] | null;
  /**
   * Why the tracker refuses `command` now (STD-6: `trigger` with no Reaction left), or null. `nows`
   * are the stored trackers by combatant id; a creature with none is not checked (the host keeps none).
   */
  refusal(command: HostCommand, nows: Readonly<Record<string, unknown>>): Message | null;
  /** The records after one step of the combat. */
  step(records: Readonly<Record<string, ActionRecord>>, input: RecordStepInput): RecordStep;
  /**
   * The same step on the records as a host stores them (`stored`: each id's stored value, read with
   * `readActionRecord`), reading only those the step may change (issue 17: a turn step at 1,000
   * creatures reads two): `records` holds the records read, `changed` is `step`'s. `memo`: what earlier
   * steps found of the records that are the same objects (store-memo.ts `records`).
   */
  stepStored(stored: StoredRecords, input: RecordStepInput, memo?: StoreMemo): RecordStep;
}

/** Each creature's stored record by id, as a host reads it (a `Map` will do). */
export interface StoredRecords {
  has(id: string): boolean;
  get(id: string): unknown;
}

function without(record: StoredObject, key: string): StoredObject {
  const out = stepRecord();
  for (const k of Object.keys(record)) if (k !== key) setOwn(out, k, record[k] as Stored);
  return out;
}

/** `record` with `value` under the step number `key` (a record of step numbers: stored-json.ts `stepRecord`). */
function withStep(record: StoredObject, key: string, value: Stored): StoredObject {
  const out = stepRecord();
  for (const k of Object.keys(record)) setOwn(out, k, record[k] as Stored);
  setOwn(out, key, value);
  return out;
}

/** `record`'s keys that `keep` holds too: `record` itself when it keeps them all (issue 17: no copy per record). */
function only(record: StoredObject, keep: StoredObject): StoredObject {
  const keys = Object.keys(record);
  if (keys.every((k) => Object.hasOwn(keep, k))) return record;
  const out = stepRecord();
  for (const k of keys) if (Object.hasOwn(keep, k)) setOwn(out, k, record[k] as Stored);
  return out;
}

/** Undo (or redo) of the step numbers the history moved, on one record. */
function moveRecord(record: ActionRecord, keys: readonly string[], undo: boolean): ActionRecord {
  let { now, undo: back, redo: forward } = record;
  for (const key of keys) {
    const from = undo ? back : forward;
    const target = from[key];
    if (!isObject(target)) continue;
    if (undo) {
      back = without(back, key);
      forward = now === null ? forward : withStep(forward, key, now);
    } else {
      forward = without(forward, key);
      back = now === null ? back : withStep(back, key, now);
    }
    now = target;
  }
  return { now, undo: back, redo: forward };
}

function movedKeys(input: RecordStepInput, undo: boolean): string[] {
  const from = undo ? input.before.undo : input.before.redo;
  const to = undo ? input.after.undo : input.after.redo;
  return stepKeys(from)
    .filter((k) => !Object.hasOwn(to, k))
    .sort((a, b) => (undo ? Number(b) - Number(a) : Number(a) - Number(b)));
}

/** The history's number for this step when it recorded one (the newest undo number it did not hold). */
function recordedKey(input: RecordStepInput, undoAfter: readonly string[]): string | null {
  const last = undoAfter.reduce((a, k) => Math.max(a, Number(k)), 0);
  return last > 0 && !Object.hasOwn(input.before.undo, String(last)) ? String(last) : null;
}

/** What a step's history says for every record: whether it was cleared, and the number it recorded. */
interface StepHistory {
  readonly cleared: boolean;
  readonly key: string | null;
}

function stepHistory(input: RecordStepInput): StepHistory {
  const undo = stepKeys(input.after.undo);
  return { cleared: undo.length + stepKeys(input.after.redo).length === 0, key: recordedKey(input, undo) };
}

function stepWith<S, E>(
  book: BookEconomy<S, E>,
  records: Readonly<Record<string, ActionRecord>>,
  input: RecordStepInput,
  history: StepHistory = stepHistory(input),
): RecordStep {
  const own = (id: string): ActionRecord =>
    Object.hasOwn(records, id) ? (records[id] as ActionRecord) : EMPTY_ACTION_RECORD;
  const undone = input.events.some((e) => e.type === "undone");
  const redone = !undone && input.events.some((e) => e.type === "redone");
  const out: Record<string, ActionRecord> = {};
  if (undone || redone) {
    const keys = movedKeys(input, undone);
    for (const id of input.ids) out[id] = moveRecord(own(id), keys, undone);
  } else {
    const trackers: Record<string, S> = {};
    for (const id of input.ids) trackers[id] = book.read(own(id).now) ?? book.initial(input.startedBefore);
    const followed = followEconomies(book, trackers, input.events, input.startedBefore).book;
    const key = history.key;
    for (const id of input.ids) {
      const before = own(id);
      const tracker = input.startedAfter ? (followed[id] ?? book.initial(true)) : book.initial(false);
      const now = tracker as unknown as StoredObject; // a tracker state is plain JSON (actions/economy.ts)
      const changed = before.now === null || !sameStored(before.now, now);
      const undo = only(before.undo, input.after.undo);
      out[id] = {
        now: changed ? now : before.now,
        undo: changed && key !== null && before.now !== null ? withStep(undo, key, before.now) : undo,
        redo: {},
      };
    }
  }
  if (history.cleared)
    for (const id of input.ids) out[id] = { ...(out[id] ?? EMPTY_ACTION_RECORD), undo: {}, redo: {} };
  // Issue 17: compared without building the update (the host builds it for the changed ones only).
  const changed = input.ids.filter(
    (id) =>
      !Object.hasOwn(records, id) ||
      !sameStored(own(id) as unknown as StoredObject, out[id] as unknown as StoredObject),
  );
  return { records: out, changed };
}

/** The ids a step's events name. */
function namedIds(events: readonly HostEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const event of events) {
    const id = (event as { readonly combatantId?: unknown }).combatantId;
    if (typeof id === "string") ids.add(id);
  }
  return ids;
}

/** The step numbers of a stored `undo` / `redo` that hold a tracker. */
function heldSteps(steps: Stored | undefined): string[] {
  const out: string[] = [];
  if (!isObject(steps)) return out;
  for (const k of Object.keys(steps)) if (STEP_KEY.test(k) && isObject(steps[k])) out.push(k);
  return out;
}

/** What `untouched` needs of a stored record, found once per record object (store-memo.ts `records`). */
function recordFacts<S, E>(book: BookEconomy<S, E>, stored: object, memo: StoreMemo | undefined): StoredRecordFacts {
  const known = memo?.records.get(stored);
  if (known !== undefined) return known;
  const value = stored as StoredObject;
  const now = isObject(value.now) ? book.read(value.now) : null;
  const sound =
    now !== null && sameStored(value.now, now as unknown as StoredObject) && heldSteps(value.redo).length === 0;
  const constant = isObject(value.now) && value.now.constant !== undefined && value.now.constant !== null;
  const facts = { sound, undoSteps: heldSteps(value.undo), constant };
  memo?.records.set(stored, facts);
  return facts;
}

/**
 * Whether a new step leaves this stored record as it is when its events do not name the creature
 * (`stepWith` on it: its tracker reads back exactly, it has no redo, and the history keeps every step
 * number it has), so it need not be read at all. Issue 17: asked of every creature at every step, so
 * what a record holds is found once per record object (`memo`), and a step checks its step numbers.
 */
function untouched<S, E>(
  book: BookEconomy<S, E>,
  stored: unknown,
  undoAfter: StoredObject,
  memo: StoreMemo | undefined,
): boolean {
  if (!isObject(stored)) return false;
  const facts = recordFacts(book, stored, memo);
  return facts.sound && facts.undoSteps.every((k) => Object.hasOwn(undoAfter, k));
}

function stepStoredWith<S, E>(
  book: BookEconomy<S, E>,
  stored: StoredRecords,
  input: RecordStepInput,
  memo: StoreMemo | undefined,
): RecordStep {
  const moves = input.events.some((e) => e.type === "undone" || e.type === "redone");
  const history = stepHistory(input);
  const cleared = history.cleared;
  // Only a tracker that observes its own events, in a step that is neither a start nor a reset.
  const skips = book.ownEvents === true && input.startedBefore && input.startedAfter && !moves && !cleared;
  const named = skips ? namedIds(input.events) : new Set<string>();
  const index = memo?.recordIndex;
  // Issue 17: the records such a step may change, from the index, when it holds every creature.
  const candidates = skips && index !== undefined ? recordCandidates(index, input.ids, input.after.undo) : null;
  const records: Record<string, ActionRecord> = {};
  const ids: string[] = [];
  const visit = (id: string): void => {
    const has = stored.has(id);
    const value = stored.get(id);
    if (index !== undefined && has)
      indexRecord(index, id, isObject(value) ? value : null, isObject(value) ? recordFacts(book, value, memo) : null);
    if (skips && has && !named.has(id) && untouched(book, value, input.after.undo, memo)) return;
    if (has) records[id] = readActionRecord(value);
    ids.push(id);
  };
  if (candidates === null) {
    if (index !== undefined) clearRecordIndex(index);
    for (const id of input.ids) visit(id);
    if (index !== undefined) index.complete = true;
  } else {
    for (const id of named) candidates.add(id);
    for (const id of candidates) if (stored.has(id)) visit(id);
  }
  const step = stepWith(
    book,
    records,
    {
      events: input.events,
      before: input.before,
      after: input.after,
      startedBefore: input.startedBefore,
      startedAfter: input.startedAfter,
      ids,
    },
    history,
  );
  // The host writes the changed records: the next step reads them again.
  if (index !== undefined) for (const id of step.changed) index.dirty.add(id);
  return step;
}

function refusalWith<S, E>(
  book: BookEconomy<S, E>,
  command: HostCommand,
  nows: Readonly<Record<string, unknown>>,
): Message | null {
  if (!book.checks.includes(command.type)) return null;
  const id = commandCombatant(command);
  if (id === null || !Object.hasOwn(nows, id)) return null;
  const state = book.read(nows[id]);
  if (state === null) return { key: "TEMPO.ERRORS.Actions.InvalidState", data: { kind: command.type } };
  return book.refuse(state, command, id);
}

/** A ruleset's tracker for a host, its state type kept inside. */
export function rulesetBook<S, E>(book: BookEconomy<S, E>, ruleset: RulesetId): RulesetBook {
  return {
    ruleset,
    left: (now) => {
      const state = book.read(now);
      return state === null ? null : book.economy.remaining(state);
    },
    refusal: (command, nows) => refusalWith(book, command, nows),
    step: (records, input) => stepWith(book, records, input),
    stepStored: (stored, input, memo) => stepStoredWith(book, stored, input, memo),
  };
}

/** The rulesets whose trackers a host keeps (the others' are not drawn yet). */
const BOOKS: Readonly<Partial<Record<RulesetId, RulesetBook>>> = {
  standard: rulesetBook(STANDARD_BOOK_ECONOMY, "standard"),
  // ACT-ROT: 2 Full, 1 Swift, 1 Free, 1 Reaction a turn, spent by `use` (rotation-book.ts).
  rotation: rulesetBook(ROTATION_BOOK_ECONOMY, "rotation"),
};

/** The tracker a host keeps for each combatant of this ruleset, or null when it keeps none. */
export function rulesetBookOf(ruleset: RulesetId): RulesetBook | null {
  return BOOKS[ruleset] ?? null;
}

/**
 * STD-6: why a creature's tracker refuses `command` now (a `trigger` with no Reaction left), or null.
 * `nows` undefined: the host keeps no trackers, and nothing is checked here.
 */
export function economyRefusal(
  ruleset: RulesetId,
  command: HostCommand,
  nows: Readonly<Record<string, unknown>> | undefined,
): Message | null {
  if (nows === undefined) return null;
  return rulesetBookOf(ruleset)?.refusal(command, nows) ?? null;
}
