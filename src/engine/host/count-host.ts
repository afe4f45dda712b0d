/** The count-up track (RULES §1) as a host sees it (ruleset-host.ts). */
import {
  countCombatant,
  countRoundTurns,
  countScheduler,
  createCountState,
  parseCountState,
} from "../initiative/count/index.ts";
import type { CountCommand, CountState } from "../initiative/count/types.ts";
import { vectorValues } from "../initiative/shared/persistent-vector.ts";
import { guardedApply, joinAll, orderWithRest } from "./host-common.ts";
import type { HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: CountState, command: HostCommand) => guardedApply(countScheduler.apply, state, command);

export function countHost(roundSeconds: number): RulesetHost<CountState> {
  const host: RulesetHost<CountState> = {
    id: "count",
    create: (combatants, options) =>
      joinAll(createCountState([], { surprise: options.surprise }), combatants, host.join),
    join: (state, c) =>
      guardedApply(countScheduler.apply, state, {
        type: "join",
        combatant: { id: c.id, bonus: c.initiativeBonus, isPlayer: c.side === "pc", defeated: c.defeated },
      } satisfies CountCommand),
    apply,
    read: parseCountState,
    order: (state) =>
      orderWithRest(
        countRoundTurns(state).map((turn) => turn.id),
        vectorValues(state.combatants).map((c) => c.id),
      ),
    current: countScheduler.current,
    // CNT-4: the surprise round is round 0; before the start the engine's round is −1.
    round: (state) => Math.max(0, state.round),
    started: (state) => state.status !== "setup",
    initiative: (state, id) => countCombatant(state, id)?.count ?? null,
    defeated: (state, id) => countCombatant(state, id)?.defeated === true,
    pending: countScheduler.pending,
    timeline: countScheduler.timeline,
    // TIME-1: the track leaves rounds untimed; the world setting gives their length.
    clock: (state) => Math.max(0, state.round) * roundSeconds,
  };
  return host;
}
