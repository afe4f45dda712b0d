/**
 * Reading a standard state back from storage: `parseStandardState` accepts exactly the states the
 * scheduler can produce in shape (types, ranges, references between fields) and refuses anything else
 * with `TEMPO.ERRORS.Standard.InvalidState` naming the first bad field, so a damaged `Combat.system`
 * is reported instead of crashing the tracker. A state stored before Delay and Ready existed is read with
 * their records empty.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { badLinearOrder, badPendingRolls, isFiniteNumber, isInteger, isRecord } from "../shared/stored-state.ts";
import { own } from "../shared/round-order.ts";
import { STANDARD_TRIGGER_MAX_LENGTH, validStandardId, type StandardState } from "./state.ts";

const STATUSES: readonly string[] = ["setup", "rolling", "running"];

function badCombatant(key: string, c: unknown): boolean {
  if (!isRecord(c) || c.id !== key || !validStandardId(key)) return true;
  if (!isInteger(c.dexBonus) || typeof c.defeated !== "boolean") return true;
  if (c.initiative !== null && !isFiniteNumber(c.initiative)) return true;
  return !Array.isArray(c.tieBreak) || !c.tieBreak.every((t) => isInteger(t) && t >= 1 && t <= 20);
}

function badField(value: Record<string, unknown>): string | null {
  if (value.scheme !== "standard") return "scheme";
  if (typeof value.status !== "string" || !STATUSES.includes(value.status)) return "status";
  if (!isInteger(value.round) || value.round < 0) return "round";
  if (typeof value.resort !== "boolean") return "resort";
  if (!isInteger(value.nextRequest) || value.nextRequest < 1) return "nextRequest";
  const combatants = value.combatants;
  if (!isRecord(combatants) || Object.getPrototypeOf(combatants) !== Object.prototype) return "combatants";
  for (const key of Object.keys(combatants)) if (badCombatant(key, combatants[key])) return `combatants.${key}`;
  const known = (id: string): boolean => Object.hasOwn(combatants, id);
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

/** STD-1..4, DEF-1: a stored standard state, checked field by field (see the file comment). O(n). */
export function parseStandardState(value: unknown): Result<StandardState> {
  if (!isRecord(value)) return err("TEMPO.ERRORS.Standard.InvalidState", { field: "state" });
  const filled = withDefaults(value);
  const field = badField(filled);
  if (field !== null) return err("TEMPO.ERRORS.Standard.InvalidState", { field });
  return ok(filled as unknown as StandardState);
}
