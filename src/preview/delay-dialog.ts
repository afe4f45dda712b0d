/**
 * The preview's delay choice (PHS-9): the acting row's "Delay until after…" opens a small form in a native
 * dialog with the creatures it may wait for (`phaseDelayChoices`); its answer is the engine's `delay`
 * command, as Foundry's DialogV2 gives it (src/foundry/applications/phase-delay-dialog.ts).
 */
import type { HostCommand } from "../engine/index.ts";
import type { PhaseDelayChoice } from "../view/tracker/phase-actions.ts";

export interface DelayDialogHost {
  readonly dialog: HTMLDialogElement;
  readonly render: (context: object) => string;
  /** Gives the command (null: cancelled) and redraws the page. */
  readonly done: (command: HostCommand | null) => void;
}

/** The form's context: who delays, and whom it may wait for. */
export function delayDialogContext(name: string, choices: readonly PhaseDelayChoice[]): object {
  return { legend: { key: "TEMPO.TRACKER.Phase.Delay.Legend", data: { name } }, choices };
}

export function openDelayDialog(
  host: DelayDialogHost,
  combatantId: string,
  name: string,
  choices: readonly PhaseDelayChoice[],
): void {
  const { dialog } = host;
  dialog.innerHTML = host.render(delayDialogContext(name, choices));
  dialog.onclose = () => {
    const afterId = dialog.querySelector("select")?.value ?? "";
    // The choice named creatures this viewer may see; it does not stay in the page once closed.
    dialog.replaceChildren();
    host.done(dialog.returnValue === "delay" && afterId !== "" ? { type: "delay", combatantId, afterId } : null);
  };
  dialog.returnValue = "";
  dialog.showModal();
}
