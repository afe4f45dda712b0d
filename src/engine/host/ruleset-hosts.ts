/** The host of each ruleset by id (ruleset-host.ts). */
import type { DiceRequest, RulesetId } from "../initiative/contract.ts";
import { countHost } from "./count-host.ts";
import { phaseHost } from "./phase-host.ts";
import { rotationHost } from "./rotation-host.ts";
import type { CombatantFacts, HostMemo, RulesetHost } from "./ruleset-host.ts";
import { keepEqualFacts } from "./host-common.ts";
import { segmentHost } from "./segment-host.ts";
import { standardHost } from "./standard-host.ts";

/**
 * A host whose state type is not known to the caller. States only travel between the host's own
 * functions (read → apply → stored), so `unknown` loses nothing a caller could use.
 */
export type AnyRulesetHost = RulesetHost<unknown>;

/**
 * The host of `ruleset`. `untimedRoundSeconds` is the world setting for `count` and `phase` rounds (TIME-1).
 * Its `order` and `pending` (and, where the host gives them in one pass, every combatant's `initiative` and
 * `defeated`: ask them by id, `facts` gives a copy) is worked out once per state, and it keeps a memo (`HostMemo`) of what other modules work
 * out once per state: states are never changed in place, so the same state object gives the same
 * answers (the Foundry layer asks them of every creature at every step). A fresh host each call: a
 * caller that keeps one (issue 17: a host is asked for on every read of a combat) uses `hostRegistry`.
 */
export function rulesetHost(ruleset: RulesetId, untimedRoundSeconds: number): AnyRulesetHost {
  const memo: HostMemo = {
    heldGroups: new WeakMap(),
    heldConditions: new WeakMap(),
    lastHeld: null,
    hiddenLeaves: new WeakMap(),
    builtSchedules: new WeakMap(),
  };
  return orderOnce(newHost(ruleset, untimedRoundSeconds, memo), memo);
}

/** One host per ruleset and round length, kept by the caller (the engine keeps nothing between calls). */
export function hostRegistry(): (ruleset: RulesetId, untimedRoundSeconds: number) => AnyRulesetHost {
  const hosts = new Map<string, AnyRulesetHost>();
  return (ruleset, untimedRoundSeconds) => {
    const key = `${ruleset}:${untimedRoundSeconds}`;
    let host = hosts.get(key);
    if (host === undefined) hosts.set(key, (host = rulesetHost(ruleset, untimedRoundSeconds)));
    return host;
  };
}

function orderOnce(host: AnyRulesetHost, memo: HostMemo): AnyRulesetHost {
  const orders = new WeakMap<object, readonly string[]>();
  const order = host.order;
  const pendings = new WeakMap<object, readonly DiceRequest[]>();
  const pending = host.pending;
  const facts = new WeakMap<object, Map<string, CombatantFacts>>();
  const all = host.facts;
  const follow = host.followFacts;
  /** The last state whose facts were found: the next state is most often made from it (issue 17). */
  let last: { readonly state: object; readonly facts: Map<string, CombatantFacts> } | null = null;
  /**
   * Every combatant's facts in `state`, found once per state (null: the host answers by id). A state
   * made from the last one takes over that one's map, brought up to date in place (no copy of a
   * thousand entries per step); the last state's facts are then found anew if it is asked again.
   */
  const factsOf = (state: unknown): ReadonlyMap<string, CombatantFacts> | null => {
    if (all === undefined || typeof state !== "object" || state === null) return null;
    let found = facts.get(state);
    if (found === undefined) {
      if (last !== null && facts.get(last.state) === last.facts && follow?.(last.state, last.facts, state) === true) {
        found = last.facts;
        facts.delete(last.state);
      } else {
        found = new Map(all(state));
        if (last !== null) keepEqualFacts(found, last.facts);
      }
      facts.set(state, found);
    }
    if (last?.state !== state || last.facts !== found) last = { state, facts: found };
    return found;
  };
  return {
    ...host,
    // A copy: the map kept here is brought up to date in place for the next state.
    ...(all === undefined ? {} : { facts: (state: unknown) => new Map(factsOf(state) ?? all(state)) }),
    memo,
    order: (state) => {
      if (typeof state !== "object" || state === null) return order(state);
      let ids = orders.get(state);
      if (ids === undefined) orders.set(state, (ids = order(state)));
      return ids;
    },
    // Issue 17: asked of the same states by the published state and by each owner's view (public-order.ts).
    pending: (state) => {
      if (typeof state !== "object" || state === null) return pending(state);
      let requests = pendings.get(state);
      if (requests === undefined) pendings.set(state, (requests = pending(state)));
      return requests;
    },
    initiative: (state, id) => {
      const found = factsOf(state);
      return found === null ? host.initiative(state, id) : (found.get(id)?.initiative ?? null);
    },
    defeated: (state, id) => {
      const found = factsOf(state);
      return found === null ? host.defeated(state, id) : found.get(id)?.defeated === true;
    },
    factsNow: (state) => factsOf(state) ?? undefined,
  };
}

function newHost(ruleset: RulesetId, untimedRoundSeconds: number, memo: HostMemo): AnyRulesetHost {
  switch (ruleset) {
    case "count":
      return countHost(untimedRoundSeconds) as unknown as AnyRulesetHost;
    case "standard":
      return standardHost() as unknown as AnyRulesetHost;
    case "phase":
      return phaseHost(untimedRoundSeconds) as unknown as AnyRulesetHost;
    case "segment":
      return segmentHost(memo.builtSchedules) as unknown as AnyRulesetHost;
    case "rotation":
      return rotationHost() as unknown as AnyRulesetHost;
  }
}
