/** Rotations (RULES §5) as a host sees them (ruleset-host.ts). */
import {
  ROTATION_SECONDS,
  createRotationState,
  parseRotationState,
  rotationScheduler,
  type RotationCommand,
  type RotationState,
} from "../initiative/rotation/index.ts";
import { rotationLeaveAll } from "../initiative/rotation/leave-all.ts";
import { followRecordFacts, guardedApply, joinAll, joinedDefeated, recordFacts, recordOrder } from "./host-common.ts";
import type { CombatantFacts, HostCommand, RulesetHost } from "./ruleset-host.ts";

const apply = (state: RotationState, command: HostCommand) => guardedApply(rotationScheduler.apply, state, command);

/** What `initiative` and `defeated` give of one record. */
function rotationFacts(c: { readonly initiative?: number | null; readonly defeated?: boolean }): CombatantFacts {
  return { initiative: c.initiative ?? null, defeated: c.defeated === true };
}

export function rotationHost(): RulesetHost<RotationState> {
  const orderOf = recordOrder<RotationState["combatants"][string]>();
  const host: RulesetHost<RotationState> = {
    id: "rotation",
    create: (combatants, options) =>
      joinAll(
        createRotationState([], {
          sharedInitiative: options.sharedInitiative,
          enemyGroups: options.enemyGroups,
          noThreePlayersInRow: options.noThreePlayersInRow,
          planningPhase: options.planningPhase,
          initiator: options.initiator,
        }),
        combatants,
        host.join,
      ),
    join: (state, c) =>
      joinedDefeated(
        apply(state, {
          type: "join",
          combatantId: c.id,
          kind: c.side,
          modifier: c.initiativeBonus,
          groupId: c.groupId,
        } satisfies RotationCommand),
        c,
        apply,
      ),
    apply,
    leaveAll: rotationLeaveAll,
    read: parseRotationState,
    order: (state) => orderOf(state.order, state.combatants),
    current: rotationScheduler.current,
    // ROT-7: the planning phase is round 0.
    round: (state) => state.round,
    started: (state) => state.status !== "setup",
    initiative: (state, id) =>
      Object.hasOwn(state.combatants, id) ? (state.combatants[id]?.initiative ?? null) : null,
    defeated: (state, id) => Object.hasOwn(state.combatants, id) && state.combatants[id]?.defeated === true,
    // Issue 17: in one pass, then from the last state's for the records a step replaced.
    facts: (state) => recordFacts(state.combatants, rotationFacts),
    followFacts: (before, known, after) => followRecordFacts(known, before.combatants, after.combatants, rotationFacts),
    pending: rotationScheduler.pending,
    timeline: rotationScheduler.timeline,
    // ROT-3: a rotation is 6 seconds.
    clock: (state) => state.round * ROTATION_SECONDS,
  };
  return host;
}
