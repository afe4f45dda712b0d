/**
 * Issue 18 item 3: what of a stored combat is published in `Combat.system`, which Foundry sends to
 * every client (docs/research/foundry-secrets-and-write-guards.md: no v13 store is withheld from
 * players), and what stays with the GM.
 *
 * The undo and redo history carries earlier states, and with them whatever was secret then (an
 * unrevealed declaration, a hidden creature's facts). It is kept whole on the GM's side (the Foundry
 * layer's secret store) and never published: the document's `history` is empty. The GM steps the
 * whole stored combat (combat-step.ts); the update written to the document is the difference between
 * what the document holds and the published form of the next step.
 *
 * A document written by an older Tempo may still hold a history: it is read as it is (so undo reaches
 * behind the update), and the first published update empties it.
 *
 * The current state is published with what the rules keep secret taken out (`publishedState`): every
 * hidden creature that does not act now, with its place, in every ruleset (public-order.ts); in
 * segment rounds a declaration only the GM may see yet (initiative/segment/published.ts); on the count
 * track a hidden creature's place and pending actions (initiative/count/published.ts); in standard
 * rounds an NPC's or hidden creature's readied trigger and a hidden creature's total, DEX bonus,
 * tie-breakers and pending tie-breaker (initiative/standard/published.ts); in phase and rotation rounds a hidden creature's rolls
 * (initiative/phase/published.ts, rotation/published.ts); and a visible creature's tie rolls that only
 * hidden creatures called for, with what they settled (secret-ties.ts: PHS-2 roll-offs, ROT-2 places,
 * STD-2 tie-breakers, CNT-5 contest totals).
 */
import { asShownInHiddenSurprise } from "../initiative/count/hidden-surprise.ts";
import { withoutSecretContestEvents } from "../initiative/count/hidden-ties.ts";
import { publishedCountState } from "../initiative/count/published.ts";
import type { CountState } from "../initiative/count/types.ts";
import { withoutSecretRollOffEvents, withoutSecretRollOffs } from "../initiative/phase/hidden-ties.ts";
import { publishedPhaseState } from "../initiative/phase/published.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { withoutSecretTieEvents, withoutSecretTieResults } from "../initiative/rotation/hidden-ties.ts";
import { publishedRotationState } from "../initiative/rotation/published.ts";
import type { RotationState } from "../initiative/rotation/state.ts";
import { publishedSegmentState } from "../initiative/segment/published.ts";
import type { SegmentState } from "../initiative/segment/types.ts";
import {
  publishedStandardState,
  WITHHELD_TRIGGER,
  withoutHiddenBeforeOrder,
  withoutLoneTies,
} from "../initiative/standard/published.ts";
import { withoutSecretTieBreaks } from "../initiative/standard/hidden-ties.ts";
import { keptPublished } from "./published-kept.ts";
import { withoutHiddenPlaces, withoutIndexed } from "./public-order.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import { EMPTY_PATCH_HISTORY } from "../storage/patch-history.ts";
import type { StoreMemo } from "../storage/store-memo.ts";
import type { StoredObject } from "../storage/stored-json.ts";
import { diffStored, type StoredUpdate } from "../storage/update-diff.ts";
import type { StoredCombat } from "./combat-step.ts";
import type { HostEvent } from "./ruleset-host.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/**
 * What a published state may not tell: the creatures only the GM controls, and the hidden ones. Asked
 * only about the creatures whose facts a ruleset would withhold (a set, or a lookup the caller answers).
 */
export interface Secrecy {
  readonly gmOnly: { has(id: string): boolean };
  /** `none`: whether the caller knows that no creature at all is hidden (public-order.ts). */
  readonly hidden: { has(id: string): boolean; readonly none?: boolean };
}

/**
 * Issue 18: what one player may know, who owns some hidden creatures (`owned`): a hidden creature is its
 * owner's to see (its place, its turn, its rolls), so the owner's view is published with those left out of
 * `hidden`; every other secret stays withheld (the GM's client sends that view to the owner alone: foundry
 * combat/owner-view.ts).
 */
export function ownerSecrecy(secrecy: Secrecy, owned: { has(id: string): boolean }): Secrecy {
  return { gmOnly: secrecy.gmOnly, hidden: { has: (id) => secrecy.hidden.has(id) && !owned.has(id) } };
}

/**
 * Issue 18 item 3: whether the item and targets a creature declared an action with (the Foundry layer's
 * declared-use record, rolled when its pending card is resolved) are kept from players. Ruling: they are
 * for every creature only the GM controls, and for a hidden one, whether or not the declaration itself
 * is published yet (count publishes an NPC's pending action, SEG-2 reveals a declaration at its turn):
 * the card its roll posts tells what it rolled, and nothing needs to tell it sooner.
 */
export function declaredUseWithheld(secrecy: Secrecy, id: string): boolean {
  return secrecy.gmOnly.has(id) || secrecy.hidden.has(id);
}

/**
 * The state every client may hold; `state` itself when its ruleset withholds nothing from it now.
 * `memo`: a withheld creature's published form is the one made before while it is the same creature, and
 * the parts of the state that hold what they held in the one published before for the same view are those
 * parts themselves (published-kept.ts).
 */
export function publishedState(host: AnyRulesetHost, state: unknown, secrecy: Secrecy, memo?: StoreMemo): unknown {
  // Issue 18: the hidden creatures that do not act now are taken out first (public-order.ts).
  const { state: shown, left } = withoutHiddenPlaces(host, state, secrecy);
  const published = publishedFrom(host, state, shown, left, secrecy, memo);
  // Issue 17: a view is told apart by the creatures it took out (an owner's keeps its own creatures in).
  return published === state ? state : keptPublished(memo, `${host.id}\u0000${left.join("\u0000")}`, published);
}

function publishedFrom(
  host: AnyRulesetHost,
  state: unknown,
  shown: unknown,
  left: readonly string[],
  secrecy: Secrecy,
  memo: StoreMemo | undefined,
): unknown {
  // Each host's states are its own scheme's (states travel only between a host's own functions).
  switch (host.id) {
    case "segment":
      return publishedSegmentState(withoutIndexed(shown as SegmentState, left, memo), secrecy, memo);
    case "count":
      return publishedCountState(shown as CountState, secrecy, memo);
    case "standard": {
      const whole = state as StandardState;
      const shownStandard = withoutHiddenBeforeOrder(shown as StandardState, secrecy);
      // Issue 18 item 5: tie-breakers a visible creature rolled only against hidden ones (standard/hidden-ties.ts).
      const tied = withoutSecretTieBreaks(withoutLoneTies(shownStandard, whole), whole, secrecy.hidden);
      return publishedStandardState(tied, secrecy);
    }
    case "phase": {
      // Issue 18 item 5: roll-offs a visible creature made only against hidden ones (phase/hidden-ties.ts).
      const phase = withoutSecretRollOffs(shown as PhaseState, state as PhaseState, secrecy.hidden);
      return publishedPhaseState(withoutIndexed(phase, left, memo), secrecy);
    }
    case "rotation": {
      // Issue 18 item 5: tie places won or lost only against hidden units (rotation/hidden-ties.ts).
      const rotation = withoutSecretTieResults(shown as RotationState, state as RotationState, secrecy.hidden);
      return publishedRotationState(rotation, secrecy);
    }
    default:
      return shown;
  }
}

/**
 * The part of `stored` every client may hold: the engine and format, with no history. `engine`: the
 * stored form of the published state, where it differs from the whole one.
 */
export function publishedCombat(stored: StoredCombat, engine: StoredObject = stored.engine): StoredCombat {
  const format = stored.format === undefined ? {} : { format: stored.format };
  return { engine, history: EMPTY_PATCH_HISTORY, ...format };
}

/** Whether a stored combat keeps no undo or redo step. */
export function historyIsEmpty(stored: StoredCombat): boolean {
  return Object.keys(stored.history.undo).length === 0 && Object.keys(stored.history.redo).length === 0;
}

/**
 * The update that turns `published` (what the document holds now) into the published form of `next`
 * (`engine`: its published engine), or null when the document already holds it.
 */
export function publishedUpdate(
  published: StoredCombat,
  next: StoredCombat,
  publishedEngine: StoredObject = next.engine,
): StoredUpdate | null {
  const target = publishedCombat(next, publishedEngine);
  const update: Record<string, StoredUpdate | number> = {};
  if (target.format !== undefined && target.format !== published.format) update.format = target.format;
  const engine = diffStored(published.engine, target.engine);
  if (engine !== null) update.engine = engine;
  const history = diffStored(asObject(published), asObject(target));
  if (history !== null) update.history = history;
  return Object.keys(update).length > 0 ? update : null;
}

function asObject(stored: StoredCombat): StoredObject {
  return stored.history as unknown as StoredObject;
}

/** Events kept whoever they are about: the ones that move the table (an unseen creature's turn included). */
const TABLE_EVENTS: ReadonlySet<string> = new Set(["turnStarted", "turnEnded", "undone", "redone"]);

/** The creature an event is about (its own `combatantId`, or its pending action's owner), or null. */
function subjectOf(event: HostEvent): string | null {
  const fields = event as { readonly combatantId?: unknown; readonly action?: unknown };
  if (typeof fields.combatantId === "string") return fields.combatantId;
  const action = fields.action as { readonly combatantId?: unknown } | null | undefined;
  return typeof action === "object" && action !== null && typeof action.combatantId === "string"
    ? action.combatantId
    : null;
}

/**
 * Issue 18 item 3: the events of a step as every client may get them (the Combat update's summary,
 * event-summary.ts; the writing GM keeps the whole list). An event about a hidden creature (its roll,
 * its count, its declared action) is left out but for its turn starting and ending; a readied action's
 * trigger is withheld as the published state withholds it (initiative/standard/published.ts). Given
 * the step's whole and published states, a visible creature's secret tie roll (secret-ties.ts) is left
 * out too, and a tie place shown otherwise in the published state is told as it is shown there; given the
 * state before as well, a count surprise round only hidden creatures act in is told as round 1
 * (count/hidden-surprise.ts).
 */
export function publishedEvents(
  events: readonly HostEvent[],
  secrecy: Secrecy,
  states?: PublishedStates,
): readonly HostEvent[] {
  const out: HostEvent[] = [];
  // Issue 17: with no creature hidden (the caller knows), no event is about one: a round boundary's
  // 2,000 events are not looked up one by one.
  const anyHidden = secrecy.hidden.none !== true;
  for (const event of events) {
    const subject = subjectOf(event);
    if (anyHidden && subject !== null && secrecy.hidden.has(subject) && !TABLE_EVENTS.has(event.type)) continue;
    const trigger = (event as { readonly trigger?: unknown }).trigger;
    const withheld = event.type === "readied" && subject !== null && secrecy.gmOnly.has(subject);
    out.push(withheld && typeof trigger === "string" ? ({ ...event, trigger: WITHHELD_TRIGGER } as HostEvent) : event);
  }
  if (states === undefined) return out;
  // Issue 18 item 5: a tie roll only hidden creatures called for (secret-ties.ts) is not told either.
  switch (states.host.id) {
    case "phase":
      return withoutSecretRollOffEvents(out, states.whole as PhaseState, states.shown as PhaseState);
    case "rotation":
      return withoutSecretTieEvents(out, states.whole as RotationState, states.shown as RotationState);
    case "count": {
      const { host, before, whole, shown } = states;
      const told = withoutSecretContestEvents(out, whole as CountState, shown as CountState);
      if (before === undefined) return told;
      // CNT-4: a surprise round only hidden creatures act in is told as round 1 (count/hidden-surprise.ts).
      return asShownInHiddenSurprise(told, {
        before: before as CountState,
        whole: whole as CountState,
        shown: shown as CountState,
        shownBefore: () => publishedState(host, before, secrecy) as CountState,
        hidden: secrecy.hidden,
      });
    }
    default:
      return out;
  }
}

/**
 * The GM's state after a step and its published form (`publishedState`), for `publishedEvents`; `before`:
 * the GM's state before the step, where there was one (count's surprise round: hidden-surprise.ts).
 */
export interface PublishedStates {
  readonly host: AnyRulesetHost;
  readonly whole: unknown;
  readonly shown: unknown;
  readonly before?: unknown;
}
