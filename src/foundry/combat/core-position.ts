/**
 * Core's `combat.round` and `combat.turn` for a Tempo combat: the PUBLISHED state's (issue 18, what every
 * client may read; engine host/published.ts), never the active GM's whole state. They are a document's
 * fields, sent to every client, so they may say no more than `Combat.system` does: a surprise round
 * that only hidden creatures act in is published as round 1 (CNT-4 ruling, engine
 * count/hidden-surprise.ts), and core's round is 1 then on every client, the GM's too.
 *
 * Why a core round that differs from the GM's true round is safe. Tempo's rules never read core's
 * fields: the engine state does (the GM's whole state: effect timers step-durations.ts, the turn-event
 * ledger step-turn-log.ts, the engine's `tempo.*` events and the round each carries, the turn events
 * the active GM dispatches, documents/combat.ts). What core does with `round` is (API docs, v13/v14):
 * - stamp a new ActiveEffect's start with it (v13 `duration.startRound`, "the round of the
 *   CombatEncounter in which the effect first started",
 *   https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectDurationData.html; v14
 *   `start.round`, https://foundryvtt.com/api/interfaces/foundry.documents.types.EffectStartData.html)
 *   and work out the effect's remaining rounds from it; Tempo times its effects from the start's world
 *   time and the engine's round (effect-timing.ts reads `start.time` only) and answers core's expiry
 *   events for the effects it times (tempo-expiry.ts), so neither decides anything in a Tempo combat;
 * - pass `{round, turn}` to `combatRound` / `combatTurn` (API hookEvents): the update's own data, the
 *   published one here, as every client reads it (core-hooks.ts);
 * - `started` (core: `round > 0`): Tempo's Combat overrides it from the engine (documents/combat.ts).
 */
import { readCombatState, type AnyRulesetHost } from "../../engine/index.ts";
import type { TempoCombatModel } from "../data/combat/combat-model.ts";

/** Core's `round` and `turn`, and the creature acting in the published state (core's `combatant`). */
export interface CorePosition {
  readonly round: number;
  readonly turn: number | null;
  readonly current: string | null;
}

/**
 * Core's `turn` for a state: the acting combatant's index in `order`, or null. `order`: the public order
 * (issue 18: the published state's, which every client's `turns` follow: combat-model.ts `publicOrder`).
 */
export function turnIndex(host: AnyRulesetHost, state: unknown, order: readonly string[]): number | null {
  const current = host.current(state);
  if (current === null) return null;
  // Issue 17: a step most often moves the turn one place on in the same order; look there first.
  const near = lastFound?.order === order ? lastFound.index : -1;
  for (const guess of [near, near + 1]) if (guess >= 0 && order[guess] === current) return remember(order, guess);
  const index = order.indexOf(current);
  return index < 0 ? null : remember(order, index);
}

/** The last place found and the order it was found in (a pure memo: any order and index give the same answers). */
let lastFound: { readonly order: readonly string[]; readonly index: number } | null = null;

function remember(order: readonly string[], index: number): number {
  lastFound = { order, index };
  return index;
}

/** Core's fields for a published state `shown` whose order is `order`. */
export function corePosition(host: AnyRulesetHost, shown: unknown, order: readonly string[]): CorePosition {
  return { round: host.round(shown), turn: turnIndex(host, shown, order), current: host.current(shown) };
}

/**
 * Core's fields for the state `model` holds, read from what the document publishes: a GM holding the
 * whole state (its own step, secret-store.ts) reads the published engine its step wrote
 * (`cachedPublished`, where it differs from the whole one); any other client's state is the document's,
 * the published one already. Not worked out again from the whole state: that can differ from what the
 * document holds (roster-writes.test.ts, a GM reconciling a player's deletion made while no GM was
 * connected), and core's `turns` follow the document's order (`publicOrder`).
 */
export function corePositionOf(model: TempoCombatModel, state: unknown): CorePosition {
  const host = model.host;
  if (model.cachedPublished === null) return corePosition(host, state, model.publicOrder);
  // Issue 17: the step this client wrote keeps the state it published; one read back otherwise.
  if (model.cachedShown !== undefined) return corePosition(host, model.cachedShown, model.publicOrder);
  const published = readCombatState(host, model.cachedPublished);
  return corePosition(host, published.ok ? published.value : state, model.publicOrder);
}
