/**
 * What a host remembers between steps so that storing a state costs what the step changed (issue 17),
 * kept by the host per combat and handed to each step; the engine keeps nothing between calls.
 *
 * Every entry is keyed by a value's identity, and values are never changed in place: the stored form
 * of a part a step did not change is the very object stored before, so the diff against the last
 * stored form (update-diff.ts) skips it at once. A state rebuilt from its JSON copy (a reload, another
 * client's write) is another object and is simply stored afresh, to the same JSON.
 */
export interface StoreMemo {
  /** Per set of per-row fields (columns.ts `hot`): each value's columns (a JSON value). */
  readonly columns: WeakMap<ReadonlySet<string>, WeakMap<object, unknown>>;
  /** A roster chunk's columns, by its first row (columns.ts checks the rest). */
  readonly chunks: WeakMap<object, object>;
  /** The text columns last built for rows, by the first row's cells (columns.ts `textColumns`). */
  readonly columnLists: WeakMap<object, unknown>;
  /** What columns.ts finds of a record (`rowCells`: its keys, cell texts and per-row fields), by the record. */
  readonly rowCells: WeakMap<object, unknown>;
  /**
   * A scheme's stored form of a part of its state, by the part (initiative/phase/packed.ts; one phase
   * creature's record: initiative/phase/packed-rolls.ts `PackedRow`; a linear scheme's order:
   * initiative/shared/packed-rolls.ts `packIdsWith`).
   */
  readonly packed: WeakMap<object, unknown>;
  /** A phase roster leaf as last packed, by its first creature (initiative/phase/packed-rolls.ts `leafAgain`). */
  readonly packedLeaves: WeakMap<object, unknown>;
  /** Each value's encoding (stored-json.ts: a stored value). */
  readonly encoded: WeakMap<object, unknown>;
  /** The state each stored engine this host wrote holds, with its ruleset (host/combat-step.ts). */
  readonly states: WeakMap<object, { readonly ruleset: string; readonly state: unknown }>;
  /**
   * What a step found of a stored per-creature record (host/economy-records.ts): whether it reads back
   * as written with nothing to redo (`sound`), and the undo step numbers it holds. A host that lets
   * something else change a record in place forgets its entry (`forgetRecord`).
   */
  readonly records: WeakMap<object, StoredRecordFacts>;
  /**
   * Which creature's stored record holds which undo step numbers, and which do not read back
   * (host/economy-record-index.ts), so a turn step reads the records its events name and the holders
   * of the step numbers the history dropped, not every creature's (issue 17).
   */
  readonly recordIndex: RecordIndex;
  /** A stored value with its records' keys sorted (compact-patch.ts `canonical`). */
  readonly canonicals: WeakMap<object, unknown>;
  /** The text an undo patch of format 3-5 against a stored state was compressed with (compact-patch.ts). */
  readonly dictionaries: WeakMap<object, string>;
  /** A segment schedule entry's JSON (initiative/segment/packed.ts). */
  readonly entryTexts: WeakMap<object, string>;
  /**
   * A segment state's stored schedule, by the schedule (initiative/segment/packed.ts): the list it was
   * rebuilt from the parts it reads (round, settings, group rolls, combatants), and the runs found.
   */
  readonly scheduleRuns: WeakMap<object, { readonly key: readonly unknown[]; readonly runs: unknown }>;
  /**
   * A stored value's fingerprint (fingerprint.ts): its two lanes, then the sums they were mixed from and
   * its entry count (so a later value made from it by an update is fingerprinted from what changed).
   */
  readonly fingerprints: WeakMap<object, readonly [number, number, number, number, number]>;
  /**
   * The hash lanes of the keys and short plain values fingerprints hashed (fingerprint.ts), kept with the
   * memo so that the engine keeps nothing of its own; emptied when they grow past a bound.
   */
  readonly textLanes: {
    readonly keys: Map<string, readonly [number, number]>;
    readonly values: Map<string | number | boolean, readonly [number, number]>;
  };
  /** A part of a state as it is published, by the whole part (host/published.ts: one withheld creature). */
  readonly published: WeakMap<object, object>;
  /** CNT-5: whether a node of a count roster holds a record with secret contest totals (count/published.ts). */
  readonly secretContests: WeakMap<object, boolean>;
  /** The update between two stored values, by the first (update-diff.ts `diffStored` with a memo). */
  readonly diffs: WeakMap<object, { readonly after: object; readonly update: object | null }>;
  /**
   * Issue 17: the state last published for each view of the combat (host/published-kept.ts: the GM's
   * published state, an owner's view), by the creatures it took out; the next one takes its unchanged
   * parts from it. Kept by key, not identity: a handful at a time.
   */
  readonly publishedViews: Map<string, object>;
  /**
   * Issue 17: an id index without the hidden creatures taken out (host/public-order.ts `withoutIndexed`),
   * by the whole index, then by those creatures' ids.
   */
  readonly publishedIndexes: WeakMap<object, Map<string, object>>;
}

export interface StoredRecordFacts {
  readonly sound: boolean;
  readonly undoSteps: readonly string[];
  /** AP-2: whether its tracker may hold a constant-damage roll (`now.constant` is set: rotation-actions.ts). */
  readonly constant: boolean;
}

/** The index of a combat's stored records by creature id (host/economy-record-index.ts). */
export interface RecordIndex {
  /** Each indexed creature's record as it was indexed (null: none stored), with what was found of it. */
  readonly entries: Map<string, { readonly record: object | null; readonly facts: StoredRecordFacts }>;
  /** The creatures whose record holds each undo step number. */
  readonly holders: Map<string, Set<string>>;
  /** The creatures whose record does not read back as written, or has something to redo. */
  readonly unsound: Set<string>;
  /** AP-2: the creatures whose record may hold a constant-damage roll (`StoredRecordFacts.constant`). */
  readonly constants: Set<string>;
  /** The creatures whose record was written since it was indexed (`forgetRecord`). */
  readonly dirty: Set<string>;
  /** Whether `entries` holds every creature of the combat (a step that read them all built it). */
  complete: boolean;
}

/**
 * Forgets what was found of `record` (a host saw it written by something other than its own steps);
 * `id`: the creature whose record it is, read again at the next step.
 */
export function forgetRecord(memo: StoreMemo, record: unknown, id?: string): void {
  if (typeof record === "object" && record !== null) memo.records.delete(record);
  if (id !== undefined) memo.recordIndex.dirty.add(id);
}

export function createStoreMemo(): StoreMemo {
  return {
    columns: new WeakMap(),
    chunks: new WeakMap(),
    columnLists: new WeakMap(),
    rowCells: new WeakMap(),
    packed: new WeakMap(),
    packedLeaves: new WeakMap(),
    encoded: new WeakMap(),
    states: new WeakMap(),
    records: new WeakMap(),
    recordIndex: {
      entries: new Map(),
      holders: new Map(),
      unsound: new Set(),
      constants: new Set(),
      dirty: new Set(),
      complete: false,
    },
    canonicals: new WeakMap(),
    dictionaries: new WeakMap(),
    entryTexts: new WeakMap(),
    scheduleRuns: new WeakMap(),
    fingerprints: new WeakMap(),
    textLanes: { keys: new Map(), values: new Map() },
    published: new WeakMap(),
    secretContests: new WeakMap(),
    diffs: new WeakMap(),
    publishedViews: new Map(),
    publishedIndexes: new WeakMap(),
  };
}
