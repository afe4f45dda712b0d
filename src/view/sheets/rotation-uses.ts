/**
 * ACT-ROT, ROT-8, ROT-9, ROT-11: the rotation actions a sheet offers its owner, each the engine's `use`
 * command for one task (actions/rotation-actions.ts says what it costs, the host's tracker refuses an
 * overspend): the plain tasks are given as they are; grapple and trip (`rotationContest`) roll their
 * opposed rolls first (foundry/chat/rotation-contest.ts). Refused ones are drawn disabled with the reason.
 */
import type { ConstantUse, HostCommand, I18nKey, RotationTask } from "../../engine/index.ts";
import { refusal, trackerControl, type ControlContext } from "../tracker/tracker-controls.ts";
import type { TrackerInput } from "../tracker/tracker-input.ts";

/**
 * ACT-ROT: the command that spends what `task` costs for this creature. AP-2: an attack with a
 * constant-damage weapon carries its roll (`constant`: the weapon and the targets it hit).
 */
export function rotationUseCommand(combatantId: string, task: RotationTask, constant?: ConstantUse): HostCommand {
  return constant === undefined ? { type: "use", combatantId, task } : { type: "use", combatantId, task, constant };
}

/** The tasks offered as one-click buttons (attacks and spells spend through the attack flow). */
const PLAIN: readonly [RotationTask, I18nKey, string][] = [
  ["move", "TEMPO.SHEET.Rotation.Move", "fa-solid fa-person-running"],
  ["step", "TEMPO.SHEET.Rotation.Step", "fa-solid fa-shoe-prints"],
  ["disengage", "TEMPO.SHEET.Rotation.Disengage", "fa-solid fa-person-walking-arrow-right"],
  ["switchWeapon", "TEMPO.SHEET.Rotation.SwitchWeapon", "fa-solid fa-right-left"],
  ["useItem", "TEMPO.SHEET.Rotation.UseItem", "fa-solid fa-flask"],
  ["opportunityAttack", "TEMPO.SHEET.Rotation.OpportunityAttack", "fa-solid fa-bolt"],
];

/**
 * ROT-8, ROT-9: the contests, rolled against the user's one target before the action is spent (breaking
 * free: against the grappler), and Stand up, which ends knocked down (foundry/chat/rotation-contest.ts).
 */
const CONTESTS: readonly [RotationTask, I18nKey, string][] = [
  ["grapple", "TEMPO.SHEET.Rotation.Grapple", "fa-solid fa-hands"],
  ["trip", "TEMPO.SHEET.Rotation.Trip", "fa-solid fa-person-falling"],
  ["escape", "TEMPO.SHEET.Rotation.Escape", "fa-solid fa-hand-fist"],
  ["standUp", "TEMPO.SHEET.Rotation.StandUp", "fa-solid fa-person-arrow-up-from-line"],
];

export function rotationUseControls(input: TrackerInput, combatantId: string): ControlContext[] {
  const make =
    (action: string) =>
    ([task, label, icon]: [RotationTask, I18nKey, string]): ControlContext => {
      const command = rotationUseCommand(combatantId, task);
      return trackerControl(action, label, icon, refusal(input, command), { combatantId, command });
    };
  return [...CONTESTS.map(make("rotationContest")), ...PLAIN.map(make("tempoCommand"))];
}
