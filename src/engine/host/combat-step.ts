/**
 * One command on a stored combat, as the Foundry layer runs it: read the stored state, apply the
 * command (or move through the undo history), and return the update to write — the changed keys of
 * `Combat.system.engine` and of `Combat.system.history`, nothing else — with the events, dice
 * requests and the world-clock delta of the step (TIME-1).
 *
 * Pure: the caller passes the stored JSON and writes the update; a state rebuilt from the same JSON
 * behaves identically.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { DiceRequest } from "../initiative/contract.ts";
import type { BuiltSchedules } from "../initiative/segment/round-schedule.ts";
import {
  EMPTY_PATCH_HISTORY,
  PATCH_HISTORY_LIMIT,
  readPatchHistory,
  recordStep,
  redoStep,
  undoStep,
  type PatchHistory,
} from "../storage/patch-history.ts";
import { decodeStored, encodeStored, type StoredObject } from "../storage/stored-json.ts";
import { diffStored, type StoredUpdate } from "../storage/update-diff.ts";
import type { StoreMemo } from "../storage/store-memo.ts";
import type { RowsMemo } from "../storage/column-read.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import type { HostCommand, HostEvent } from "./ruleset-host.ts";
import { packState, unpackState } from "./stored-pack.ts";

/**
 * The version of the stored form below (`Combat.system.format`; combat-format.ts moves older ones).
 * 5: a count record keeps how many of its contest totals are secret (`secretContest`, CNT-5, issue 18
 * item 5: initiative/count/packed.ts reads a record without it as having none); 4: a count state is stored without its tie order (initiative/count/packed.ts: it follows from the
 * records); a phase state's ranking is derived and its rolled values are one string per roster leaf
 * (initiative/phase/packed.ts); 3: a large undo or redo patch is stored compressed against the state
 * it applies to (storage/compact-patch.ts); 2 stored every patch as an encoded update.
 */
export const COMBAT_FORMAT = 5;

/** What `Combat.system` holds for the engine. */
export interface StoredCombat {
  readonly engine: StoredObject;
  readonly history: PatchHistory;
  /** The stored format version, where the host keeps one; a step settled on it writes `COMBAT_FORMAT`. */
  readonly format?: number;
}

export interface CombatStep {
  /** The engine state after the step. */
  readonly state: unknown;
  readonly stored: StoredCombat;
  /** The update for `Combat.system` (`{ engine?, history? }`), or null when nothing changed. */
  readonly update: StoredUpdate | null;
  readonly events: readonly HostEvent[];
  /**
   * Dice this step asked for. An undo or redo asks for none: the state it restores may be waiting
   * for dice, but those were asked (and perhaps rolled) when it was first reached.
   */
  readonly requests: readonly DiceRequest[];
  /** TIME-1: seconds the world clock moves (negative after an undo). */
  readonly seconds: number;
}

/**
 * The engine state stored in `stored`, checked by its ruleset. `memo` (issue 17, store-memo.ts): a
 * stored form a step wrote with it is not decoded and checked again (one read from a document is
 * another object, decoded as before). `rows` (issue 17, column-read.ts): a page's memo of its last read of
 * this combat, for a page that reads every step another page wrote.
 */
export function readCombatState(
  host: AnyRulesetHost,
  engine: unknown,
  memo?: StoreMemo,
  rows?: RowsMemo,
): Result<unknown> {
  const known = typeof engine === "object" && engine !== null ? memo?.states.get(engine) : undefined;
  if (known !== undefined && known.ruleset === host.id) return ok(known.state);
  const decoded = decodeStored(engine, rows?.decoded, rows?.plainKeys);
  if (decoded === null) return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: host.id });
  if (rows !== undefined) rows.decoded = decoded.value;
  const value = unpackState(decoded.value, rows);
  // The scheme's check, with the page's memo (initiative/<scheme>/read-memo.ts).
  return host.read(value, rows);
}

/**
 * The stored form of a state (the value of `Combat.system.engine`): packed (stored-pack.ts), then encoded;
 * `built`: see `packState`.
 */
export function storeCombatState(state: unknown, memo?: StoreMemo, built?: BuiltSchedules): StoredObject {
  const stored = encodeStored(packState(state, memo, built), memo);
  return typeof stored === "object" && stored !== null ? stored : {};
}

/** The stored form of a state its ruleset's host made (`storeCombatState`), remembered as holding it. */
function storeHostState(host: AnyRulesetHost, state: unknown, memo: StoreMemo | undefined): StoredObject {
  const stored = storeCombatState(state, memo, host.memo?.builtSchedules);
  memo?.states.set(stored, { ruleset: host.id, state });
  return stored;
}

/** The stored combat read back from `Combat.system` (an empty history when there is none yet). */
export function readStoredCombat(system: {
  readonly engine?: unknown;
  readonly history?: unknown;
  readonly format?: unknown;
}): StoredCombat | null {
  const engine = system.engine;
  if (typeof engine !== "object" || engine === null || Array.isArray(engine)) return null;
  const history = readPatchHistory(system.history) ?? { undo: {}, redo: {} };
  const format = typeof system.format === "number" ? { format: system.format } : {};
  return { engine: engine as StoredObject, history, ...format };
}

function updateOf(before: StoredCombat, after: StoredCombat): StoredUpdate | null {
  const update: Record<string, StoredUpdate | number> = {};
  if (after.format !== undefined && after.format !== before.format) update.format = after.format;
  const engine = diffStored(before.engine, after.engine);
  if (engine !== null) update.engine = engine;
  const history = diffStored(before.history as unknown as StoredObject, after.history as unknown as StoredObject);
  if (history !== null) update.history = history;
  return Object.keys(update).length > 0 ? update : null;
}

/** Applies `command` (or `undo` / `redo`) to the stored combat; `memo`: see `readCombatState`. */
export function stepCombat(
  host: AnyRulesetHost,
  stored: StoredCombat,
  command: HostCommand,
  memo?: StoreMemo,
): Result<CombatStep> {
  const before = readCombatState(host, stored.engine, memo);
  if (!before.ok) return before;
  if (command.type === "undo" || command.type === "redo") {
    const moved =
      command.type === "undo"
        ? undoStep(stored.history, stored.engine, memo)
        : redoStep(stored.history, stored.engine, memo);
    if (!moved.ok) return moved;
    const after = readCombatState(host, moved.value.state, memo);
    if (!after.ok) return after;
    const format = stored.format === undefined ? {} : { format: stored.format };
    const next: StoredCombat = { engine: moved.value.state, history: moved.value.history, ...format };
    return ok({
      state: after.value,
      stored: next,
      update: updateOf(stored, next),
      events: [{ type: command.type === "undo" ? "undone" : "redone" }],
      requests: [],
      seconds: host.clock(after.value) - host.clock(before.value),
    });
  }
  const result = host.apply(before.value, command);
  if (!result.ok) return result;
  return ok(settle(host, stored, before.value, result.value, "record", memo));
}

/**
 * Builds the step of a transition the host already computed (a command, a batch of joins).
 * `history: "reset"` is for a change of the roster (a combatant document created or deleted): undo
 * cannot take a document back, so it does not reach behind that change.
 */
export function settle(
  host: AnyRulesetHost,
  stored: StoredCombat,
  before: unknown,
  transition: {
    readonly state: unknown;
    readonly events: readonly HostEvent[];
    readonly requests: readonly DiceRequest[];
  },
  history: "record" | "reset" = "record",
  memo?: StoreMemo,
): CombatStep {
  // Issue 17: the stored form (the whole state encoded, its undo patch diffed and compressed: at a
  // 1,000-creature round boundary most of a click's time) and the update are built when first read, once
  // (the Foundry layer writes the published update instead: foundry/combat/write-step.ts). A step whose
  // dice are rolled at once (run-command.ts `rollFollowUps`) is settled again from its origin with
  // the totals, so its own stored form was built for nothing at every count round boundary.
  let settled: StoredCombat | null = null;
  let update: StoredUpdate | null | undefined;
  const storedForm = (): StoredCombat => {
    if (settled !== null) return settled;
    const engine = storeHostState(host, transition.state, memo);
    const kept =
      history === "record"
        ? recordStep(stored.history, stored.engine, engine, PATCH_HISTORY_LIMIT, memo)
        : EMPTY_PATCH_HISTORY;
    // A host that keeps a format version gets the current one with every settled step (a Reset of a
    // combat saved in another format: combat-format.ts).
    const next: StoredCombat = {
      engine,
      history: kept,
      ...(stored.format === undefined ? {} : { format: COMBAT_FORMAT }),
    };
    settled = next;
    return next;
  };
  return {
    state: transition.state,
    get stored() {
      return storedForm();
    },
    get update() {
      return update === undefined ? (update = updateOf(stored, storedForm())) : update;
    },
    events: transition.events,
    requests: transition.requests,
    seconds: host.clock(transition.state) - host.clock(before),
  };
}

/**
 * Applies `command`, then keeps applying `then(step)` while it returns a command (at most `limit`
 * times): "next round" is `next` until a round starts, in one write and one undo step.
 */
export function stepCombatUntil(
  host: AnyRulesetHost,
  stored: StoredCombat,
  command: HostCommand,
  then: (events: readonly HostEvent[], state: unknown) => HostCommand | null,
  limit: number,
  memo?: StoreMemo,
): Result<CombatStep> {
  const before = readCombatState(host, stored.engine, memo);
  if (!before.ok) return before;
  let state = before.value;
  const events: HostEvent[] = [];
  const requests: DiceRequest[] = [];
  let next: HostCommand | null = command;
  for (let i = 0; next !== null && i <= limit; i++) {
    const result = host.apply(state, next);
    if (!result.ok) {
      if (i === 0) return result;
      break; // the first step went through: stop where the engine stopped, as a GM clicking would
    }
    state = result.value.state;
    events.push(...result.value.events);
    requests.push(...result.value.requests);
    next = then(result.value.events, state);
  }
  return ok(settle(host, stored, before.value, { state, events, requests }, "record", memo));
}

/**
 * Undoes steps until the round goes back: "previous round" in one write. Refused, with nothing changed,
 * when there is no earlier round to go back to (issue 22: at the first round it un-started the combat):
 * the undos would leave the combat not started, or run out before the round goes back.
 */
export function undoRound(
  host: AnyRulesetHost,
  stored: StoredCombat,
  limit: number,
  memo?: StoreMemo,
): Result<CombatStep> {
  const start = readCombatState(host, stored.engine, memo);
  if (!start.ok) return start;
  const first = stepCombat(host, stored, { type: "undo" }, memo);
  if (!first.ok) return first;
  let last = first.value;
  const round = host.round(start.value);
  for (let i = 0; i < limit && host.round(last.state) >= round && round > 0; i++) {
    const more = stepCombat(host, last.stored, { type: "undo" }, memo);
    if (!more.ok) break;
    last = more.value;
  }
  if (host.round(last.state) >= round || (host.started(start.value) && !host.started(last.state)))
    return err("TEMPO.ERRORS.Host.NoPreviousRound", { round });
  return ok({
    ...last,
    update: updateOf(stored, last.stored),
    events: [{ type: "undone" }],
    seconds: host.clock(last.state) - host.clock(start.value),
  });
}
