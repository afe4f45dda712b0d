/** Standard turn order (RULES §2) as a host sees it (ruleset-host.ts). */
import { STANDARD_ROUND_SECONDS, createStandardState, parseStandardState } from "../initiative/standard/index.ts";
import { standardScheduler, type StandardCommand } from "../initiative/standard/scheduler.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import { guardedApply, joinAll, joinedDefeated, orderWithRest } from "./host-common.ts";
import type { HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: StandardState, command: HostCommand) => guardedApply(standardScheduler.apply, state, command);

export function standardHost(): RulesetHost<StandardState> {
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
    read: parseStandardState,
    order: (state) => orderWithRest(state.order, Object.keys(state.combatants)),
    current: standardScheduler.current,
    round: (state) => state.round,
    started: (state) => state.status !== "setup",
    initiative: (state, id) =>
      Object.hasOwn(state.combatants, id) ? (state.combatants[id]?.initiative ?? null) : null,
    defeated: (state, id) => Object.hasOwn(state.combatants, id) && state.combatants[id]?.defeated === true,
    pending: standardScheduler.pending,
    timeline: standardScheduler.timeline,
    // STD-4: a round is 5 seconds.
    clock: (state) => state.round * STANDARD_ROUND_SECONDS,
  };
  return host;
}
