/**
 * The count tracker's facts through the one host interface (ruleset-host.ts): a view holds the state as
 * `unknown` next to an `AnyRulesetHost`, and only here is it taken back as the count state it is.
 */
import { countTrackerFacts, type CountTrackerFacts } from "../initiative/count/tracker-facts.ts";
import type { CountState } from "../initiative/count/types.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/**
 * CNT-4 … CNT-13: what the count tracker explains, or null when `host` is not the count host or `state`
 * is not a state it made (a guard against a wrong pairing; `host.read` checks stored states).
 */
export function countTrackerFactsOf(host: AnyRulesetHost, state: unknown): CountTrackerFacts | null {
  if (host.id !== "count" || !hasFields(state, ["status", "round", "combatants", "slots", "pending", "tieOrder"]))
    return null;
  // The count host's states are CountStates: states travel only between a host's own functions.
  return countTrackerFacts(state as unknown as CountState);
}
