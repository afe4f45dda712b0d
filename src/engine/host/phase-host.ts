/** Phase rounds (RULES §3) as a host sees them (ruleset-host.ts). */
import {
  createPhaseState,
  parsePhaseState,
  phaseCombatant,
  phaseCombatants,
  phaseLane,
  phaseScheduler,
  type PhaseCombatant,
  type PhaseCommand,
  type PhaseState,
} from "../initiative/phase/index.ts";
import { phaseTurnLeft } from "../actions/turn-left.ts";
import { leaveAll as phaseLeaveAll } from "../initiative/phase/changes.ts";
import { followFacts, guardedApply, joinAll, joinedDefeated, vectorOrder } from "./host-common.ts";
import type { CombatantFacts, HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: PhaseState, command: HostCommand) => guardedApply(phaseScheduler.apply, state, command);

/** PHS-3, PHS-7: the movement lane during the movement phase, then the battle lane; none while rolling. */
function lane(state: PhaseState): readonly string[] {
  if (state.phase === "movement") return phaseLane(state, "movement");
  return state.phase === "battle" || state.phase === "end" ? phaseLane(state, "battle") : [];
}

const NO_IDS: readonly string[] = [];

/**
 * What `lane` reads besides the roster: the ranking, and in the movement phase the creatures catching up
 * and, while some do, the cursor that places them (issue 17: `vectorOrder`).
 */
function laneParts(state: PhaseState): readonly unknown[] {
  const kind =
    state.phase === "movement" ? "movement" : state.phase === "battle" || state.phase === "end" ? "battle" : "none";
  const moving = state.phase === "movement" && state.catchUp.length > 0;
  return [kind, state.ranking, moving ? state.catchUp : NO_IDS, moving ? state.cursor : -1];
}

/** What `initiative` and `defeated` give of one record. */
function phaseFacts(c: PhaseCombatant): CombatantFacts {
  return { initiative: c.initiative ?? null, defeated: c.defeated === true };
}

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
    leaveAll: phaseLeaveAll,
    read: parsePhaseState,
    order: vectorOrder(
      lane,
      laneParts,
      (state) => state.combatants,
      (state) => phaseCombatants(state).map((c) => c.id),
    ),
    current: phaseScheduler.current,
    round: (state) => state.round,
    started: (state) => state.round > 0,
    // Issue 17: core's initiative keeps the last total until the new round's roll replaces it, so a
    // round boundary writes no `null` to every creature only for the roll to fill it again.
    initiative: (state, id) => phaseCombatant(state, id)?.initiative ?? null,
    defeated: (state, id) => phaseCombatant(state, id)?.defeated === true,
    facts: (state) => new Map(phaseCombatants(state).map((c) => [c.id, phaseFacts(c)])),
    followFacts: (before, known, after) => followFacts(known, before.combatants, after.combatants, phaseFacts),
    pending: phaseScheduler.pending,
    timeline: phaseScheduler.timeline,
    // TIME-1: phase rounds are untimed in the source; the world setting gives their length.
    left: phaseTurnLeft,
    clock: (state) => state.round * roundSeconds,
  };
  return host;
}
