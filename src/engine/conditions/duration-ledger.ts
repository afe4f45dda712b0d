/**
 * DUR-1: the timed effects of one combat, kept with it and moved by its steps.
 *
 * A host stores the ledger beside the combat's engine state (Foundry: `Combat.system.durations`), so
 * a step's changes to it travel in the step's own update. `effects` holds each effect being timed
 * under its key (`bearerId_effectId`). `steps` keeps, for each step of the combat's undo history that
 * changed `effects`, the updates that take `effects` back before it and forward again (stored-json.ts
 * form, as the engine's own undo patches), under the history's own step number: undoing that step
 * applies its "back" update (an expired effect returns, its clock as it was), redoing it its
 * "forward" one. An update holds only the fields that changed (a turn start: two numbers per effect).
 * No arrays and plain keys, so Foundry's key-by-key merge sends only what changed.
 *
 * Rulings:
 * - An effect whose bearer leaves the combat is no longer timed by it (nothing else happens to it).
 * - A combat that is reset (not started, history cleared) drops every record; they are made again
 *   when it starts.
 */
import { decodeStored, encodeStored, stepRecord, type Json, type StoredObject } from "../storage/stored-json.ts";
import { applyStoredUpdate, diffStored } from "../storage/update-diff.ts";
import type { PatchHistory } from "../storage/patch-history.ts";
import { advanceTimedEffects, type TimedEffect } from "./durations.ts";

/**
 * A timed effect of the ledger: its `id` is its ledger key (`bearerId_effectId`), so one effect copied
 * onto two creatures (the same id on each) is two records.
 */
export interface TrackedEffect extends TimedEffect {
  /** The effect's own id, on the bearer's creature. */
  readonly effectId: string;
  /** The combatant whose creature bears the effect. */
  readonly bearerId: string;
}

/** A step's change to `effects`: the updates back and forward, in their stored (key-escaped) form. */
export interface LedgerChange {
  readonly back: StoredObject;
  readonly forward: StoredObject;
}

export interface DurationLedger {
  readonly effects: Readonly<Record<string, TrackedEffect>>;
  readonly steps: Readonly<Record<string, LedgerChange>>;
}

export const EMPTY_LEDGER: DurationLedger = { effects: {}, steps: {} };

/** What a ledger step reports: an effect to switch off, or one an undo brought back. */
export interface EffectTimingEvent {
  readonly type: "effectExpired" | "effectRestored";
  /** The effect's own id, and the combatant bearing it. */
  readonly effectId: string;
  readonly combatantId: string;
  readonly originatorId: string;
  readonly round: number;
}

export interface LedgerStepInput {
  /** The step's events (an undo's are `undone`, a redo's `redone`). */
  readonly events: readonly { readonly type: string }[];
  /** The combat's undo history before and after the step. */
  readonly before: PatchHistory;
  readonly after: PatchHistory;
  /** Whether the combat is running after the step, and its round then. */
  readonly started: boolean;
  readonly round: number;
  /** Effects that start being timed in this step (at the combat's start, with a joining bearer). */
  readonly adds: readonly TrackedEffect[];
  /** Keys of effects that are gone (deleted): no longer timed. */
  readonly gone: readonly string[];
}

export interface LedgerStep {
  readonly ledger: DurationLedger;
  readonly events: readonly EffectTimingEvent[];
}

const PLAIN = /^[A-Za-z0-9]+$/;

/** The ledger key of an effect on a bearer (ids of letters and digits, as Foundry's are). */
export function ledgerKey(bearerId: string, effectId: string): string {
  return `${bearerId}_${effectId}`;
}

/** The record of a timed effect on a bearer, or null when an id is not one the ledger can key. */
export function trackedEffect(effect: TimedEffect, bearerId: string): TrackedEffect | null {
  if (!PLAIN.test(bearerId) || !PLAIN.test(effect.id)) return null;
  return { ...effect, id: ledgerKey(bearerId, effect.id), effectId: effect.id, bearerId };
}

function isTracked(value: unknown): value is TrackedEffect {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const whole = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  return (
    typeof v.effectId === "string" &&
    PLAIN.test(v.effectId) &&
    typeof v.bearerId === "string" &&
    PLAIN.test(v.bearerId) &&
    v.id === ledgerKey(v.bearerId, v.effectId) &&
    typeof v.originatorId === "string" &&
    v.originatorId !== "" &&
    whole(v.createdRound) &&
    whole(v.turns) &&
    (v.boundary === "start" || v.boundary === "end") &&
    whole(v.startsSeen) &&
    whole(v.countedRound) &&
    typeof v.onRoundClock === "boolean"
  );
}

/** The well-formed records of a stored `effects` object. */
function readRecords(value: unknown): Record<string, TrackedEffect> {
  const out: Record<string, TrackedEffect> = {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) return out;
  for (const [key, record] of Object.entries(value as Record<string, unknown>)) {
    if (isTracked(record) && key === record.id) out[key] = record;
  }
  return out;
}

const isObject = (value: unknown): value is StoredObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const STEP_KEY = /^\d+$/;

/** The ledger read back from storage; what is not well formed is left out. */
export function readDurationLedger(value: unknown): DurationLedger {
  if (typeof value !== "object" || value === null) return EMPTY_LEDGER;
  const { effects, steps } = value as { effects?: unknown; steps?: unknown };
  const changes: Record<string, LedgerChange> = {};
  if (isObject(steps)) {
    for (const [key, change] of Object.entries(steps)) {
      if (!STEP_KEY.test(key) || !isObject(change)) continue;
      const { back, forward } = change;
      if (isObject(back) && isObject(forward)) changes[key] = { back, forward };
    }
  }
  return { effects: readRecords(effects), steps: changes };
}

/** The stored form of a ledger: it is already plain (flat records, plain keys, no arrays). */
export function storeDurationLedger(ledger: DurationLedger): StoredObject {
  return ledger as unknown as StoredObject;
}

/** The ledger with effects made during the combat, outside a step: undo does not take them back. */
export function trackEffects(ledger: DurationLedger, effects: readonly TrackedEffect[]): DurationLedger {
  const added = effects.filter((e) => !Object.hasOwn(ledger.effects, e.id));
  if (added.length === 0) return ledger;
  const next: Record<string, TrackedEffect> = { ...ledger.effects };
  for (const e of added) next[e.id] = e;
  return { ...ledger, effects: next };
}

const stepKeys = (record: StoredObject): string[] => Object.keys(record).filter((k) => STEP_KEY.test(k));

const asStored = (effects: Readonly<Record<string, TrackedEffect>>): StoredObject => effects as unknown as StoredObject;

/** `effects` with a stored change applied; a change that cannot be read changes nothing. */
function applyChange(
  effects: Readonly<Record<string, TrackedEffect>>,
  stored: StoredObject,
): Readonly<Record<string, TrackedEffect>> {
  const decoded = decodeStored(stored);
  if (decoded === null || !isObject(decoded.value)) return effects;
  return readRecords(applyStoredUpdate(asStored(effects), decoded.value));
}

function timing(type: EffectTimingEvent["type"], e: TrackedEffect, round: number): EffectTimingEvent {
  return { type, effectId: e.effectId, combatantId: e.bearerId, originatorId: e.originatorId, round };
}

/** Undo or redo: the recorded changes of the steps that moved, and what they bring back or end again. */
function moveThroughHistory(ledger: DurationLedger, input: LedgerStepInput, undo: boolean): LedgerStep {
  const from = undo ? input.before.undo : input.before.redo;
  const to = undo ? input.after.undo : input.after.redo;
  const moved = stepKeys(from)
    .filter((k) => !Object.hasOwn(to, k))
    .map(Number)
    .sort((a, b) => (undo ? b - a : a - b));
  let effects = ledger.effects;
  for (const key of moved) {
    const change = ledger.steps[String(key)];
    if (change !== undefined) effects = applyChange(effects, undo ? change.back : change.forward);
  }
  const events: EffectTimingEvent[] = [];
  if (undo) {
    for (const e of Object.values(effects)) {
      if (!Object.hasOwn(ledger.effects, e.id)) events.push(timing("effectRestored", e, input.round));
    }
  } else {
    for (const e of Object.values(ledger.effects)) {
      if (!Object.hasOwn(effects, e.id)) events.push(timing("effectExpired", e, input.round));
    }
  }
  return { ledger: { ...ledger, effects }, events };
}

/** The step log after a new step: its change under its history number, steps no longer in the history gone. */
function recordChange(
  ledger: DurationLedger,
  effects: Readonly<Record<string, TrackedEffect>>,
  input: LedgerStepInput,
): Readonly<Record<string, LedgerChange>> {
  const undoKeys = stepKeys(input.after.undo);
  const last = undoKeys.map(Number).reduce((a, b) => Math.max(a, b), 0);
  const recorded = last > 0 && !Object.hasOwn(input.before.undo, String(last)) ? String(last) : null;
  const steps = stepRecord<LedgerChange>();
  for (const key of [...undoKeys, ...stepKeys(input.after.redo)]) {
    const change = ledger.steps[key];
    if (key !== recorded && change !== undefined) steps[key] = change;
  }
  if (recorded === null) return steps;
  const back = diffStored(asStored(effects), asStored(ledger.effects));
  const forward = diffStored(asStored(ledger.effects), asStored(effects));
  if (back !== null && forward !== null) {
    steps[recorded] = {
      back: encodeStored(back as Json) as StoredObject,
      forward: encodeStored(forward as Json) as StoredObject,
    };
  }
  return steps;
}

/** A new step: the adds, then each event in order; its change recorded under its history number. */
function advance(ledger: DurationLedger, input: LedgerStepInput): LedgerStep {
  const gone = new Set(input.gone);
  const adds = new Map<string, TrackedEffect>();
  for (const e of input.adds) if (!Object.hasOwn(ledger.effects, e.id) && !adds.has(e.id)) adds.set(e.id, e);
  let list: readonly TrackedEffect[] = [
    ...Object.values(ledger.effects).filter((e) => !gone.has(e.id)),
    ...adds.values(),
  ];
  const byKey = new Map(list.map((e) => [e.id, e]));
  const events: EffectTimingEvent[] = [];
  for (const event of input.events) {
    if (list.length === 0) break; // issue 17: no timed effect left to advance or expire
    if (event.type === "combatantLeft") {
      const left = (event as { readonly combatantId?: unknown }).combatantId;
      list = list.filter((e) => e.bearerId !== left);
    }
    const r = advanceTimedEffects(list, event);
    list = r.effects;
    for (const x of r.expired) {
      const e = byKey.get(x.effectId);
      if (e !== undefined) events.push(timing("effectExpired", e, x.round));
    }
  }
  const reset = !input.started && stepKeys(input.after.undo).length + stepKeys(input.after.redo).length === 0;
  const effects: Record<string, TrackedEffect> = {};
  if (!reset) for (const e of list) effects[e.id] = e;
  return { ledger: { effects, steps: recordChange(ledger, effects, input) }, events };
}

/**
 * DUR-1: the ledger after one step of its combat, and the effects to switch off (expired) or back on
 * (an undo went back before their expiry). An undo puts back the records of the steps it undid, a redo
 * the records after them; any other step adds `adds`, drops `gone` and the effects of a bearer that
 * left, and feeds each event to every record.
 */
export function stepDurationLedger(ledger: DurationLedger, input: LedgerStepInput): LedgerStep {
  if (input.events.some((e) => e.type === "undone")) return moveThroughHistory(ledger, input, true);
  if (input.events.some((e) => e.type === "redone")) return moveThroughHistory(ledger, input, false);
  return advance(ledger, input);
}
