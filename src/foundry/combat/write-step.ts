/**
 * Writes one engine step to Foundry: ONE Combat update (the changed keys of `system`, with core's
 * `round` and `turn` as the published state says: core-position.ts), then at most ONE batched Combatant
 * update for the defeated flags that changed (`combatant.defeated` follows the engine's `defeat`, `revive`
 * and their undo, except for a creature only unconscious: engine `defeatedFlag`), the action trackers and
 * group memberships. `Combatant.initiative` is never written (issue 17: 42 B per
 * creature): every client derives it from the engine state it reads (combatant-model.ts), so it shows
 * the count, the total or 15.5 with no write at all.
 *
 * Core's `combatStart`, `combatRound` and `combatTurn` hooks fire before the update on the client
 * that gave the command (core-hooks.ts), once per real change. A summary of the engine events
 * travels with the update (`tempo`: the events kept, under 1 KB, field names written once, and the
 * count per type left out: engine event-summary.ts) so every client's `_onUpdate` sees them; the
 * writing GM keeps the whole list (step-events.ts).
 *
 * World time (TIME-1) moves by the engine's clock in the same operation: the Combat update's
 * `worldTime: { delta }` option (Foundry v12 release notes, #10924: "Combat updates now support
 * passing a `worldTime: {delta: number}` option … to automatically advance the world time as a side
 * effect of the update"; Draw Steel 0.11.1 combat.mjs passes it on v13), so a step is one write and
 * the clock moves once.
 */
import {
  copyStored,
  fingerprintAfter,
  publishedCombat,
  publishedEvents,
  publishedState,
  publishedUpdate,
  readStoredCombat,
  storeCombatState,
  type AnyRulesetHost,
  type CombatStep,
  type ConditionChange,
  type StoredCombat,
  type StoredObject,
  type StoredUpdate,
  type TurnEventLedger,
} from "../../engine/index.ts";
import type { TempoCombatModel } from "../data/combat/combat-model.ts";
import { derivedTable } from "../data/combat/derived-table.ts";
import { actionUpdates, type ActionWrites } from "./step-actions.ts";
import { mirrorChanges, mirrorCombatants, type MirrorChange } from "./mirror-combatants.ts";
import { keepActions } from "./secret-actions.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { withDurations } from "./step-durations.ts";
import { withTurnLog } from "./step-turn-log.ts";
import { choiceInputOf, turnMovesResets, withMovedRecord, type MovedRecord } from "./turn-moves-record.ts";
import { applyStepConditions } from "../conditions/apply-conditions.ts";
import { followOutOfFightUndo, outOfFightStepPlan, withOutOfFightMemory } from "../conditions/out-of-fight-undo.ts";
import { postStepCards } from "../chat/event-card-posts.ts";
import { followActivationUndo } from "../chat/activation-undo.ts";
import type { DeclaredUseWrites } from "./declared-uses.ts";
import { coreHookOf, fireCoreHook, type CoreHookCall } from "./core-hooks.ts";
import { encodeEventSummary, heldConditionsOf, sameItems, summarizeEvents, type Json } from "../../engine/index.ts";
import { holdStepEvents, takeStepEvents } from "./step-events.ts";
import { assertActiveGm, isActiveGm } from "./active-gm.ts";
import { primeState, storeMemoOf } from "./state-cache.ts";
import { flushGmChanges } from "./gm-storage.ts";
import { secrecyOf } from "./secrecy.ts";
import { foundryUpdate } from "../compat/deletion.ts";
import { corePosition } from "./core-position.ts";
import { prepareOwnerViews } from "./owner-view.ts";

export interface TempoUpdateOptions {
  /** The step's events summarized (engine event-summary.ts `encodeEventSummary`). */
  readonly tempo: Json;
  readonly direction: 1 | -1 | 0;
  readonly worldTime?: { readonly delta: number };
}

export async function writeStep(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  engineStep: CombatStep,
  groups: ReadonlyMap<string, string | null> = new Map(),
  conditions: readonly ConditionChange[] = [],
  uses: DeclaredUseWrites = new Map(),
  fireHooks = true,
  moved: MovedRecord | null = null,
): Promise<CoreHookCall | null> {
  const model = tempoModelOf(combat);
  const stateBefore: unknown = model?.state ?? null;
  // Issue 18: the document gets the published form only; the whole step stays with the GM (secret-store.ts).
  const plan = planned.get(engineStep) ?? publishedPlan(combat, host, engineStep);
  planned.delete(engineStep);
  const { engine, order: publicOrder, state: shown, step, places } = plan;
  // STD-6: trackers ride in the Combatant update; issue 18: an NPC's stays in this GM's browser.
  const { updates: actions, kept } = plan.actions ?? actionUpdates(combat, host, step);
  const wasStarted = model?.state != null && host.started(model.state);
  // Issue 18: core's `round` and `turn` are the published state's (core-position.ts): `turn` indexes the
  // public order, which counts no hidden creature that does not act now, and a surprise round only hidden
  // creatures act in is round 1 there (CNT-4). The GM's own records below keep the whole state's round.
  const { round, turn } = corePosition(host, shown, publicOrder);
  // Issue 17: every Tempo write carries the next sequence number (writer-queue.ts, run-command.ts).
  const system = { ...(step.update ?? {}), seq: (model?.seq ?? 0) + 1 };
  // Issue 17: a copy, so nothing the update passes through can change the stored form kept in the cache.
  // Issue 21: the GM's record of what a creature whose turn starts has moved starts again, and a move the step
  // chose (ROT-11, PHS-11) is recorded, in this same write.
  // SEG-10: a move that ended a casting lands in the interrupt's own write (canvas/landed-move.ts).
  // DEF-1: what an undo or redo does to the out-of-fight statuses, remembered per history step in this write too.
  const outOfFight = outOfFightStepPlan(combat, host, stateBefore, step);
  const flags = withOutOfFightMemory(
    withMovedRecord(
      turnMovesResets(combat, step.events, choiceInputOf(model?.ruleset ?? null, host.round(step.state), step)),
      moved,
    ),
    outOfFight,
  );
  const data = { system: copyStored(system), round, turn, ...(flags === null ? {} : { flags }) };
  const before = { started: wasStarted, round: combat.round, turn: combat.turn };
  const back = step.events.some((e) => e.type === "undone");
  const hook = coreHookOf(before, { started: host.started(step.state), round, turn }, step.seconds, back);
  const options: TempoUpdateOptions = {
    // Issue 18: every client gets the summary; what it may not know is left out (the GM keeps the list).
    tempo: plan.summary,
    direction: hook?.updateOptions.direction ?? 1,
    ...(step.seconds !== 0 ? { worldTime: { delta: step.seconds } } : {}),
  };
  // Issue 17: only the active GM writes; a GM that another took over from drops the write.
  assertActiveGm();
  if (hook !== null && fireHooks) fireCoreHook(combat, hook);
  // Issue 17: this client's model takes the step's state instead of decoding its own write again.
  primeState(combat.id ?? "", system.seq, {
    ...step,
    publicOrder,
    ...(places === undefined ? {} : { places }),
    ...(engine === null ? {} : { published: engine, shown }),
  });
  holdStepEvents(combat.id ?? "", step.events);
  for (const [id, record] of kept) keepActions(combat, id, record);
  // Issue 18: the other connected GMs get what this GM keeps of the step before its write (gm-replica.ts).
  flushGmChanges();
  try {
    await combat.update(foundryUpdate(data) as Combat.UpdateData, options as Combat.Database.UpdateOperation);
  } finally {
    takeStepEvents(combat.id ?? "");
  }
  // Issue 17: a GM another took over from meanwhile leaves the mirror to the new active GM, which
  // mirrors the engine when this Combat update reaches it (reconcile.ts `restoreCoreFields`); two
  // mirrors from two states would fight.
  // DEF-1: an undo (redo) that brings a creature back (takes it out) takes its unconscious status with it,
  // before the mirror, so core's flag follows the token (out-of-fight-undo.ts).
  if (isActiveGm()) await followOutOfFightUndo(combat, outOfFight);
  // Issue 17: a plain step's mirror worked out ahead stands while nothing here adds to it or moves a status.
  const quiet = groups.size === 0 && uses.size === 0 && outOfFight.put.size === 0 && outOfFight.takeOff.size === 0;
  const ahead = quiet && plan.actions !== undefined ? plan.mirror : undefined;
  if (isActiveGm())
    await mirrorCombatants(
      combat,
      ahead ?? mirrorChanges(combat, host, step.state, groups, actions, uses),
      groups.size > 0,
    );
  // Issue 10: the conditions the step set or cleared, on the combatants' tokens (apply-conditions.ts).
  await applyStepConditions(combat, host, model?.state ?? null, step.state, conditions);
  // Issue 11: the save and pending cards the events call for (none for undo and redo).
  await postStepCards(combat, host, step.events, step.state);
  // PHS-7: an undo (redo) of an Activate Item gives its charge back (takes it again): activation-undo.ts.
  await followActivationUndo(combat, host, stateBefore, step.state, step.events);
  return hook;
}

/** What the document gets of a step (`publishedPlan`). */
interface PublishedPlan {
  /** The stored form of the published state, where it differs from the whole one (else null). */
  readonly engine: StoredObject | null;
  /** The published state's order (the public order every client's `turns` follow), and the state. */
  readonly order: readonly string[];
  readonly state: unknown;
  /** The step as written: its update from what the document holds, with the effect timers and turn log. */
  readonly step: CombatStep & { readonly turnLog?: TurnEventLedger };
  /** The summary of its events every client gets with the update (write-step.ts `TempoUpdateOptions`). */
  readonly summary: Json;
  /** Each creature's place in `order`, made with a plan worked out ahead (`planWrite`). */
  readonly places?: ReadonlyMap<string, number>;
  /**
   * STD-6: what the step does to the trackers, found with a plan worked out ahead (`planWrite`): it reads
   * the combatants' records, and a change to any Combatant drops the prepared step (prepared-next.ts).
   */
  readonly actions?: ActionWrites;
  /** The Combatant mirror of a plain step (no groups, no declared uses), found with a plan worked out ahead. */
  readonly mirror?: readonly MirrorChange[];
}

/**
 * Issue 17: the published plans of steps worked out ahead (`planWrite`), by the step. A step is taken
 * only while the combat's `seq` and the page's epoch are as they were (prepared-next.ts), so the
 * document and the secrets its plan was found from are the ones its write meets.
 */
const planned = new WeakMap<CombatStep, PublishedPlan>();

/**
 * The published state of `engineStep`, its order, its stored form, the step as written (its update from what
 * the document holds, with the effect timers and the turn log) and the summary of its events.
 */
function publishedPlan(combat: Combat.Implementation, host: AnyRulesetHost, engineStep: CombatStep): PublishedPlan {
  const model = tempoModelOf(combat);
  const { engine, order, state } = publishedEngine(combat, host, engineStep);
  const document = documentPublished(model);
  const update = publishedUpdate(document, engineStep.stored, engine ?? engineStep.stored.engine);
  // Issue 17: the fingerprint the GM keeps of what it publishes (secret-store.ts) is found from the change.
  fingerprintAfter(document.engine, engineUpdate(update), engine ?? engineStep.stored.engine, storeMemoOf(combat.id));
  // Issue 17: built field by field, so the engine's own update (combat-step.ts `settle`) is never worked out.
  const published: CombatStep = {
    state: engineStep.state,
    stored: engineStep.stored,
    update,
    events: engineStep.events,
    requests: engineStep.requests,
    seconds: engineStep.seconds,
  };
  // DUR-1: effect timers ride in the same update; issue 20: so does the log of turns told to core.
  const step = withTurnLog(combat, host, withDurations(combat, host, published));
  const before: unknown = model?.state ?? null;
  // Issue 18: every client gets the summary; what it may not know is left out (the GM keeps the list).
  const summary = encodeEventSummary(
    summarizeEvents(
      publishedEvents(step.events, secrecyOf(combat), {
        host,
        whole: step.state,
        shown: state,
        ...(before === null ? {} : { before }),
      }),
    ),
  );
  return { engine, order, state, step, summary };
}

/**
 * Issue 17: what the write of a step worked out ahead will read of it (prepared-next.ts): its published
 * plan, what it does to the trackers, the conditions its state holds, and every creature's facts in its
 * state (each client's combatants derive their initiative from them when the write lands:
 * combatant-model.ts; the host keeps them by state).
 */
export function planWrite(combat: Combat.Implementation, host: AnyRulesetHost, step: CombatStep): void {
  const plan = publishedPlan(combat, host, step);
  // Issue 17: the places core's turns are sorted by, where the order changes (a round boundary: 1,000 of them).
  const model = tempoModelOf(combat);
  const kept = model !== null && sameItems(model.publicOrder, plan.order);
  const places = kept ? undefined : new Map(plan.order.map((id, index) => [id, index]));
  const actions = actionUpdates(combat, host, plan.step);
  const mirror = mirrorChanges(combat, host, plan.step.state, new Map(), actions.updates, new Map());
  planned.set(step, { ...plan, actions, mirror, ...(places === undefined ? {} : { places }) });
  const facts = host.factsNow?.(step.state);
  // What each combatant will derive from it on this GM's page, with its place (data/combat/derived-table.ts).
  const state = step.state;
  if (model?.viewerIsGM === true && facts !== undefined && typeof state === "object" && state !== null)
    derivedTable(combat, state, places ?? model.rank, facts, combat.combatants.keys());
  // The conditions it holds each creature in (the host keeps them by state): a round end changes all
  // 1,000 records, and the step's condition changes (apply-conditions.ts) then read them all.
  heldConditionsOf(host, step.state);
  // Issue 18: each connected owner's view of it, sent when its write lands (owner-view.ts).
  prepareOwnerViews(combat, host, step.state, plan.engine ?? step.stored.engine);
}

/**
 * What the document holds now, as a stored combat: the published form of this GM's own last step
 * (the same objects, so the diff shares what did not change), else the document's own data.
 */
function documentPublished(model: TempoCombatModel | null): StoredCombat {
  if (model?.cachedStored != null)
    return publishedCombat(model.cachedStored, model.cachedPublished ?? model.cachedStored.engine);
  return (model === null ? null : readStoredCombat(model)) ?? { engine: {}, history: { undo: {}, redo: {} } };
}

/** The engine's part of a published update (null: the engine is as the document holds it). */
function engineUpdate(update: StoredUpdate | null): StoredUpdate | null {
  const engine = update?.engine;
  return typeof engine === "object" && engine !== null ? engine : null;
}

/**
 * The stored form of the step's published state, where it differs from the whole one (else null), and
 * the published state's order (the public order every client's `turns` follow).
 */
function publishedEngine(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  step: CombatStep,
): { readonly engine: StoredObject | null; readonly order: readonly string[]; readonly state: unknown } {
  const memo = storeMemoOf(combat.id);
  const state = publishedState(host, step.state, secrecyOf(combat), memo);
  const order = host.order(state);
  return { engine: state === step.state ? null : storeCombatState(state, memo), order, state };
}

/** Whether writing `step` would change what the document publishes (combat/republish.ts). */
export function changesPublished(combat: Combat.Implementation, host: AnyRulesetHost, step: CombatStep): boolean {
  const { engine } = publishedEngine(combat, host, step);
  return publishedUpdate(documentPublished(tempoModelOf(combat)), step.stored, engine ?? step.stored.engine) !== null;
}

/** Marks Tempo's own Combatant writes, which the GM's client takes as the engine's already (tempo-write.ts). */
export { TEMPO_MIRROR } from "./tempo-write.ts";
