/**
 * CNT-12: reacting from the tracker. A reaction works on the creature's own pending actions: retarget one
 * pending attack or spell (not an area spell's point of origin), redirect its pending attacks onto one
 * target, or stop casting and keep the slot. The row's "React…" control opens the react form
 * (templates/combat/count-react.hbs) whose choices are built here from the engine's facts; the answer is
 * the engine's `react` command, which checks the rest (one reaction per round, the surprised, …).
 */
import {
  countTrackerFactsOf,
  err,
  ok,
  type CountPendingAction,
  type CountReactionInput,
  type HostCommand,
  type Message,
  type Result,
} from "../../engine/index.ts";
import type { CountFormFields, CountTargetChoice } from "./count-declare.ts";
import { refusal, trackerControl, type ControlContext } from "./tracker-controls.ts";
import type { TrackerInput } from "./tracker-input.ts";

/** The action a react control carries (the host opens the form for it). */
export const COUNT_REACT_ACTION = "countReact";

const NOTHING_TO_REACT: Message = { key: "TEMPO.TRACKER.Count.Reason.NothingToReact" };

/** One reaction the form offers; `value` is what the form sends back. */
export interface CountReactionChoice {
  readonly value: string;
  readonly label: Message;
  /** It needs a target (retarget, redirect). */
  readonly needsTarget: boolean;
}

export interface CountReactFormContext {
  readonly combatantId: string;
  readonly name: string;
  readonly choices: readonly CountReactionChoice[];
  readonly targets: readonly CountTargetChoice[];
}

const isAttack = (a: CountPendingAction): boolean => a.kind === "attack" || a.kind === "charged";

/** CNT-12: the reactions a creature's pending actions allow now, in the engine's terms. */
export function countReactionChoices(input: TrackerInput, combatantId: string): CountReactionChoice[] {
  const facts = countTrackerFactsOf(input.host, input.state);
  if (facts === null) return [];
  const pending = facts.pendingOf(combatantId);
  const choices: CountReactionChoice[] = [];
  for (const action of pending) {
    // CNT-12: any other action has no target, and an area spell's point of origin stays where it was declared.
    if (action.kind === "other" || action.origin !== null) continue;
    choices.push({
      value: `retarget:${action.id}`,
      label: { key: "TEMPO.TRACKER.Count.React.Retarget", data: { count: action.count, round: action.round } },
      needsTarget: true,
    });
  }
  const attacks = pending.filter(isAttack).length;
  if (attacks > 1)
    choices.push({
      value: "redirect",
      label: { key: "TEMPO.TRACKER.Count.React.Redirect", data: { attacks } },
      needsTarget: true,
    });
  if (facts.creature(combatantId)?.casting === true)
    choices.push({ value: "stopCasting", label: { key: "TEMPO.TRACKER.Count.React.StopCasting" }, needsTarget: false });
  return choices;
}

/**
 * The row's "React…" control: refused with the engine's reason when the creature may not react now (its
 * reaction spent, surprised, the encounter not running), or because it has nothing pending to react with.
 */
export function countReactControl(input: TrackerInput, combatantId: string): ControlContext {
  const choices = countReactionChoices(input, combatantId);
  const first = choices[0];
  const why =
    first === undefined
      ? // The engine's own check of everything but the pending action, else: nothing to react with.
        (refusal(input, { type: "react", combatantId, reaction: { kind: "stopCasting" } }) ?? NOTHING_TO_REACT)
      : refusal(input, { type: "react", combatantId, reaction: probeOf(input, combatantId, first) });
  const shown = why?.key === "TEMPO.ERRORS.Count.NotCasting" ? NOTHING_TO_REACT : why;
  return trackerControl(COUNT_REACT_ACTION, "TEMPO.TRACKER.Control.React", "fa-solid fa-reply", shown, {
    combatantId,
  });
}

/** A reaction for the dry run: the choice aimed at the creature itself (any named target is valid to the engine). */
function probeOf(input: TrackerInput, combatantId: string, choice: CountReactionChoice): CountReactionInput {
  return reactionOf(input, combatantId, choice.value, combatantId) ?? { kind: "stopCasting" };
}

function reactionOf(
  input: TrackerInput,
  combatantId: string,
  value: string,
  target: string | null,
): CountReactionInput | null {
  if (value === "stopCasting") return { kind: "stopCasting" };
  if (target === null) return null;
  if (value === "redirect") {
    const ids = (countTrackerFactsOf(input.host, input.state)?.pendingOf(combatantId) ?? [])
      .filter(isAttack)
      .map((a) => a.id);
    return { kind: "redirect", actionIds: ids, target };
  }
  if (value.startsWith("retarget:")) return { kind: "retarget", actionId: value.slice(9), targets: [target] };
  return null;
}

/** The react form for a creature. */
export function buildCountReactForm(
  input: TrackerInput,
  combatantId: string,
  name: string,
  targets: readonly CountTargetChoice[],
): CountReactFormContext {
  return { combatantId, name, choices: countReactionChoices(input, combatantId), targets };
}

/** The `react` command a submitted form says; a choice not offered, or a missing target, is an error. */
export function countReactionFromForm(
  input: TrackerInput,
  combatantId: string,
  fields: CountFormFields,
): Result<HostCommand> {
  const choice = countReactionChoices(input, combatantId).find((c) => c.value === fields.reaction);
  if (choice === undefined) return err("TEMPO.ERRORS.Count.InvalidReaction");
  const target = fields.target === undefined || fields.target === "" ? null : fields.target;
  const reaction = reactionOf(input, combatantId, choice.value, target);
  if (reaction === null) return err("TEMPO.ERRORS.Count.InvalidTarget");
  return ok({ type: "react", combatantId, reaction });
}
