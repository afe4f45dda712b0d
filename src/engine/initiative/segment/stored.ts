/**
 * Reading a segment state back from storage: `parseSegmentState` accepts exactly the states the
 * scheduler can produce in shape (types, ranges, the roster's vector and index, references between
 * fields) and refuses anything else with `TEMPO.ERRORS.Segment.InvalidState` naming the first bad field,
 * so a damaged `Combat.system` is reported instead of running on. O(n).
 *
 * A schedule kept from an earlier round (`scheduleRound` is not the round) is checked in shape only:
 * it is never read, and the creatures it names may have left since.
 *
 * Issue 17: with a page's memo (read-memo.ts), the roster's leaves a step did not change are not checked
 * again, nor the index accepted last over slots holding the ids they held: the same answer for O(what changed).
 */
import { err, ok, type Result } from "../../core/result.ts";
import { isFiniteNumber, isInteger, isRecord, isStringArray } from "../shared/stored-state.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { vectorGet, type PersistentVector } from "../shared/persistent-vector.ts";
import { rosterChanges, sameId } from "../shared/roster-changes.ts";
import { storedVectorValues } from "../shared/stored-vector.ts";
import { badVectorKnown } from "../shared/stored-vector-known.ts";
import { segmentReadsOf, type SegmentReads } from "./read-memo.ts";
import { SEGMENTS_PER_ROUND, checkSegmentDeclaration } from "./declaration.ts";
import { compareSegmentEntries } from "./order.ts";
import { checkSegmentSettings } from "./state.ts";
import {
  SEGMENT_ROLL_REASONS,
  type SegmentDeclaration,
  type SegmentEntry,
  type SegmentSettings,
  type SegmentState,
} from "./types.ts";

const PARTS: readonly string[] = ["fast", "firstRoutine", "group", "target", "complex", "restRoutines", "spell"];
const ROUND_FIELDS = [
  "declaredRound",
  "initiativeRound",
  "delayedRound",
  "majorSpentRound",
  "immediateSpellRound",
  "castingFailedRound",
  "attackedRound",
] as const;

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const isRound = (value: unknown, round: number): boolean => isInteger(value) && value >= 0 && value <= round;

function badDeclaration(value: unknown): boolean {
  if (value === null) return false;
  if (!isRecord(value) || !Array.isArray(value.minors) || !value.minors.every(isRecord)) return true;
  return !checkSegmentDeclaration(value as unknown as SegmentDeclaration).ok;
}

/** A combatant record in slot `slot` of a round-`round` state. */
function badCombatant(c: unknown, slot: number, round: number): boolean {
  if (!isRecord(c) || !isText(c.id) || c.slot !== slot || !isText(c.groupId)) return true;
  if (!Number.isSafeInteger(c.dexReaction) || typeof c.surprised !== "boolean" || typeof c.defeated !== "boolean")
    return true;
  if (badDeclaration(c.declaration) || typeof c.revealed !== "boolean") return true;
  if (c.initiative !== null && !Number.isSafeInteger(c.initiative)) return true;
  if (!ROUND_FIELDS.every((field) => isRound(c[field], round))) return true;
  return !isStringArray(c.attacked) || !isInteger(c.freeAttackAt) || c.freeAttackAt < -1;
}

/**
 * Whether an id is a live combatant's, or the bad field: the vector, each record in its slot, and the id index.
 * `reads` (issue 17): see the file comment.
 */
function roster(value: Record<string, unknown>, round: number, reads: SegmentReads | undefined): Live | string {
  const leaves = reads?.soundLeaves;
  if (leaves !== undefined) {
    let first = -1;
    const bad = (c: unknown, slot: number) => (badCombatant(c, slot, round) || !isRecord(c)) && (first = slot) >= 0;
    if (badVectorKnown(value.combatants, bad, leaves, `${round}`))
      return first < 0 ? "combatants" : `combatants.${first}`;
    // The index accepted last, over slots holding the ids they held: it agrees with them as it did.
    const last = reads?.sound ?? null;
    const combatants = value.combatants as PersistentVector<unknown>;
    const index = value.index;
    const changes = last === null || index !== last.index ? null : rosterChanges(last.combatants, combatants);
    if (changes !== null && isRecord(index) && changes.every(sameId))
      return (id) => Object.hasOwn(index, id) && vectorGet(combatants, Number(index[id])) !== null;
  }
  const slots = storedVectorValues(value.combatants);
  if (slots === null) return "combatants";
  const live = new Map<string, unknown>();
  for (let slot = 0; slot < slots.length; slot++) {
    const c = slots[slot];
    if (c === null) continue;
    if (leaves === undefined && (badCombatant(c, slot, round) || !isRecord(c))) return `combatants.${slot}`;
    live.set(String((c as { readonly id?: unknown }).id), c);
  }
  const index = value.index;
  if (!isRecord(index) || Object.getPrototypeOf(index) !== Object.prototype) return "index";
  for (const id of Object.keys(index)) {
    const slot = index[id];
    if (!isInteger(slot) || slot < 0 || slot >= slots.length) return `index.${id}`;
    const c = slots[slot];
    if (c !== null && (!isRecord(c) || c.id !== id)) return `index.${id}`;
  }
  for (const [id, c] of live) if (!Object.hasOwn(index, id) || !isRecord(c) || index[id] !== c.slot) return "index";
  return (id) => live.has(id);
}

/** Whether `id` names a live combatant (`roster`). */
type Live = (id: string) => boolean;

/** SEG-2 step 2: each group's d6 (1–6), and the requests still pending, one per group not yet rolled. */
function badRolls(value: Record<string, unknown>): string | null {
  const groupRolls = value.groupRolls;
  if (!isRecord(groupRolls) || Object.getPrototypeOf(groupRolls) !== Object.prototype) return "groupRolls";
  for (const g of Object.keys(groupRolls)) {
    const roll = groupRolls[g];
    if (!isInteger(roll) || roll < 1 || roll > 6) return "groupRolls";
  }
  const last = value.lastGroupRolls;
  if (last !== undefined) {
    if (!isRecord(last) || Object.getPrototypeOf(last) !== Object.prototype) return "lastGroupRolls";
    if (!Object.values(last).every((roll) => isInteger(roll) && roll >= 1 && roll <= 6)) return "lastGroupRolls";
  }
  if (!isInteger(value.nextRequest) || value.nextRequest < 1) return "nextRequest";
  const rolls = value.rolls;
  if (!Array.isArray(rolls) || (value.step !== 2 && rolls.length > 0)) return "rolls";
  const ids = new Set<string>();
  const groups = new Set<string>();
  for (const r of rolls as readonly unknown[]) {
    if (!isRecord(r) || !isText(r.groupId) || groups.has(r.groupId) || Object.hasOwn(groupRolls, r.groupId))
      return "rolls";
    const q = r.request;
    if (!isRecord(q) || !isText(q.id) || ids.has(q.id) || q.combatantId !== null || q.groupId !== r.groupId)
      return "rolls";
    if (q.formula !== "1d6" || q.reason !== SEGMENT_ROLL_REASONS.group) return "rolls";
    ids.add(q.id);
    groups.add(r.groupId);
  }
  return null;
}

function badEntry(e: unknown): boolean {
  if (!isRecord(e) || !isText(e.key) || !isText(e.combatantId) || !PARTS.includes(String(e.part))) return true;
  if (!isInteger(e.step) || e.step < 3 || e.step > 7) return true;
  if (!isInteger(e.segment) || e.segment < 1 || e.segment > SEGMENTS_PER_ROUND) return true;
  if (e.band !== "high" && e.band !== "low") return true;
  return !Array.isArray(e.rank) || e.rank.length === 0 || !e.rank.every(isFiniteNumber);
}

/** SEG-2, SEG-6: the schedule, its round, the cursor, whose turn it is and the turns given up to a delay. */
function badSchedule(value: Record<string, unknown>, live: Live): string | null {
  const round = value.round as number;
  const step = value.step as number;
  const schedule = value.schedule;
  if (!Array.isArray(schedule) || !schedule.every((e) => !badEntry(e))) return "schedule";
  const entries = schedule as readonly SegmentEntry[];
  const keys = new Set(entries.map((e) => e.key));
  if (keys.size !== entries.length) return "schedule";
  const { scheduleRound, cursor, current, delayedTurns } = value;
  if (!isRound(scheduleRound, round)) return "scheduleRound";
  const thisRounds = scheduleRound === round && round > 0;
  // Built once the rolls are in (step 2), and kept to the end of the round.
  if (thisRounds ? step < 2 || (value.rolls as readonly unknown[]).length > 0 : step >= 3) return "scheduleRound";
  if (!isStringArray(delayedTurns)) return "delayedTurns";
  if (!isInteger(cursor)) return "cursor";
  if (!thisRounds) {
    if (cursor !== -1) return "cursor";
    return current === null ? null : "current";
  }
  if (!entries.every((e) => live(e.combatantId))) return "schedule";
  if (cursor < -1 || cursor > entries.length || (step === 8) !== (cursor === entries.length)) return "cursor";
  for (let i = Math.max(1, cursor + 2); i < entries.length; i++) {
    const [a, b] = [entries[i - 1], entries[i]];
    if (a !== undefined && b !== undefined && compareSegmentEntries(a, b) > 0) return "schedule";
  }
  if (current !== null && (typeof current !== "string" || entries[cursor]?.combatantId !== current)) return "current";
  if (current !== null && (step < 3 || step > 7)) return "current";
  return delayedTurns.every((key) => keys.has(key)) ? null : "delayedTurns";
}

function badField(value: Record<string, unknown>, reads: SegmentReads | undefined): string | null {
  if (!isRecord(value.settings) || !Array.isArray(value.settings.groupOrder)) return "settings";
  if (!checkSegmentSettings(value.settings as unknown as SegmentSettings).ok) return "settings";
  const { round, step, segment } = value;
  if (!isInteger(round) || round < 0) return "round";
  if (!isInteger(step) || step < 0 || step > 8 || (round === 0) !== (step === 0)) return "step";
  if (!isInteger(segment) || segment < 0 || segment > SEGMENTS_PER_ROUND || (step < 7 && segment !== 0))
    return "segment";
  const live = roster(value, round, reads);
  if (typeof live === "string") return live;
  return badRolls(value) ?? badSchedule(value, live);
}

/**
 * SEG-1, SEG-2, DEF-1: a stored segment state, checked field by field (see the file comment). `memo`: the
 * page's memo of this combat's reads (issue 17).
 */
export function parseSegmentState(value: unknown, memo?: RowsMemo): Result<SegmentState> {
  if (!isRecord(value)) return err("TEMPO.ERRORS.Segment.InvalidState", { field: "state" });
  // Stored before schedules were kept across rounds: a schedule existed exactly from step 3 on.
  const upgraded =
    value.scheduleRound === undefined
      ? { ...value, scheduleRound: isInteger(value.step) && value.step >= 3 ? value.round : 0 }
      : value;
  const reads = segmentReadsOf(memo);
  const field = badField(upgraded, reads);
  if (field !== null) return err("TEMPO.ERRORS.Segment.InvalidState", { field });
  const state = upgraded as unknown as SegmentState;
  if (reads !== undefined) reads.sound = state;
  return ok(state);
}
