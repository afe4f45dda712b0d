/**
 * Reading a count-track state back from storage (`Combat.system.engine`, a saved preview): plain data that
 * may have been edited by hand, by a module or by an older version. `parseCountState` accepts the states
 * the scheduler can produce in shape (types, ranges, the roster's vector, references between fields:
 * slots, the tie order, the walk, pending actions and the records that point at them) and refuses
 * anything else with `TEMPO.ERRORS.Count.InvalidState` naming the first bad field. O(n).
 *
 * Issue 17: with a page's memo (read-memo.ts), what the last accepted state shares with this one by identity
 * (records a turn step did not change, the same slots, the same pending actions) is not checked again: the
 * same answer for O(what changed).
 */
import { err, ok, type Result } from "../../core/result.ts";
import { isInteger, isRecord, isStringArray } from "../shared/stored-state.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { badVector } from "../shared/stored-vector.ts";
import { badVectorKnown } from "../shared/stored-vector-known.ts";
import { rosterChanges, sameId, type RecordChange } from "../shared/roster-changes.ts";
import { countReadsOf, sameTie, type CountReads } from "./read-memo.ts";
import { COUNT_END_STEP, COUNT_TRACK_LENGTH } from "./delay.ts";
import { compareCountTies } from "./order.ts";
import type { CountCombatant, CountPendingAction, CountState } from "./types.ts";
import { vectorGet, vectorValues, type PersistentVector } from "../shared/persistent-vector.ts";

const STATUSES: readonly string[] = ["setup", "rolling", "contest", "turns", "end"];
const KINDS: readonly string[] = ["attack", "charged", "spell", "other"];
const ROUND_FIELDS = ["countRound", "turnRound", "actedRound", "reactedRound", "resolvedRound", "savesRound"] as const;

const isPlain = (value: unknown): value is Record<string, unknown> => isRecord(value) && !Array.isArray(value);
const isRound = (value: unknown): value is number => isInteger(value) && value >= -1;

/** CNT-2, CNT-5, CNT-14: one track record, on its own (its pending references are checked later). */
function badCombatant(c: unknown): boolean {
  if (!isPlain(c) || typeof c.id !== "string" || c.id.length === 0 || !isInteger(c.bonus)) return true;
  const bonus = c.bonus;
  for (const flag of [c.isPlayer, c.defeated, c.surprised, c.unconscious]) if (typeof flag !== "boolean") return true;
  if (c.result !== null && !isInteger(c.result)) return true;
  if (c.count !== null && !(isInteger(c.count) && c.count >= 0 && c.count <= COUNT_END_STEP)) return true;
  if (c.unconscious === true && c.count !== COUNT_END_STEP) return true;
  if (!ROUND_FIELDS.every((field) => isRound(c[field]))) return true;
  if (!isInteger(c.turnCount) || c.turnCount < -1 || c.turnCount >= COUNT_TRACK_LENGTH) return true;
  // CNT-5: a contest total is 1d20 + bonus.
  if (!Array.isArray(c.contest) || !c.contest.every((t) => isInteger(t) && t >= 1 + bonus && t <= 20 + bonus))
    return true;
  // Issue 18 item 5: how many of the last totals are secret (hidden-ties.ts).
  if (!isInteger(c.secretContest) || c.secretContest < 0 || c.secretContest > c.contest.length) return true;
  if (c.casting !== null && typeof c.casting !== "string") return true;
  return (
    !Array.isArray(c.pending) ||
    !c.pending.every((r) => isPlain(r) && typeof r.id === "string" && isInteger(r.at) && isInteger(r.index))
  );
}

/** CNT-6 … CNT-9: one pending action kept at absolute position `at`. */
function badAction(a: unknown, at: number): boolean {
  if (!isPlain(a) || typeof a.id !== "string" || typeof a.combatantId !== "string") return true;
  if (typeof a.kind !== "string" || !KINDS.includes(a.kind)) return true;
  const { declaredRound, declaredCount, round, count, delay, attack, attacks } = a;
  if (![declaredRound, declaredCount, round, count, delay, attack, attacks].every((n) => isInteger(n) && n >= 0))
    return true;
  const [r, k, i, n] = [round, count, attack, attacks] as number[];
  if (r === undefined || k === undefined || i === undefined || n === undefined) return true;
  if (r * COUNT_TRACK_LENGTH + k !== at || k >= COUNT_TRACK_LENGTH || i < 1 || i > n) return true;
  if (!isStringArray(a.targets) || (a.origin !== null && typeof a.origin !== "string")) return true;
  return a.slotLevel !== null && !isInteger(a.slotLevel);
}

function badPending(pending: unknown): boolean {
  if (!isPlain(pending)) return true;
  return Object.keys(pending).some((key) => {
    const at = Number(key);
    return !/^(0|[1-9][0-9]*)$/.test(key) || badVector(pending[key], (a) => badAction(a, at));
  });
}

/** DEF-1, CNT-2: the roster is a vector of sound records (returns the bad field or null); see the file comment. */
function badRecords(value: Record<string, unknown>, reads: CountReads | undefined): string | null {
  const bad: number[] = [];
  const check = (c: unknown, i: number) => badCombatant(c) && bad.push(i) > 0;
  const sound = reads?.soundLeaves;
  if (sound === undefined ? badVector(value.combatants, check) : badVectorKnown(value.combatants, check, sound, ""))
    return bad[0] === undefined ? "combatants" : `combatants.${bad[0]}`;
  return null;
}

/** What the last state accepted shares with this one: its parts, and the records changed since. */
interface SoundParts {
  readonly last: NonNullable<CountReads["sound"]>;
  readonly changes: readonly RecordChange[];
}

/** The slots and records agree (returns "slots" or null); `sound`: see `SoundParts`. */
function badSlots(value: Record<string, unknown>, sound: SoundParts | null): string | null {
  const combatants = value.combatants as PersistentVector<CountCombatant>;
  const slots = value.slots;
  if (!isPlain(slots) || Object.getPrototypeOf(slots) !== Object.prototype) return "slots";
  // The slots accepted last, and every index holding the id it held (or free as it was).
  if (sound !== null && slots === sound.last.slots && sound.changes.every(sameId)) return null;
  const present = vectorValues(combatants);
  if (Object.keys(slots).length !== present.length) return "slots";
  for (const id of Object.keys(slots)) {
    const slot = slots[id];
    if (!isInteger(slot) || vectorGet(combatants, slot)?.id !== id) return "slots";
  }
  return null;
}

/** CNT-5: every present slot once, in tie order. */
function badTieOrder(value: Record<string, unknown>, sound: SoundParts | null): boolean {
  const order = value.tieOrder;
  // The order and slots accepted last, over records that sort as they did (read-memo.ts `sameTie`).
  if (sound !== null && order === sound.last.tieOrder && value.slots === sound.last.slots) {
    if (sound.changes.every(sameTie)) return false;
  }
  const combatants = value.combatants as PersistentVector<CountCombatant>;
  if (!Array.isArray(order) || order.length !== vectorValues(combatants).length) return true;
  if (!order.every((slot) => isInteger(slot) && vectorGet(combatants, slot) !== null)) return true;
  if (new Set(order).size !== order.length) return true;
  for (let i = 1; i < order.length; i++) {
    const a = vectorGet(combatants, order[i - 1] as number);
    const b = vectorGet(combatants, order[i] as number);
    if (a === null || b === null || compareCountTies(a, b) >= 0) return true;
  }
  return false;
}

/**
 * CNT-3: the walk agrees with the status: a turn under way names a present creature; a round about to start
 * (the walk before its first count) names nobody yet: the players' copy of a surprise round's end step that
 * only hidden creatures act in (CNT-4 ruling, hidden-surprise.ts).
 */
function badWalk(value: Record<string, unknown>, known: (id: string) => boolean): string | null {
  const starting = value.current === null && value.count === -1 && value.scan === -1;
  const turns = value.status === "turns" && !starting;
  if (!isInteger(value.count) || value.count < -1 || value.count > COUNT_END_STEP) return "count";
  if (value.status === "end" && value.count !== COUNT_END_STEP) return "count";
  const length = Array.isArray(value.tieOrder) ? value.tieOrder.length : 0;
  if (!isInteger(value.scan) || value.scan < -1 || value.scan >= length) return "scan";
  if (turns ? typeof value.current !== "string" || !known(value.current) : value.current !== null) return "current";
  const queued = value.queued;
  if (!isStringArray(queued) || new Set(queued).size !== queued.length || !queued.every(known)) return "queued";
  if (!turns && queued.length > 0) return "queued";
  return null;
}

/**
 * CNT-6, CNT-10: each record's pending references point at its own actions, and casting at one of them.
 * With the pending actions accepted last, only the records changed since are looked at.
 */
function badReferences(state: CountState, sound: SoundParts | null): string | null {
  const records =
    sound !== null && state.pending === sound.last.pending
      ? sound.changes.flatMap(({ now }) => (now === null ? [] : [now as CountCombatant]))
      : vectorValues(state.combatants);
  for (const c of records) {
    for (const ref of c.pending) {
      const bucket: PersistentVector<CountPendingAction> | undefined = state.pending[String(ref.at)];
      const action = bucket === undefined ? null : vectorGet(bucket, ref.index);
      if (action === null || action.id !== ref.id || action.combatantId !== c.id) return "pending";
    }
    if (c.casting !== null && !c.pending.some((ref) => ref.id === c.casting)) return "pending";
  }
  return null;
}

function badField(value: Record<string, unknown>, reads: CountReads | undefined): string | null {
  if (value.scheme !== "count") return "scheme";
  const options = value.options;
  if (!isPlain(options) || (options.surprise !== "automatic" && options.surprise !== "declared")) return "options";
  if (typeof value.status !== "string" || !STATUSES.includes(value.status)) return "status";
  if (!isRound(value.round)) return "round";
  const contest = value.status === "contest";
  if (!isRound(value.upcomingRound) || (contest ? value.upcomingRound <= value.round : value.upcomingRound !== -1))
    return "upcomingRound";
  if (!isRound(value.contestRound)) return "contestRound";
  if (typeof value.surpriseDeclared !== "boolean") return "surpriseDeclared";
  const records = badRecords(value, reads);
  if (records !== null) return records;
  const last = reads?.sound ?? null;
  const changes = last === null ? null : rosterChanges(last.combatants, value.combatants);
  const sound = last === null || changes === null ? null : { last, changes };
  const roster = badSlots(value, sound);
  if (roster !== null) return roster;
  if (badTieOrder(value, sound)) return "tieOrder";
  const slots = value.slots as Record<string, unknown>;
  const walk = badWalk(value, (id) => Object.hasOwn(slots, id));
  if (walk !== null) return walk;
  if ((last === null || value.pending !== last.pending) && badPending(value.pending)) return "pending";
  if (!isInteger(value.nextAction) || value.nextAction < 1) return "nextAction";
  return badReferences(value as unknown as CountState, sound);
}

/**
 * CNT-1 … CNT-14, DEF-1: a stored count-track state, checked field by field (see the file comment). `memo`:
 * the page's memo of this combat's reads (issue 17).
 */
export function parseCountState(value: unknown, memo?: RowsMemo): Result<CountState> {
  if (!isPlain(value)) return err("TEMPO.ERRORS.Count.InvalidState", { field: "state" });
  const reads = countReadsOf(memo);
  const field = badField(value, reads);
  if (field !== null) return err("TEMPO.ERRORS.Count.InvalidState", { field });
  const state = value as unknown as CountState;
  if (reads !== undefined) reads.sound = state;
  return ok(state);
}
