/** The count-up track (RULES §1) as a host sees it (ruleset-host.ts). */
import { err, ok } from "../core/result.ts";
import { countCombatant, countScheduler, createCountState } from "../initiative/count/index.ts";
import type { CountCommand, CountState } from "../initiative/count/types.ts";
import { vectorValues } from "../initiative/shared/persistent-vector.ts";
import { guardedApply, hasFields, joinAll, orderWithRest } from "./host-common.ts";
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
    read: (value) =>
      hasFields(value, ["scheme", "combatants", "slots", "order", "pending"]) && value.scheme === "count"
        ? ok(value as unknown as CountState)
        : err("TEMPO.ERRORS.Host.InvalidState", { ruleset: "count" }),
    order: (state) =>
      orderWithRest(
        state.order.map((turn) => turn.id),
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
