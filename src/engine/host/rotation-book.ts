/**
 * ACT-ROT: the rotation ruleset's action tracker as a host keeps it beside each combatant
 * (economy-book.ts, economy-records.ts): 2 Full, 1 Swift, 1 Free and 1 Reaction a turn, spent by the
 * scheduler's `use` command (a swing, grapple, trip, step, Swift …) and refreshed by its turns.
 *
 * **Ruling:** every use is its own step of the combat (initiative/rotation/scheduler.ts `use`), so Undo
 * gives back exactly what that use spent, and the tracker refuses an overspend before the step is
 * written, with a reason naming the action that is missing. AP-2: an attack with a constant-damage weapon
 * is refused a second roll in the wielder's rotation (damage/constant-damage.ts).
 */
import { shown } from "../dice/checks.ts";
import type { I18nKey, Message } from "../core/result.ts";
import {
  readRotationActions,
  rotationActions,
  rotationEconomy,
  spendRotationTask,
  ROTATION_TASK_COST,
  type RotationActionKind,
  type RotationActions,
  type RotationTask,
} from "../actions/rotation-actions.ts";
import type { RotationEvent } from "../initiative/rotation/commands.ts";
import { CONSTANT_TASKS, readConstantUse } from "../damage/constant-damage.ts";
import type { BookEconomy } from "./economy-book.ts";
import type { HostCommand } from "./ruleset-host.ts";

/** ACT-ROT: why nothing of `kind` can be spent now, in words that name the action. */
const NONE_LEFT: Readonly<Record<RotationActionKind, I18nKey>> = {
  full: "TEMPO.ERRORS.Rotation.NoFull",
  swift: "TEMPO.ERRORS.Rotation.NoSwift",
  free: "TEMPO.ERRORS.Rotation.NoFree",
  reaction: "TEMPO.ERRORS.Rotation.NoReaction",
  twoFull: "TEMPO.ERRORS.Rotation.NoTwoFull",
  wholeTurn: "TEMPO.ERRORS.Actions.NeedsWholeTurn",
};

/** ACT-ROT: the task a `use` command names, when it is one the rules know. */
function rotationTaskOf(command: HostCommand): RotationTask | null {
  const task = command.task;
  return typeof task === "string" && Object.hasOwn(ROTATION_TASK_COST, task) ? (task as RotationTask) : null;
}

/**
 * AP-2: why an attack with a constant-damage weapon (`command.constant`) cannot roll now: its one roll of
 * the rotation was made already (see the ruling in damage/constant-damage.ts), or it is no attack.
 */
function refuseConstantRoll(state: RotationActions, command: HostCommand, task: RotationTask): Message | null {
  if (command.constant === undefined) return null;
  const use = readConstantUse(command.constant);
  if (!use.ok) return use.error;
  if (!CONSTANT_TASKS.includes(task)) return { key: "TEMPO.ERRORS.Rotation.ConstantNeedsAttack", data: { task } };
  return state.constant === undefined ? null : { key: "TEMPO.ERRORS.Rotation.ConstantRolled" };
}

/** ACT-ROT, ROT-7: why `state` cannot pay for the `use` command, or null when it can. */
export function refuseRotationUse(state: RotationActions, command: HostCommand, combatantId: string): Message | null {
  if (command.type !== "use") return null;
  const task = rotationTaskOf(command);
  if (task === null) return { key: "TEMPO.ERRORS.Actions.UnknownKind", data: { kind: shown(command.task) } };
  const constant = refuseConstantRoll(state, command, task);
  if (constant !== null) return constant;
  const spent = spendRotationTask(state, task);
  if (spent.ok) return null;
  const kind = ROTATION_TASK_COST[task];
  if (spent.error.key === "TEMPO.ERRORS.Actions.NoneLeft") return { key: NONE_LEFT[kind], data: { id: combatantId } };
  if (spent.error.key === "TEMPO.ERRORS.Actions.NotYourTurn")
    return { key: "TEMPO.ERRORS.Rotation.UseNotYourTurn", data: { id: combatantId } };
  return spent.error;
}

/** ACT-ROT, ROT-7: the rotation ruleset's tracker as a book keeps it. */
export const ROTATION_BOOK_ECONOMY: BookEconomy<RotationActions, RotationEvent> = {
  economy: rotationEconomy,
  // ACT-ROT: a creature outside its turn has only its Reaction; its turn brings the rest.
  initial: () => rotationActions(),
  read: readRotationActions,
  checks: ["use"],
  refuse: refuseRotationUse,
  // turnStarted, turnEnded and actionUsed name their creature; a planning tracker also ends with its
  // own turnEnded (the scheduler ends each planning turn before `planningEnded`).
  ownEvents: true,
};
