/**
 * Issue 18 item 5: the tie rolls only hidden creatures call for. A roll that settles a tie (a PHS-2
 * roll-off, a ROT-2 reroll, an STD-2 tie-breaker, a CNT-5 contest) which a visible creature makes only because hidden
 * creatures are level with it is the GM's secret: the GM's client rolls it with the others
 * (roll-policy.ts: no tie roll waits for a player) and posts it on no card, and the published state
 * leaves out what it settled (published.ts). The rulings, and why the visible creature's side is rolled
 * by the GM and not asked of its owner, are beside each ruleset's rule: initiative/phase/hidden-ties.ts,
 * rotation/hidden-ties.ts, standard/hidden-ties.ts, count/hidden-ties.ts (whose secret totals are kept
 * marked on the record: the GM's client feeds them back with `secret` set, foundry combat/roll-requests.ts).
 */
import type { DiceRequest } from "../initiative/contract.ts";
import { secretCountContests } from "../initiative/count/hidden-ties.ts";
import type { CountState } from "../initiative/count/types.ts";
import { secretPhaseRollOffs } from "../initiative/phase/hidden-ties.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { secretRotationRerolls } from "../initiative/rotation/hidden-ties.ts";
import type { RotationState } from "../initiative/rotation/state.ts";
import { secretStandardTieBreaks } from "../initiative/standard/hidden-ties.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

const NONE: ReadonlySet<string> = new Set();

/** The ids of `requests` (asked by the step that led to `state`) that are secret tie rolls. */
export function secretTieRolls(
  host: AnyRulesetHost,
  state: unknown,
  requests: readonly DiceRequest[],
  hidden: { has(id: string): boolean; readonly none?: boolean },
): ReadonlySet<string> {
  if (requests.length === 0) return NONE;
  // Issue 17: with no creature hidden, no tie roll is one only hidden creatures call for (a round boundary at
  // 1,000 creatures asks some hundreds); count keeps secret totals on its records after a reveal (CNT-5), so
  // it answers that case itself (count/hidden-ties.ts).
  if (hidden.none === true && host.id !== "count") return NONE;
  // Each host's states are its own scheme's (states travel only between a host's own functions).
  switch (host.id) {
    case "phase":
      return secretPhaseRollOffs(state as PhaseState, requests, hidden);
    case "rotation":
      return secretRotationRerolls(state as RotationState, requests, hidden);
    case "standard":
      return secretStandardTieBreaks(state as StandardState, requests, hidden);
    case "count":
      return secretCountContests(state as CountState, requests, hidden);
    default:
      return NONE;
  }
}
