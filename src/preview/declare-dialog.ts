/**
 * The preview's declare dialog (SEG-2 step 1): the row's "Declare" control opens the shared declare form
 * (templates/combat/segment-declare.hbs) in a native dialog; submitting it gives the engine's `declare`
 * command, as Foundry's DialogV2 does (src/foundry/applications/segment-declare-dialog.ts).
 */
import type { HostCommand, Message } from "../engine/index.ts";
import {
  buildSegmentDeclareForm,
  segmentDeclarationFromForm,
  segmentDeclarationOfCommand,
  segmentDeclareCommand,
} from "../view/tracker/segment-declare.ts";

export interface DeclareDialogHost {
  readonly dialog: HTMLDialogElement;
  readonly render: (context: object) => string;
  readonly nameOf: (combatantId: string) => string;
  /** Gives the command (or shows why the form could not be read; null: cancelled) and redraws the page. */
  readonly done: (outcome: { readonly command: HostCommand } | { readonly error: Message } | null) => void;
}

/** The submitted form's fields as FormData has them (a ticked checkbox is present, an unticked one is not). */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** Opens the form for the control's creature, filled with the declaration its command carries. */
export function openDeclareDialog(host: DeclareDialogHost, button: HTMLElement): void {
  const combatantId = button.dataset.combatantId;
  if (combatantId === undefined) return;
  const command: unknown = JSON.parse(button.dataset.command ?? "null");
  const form = buildSegmentDeclareForm(combatantId, host.nameOf(combatantId), segmentDeclarationOfCommand(command));
  const { dialog } = host;
  dialog.innerHTML = host.render({ form });
  dialog.onclose = () => {
    const element = dialog.querySelector("form");
    if (dialog.returnValue !== "declare" || element === null) return host.done(null);
    const declaration = segmentDeclarationFromForm(fieldsOf(element));
    host.done(
      declaration.ok
        ? { command: segmentDeclareCommand(combatantId, declaration.value) }
        : { error: declaration.error },
    );
  };
  dialog.returnValue = "";
  dialog.showModal();
}
