/**
 * The preview's choice of a creature in a small form in a native dialog, as Foundry's DialogV2 asks it:
 * PHS-9's "Delay until after…" (the creatures it may wait for, `phaseDelayChoices`; Foundry:
 * src/foundry/applications/phase-delay-dialog.ts) and SEG-11's "Name target…" on a caster's D1 turn (the
 * creatures the tracker's declare form offers, `segmentTargetChoices`, as Foundry's `askSegmentTarget`
 * does). Its answer is the engine's command; cancelled, nothing is given.
 */
import type { HostCommand, I18nKey, Message } from "../engine/index.ts";

export interface DelayDialogHost {
  readonly dialog: HTMLDialogElement;
  readonly render: (context: object) => string;
  /** Gives the command (null: cancelled) and redraws the page. */
  readonly done: (command: HostCommand | null) => void;
}

/** A creature the form offers. */
export interface CreatureChoice {
  readonly id: string;
  readonly name: string;
}

/** The form's context: its title, what is chosen, the choices and the submit button's label. */
export interface ChoiceDialogContext {
  readonly title: I18nKey;
  readonly legend: Message;
  readonly submit: I18nKey;
  readonly cancel: I18nKey;
  readonly choices: readonly CreatureChoice[];
}

/** PHS-9: who delays, and whom it may wait for. */
export function delayDialogContext(name: string, choices: readonly CreatureChoice[]): ChoiceDialogContext {
  return {
    title: "TEMPO.TRACKER.Phase.Delay.Title",
    legend: { key: "TEMPO.TRACKER.Phase.Delay.Legend", data: { name } },
    submit: "TEMPO.TRACKER.Phase.Delay.Submit",
    cancel: "TEMPO.TRACKER.Phase.Delay.Cancel",
    choices,
  };
}

/** SEG-11: whose spell's target is named, and the creatures it may name. */
export function nameTargetDialogContext(name: string, choices: readonly CreatureChoice[]): ChoiceDialogContext {
  return {
    title: "TEMPO.TRACKER.Control.NameTarget",
    legend: { key: "TEMPO.TRACKER.Segment.NameTargetLegend", data: { name } },
    submit: "TEMPO.TRACKER.Menu.Confirm",
    cancel: "TEMPO.TRACKER.Phase.Delay.Cancel",
    choices,
  };
}

/** Opens the form; its answer (a chosen id) becomes `command(id)`. */
export function openChoiceDialog(
  host: DelayDialogHost,
  context: ChoiceDialogContext,
  command: (chosenId: string) => HostCommand,
): void {
  const { dialog } = host;
  dialog.innerHTML = host.render(context);
  dialog.onclose = () => {
    const chosen = dialog.querySelector("select")?.value ?? "";
    // The choice named creatures this viewer may see; it does not stay in the page once closed.
    dialog.replaceChildren();
    host.done(dialog.returnValue === "choose" && chosen !== "" ? command(chosen) : null);
  };
  dialog.returnValue = "";
  dialog.showModal();
}

/** PHS-9: the delay form; its answer is the `delay` command. */
export function openDelayDialog(
  host: DelayDialogHost,
  combatantId: string,
  name: string,
  choices: readonly CreatureChoice[],
): void {
  openChoiceDialog(host, delayDialogContext(name, choices), (afterId) => ({ type: "delay", combatantId, afterId }));
}
