// Public API of the phase scheduler; see src/engine/initiative/index.ts.
export { PHASE_NAMES, PHASE_ROLL_REASONS } from "./types.ts";
export type {
  PhaseCombatant,
  PhaseCommand,
  PhaseDelay,
  PhaseEvent,
  PhaseJoin,
  PhaseName,
  PhaseRollKind,
  PhaseState,
  PhaseTurnAction,
  PhaseTurnPhase,
  PhaseWait,
} from "./types.ts";
export { createPhaseState, phaseCombatant, phaseCombatants, phaseInitiative } from "./state.ts";
export { phasePending } from "./draft.ts";
export { phaseLane } from "./lanes.ts";
export { parsePhaseState } from "./stored.ts";
export { comparePhaseBattle, comparePhaseMovement, comparePhaseRank, phaseTiesToRoll } from "./order.ts";
export { applyPhase, phaseCurrent, phaseScheduler } from "./scheduler.ts";
export { phaseTimeline } from "./timeline.ts";
export {
  phaseAttackModifiers,
  phaseDisengageShift,
  type DisengageShift,
  type PhaseAttackModifiers,
} from "./modifiers.ts";
export {
  phaseTrackerFacts,
  type PhaseTrackerCreature,
  type PhaseTrackerFacts,
  type PhaseTrackerTurn,
} from "./tracker-facts.ts";
