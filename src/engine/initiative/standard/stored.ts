/**
 * Reading a standard state back from storage: `parseStandardState` accepts exactly the states the
 * scheduler can produce in shape (types, ranges, references between fields) and refuses anything else
 * with `TEMPO.ERRORS.Standard.InvalidState` naming the first bad field, so a damaged `Combat.system`
 * is reported instead of crashing the tracker. A state stored before Delay and Ready existed is read with
 * their records empty.
 *
 * Issue 17: with a page's memo (read-memo.ts), a state whose roster, order and status are those of the last
 * state accepted (the same objects: a turn step) is not checked through its roster again.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { badLinearOrder, badPendingRolls, isFiniteNumber, isInteger, isRecord } from "../shared/stored-state.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { own } from "../shared/round-order.ts";
import { standardReadsOf } from "./read-memo.ts";
import { STANDARD_TRIGGER_MAX_LENGTH, validStandardId, type StandardState } from "./state.ts";

const STATUSES: readonly string[] = ["setup", "rolling", "running"];

function badCombatant(key: string, c: unknown): boolean {
  if (!isRecord(c) || c.id !== key || !validStandardId(key)) return true;
  if (!isInteger(c.dexBonus) || typeof c.defeated !== "boolean") return true;
  if (c.initiative !== null && !isFiniteNumber(c.initiative)) return true;
  return !Array.isArray(c.tieBreak) || !c.tieBreak.every((t) => isInteger(t) && t >= 1 && t <= 20);
}

/** The roster and order as accepted last: only what a turn step changes is checked (see the file comment). */
function badTurn(value: Record<string, unknown>): string | null {
  const order = value.order as readonly string[];
  const turnIndex = value.turnIndex;
  if (!isInteger(turnIndex) || turnIndex < -1 || turnIndex > order.length) return "turnIndex";
  if (value.status === "running") return turnIndex === -1 ? "turnIndex" : null;
  return order.length > 0 || turnIndex !== -1 || value.round !== 0 ? "order" : null;
}

/** The roster and the order over it (returns the bad field or null). */
function badRoster(value: Record<string, unknown>, combatants: Record<string, unknown>): string | null {
  for (const key of Object.keys(combatants)) if (badCombatant(key, combatants[key])) return `combatants.${key}`;
  const hasTotal = (id: string): boolean => {
    const c = own(combatants, id);
    return isRecord(c) && c.initiative !== null;
  };
  const orderProblem = badLinearOrder(value.order, value.turnIndex, hasTotal);
  if (orderProblem !== null) return orderProblem;
  const order = value.order as readonly string[];
  if (value.status === "running") {
    const withTotal = Object.keys(combatants).filter(hasTotal);
    if (withTotal.length !== order.length) return "order";
    if (value.turnIndex === -1) return "turnIndex";
  } else if (order.length > 0 || value.turnIndex !== -1 || value.round !== 0) {
    return "order";
  }
  return null;
}

function badField(value: Record<string, unknown>, last: Readonly<Record<string, unknown>> | null): string | null {
  if (value.scheme !== "standard") return "scheme";
  if (typeof value.status !== "string" || !STATUSES.includes(value.status)) return "status";
  if (!isInteger(value.round) || value.round < 0) return "round";
  if (typeof value.resort !== "boolean") return "resort";
  if (!isInteger(value.nextRequest) || value.nextRequest < 1) return "nextRequest";
  const combatants = value.combatants;
  if (!isRecord(combatants) || Object.getPrototypeOf(combatants) !== Object.prototype) return "combatants";
  const kept =
    last !== null && combatants === last.combatants && value.order === last.order && value.status === last.status;
  const roster = kept ? badTurn(value) : badRoster(value, combatants);
  if (roster !== null) return roster;
  const known = (id: string): boolean => Object.hasOwn(combatants, id);
  const order = value.order as readonly string[];
  const due = value.firstTurnDue;
  if (!isRecord(due) || !Object.keys(due).every((id) => known(id) && isInteger(due[id]))) return "firstTurnDue";
  return badDelayReady(value, known, order) ?? badPendingRolls(value.rolls, ["initiative", "tieBreak"], known);
}

/** Not a plain record keyed by known ids whose every value passes `good`. */
function badRecord(value: unknown, known: (id: string) => boolean, good: (v: unknown) => boolean): boolean {
  if (!isRecord(value) || Object.getPrototypeOf(value) !== Object.prototype) return true;
  return !Object.keys(value).every((id) => known(id) && good(value[id]));
}

/** Delay and Ready records (scheduler.ts rulings): known ids; delayed ones have had their slot this round. */
function badDelayReady(
  value: Record<string, unknown>,
  known: (id: string) => boolean,
  order: readonly string[],
): string | null {
  const thisRound = (v: unknown): boolean => v === value.round;
  const turnIndex = value.turnIndex as number;
  const passed = (id: string): boolean => {
    const at = order.indexOf(id);
    return at >= 0 && at < turnIndex;
  };
  if (badRecord(value.delayed, (id) => known(id) && passed(id), thisRound)) return "delayed";
  if (badRecord(value.reentered, known, thisRound)) return "reentered";
  if (badRecord(value.delayRank, known, (v) => isInteger(v) && v >= 1)) return "delayRank";
  if (value.uses !== undefined && (!isInteger(value.uses) || value.uses < 1)) return "uses";
  const readied = (v: unknown): boolean =>
    isRecord(v) &&
    typeof v.trigger === "string" &&
    v.trigger.length > 0 &&
    v.trigger.length <= STANDARD_TRIGGER_MAX_LENGTH &&
    isInteger(v.round) &&
    v.round >= 1;
  return badRecord(value.readied, known, readied) ? "readied" : null;
}

/** Records a state stored before Delay and Ready existed lacks: empty. */
const DELAY_READY_DEFAULTS = { delayed: {}, reentered: {}, delayRank: {}, readied: {} } as const;

function withDefaults(value: Record<string, unknown>): Record<string, unknown> {
  const missing = Object.keys(DELAY_READY_DEFAULTS).filter((key) => !Object.hasOwn(value, key));
  if (missing.length === 0) return value;
  const filled: Record<string, unknown> = { ...value };
  for (const key of missing) filled[key] = {};
  return filled;
}

/**
 * STD-1..4, DEF-1: a stored standard state, checked field by field (see the file comment). O(n). `memo`: the
 * page's memo of this combat's reads (issue 17).
 */
export function parseStandardState(value: unknown, memo?: RowsMemo): Result<StandardState> {
  if (!isRecord(value)) return err("TEMPO.ERRORS.Standard.InvalidState", { field: "state" });
  const filled = withDefaults(value);
  const reads = standardReadsOf(memo);
  const field = badField(filled, reads?.sound ?? null);
  if (field !== null) return err("TEMPO.ERRORS.Standard.InvalidState", { field });
  if (reads !== undefined) reads.sound = filled;
  return ok(filled as unknown as StandardState);
}
