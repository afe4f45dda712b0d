/**
 * PHS-4, PHS-10, PHS-11 through the one host interface: the sources of advantage and disadvantage a
 * phase-rounds attack gets from the turn order and the tokens' conditions (attack-conditions.ts).
 */
import { err, ok, type Result } from "../core/result.ts";
import { phaseConditionSources, type Conditions } from "../conditions/attack-conditions.ts";
import { phaseDisengageShift, type DisengageShift, type PhaseAttackModifiers } from "../initiative/phase/modifiers.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/** A typed error when `host` is not the phase host or `state` not a state it made. */
export function phaseSourcesOf(
  host: AnyRulesetHost,
  state: unknown,
  attackerId: string,
  targetId: string,
  attacker: Conditions,
  target: Conditions,
): Result<PhaseAttackModifiers> {
  if (host.id !== "phase" || !hasFields(state, ["round", "combatants", "index"]))
    return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: host.id });
  // The phase host's states are PhaseStates (see phase-tracker.ts).
  return ok(phaseConditionSources(state as unknown as PhaseState, attackerId, targetId, attacker, target));
}

/** PHS-11: the Disengage shift still open to `id` (modifiers.ts), null outside a phase combat's state. */
export function disengageShiftIn(host: AnyRulesetHost, state: unknown, id: string): DisengageShift | null {
  if (host.id !== "phase" || !hasFields(state, ["round", "combatants", "index"])) return null;
  return phaseDisengageShift(state as unknown as PhaseState, id);
}
