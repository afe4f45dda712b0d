/**
 * Issue 20 item 2: core's turn and round events (`_onStartTurn`, `_onEndTurn`, `_onStartRound`,
 * `_onEndRound`, and the Region behaviours and effect expiry they drive) are told once per turn, across
 * undo and redo. Core's own walk fires turn start again when a rewound combat advances over the same
 * turn (foundryvtt/foundryvtt #13983 and #14271); Tempo keeps a small ledger beside its undo history so
 * that a turn it already told core about is not told twice.
 *
 * An occurrence is keyed by the event, the combatant and the round (`turnStarted_<id>_<round>`: plain
 * keys, as Foundry's key-by-key update wants them). The ledger holds:
 * - `owed`: per key, the occurrences told to core and since taken back by an undo (not yet re-made);
 * - `steps`: per step of the undo history (the history's own step numbers, patch-history.ts), the keys
 *   that step made (one string, space-separated: the stored form has no arrays, stored-json.ts), so an
 *   undo knows what it takes back and a redo what it brings back.
 *
 * A new step marks an occurrence whose key is owed as `repeat: true` (and pays one back): the engine's
 * event is kept as it happened, with the mark, so `tempo.*` hooks still report it and a module can tell
 * it was told before (turn-event-plan.ts does not call core for it). An undo owes the keys of the steps
 * it took back; a redo pays them (redo tells core nothing, its events are `redone` only).
 *
 * Rulings:
 * - A delay that starts a creature's turn twice in one round is two occurrences of one key: each is told
 *   once (owed counts occurrences).
 * - After an undo the table may take another way (a different action): an occurrence it makes that core
 *   was told of on the abandoned way (the same event, creature and round) is still a repeat.
 * - Owed keys of a round no undo can reach (older than every step the history keeps, and than the
 *   round before the current one) are dropped.
 */
import { setOwn } from "../storage/own-property.ts";
import type { PatchHistory } from "../storage/patch-history.ts";
import { stepRecord, type StoredObject } from "../storage/stored-json.ts";
import { eventNumber, eventString } from "./host-events.ts";
import type { HostEvent } from "./ruleset-host.ts";

export interface TurnEventLedger {
  readonly owed: Readonly<Record<string, number>>;
  readonly steps: Readonly<Record<string, string>>;
}

export const EMPTY_TURN_EVENT_LEDGER: TurnEventLedger = { owed: {}, steps: {} };

export interface TurnLedgerInput {
  readonly events: readonly HostEvent[];
  /** The combat's undo history before and after the step. */
  readonly before: PatchHistory;
  readonly after: PatchHistory;
  /** The combat's round after the step. */
  readonly round: number;
}

export interface TurnLedgerStep {
  readonly ledger: TurnEventLedger;
  /** The step's events, those core was told of already marked `repeat: true`. */
  readonly events: readonly HostEvent[];
}

const TURN_EVENTS: ReadonlySet<string> = new Set(["turnStarted", "turnEnded", "roundStarted", "roundEnded"]);
const STEP_KEY = /^\d+$/;
const stepKeys = (record: StoredObject): string[] => Object.keys(record).filter((k) => STEP_KEY.test(k));

/** The ledger key of a turn or round event, or null for any other event. */
function turnEventKey(event: HostEvent): string | null {
  if (!TURN_EVENTS.has(event.type)) return null;
  const combatant = event.type.startsWith("turn") ? (eventString(event, "combatantId") ?? "") : "";
  return `${event.type}_${combatant}_${String(eventNumber(event, "round") ?? 0)}`;
}

/** Whether the event is one core was told of before an undo (see the file comment). */
export const isRepeatedTurnEvent = (event: HostEvent): boolean =>
  (event as unknown as { readonly repeat?: unknown }).repeat === true;

const keysOf = (made: string | undefined): string[] => (made === undefined || made === "" ? [] : made.split(" "));
const roundOf = (key: string): number => Number(key.slice(key.lastIndexOf("_") + 1));

function adjust(owed: Map<string, number>, keys: readonly string[], by: 1 | -1): void {
  for (const key of keys) owed.set(key, Math.max(0, (owed.get(key) ?? 0) + by));
}

/** The keys of the steps whose number is in `from` and not in `to` (moved by an undo or a redo). */
const movedSteps = (ledger: TurnEventLedger, from: StoredObject, to: StoredObject): string[] =>
  stepKeys(from)
    .filter((k) => !Object.hasOwn(to, k))
    .flatMap((k) => keysOf(ledger.steps[k]));

/** The highest step number among `record`'s keys, 0 when it has none (one pass, no list). */
function newestStep(record: StoredObject): number {
  let last = 0;
  for (const k of Object.keys(record)) if (STEP_KEY.test(k)) last = Math.max(last, Number(k));
  return last;
}

/**
 * The steps kept (those still in the history: `made` is what the step it recorded made, when it recorded
 * one) and the owed keys a kept step or the round can reach. Issue 17: the ledger's steps are looked up
 * by the history's keys, not copied into a map first.
 */
function pruned(
  owed: ReadonlyMap<string, number>,
  ledger: TurnEventLedger,
  made: { readonly key: string; readonly keys: string } | null,
  input: TurnLedgerInput,
) {
  const kept = stepRecord<string>();
  for (const record of [input.after.undo, input.after.redo]) {
    for (const key of Object.keys(record)) {
      if (!STEP_KEY.test(key)) continue;
      if (made !== null && key === made.key) {
        if (made.keys !== "") kept[key] = made.keys; // a step number: never `__proto__`
      } else if (Object.hasOwn(ledger.steps, key)) kept[key] = ledger.steps[key] as string;
    }
  }
  const left: Record<string, number> = {};
  // Issue 17: most steps owe nothing, and the rounds the kept steps reach are not looked up for them.
  if (owed.size === 0) return { owed: left, steps: kept };
  const reachable = Math.min(input.round, ...Object.values(kept).flatMap((keys) => keysOf(keys).map(roundOf))) - 1;
  for (const [key, count] of owed) if (count > 0 && roundOf(key) >= reachable) setOwn(left, key, count);
  return { owed: left, steps: kept };
}

/** The ledger after one step of its combat, and the step's events with the repeats marked. */
export function stepTurnEventLedger(ledger: TurnEventLedger, input: TurnLedgerInput): TurnLedgerStep {
  const owed = new Map(Object.entries(ledger.owed));
  let events = input.events;
  let recorded: { readonly key: string; readonly keys: string } | null = null;
  if (events.some((e) => e.type === "undone")) adjust(owed, movedSteps(ledger, input.before.undo, input.after.undo), 1);
  else if (events.some((e) => e.type === "redone"))
    adjust(owed, movedSteps(ledger, input.before.redo, input.after.redo), -1);
  else {
    const made: string[] = [];
    events = events.map((event) => {
      const key = turnEventKey(event);
      if (key === null) return event;
      made.push(key);
      if ((owed.get(key) ?? 0) === 0) return event;
      adjust(owed, [key], -1);
      return { ...event, repeat: true };
    });
    const last = newestStep(input.after.undo);
    // The step it recorded holds what it made (nothing: an earlier entry under its number goes).
    if (last > 0 && !Object.hasOwn(input.before.undo, String(last)))
      recorded = { key: String(last), keys: made.join(" ") };
  }
  return { ledger: pruned(owed, ledger, recorded, input), events };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The ledger read back from storage; what is not well formed is left out. */
export function readTurnEventLedger(value: unknown): TurnEventLedger {
  if (!isRecord(value)) return EMPTY_TURN_EVENT_LEDGER;
  const owed: Record<string, number> = {};
  const steps = stepRecord<string>();
  if (isRecord(value.owed))
    for (const [key, count] of Object.entries(value.owed))
      if (Number.isInteger(count) && (count as number) > 0) setOwn(owed, key, count as number);
  if (isRecord(value.steps))
    for (const [key, keys] of Object.entries(value.steps))
      if (STEP_KEY.test(key) && typeof keys === "string") setOwn(steps, key, keys);
  return { owed, steps };
}

/** The stored form of a ledger: already plain (flat records, plain keys, no arrays). */
export function storeTurnEventLedger(ledger: TurnEventLedger): StoredObject {
  return ledger as unknown as StoredObject;
}
