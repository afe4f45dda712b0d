/**
 * The preview's count forms (CNT-6, CNT-12): a count row's "Declare…" and "React…" controls open the shared
 * forms (templates/combat/count-declare.hbs, count-react.hbs) in a native dialog; submitting gives the
 * engine's `declare` or `react` command, as Foundry's DialogV2 does (src/foundry/applications/count-dialogs.ts).
 */
import type { HostCommand, Message, Result } from "../engine/index.ts";
import {
  buildCountDeclareForm,
  countDeclarationFromForm,
  countTargetChoices,
  type CountFormFields,
} from "../view/tracker/count-declare.ts";
import { buildCountReactForm, countReactionFromForm } from "../view/tracker/count-react.ts";
import type { TrackerInput } from "../view/tracker/tracker-input.ts";

export interface CountDialogHost {
  readonly dialog: HTMLDialogElement;
  readonly render: (context: object) => string;
  /** The tracker's input for the page's viewer, now. */
  readonly input: () => TrackerInput;
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

function open(host: CountDialogHost, context: object, read: (fields: CountFormFields) => Result<HostCommand>): void {
  const { dialog } = host;
  dialog.innerHTML = host.render(context);
  dialog.onclose = () => {
    const element = dialog.querySelector("form");
    const fields = dialog.returnValue !== "submit" || element === null ? null : fieldsOf(element);
    // The form named creatures this viewer may see; it does not stay in the page once closed.
    dialog.replaceChildren();
    if (fields === null) return host.done(null);
    const command = read(fields);
    host.done(command.ok ? { command: command.value } : { error: command.error });
  };
  dialog.returnValue = "";
  dialog.showModal();
}

/** CNT-6: the declare form for the control's creature. */
export function openCountDeclareDialog(host: CountDialogHost, combatantId: string): void {
  const input = host.input();
  const declare = buildCountDeclareForm(combatantId, host.nameOf(combatantId), countTargetChoices(input, combatantId));
  open(host, { declare }, (fields) => countDeclarationFromForm(combatantId, fields));
}

/** CNT-12: the react form for the control's creature. */
export function openCountReactDialog(host: CountDialogHost, combatantId: string): void {
  const input = host.input();
  const react = buildCountReactForm(
    input,
    combatantId,
    host.nameOf(combatantId),
    countTargetChoices(input, combatantId),
  );
  open(host, { react }, (fields) => countReactionFromForm(host.input(), combatantId, fields));
}
