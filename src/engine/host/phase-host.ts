/** Phase rounds (RULES §3) as a host sees them (ruleset-host.ts). */
import { err, ok } from "../core/result.ts";
import {
  createPhaseState,
  phaseCombatant,
  phaseCombatants,
  phaseScheduler,
  type PhaseCommand,
  type PhaseState,
} from "../initiative/phase/index.ts";
import { guardedApply, hasFields, joinAll, joinedDefeated, orderWithRest } from "./host-common.ts";
import type { HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: PhaseState, command: HostCommand) => guardedApply(phaseScheduler.apply, state, command);

export function phaseHost(roundSeconds: number): RulesetHost<PhaseState> {
  const host: RulesetHost<PhaseState> = {
    id: "phase",
    create: (combatants) => joinAll(createPhaseState([]), combatants, host.join),
    join: (state, c) =>
      joinedDefeated(
        apply(state, { type: "join", combatant: { id: c.id, int: c.int, agi: c.agi } } satisfies PhaseCommand),
        c,
        apply,
      ),
    apply,
    read: (value) =>
      hasFields(value, ["round", "phase", "combatants", "index", "moveOrder", "battleOrder", "cursor"])
        ? ok(value as unknown as PhaseState)
        : err("TEMPO.ERRORS.Host.InvalidState", { ruleset: "phase" }),
    // PHS-3, PHS-7: the movement order until the battle phase, then the battle order.
    order: (state) =>
      orderWithRest(
        state.phase === "battle" || state.phase === "end" ? state.battleOrder : state.moveOrder,
        phaseCombatants(state).map((c) => c.id),
      ),
    current: phaseScheduler.current,
    round: (state) => state.round,
    started: (state) => state.round > 0,
    initiative: (state, id) => phaseCombatant(state, id)?.initiative ?? null,
    defeated: (state, id) => phaseCombatant(state, id)?.defeated === true,
    pending: phaseScheduler.pending,
    timeline: phaseScheduler.timeline,
    // TIME-1: phase rounds are untimed in the source; the world setting gives their length.
    clock: (state) => state.round * roundSeconds,
  };
  return host;
}
