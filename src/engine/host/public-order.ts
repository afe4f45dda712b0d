/**
 * Issue 18 items 3 and 5: the hidden creatures' places taken out of the state every client may hold.
 * Where a hidden creature stands in the order (its count, its total, its place among ties) is the GM's
 * secret, like its roll; what players may know is only that an unseen creature acts while it acts (no
 * visible row is marked then). So the published state is the encounter as it would stand had every
 * hidden creature that is not acting now left it: each one leaves through its ruleset's own `leave`
 * (the rules for a creature that leaves mid-round keep everyone else's place, turn and pending rolls),
 * and the acting one stays at its place while its turn lasts.
 *
 * A leave is kept only when it changes nothing else the table shows: the round, whether the combat
 * started, who acts, the clock, the other creatures' order and their pending dice. Where a ruleset's
 * leave would (a hidden creature whose roll is the last one a round waits for: without it the round
 * would start), the creature stays in the published state, its values withheld as before (the
 * rulesets' published.ts files), until a later step can take it out.
 *
 * Issue 18 ruling (session 23): the hidden creatures leave together where they can, all of them in one
 * pass (the ruleset's `leaveAll`), kept where the table is as it was but for them. That may take out
 * creatures none of which could leave alone: two hidden creatures tied only with each other (STD-2), whose
 * tie-breakers are the last dice a round waits for. Either one leaving ends the tie, drops the other's
 * tie-breaker and starts the round; both leaving together leave nothing waiting and the table as it was.
 * Leaving one by one would publish both with their pending tie-breakers, telling players that two unseen
 * creatures tie. Where the whole group cannot leave, each leaves in turn, in passes until one takes nobody
 * out (one held back may leave once others have), so none is published that could leave alone. Smaller
 * groups are not searched: the ones held back at the end, all together, could leave in none of 10,000
 * random sessions of 30 steps, 2,000 a ruleset (tests/engine/host/batch-leave.test.ts states the promises).
 *
 * Core's `turns` follow this public order on every client, the GM's included (data/combat/
 * combat-model.ts `publicOrder`), so `turn`, one index for every client, names the acting creature
 * everywhere and counts no hidden creature before it. The GM keeps the whole state (foundry
 * combat/secret-store.ts keeps what the published state leaves out).
 */
import type { DiceRequest } from "../initiative/contract.ts";
import type { SlotIndex } from "../initiative/shared/persistent-vector.ts";
import type { StoreMemo } from "../storage/store-memo.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import { sameItems } from "../core/same-items.ts";

/** Whose places are secret (`hidden`), and whose rolls no player makes (`gmOnly`). */
export interface HiddenSecrecy {
  readonly gmOnly: { has(id: string): boolean };
  /** `none`: whether the caller knows that no creature at all is hidden (then the order is not walked). */
  readonly hidden: { has(id: string): boolean; readonly none?: boolean };
}

/**
 * Whether the dice `after` waits for are the ones `before` waits for, in order, but those of the ones
 * that left and those that waited only on them: a tie-breaker against one (STD-2), which the encounter
 * without it never asks for. Those may go only where no player rolls them (a creature only the GM
 * controls, or a hidden one): a player asked to roll one sees it waiting.
 */
function samePending(
  before: readonly DiceRequest[],
  after: readonly DiceRequest[],
  left: ReadonlySet<string>,
  secrecy: HiddenSecrecy,
): boolean {
  const mayGo = (id: string | null) =>
    id !== null && (left.has(id) || secrecy.gmOnly.has(id) || secrecy.hidden.has(id));
  let i = 0;
  for (const request of before) {
    if (after[i]?.id === request.id) i++;
    else if (!mayGo(request.combatantId)) return false;
  }
  return i === after.length;
}

/** Whether `after` (`before` without the ones in `left`) shows the table as `before` does but for them. */
function sameTable(
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
  left: ReadonlySet<string>,
  secrecy: HiddenSecrecy,
): boolean {
  return (
    host.round(after) === host.round(before) &&
    host.started(after) === host.started(before) &&
    host.current(after) === host.current(before) &&
    host.clock(after) === host.clock(before) &&
    sameItems(
      host.order(after),
      host.order(before).filter((id) => !left.has(id)),
    ) &&
    samePending(host.pending(before), host.pending(after), left, secrecy)
  );
}

/** `find()` once per state and key (`HostMemo.hiddenLeaves`; no memo, or a state that is no object: each time). */
function leaveMemo(host: AnyRulesetHost, state: unknown, key: string, find: () => unknown): unknown {
  const memo = typeof state === "object" && state !== null ? host.memo?.hiddenLeaves : undefined;
  if (memo === undefined) return find();
  let byKey = memo.get(state as object);
  if (byKey === undefined) memo.set(state as object, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  const after = find();
  byKey.set(key, after);
  return after;
}

/** `state` after `id` leaves it, or null when its ruleset refuses the leave; once per state and id. */
function leaveOf(host: AnyRulesetHost, state: unknown, id: string): unknown {
  return leaveMemo(host, state, id, () => leaveNow(host, state, id));
}

/**
 * Issue 17: `state` after all of `ids` leave in one pass (the ruleset's `leaveAll`), or null where it gives
 * none; once per state and set of ids (kept beside the single leaves, under a key no id has).
 */
function leaveAllOf(host: AnyRulesetHost, state: unknown, ids: readonly string[]): unknown {
  const leaveAll = host.leaveAll;
  if (leaveAll === undefined) return null;
  return leaveMemo(host, state, `\u0000${ids.join("\u0000")}`, () => leaveAll.call(host, state, ids));
}

function leaveNow(host: AnyRulesetHost, state: unknown, id: string): unknown {
  const step = host.apply(state, { type: "leave", combatantId: id });
  return step.ok ? step.value.state : null;
}

/** The state without the hidden creatures that do not act now, and the ones taken out. */
export interface WithoutHidden {
  readonly state: unknown;
  readonly left: readonly string[];
}

/**
 * `state` without the hidden creatures that do not act now (see the file comment); `state` itself, and
 * nobody left, when none can be taken out.
 */
export function withoutHiddenPlaces(host: AnyRulesetHost, state: unknown, secrecy: HiddenSecrecy): WithoutHidden {
  // Issue 17: with no hidden creature nobody leaves, and the whole order is not worked out for it.
  if (secrecy.hidden.none === true) return { state, left: [] };
  const current = host.current(state);
  const hidden = host.order(state).filter((id) => id !== current && secrecy.hidden.has(id));
  if (hidden.length === 0) return { state, left: [] };
  // Issue 17: all of them in one pass (one settle, one order), kept where the table is as it was but for
  // them; where it is not (one of them holds the round back, say), each leaves in turn as below.
  if (hidden.length > 1) {
    const all = leaveAllOf(host, state, hidden);
    if (all !== null && sameTable(host, state, all, new Set(hidden), secrecy)) return { state: all, left: hidden };
  }
  // Each in turn; one held back may leave once others have (a tie it would end went with them), so the
  // passes go on until one takes nobody out: no hidden creature published could leave alone.
  let out = state;
  const left: string[] = [];
  let kept = hidden;
  for (let taken = true; taken && kept.length > 0;) {
    taken = false;
    const still: string[] = [];
    for (const id of kept) {
      const after = leaveOf(host, out, id);
      if (after === null || !sameTable(host, out, after, new Set([id]), secrecy)) {
        still.push(id);
        continue;
      }
      out = after;
      left.push(id);
      taken = true;
    }
    kept = still;
  }
  return { state: out, left };
}

/**
 * Phase and segment keep a creature that left in their id index (its slot emptied, so it may join again):
 * the published index names none of the hidden creatures taken out. An index without them still reads
 * (every live record is indexed; an id may be absent: phase/stored.ts, segment/stored.ts). Issue 17: with a
 * memo, made once per index and set of ids (the index changes only when the roster does).
 */
export function withoutIndexed<S extends { readonly index: SlotIndex }>(
  state: S,
  left: readonly string[],
  memo?: StoreMemo,
): S {
  if (!left.some((id) => Object.hasOwn(state.index, id))) return state;
  const key = left.join("\u0000");
  const byIndex = memo?.publishedIndexes.get(state.index);
  let index = byIndex?.get(key) as SlotIndex | undefined;
  if (index === undefined) {
    const gone = new Set(left);
    index = Object.fromEntries(Object.entries(state.index).filter(([id]) => !gone.has(id)));
    if (memo !== undefined) {
      // A handful of sets per index (the one acting now is never taken out, so the set follows the turn).
      if (byIndex === undefined || byIndex.size >= 8) memo.publishedIndexes.set(state.index, new Map([[key, index]]));
      else byIndex.set(key, index);
    }
  }
  return { ...state, index };
}
