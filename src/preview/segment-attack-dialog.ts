/**
 * The sheet preview's free and immediate attack (SEG-16): the sheet's "Free attack…" / "Immediate attack…"
 * control opens the shared form (templates/combat/segment-attack.hbs, built by the view's
 * `buildSegmentAttackForm`) in a native dialog; submitting it gives the engine's `freeAttack` /
 * `immediateAttack` command, as Foundry's DialogV2 does (src/foundry/chat/segment-free-attack.ts). The
 * preview has no dice flow: the command is given, nothing is rolled (as the preview's item Attack).
 */
import type { HostCommand, Message } from "../engine/index.ts";
import {
  buildSegmentAttackForm,
  segmentAttackCommand,
  segmentAttackFromForm,
  segmentAttackKindOf,
  type SegmentAttackChoices,
  type SegmentAttackKind,
} from "../view/sheets/segment-attacks.ts";

export interface SegmentAttackDialogHost {
  readonly dialog: HTMLDialogElement;
  readonly render: (context: object) => string;
  /** The weapons of the creature and the opponents it may attack. */
  readonly offered: (combatantId: string) => SegmentAttackChoices;
  /** Gives the command (or shows why the form could not be read; null: cancelled) and redraws the page. */
  readonly done: (outcome: { readonly command: HostCommand } | { readonly error: Message } | null) => void;
}

/** The submitted form's fields, as FormData has them. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** The submitted form read back: the engine's command, or why the form could not be read. */
export function segmentAttackOutcome(
  kind: SegmentAttackKind,
  combatantId: string,
  fields: Readonly<Record<string, string>>,
  offered: SegmentAttackChoices,
): { readonly command: HostCommand } | { readonly error: Message } {
  const answer = segmentAttackFromForm(fields, offered);
  return answer.ok
    ? { command: segmentAttackCommand(kind, combatantId, answer.value.targetId) }
    : { error: answer.error };
}

/** Opens the form for the control's creature and kind of attack (its `data-command`). */
export function openSegmentAttackDialog(host: SegmentAttackDialogHost, button: HTMLElement): void {
  const combatantId = button.dataset.combatantId;
  const kind = segmentAttackKindOf(JSON.parse(button.dataset.command ?? "null") as { type: string } | null);
  if (combatantId === undefined || kind === null) return;
  const offered = host.offered(combatantId);
  const { dialog } = host;
  dialog.innerHTML = host.render({ form: buildSegmentAttackForm(kind, offered, null) });
  dialog.onclose = () => {
    const element = dialog.querySelector("form");
    if (dialog.returnValue !== "attack" || element === null) return host.done(null);
    host.done(segmentAttackOutcome(kind, combatantId, fieldsOf(element), offered));
  };
  dialog.returnValue = "";
  dialog.showModal();
}
