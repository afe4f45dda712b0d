/**
 * Storage benchmark (issue 8): what the Foundry layer would send per step. Each ruleset's encounter of
 * 30, 300 and 1,000 combatants is started through `stepCombat` on its stored form, every dice request
 * answered with seeded totals, and stepped with `next` through rounds 1 and 2 (until round 3 starts;
 * a surprise round 0 comes on top). Each step's `update` is the `Combat.system` update (`{ engine?, history? }`) as Foundry
 * would diff it; its size is the JSON in UTF-8 (`updateBytes`).
 *
 * Kinds of step:
 * - a turn step: a `next` whose events start a turn and no round, phase, segment or segment step;
 * - a boundary step: any other `next` (a round, phase or step starts or ends); the issue's "next
 *   everyone, so they are allowed to be larger);
 * - a roll batch: a `rolls` command answering every pending request (initiative, contests, roll-offs);
 * - the `start` command.
 *
 * Undo: each step adds one patch to `history.undo`; "undo bytes per step" is that patch's size with its
 * key (the growth of the stored history until the 50-step limit, after which the oldest patch drops
 * out as each new one comes in). After the run, 10 undos then 10 redos on a JSON copy of the stored
 * combat must give back the same engine state (it throws otherwise), and the stored combat rebuilt
 * only from the updates (Foundry's side) must equal the engine's.
 *
 * Targets (issue 8): every `next` (turn or boundary step) under 1 KB and the undo patch each adds under 1 KB at 300
 * combatants; PASS/FAIL is printed next to those figures (the benchmark does not fail on them).
 * Run: npx tsx bench/storage.bench.ts (or `npm run bench -- storage`).
 */
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import {
  applyStoredUpdate,
  PATCH_HISTORY_LIMIT,
  RULESET_IDS,
  updateBytes,
  type AnyRulesetHost,
  type HostEvent,
  type RulesetId,
  type Stored,
  type StoredCombat,
  type StoredObject,
} from "../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../tests/support/host-encounter.ts";
import { tableRow } from "./support/measure.ts";
import { recorder } from "./support/results.ts";

/**
 * `npx tsx bench/storage.bench.ts [ruleset …] [--n=300]` measures only the rulesets and size named
 * (all five at 30, 300 and 1,000 by default).
 */
const ARGS = process.argv.slice(2);
const SIZE_ARG = ARGS.find((arg) => arg.startsWith("--n="));
const SIZES: readonly number[] = SIZE_ARG === undefined ? [30, 300, 1_000] : [Number(SIZE_ARG.slice(4))];
const RULESETS: readonly RulesetId[] = RULESET_IDS.filter((id) => {
  const named = ARGS.filter((arg) => !arg.startsWith("--"));
  return named.length === 0 || named.includes(id);
});
/** The targets hold at this size. */
const TARGET_N = 300;
const TARGET_BYTES = 1024;
/** Undo and redo this many steps at the end of the run. */
const UNDO_STEPS = 10;
/** Events that make a `next` a boundary step rather than a turn step. */
const BOUNDARY_EVENTS = new Set(["roundStarted", "phaseStarted", "stepStarted", "segmentStarted", "planningStarted"]);

const results = recorder("storage");

interface Figures {
  readonly ruleset: RulesetId;
  readonly n: number;
  /** Update bytes of each turn step, boundary step and roll batch, and of `start`. */
  readonly turn: number[];
  readonly boundary: number[];
  readonly rolls: number[];
  readonly start: number;
  /** Bytes of the undo patch each turn step adds, and each boundary step. */
  readonly undo: number[];
  readonly boundaryUndo: number[];
  /** Wall time of each turn step's `stepCombat` (read, apply, store, diff), µs. */
  readonly turnUs: number[];
  /** The largest stored history and the stored engine at the end, bytes. */
  readonly historyMax: number;
  readonly engine: number;
  /** The largest update of the undos and of the redos at the end. */
  readonly undoMax: number;
  readonly redoMax: number;
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** The median (lower middle for an even count, as the host tests take it) and the maximum. */
function medianMax(values: readonly number[]): { median: number; max: number } {
  const s = sorted(values);
  return { median: s[(s.length - 1) >> 1] ?? 0, max: s[s.length - 1] ?? 0 };
}

function isTurnStep(events: readonly HostEvent[]): boolean {
  return events.some((e) => e.type === "turnStarted") && !events.some((e) => BOUNDARY_EVENTS.has(e.type));
}

/** Bytes of `"key":patch` in the stored JSON. */
function entryBytes(record: StoredObject, key: string): number {
  return updateBytes(key) + 1 + updateBytes(record[key] as Stored);
}

/**
 * The size of the stored history kept up as patches come and go (stringifying it whole at every step
 * would cost more than the step): `{"undo":{…},"redo":{}}` is 21 bytes, each patch its entry and a comma.
 */
class HistorySize {
  private readonly entries = new Map<string, number>();
  private total = 0;
  max = 0;

  /** Takes in the step from `before` to `after` and returns the bytes of the patches it added. */
  step(before: StoredObject, after: StoredObject): number {
    let added = 0;
    for (const key of Object.keys(after)) {
      if (Object.hasOwn(before, key)) continue;
      const bytes = entryBytes(after, key) + 1;
      this.entries.set(key, bytes);
      added += bytes;
    }
    for (const key of Object.keys(before)) {
      if (Object.hasOwn(after, key)) continue;
      this.total -= this.entries.get(key) ?? 0;
      this.entries.delete(key);
    }
    this.total += added;
    this.max = Math.max(this.max, this.bytes());
    return added;
  }

  /** The stored history's bytes while redo is empty. */
  bytes(): number {
    return 21 + this.total - (this.entries.size > 0 ? 1 : 0);
  }
}

/** Roll batches in a row without a turn after which an encounter is given up as never settling. */
const MAX_ROLL_BATCHES = 150;

/** Thrown when the dice requests never stop coming: the encounter cannot reach a turn. */
class Unsettled extends Error {
  constructor(
    readonly batches: number,
    readonly pending: number,
  ) {
    super(`${batches} roll batches in a row, ${pending} rolls still pending`);
  }
}

/** Foundry's copy of `Combat.system`: it only ever sees the updates. */
function applied(document: StoredObject, update: StoredObject | null): StoredObject {
  return update === null ? document : applyStoredUpdate(document, update);
}

function asDocument(stored: StoredCombat): StoredObject {
  return stored as unknown as StoredObject;
}

/** 10 undos then 10 redos on a JSON copy; throws unless they land on the states they should. */
function checkUndoRedo(
  host: AnyRulesetHost,
  stored: StoredCombat,
  tenBack: StoredObject,
  label: string,
): { undoMax: number; redoMax: number } {
  let copy = JSON.parse(JSON.stringify(stored)) as StoredCombat;
  let document = JSON.parse(JSON.stringify(stored)) as StoredObject;
  let undoMax = 0;
  let redoMax = 0;
  for (let i = 0; i < UNDO_STEPS; i++) {
    const s = step(host, copy, { type: "undo" });
    undoMax = Math.max(undoMax, updateBytes(s.update));
    document = applied(document, s.update);
    copy = s.stored;
  }
  if (!isDeepStrictEqual(copy.engine, tenBack))
    throw new Error(`${label}: ${UNDO_STEPS} undos do not give back the state ${UNDO_STEPS} steps before`);
  for (let i = 0; i < UNDO_STEPS; i++) {
    const s = step(host, copy, { type: "redo" });
    redoMax = Math.max(redoMax, updateBytes(s.update));
    document = applied(document, s.update);
    copy = s.stored;
  }
  if (!isDeepStrictEqual(copy.engine, stored.engine))
    throw new Error(`${label}: ${UNDO_STEPS} undos and ${UNDO_STEPS} redos do not give back the stored engine`);
  if (!isDeepStrictEqual(document, asDocument(copy)))
    throw new Error(`${label}: the updates of the undos and redos do not rebuild the stored combat`);
  return { undoMax, redoMax };
}

function measure(ruleset: RulesetId, n: number): Figures {
  const label = `${ruleset} at ${n}`;
  const random = seeded(n);
  const encounter = storedEncounter(ruleset, n);
  const host = encounter.host;
  let stored = encounter.stored;
  let document = JSON.parse(JSON.stringify(stored)) as StoredObject;
  const history = new HistorySize();
  let s = step(host, stored, { type: "start" });
  const start = updateBytes(s.update);
  history.step(stored.history.undo, s.stored.history.undo);
  document = applied(document, s.update);
  stored = s.stored;
  let state = s.state;
  const turn: number[] = [];
  const boundary: number[] = [];
  const rolls: number[] = [];
  const undo: number[] = [];
  const boundaryUndo: number[] = [];
  const turnUs: number[] = [];
  let batches = 0;
  /** The engine before each of the last UNDO_STEPS steps that added an undo patch. */
  const recent: StoredObject[] = [];
  const limit = 20 * n + 1_000;
  // Rounds 1 and 2 in full, until round 3 starts (count's CNT-4 surprise round 0 comes on top).
  for (let steps = 0; host.round(state) < 3; steps++) {
    if (steps > limit) throw new Error(`${label}: no third round after ${limit} steps`);
    const command = nextCommand(host, state, random);
    const t0 = performance.now();
    s = step(host, stored, command);
    const us = (performance.now() - t0) * 1000;
    const bytes = updateBytes(s.update);
    const added = history.step(stored.history.undo, s.stored.history.undo);
    batches = command.type === "rolls" ? batches + 1 : 0;
    if (batches > MAX_ROLL_BATCHES) throw new Unsettled(batches, host.pending(s.state).length);
    if (command.type === "rolls") rolls.push(bytes);
    else if (isTurnStep(s.events)) {
      turn.push(bytes);
      undo.push(added);
      turnUs.push(us);
    } else {
      boundary.push(bytes);
      boundaryUndo.push(added);
    }
    if (added > 0) {
      recent.push(stored.engine);
      if (recent.length > UNDO_STEPS) recent.shift();
    }
    document = applied(document, s.update);
    stored = s.stored;
    state = s.state;
  }
  if (history.bytes() !== updateBytes(stored.history))
    throw new Error(`${label}: history size kept ${history.bytes()} B, stored ${updateBytes(stored.history)} B`);
  if (!isDeepStrictEqual(document, asDocument(stored)))
    throw new Error(`${label}: the updates do not rebuild the stored combat`);
  const tenBack = recent[0];
  if (recent.length < UNDO_STEPS || tenBack === undefined) throw new Error(`${label}: fewer than ${UNDO_STEPS} steps`);
  const { undoMax, redoMax } = checkUndoRedo(host, stored, tenBack, label);
  return {
    ruleset,
    n,
    turn,
    boundary,
    boundaryUndo,
    rolls,
    start,
    undo,
    turnUs,
    historyMax: history.max,
    engine: updateBytes(stored.engine),
    undoMax,
    redoMax,
  };
}

/** `412 PASS` at the target size, the figure alone elsewhere. */
function verdict(bytes: number, n: number): string {
  return n === TARGET_N ? `${bytes} ${bytes < TARGET_BYTES ? "PASS" : "FAIL"}` : String(bytes);
}

const COLUMNS = [
  ["ruleset", 8],
  ["n", 5],
  ["turns", 5],
  ["turn med B", 11],
  ["turn max B", 11],
  ["boundary max B", 14],
  ["rolls max B", 11],
  ["start B", 8],
  ["undo/step med B", 15],
  ["undo/step max B", 15],
  ["undo/boundary max B", 19],
  ["history B", 9],
  ["engine B", 8],
  ["undo/redo max B", 15],
  ["turn step µs", 12],
] as const;

console.log(
  "storage: bytes Foundry would be sent per step (Combat.system update as JSON), rounds 1 and 2 in full per encounter",
);
console.log(
  `targets at ${TARGET_N}: a turn or boundary step and the undo patch it adds under ${TARGET_BYTES} B; undo ×${UNDO_STEPS} then redo ×${UNDO_STEPS} checked exact`,
);
console.log(tableRow(COLUMNS.map(([name, width]) => name.padStart(width))));
for (const ruleset of RULESETS) {
  for (const n of SIZES) {
    let f: Figures;
    try {
      f = measure(ruleset, n);
    } catch (error) {
      if (!(error instanceof Unsettled)) throw error;
      results.row(`${ruleset}: unsettled roll batches`, n, "count", error.batches, "batches");
      console.log(tableRow([ruleset.padStart(8), String(n).padStart(5), `never reaches a turn: ${error.message}`]));
      continue;
    }
    const turn = medianMax(f.turn);
    const undo = medianMax(f.undo);
    const boundaryMax = medianMax(f.boundary).max;
    const boundaryUndoMax = medianMax(f.boundaryUndo).max;
    const rollsMax = medianMax(f.rolls).max;
    const turnUs = medianMax(f.turnUs).median;
    const c = `${ruleset}:`;
    results.row(`${c} turn-step median`, n, "update-bytes", turn.median, "B");
    results.row(`${c} turn-step max`, n, "update-bytes", turn.max, "B");
    results.row(`${c} boundary-step max`, n, "update-bytes", boundaryMax, "B");
    results.row(`${c} roll-batch max`, n, "update-bytes", rollsMax, "B");
    results.row(`${c} start`, n, "update-bytes", f.start, "B");
    results.row(`${c} undo max`, n, "update-bytes", f.undoMax, "B");
    results.row(`${c} redo max`, n, "update-bytes", f.redoMax, "B");
    results.row(`${c} turn-step median`, n, "undo-bytes-per-step", undo.median, "B");
    results.row(`${c} turn-step max`, n, "undo-bytes-per-step", undo.max, "B");
    results.row(`${c} boundary-step max`, n, "undo-bytes-per-step", boundaryUndoMax, "B");
    results.row(`${c} turn steps`, n, "count", f.turn.length, "steps");
    results.row(`${c} history max`, n, "stored-bytes", f.historyMax, "B");
    results.row(`${c} engine at end`, n, "stored-bytes", f.engine, "B");
    results.row(`${c} turn-step median`, n, "step-time", turnUs, "µs");
    const cells = [
      ruleset,
      String(n),
      String(f.turn.length),
      verdict(turn.median, n),
      verdict(turn.max, n),
      verdict(boundaryMax, n),
      String(rollsMax),
      String(f.start),
      verdict(undo.median, n),
      verdict(undo.max, n),
      verdict(boundaryUndoMax, n),
      String(f.historyMax),
      String(f.engine),
      `${f.undoMax}/${f.redoMax}`,
      turnUs.toFixed(0),
    ];
    console.log(tableRow(cells.map((cell, i) => cell.padStart(COLUMNS[i]?.[1] ?? 0))));
  }
}
console.log(
  `(turn: a \`next\` that starts a turn and no round/phase/step; boundary: any other \`next\`; rolls: a batch answering every request; undo/step: the patch a turn step adds to history.undo; history: the largest stored history, at most ${PATCH_HISTORY_LIMIT} patches; undo ×${UNDO_STEPS} and redo ×${UNDO_STEPS} on a JSON copy matched)`,
);
