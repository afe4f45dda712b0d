/**
 * The phase tracker's facts through the one host interface (ruleset-host.ts): a view holds the state as
 * `unknown` next to an `AnyRulesetHost`, and only here is it taken back as the phase state it is.
 */
import { phaseTrackerFacts, type PhaseTrackerFacts } from "../initiative/phase/tracker-facts.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/**
 * PHS-1: what the phase tracker shows, or null when `host` is not the phase host or `state` is not a state
 * it made (a guard against a wrong pairing; `host.read` checks stored states).
 */
export function phaseTrackerFactsOf(host: AnyRulesetHost, state: unknown): PhaseTrackerFacts | null {
  if (host.id !== "phase" || !hasFields(state, ["round", "phase", "combatants", "ranking", "waits", "delays"]))
    return null;
  // The phase host's states are PhaseStates: states travel only between a host's own functions.
  return phaseTrackerFacts(state as unknown as PhaseState);
}
