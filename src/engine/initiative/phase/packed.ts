/**
 * The stored form of a phase state (issue 17, stored format 4). A roll all at 300 creatures stored
 * the state as it is sends some 14 KB: the round's ranking as 300 ids (7 KB) and three columns of
 * rolled values, with as much again in its undo step. Two parts are therefore stored otherwise:
 * - `ranking` is what the clients can derive: the creatures with an initiative sorted as the battle
 *   lane sorts them (PHS-2: higher total first, ties by the stored roll-offs, then join order; PHS-4:
 *   this round's seizers last). It is stored as `{ runs }`, a string of comma-separated runs of that
 *   derived list — `a-b` (entries a … b − 1), `a` (entry a) — or `@s` (the creature in slot s, for
 *   one the derived list lacks). The ranking built when the dice settle is one run; a creature placed
 *   mid-round (DEF-1) or a ranking kept from the round before while new totals come in costs a few.
 * - each leaf of the roster keeps its creatures' rolled values in one string (packed-rolls.ts).
 * `packPhaseState` checks that what it stores reads back and keeps a part as it is otherwise, so
 * reading is always exact; a state stored before (format 3) has neither form and reads as it is.
 */
import type { Json } from "../../storage/stored-json.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import type { StoreMemo } from "../../storage/store-memo.ts";
import { vectorGet, type PersistentVector, type VectorNode } from "../shared/persistent-vector.ts";
import { isRecord } from "../shared/stored-state.ts";
import { comparePhaseBattle } from "./order.ts";
import { rosterChanges } from "../shared/roster-changes.ts";
import { packLeafRolls, unpackLeafRolls } from "./packed-rolls.ts";
import { phaseReadsOf, sameRank } from "./read-memo.ts";
import { phaseCombatants } from "./state.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

/** The derived ranking (see the file comment): everyone with an initiative, in battle order. */
function derivedRanking(state: Pick<PhaseState, "combatants" | "round">): PhaseCombatant[] {
  return phaseCombatants(state as PhaseState)
    .filter((c) => c.initiative !== null)
    .sort(comparePhaseBattle(state.round));
}

function runsOf(
  ranking: readonly string[],
  derived: readonly PhaseCombatant[],
  slotOf: (id: string) => number,
): string {
  const at = new Map(derived.map((c, i) => [c.id, i]));
  const runs: string[] = [];
  let from = -1;
  let to = -1;
  const flush = () => {
    if (from >= 0) runs.push(to - from === 1 ? String(from) : `${from}-${to}`);
    from = -1;
  };
  for (const id of ranking) {
    const j = at.get(id);
    if (j !== undefined && from >= 0 && j === to) to++;
    else {
      flush();
      if (j === undefined) runs.push(`@${slotOf(id)}`);
      else [from, to] = [j, j + 1];
    }
  }
  flush();
  return runs.join(",");
}

const RUN = /^(\d+)(?:-(\d+))?$/;

function rankingOf(
  runs: string,
  derived: readonly PhaseCombatant[],
  bySlot: (slot: number) => string | null,
): string[] | null {
  const out: string[] = [];
  if (runs === "") return out;
  for (const run of runs.split(",")) {
    if (run.startsWith("@")) {
      const id = /^@\d+$/.test(run) ? bySlot(Number(run.slice(1))) : null;
      if (id === null) return null;
      out.push(id);
      continue;
    }
    const m = RUN.exec(run);
    const a = Number(m?.[1]);
    const b = m?.[2] === undefined ? a + 1 : Number(m[2]);
    if (m === null || b <= a || b > derived.length) return null;
    for (let i = a; i < b; i++) out.push((derived[i] as PhaseCombatant).id);
  }
  return out;
}

/** A node of the roster with its leaves' rolled values packed (the same object for a node packed before). */
function packNode(node: VectorNode<PhaseCombatant>, memo: StoreMemo | undefined): Json {
  const known = memo?.packed.get(node) as Json | undefined;
  if (known !== undefined) return known;
  let out: Json;
  if ("items" in node) {
    const packed = packLeafRolls(node.items, memo);
    out = packed === null ? (node as unknown as Json) : { items: packed.items as Json[], rolls: packed.rolls };
  } else out = { kids: node.kids.map((kid) => packNode(kid, memo)) };
  memo?.packed.set(node, out);
  return out;
}

/** The text a branch is remembered with in `RowsMemo.unpacked` (a leaf's is its rolls' string, never this). */
const BRANCH = "\u0000branch";

/** `memo` (issue 17, storage/column-read.ts): a leaf whose rows and rolls are those read last is the leaf found then. */
function unpackNode(node: unknown, memo: RowsMemo | undefined): unknown {
  if (!isRecord(node)) return node;
  if (Array.isArray(node.kids)) {
    // A branch read before (the same object: nothing below it changed) unpacks as it did.
    const known = memo?.unpacked.get(node);
    if (known !== undefined && known.text === BRANCH) return known.value;
    const value = { ...node, kids: (node.kids as readonly unknown[]).map((kid) => unpackNode(kid, memo)) };
    memo?.unpacked.set(node, { text: BRANCH, value });
    return value;
  }
  const { items: rows, rolls } = node;
  if (!Array.isArray(rows) || typeof rolls !== "string" || Object.keys(node).length !== 2) return node;
  const known = memo?.unpacked.get(rows);
  if (known !== undefined && known.text === rolls) return known.value;
  const items = unpackLeafRolls(rows as readonly unknown[], rolls);
  const leaf = items === null ? node : { items };
  memo?.unpacked.set(rows, { text: rolls, value: leaf });
  return leaf;
}

const sameRollOff = (a: readonly number[], b: readonly number[]): boolean =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * Whether two rosters give the same derived ranking in `round`: the same creatures with the same
 * initiative, roll-offs and seizing. Shared branches are skipped, so a turn step (one creature's
 * record changed) costs one leaf.
 */
function sameRankInputs(
  a: VectorNode<PhaseCombatant> | undefined,
  b: VectorNode<PhaseCombatant> | undefined,
  round: number,
): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if ("kids" in a || "kids" in b) {
    if (!("kids" in a) || !("kids" in b) || a.kids.length !== b.kids.length) return false;
    return a.kids.every((kid, i) => sameRankInputs(kid, b.kids[i], round));
  }
  if (a.items.length !== b.items.length) return false;
  return a.items.every((x, i) => {
    const y = b.items[i] ?? null;
    if (x === y) return true;
    if (x === null || y === null) return false;
    return (
      x.id === y.id &&
      x.initiative === y.initiative &&
      sameRollOff(x.rollOff, y.rollOff) &&
      (x.seizedRound === round) === (y.seizedRound === round)
    );
  });
}

interface KnownRanking {
  readonly vector: PersistentVector<PhaseCombatant>;
  readonly round: number;
  readonly runs: Json;
}

/** The ranking's runs, or the list as it is when they would not give it back (or save nothing). */
function packRanking(state: PhaseState, memo: StoreMemo | undefined): Json {
  const list = state.ranking as readonly Json[];
  if (state.ranking.length < 2) return list;
  const key = state.ranking as object;
  // Issue 17: a step that changes no initiative (a turn) keeps the runs stored before, without a sort.
  const known = memo?.packed.get(key) as KnownRanking | undefined;
  const vector = state.combatants;
  if (
    known !== undefined &&
    known.round === state.round &&
    known.vector.size === vector.size &&
    known.vector.depth === vector.depth &&
    sameRankInputs(known.vector.root, vector.root, state.round)
  ) {
    memo?.packed.set(key, { ...known, vector });
    return known.runs;
  }
  const derived = derivedRanking(state);
  const runs = runsOf(state.ranking, derived, (id) => state.index[id] ?? -1);
  const back = rankingOf(runs, derived, (slot) => vectorGet(state.combatants, slot)?.id ?? null);
  const exact = back !== null && back.length === list.length && back.every((id, i) => id === list[i]);
  const out: Json = exact ? { runs } : list;
  memo?.packed.set(key, { vector, round: state.round, runs: out } satisfies KnownRanking);
  return out;
}

/** The stored form of `state` (see the file comment); `memo`: storage/store-memo.ts. */
export function packPhaseState(state: PhaseState, memo?: StoreMemo): Json {
  const whole = state as unknown as { readonly [key: string]: Json };
  const vector = state.combatants;
  const combatants: Json = { size: vector.size, depth: vector.depth, root: packNode(vector.root, memo) };
  return { ...whole, combatants, ranking: packRanking(state, memo) };
}

/** A stored phase state with its roster's rolled values and its ranking read back (other values as they are). */
export function unpackPhaseState(
  value: Readonly<Record<string, unknown>>,
  memo?: RowsMemo,
): Readonly<Record<string, unknown>> {
  const stored = value.combatants;
  if (!isRecord(stored)) return value;
  const combatants = { ...stored, root: unpackNode(stored.root, memo) };
  const ranking = value.ranking;
  if (!isRecord(ranking) || typeof ranking.runs !== "string" || Object.keys(ranking).length !== 1)
    return { ...value, combatants };
  const round = value.round;
  const reads = phaseReadsOf(memo);
  const vector = combatants as unknown as PersistentVector<PhaseCombatant>;
  // Issue 17 (read-memo.ts): the same runs over creatures that rank as they did give the list read last.
  const known = reads?.ranking;
  if (known !== undefined && known !== null && known.round === round && known.runs === ranking.runs) {
    const changes = rosterChanges(known.combatants, vector);
    if (changes !== null && changes.every(sameRank(Number(round))) && reads !== undefined) {
      reads.ranking = { ...known, combatants: vector };
      return { ...value, combatants, ranking: known.list };
    }
  }
  try {
    const state = { combatants: vector, round: Number(round) };
    const bySlot = (slot: number): string | null => vectorGet(state.combatants, slot)?.id ?? null;
    const list = rankingOf(ranking.runs, derivedRanking(state), bySlot);
    if (list !== null && reads !== undefined) reads.ranking = { combatants: vector, round, runs: ranking.runs, list };
    return list === null ? { ...value, combatants } : { ...value, combatants, ranking: list };
  } catch {
    return { ...value, combatants }; // a damaged roster: left for parsePhaseState to refuse
  }
}
