/** Standard turn order (RULES §2) as a host sees it (ruleset-host.ts). */
import { STANDARD_ROUND_SECONDS, createStandardState, parseStandardState } from "../initiative/standard/index.ts";
import { leaveAll } from "../initiative/standard/roster.ts";
import { standardScheduler, type StandardCommand } from "../initiative/standard/scheduler.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import { followRecordFacts, guardedApply, joinAll, joinedDefeated, recordFacts, recordOrder } from "./host-common.ts";
import type { CombatantFacts, HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: StandardState, command: HostCommand) => guardedApply(standardScheduler.apply, state, command);

/** What `initiative` and `defeated` give of one record. */
function standardFacts(c: { readonly initiative?: number | null; readonly defeated?: boolean }): CombatantFacts {
  return { initiative: c.initiative ?? null, defeated: c.defeated === true };
}

export function standardHost(): RulesetHost<StandardState> {
  const orderOf = recordOrder<StandardState["combatants"][string]>();
  const host: RulesetHost<StandardState> = {
    id: "standard",
    create: (combatants) => joinAll(createStandardState([]), combatants, host.join),
    join: (state, c) =>
      joinedDefeated(
        apply(state, { type: "join", combatantId: c.id, dexBonus: c.initiativeBonus } satisfies StandardCommand),
        c,
        apply,
      ),
    apply,
    leaveAll,
    read: parseStandardState,
    order: (state) => orderOf(state.order, state.combatants),
    current: standardScheduler.current,
    round: (state) => state.round,
    started: (state) => state.status !== "setup",
    initiative: (state, id) =>
      Object.hasOwn(state.combatants, id) ? (state.combatants[id]?.initiative ?? null) : null,
    defeated: (state, id) => Object.hasOwn(state.combatants, id) && state.combatants[id]?.defeated === true,
    // Issue 17: in one pass, then from the last state's for the records a step replaced.
    facts: (state) => recordFacts(state.combatants, standardFacts),
    followFacts: (before, known, after) => followRecordFacts(known, before.combatants, after.combatants, standardFacts),
    pending: standardScheduler.pending,
    timeline: standardScheduler.timeline,
    // STD-4: a round is 5 seconds.
    clock: (state) => state.round * STANDARD_ROUND_SECONDS,
  };
  return host;
}
