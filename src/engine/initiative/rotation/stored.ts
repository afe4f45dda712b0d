/**
 * Reading a rotation state back from storage: `parseRotationState` accepts exactly the states the
 * scheduler can produce in shape (types, ranges, groups, references between fields) and refuses
 * anything else with `TEMPO.ERRORS.Rotation.InvalidState` naming the first bad field.
 *
 * Issue 17: with a page's memo (read-memo.ts), a state whose roster, order, options, `nextSeq` and status are
 * those of the last state accepted (the same objects: a turn step) is not checked through its roster again.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { RowsMemo } from "../../storage/column-read.ts";
import { own } from "../shared/round-order.ts";
import {
  badLinearOrder,
  badPendingRolls,
  isFiniteNumber,
  isInteger,
  isRecord,
  isStringArray,
} from "../shared/stored-state.ts";
import {
  validateRotationCombatant,
  validateRotationGroup,
  validateRotationOptions,
  type RotationCombatant,
  type RotationOptions,
  type RotationState,
} from "./state.ts";
import { rotationReadsOf } from "./read-memo.ts";

const STATUSES: readonly string[] = ["setup", "rolling", "planning", "running"];

function badCombatant(key: string, c: unknown): boolean {
  if (!isRecord(c) || c.id !== key) return true;
  if (!validateRotationCombatant({ id: c.id, kind: c.kind, modifier: c.modifier, groupId: c.groupId }).ok) return true;
  if (!isInteger(c.seq) || c.seq < 1 || typeof c.defeated !== "boolean") return true;
  return c.initiative !== null && !isFiniteNumber(c.initiative);
}

/** ROT-2: one reroll among units of the roll-off: two or more of them, a place each, integer results. */
function badRollOff(r: unknown, units: readonly string[]): boolean {
  if (!isRecord(r) || !isStringArray(r.rolling) || !Array.isArray(r.places)) return true;
  const rolling = r.rolling;
  if (rolling.length < 2 || new Set(rolling).size !== rolling.length || !rolling.every((u) => units.includes(u)))
    return true;
  if (r.places.length !== rolling.length || !r.places.every(isFiniteNumber)) return true;
  const results = r.results;
  return !isRecord(results) || !Object.keys(results).every((u) => rolling.includes(u) && isInteger(results[u]));
}

/** ROT-2: roll-offs under way, one per tied value, each unit rolling in one reroll at most. */
function badContests(contests: unknown): boolean {
  if (!Array.isArray(contests)) return true;
  const values = new Set<number>();
  return contests.some((c) => {
    if (!isRecord(c) || !isFiniteNumber(c.value) || !isStringArray(c.units) || !Array.isArray(c.rollOffs)) return true;
    if (values.has(c.value)) return true;
    values.add(c.value);
    const units = c.units;
    if (c.rollOffs.length === 0 || c.rollOffs.some((r) => badRollOff(r, units))) return true;
    const rolling = (c.rollOffs as readonly { readonly rolling: readonly string[] }[]).flatMap((r) => r.rolling);
    return new Set(rolling).size !== rolling.length;
  });
}

/** The roster and order as accepted last (`last`): only what a turn step changes is checked (see the file comment). */
function badTurn(value: Record<string, unknown>): string | null {
  const order = value.order as readonly string[];
  const turnIndex = value.turnIndex;
  if (!isInteger(turnIndex) || turnIndex < -1 || turnIndex > order.length) return "turnIndex";
  if (value.status === "running") return turnIndex === -1 ? "order" : null;
  if (value.status === "planning") return value.round !== 0 || turnIndex === -1 ? "order" : null;
  return order.length > 0 || turnIndex !== -1 || value.round !== 0 ? "order" : null;
}

function badField(value: Record<string, unknown>, last: Readonly<Record<string, unknown>> | null): string | null {
  if (value.scheme !== "rotation") return "scheme";
  if (!isRecord(value.options) || !validateRotationOptions(value.options as unknown as RotationOptions).ok)
    return "options";
  const options = value.options as unknown as RotationOptions;
  if (typeof value.status !== "string" || !STATUSES.includes(value.status)) return "status";
  if (!isInteger(value.round) || value.round < 0) return "round";
  if (typeof value.resort !== "boolean") return "resort";
  if (!isInteger(value.nextRequest) || value.nextRequest < 1) return "nextRequest";
  if (!isInteger(value.nextSeq) || value.nextSeq < 1) return "nextSeq";
  if (value.uses !== undefined && (!isInteger(value.uses) || value.uses < 1)) return "uses";
  const combatants = value.combatants;
  if (!isRecord(combatants) || Object.getPrototypeOf(combatants) !== Object.prototype) return "combatants";
  const kept =
    last !== null &&
    combatants === last.combatants &&
    value.order === last.order &&
    value.options === last.options &&
    value.nextSeq === last.nextSeq &&
    value.status === last.status;
  const turn = kept ? badTurn(value) : badRoster(value, combatants, options);
  if (turn !== null) return turn;
  const typed = combatants as Readonly<Record<string, RotationCombatant>>;
  const due = value.firstTurnDue;
  if (!isRecord(due) || !Object.keys(due).every((id) => Object.hasOwn(typed, id) && isInteger(due[id])))
    return "firstTurnDue";
  if (badContests(value.contests)) return "contests";
  const rollsProblem = badPendingRolls(value.rolls, ["initiative", "contest"], (id) => Object.hasOwn(typed, id));
  if (rollsProblem !== null) return rollsProblem;
  return (value.rolls as readonly Record<string, unknown>[]).every((r) => typeof r.unit === "string") ? null : "rolls";
}

/** The roster, its groups and the order over it (returns the bad field or null). */
function badRoster(
  value: Record<string, unknown>,
  combatants: Record<string, unknown>,
  options: RotationOptions,
): string | null {
  const nextSeq = value.nextSeq as number;
  const seqs = new Set<number>();
  const groups = new Map<string, unknown>();
  for (const key of Object.keys(combatants)) {
    const c = combatants[key];
    if (badCombatant(key, c) || !isRecord(c)) return `combatants.${key}`;
    if (seqs.has(Number(c.seq)) || Number(c.seq) >= nextSeq) return `combatants.${key}`;
    seqs.add(Number(c.seq));
    if (typeof c.groupId === "string") {
      // ROT-4, ROT-5: a group's members share one result.
      if (groups.has(c.groupId) && groups.get(c.groupId) !== c.initiative) return `combatants.${key}`;
      groups.set(c.groupId, c.initiative);
    }
  }
  const typed = combatants as Readonly<Record<string, RotationCombatant>>;
  for (const group of groups.keys()) if (!validateRotationGroup(typed, group, options).ok) return "combatants";
  const hasTotal = (id: string): boolean => own(typed, id)?.initiative !== null && Object.hasOwn(typed, id);
  const orderProblem = badLinearOrder(value.order, value.turnIndex, hasTotal);
  if (orderProblem !== null) return orderProblem;
  const order = value.order as readonly string[];
  if (value.status === "running") {
    if (Object.keys(typed).filter(hasTotal).length !== order.length || value.turnIndex === -1) return "order";
  } else if (value.status === "planning") {
    if (value.round !== 0 || value.turnIndex === -1) return "order";
  } else if (order.length > 0 || value.turnIndex !== -1 || value.round !== 0) {
    return "order";
  }
  return null;
}

/**
 * ROT-1..7, DEF-1: a stored rotation state, checked field by field (see the file comment). O(n). `memo`: the
 * page's memo of this combat's reads (issue 17).
 */
export function parseRotationState(value: unknown, memo?: RowsMemo): Result<RotationState> {
  if (!isRecord(value)) return err("TEMPO.ERRORS.Rotation.InvalidState", { field: "state" });
  // States stored before newcomers were tracked have no `firstTurnDue`: nobody is waiting.
  const upgraded = value.firstTurnDue === undefined ? { ...value, firstTurnDue: {} } : value;
  const reads = rotationReadsOf(memo);
  const field = badField(upgraded, reads?.sound ?? null);
  if (field !== null) return err("TEMPO.ERRORS.Rotation.InvalidState", { field });
  if (reads !== undefined) reads.sound = upgraded;
  return ok(upgraded as unknown as RotationState);
}
