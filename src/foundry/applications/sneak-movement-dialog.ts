/**
 * STL-4: asks the owner of a sneaking creature how it moved this turn (until issue 21 measures it on the
 * canvas): the most feet in one Full action, whether it flew, and whether with stealth soaring or hovering
 * wings. A DialogV2 prompt whose form is read back as the tracker's prompts are (form-fields.ts; the OK
 * callback receives the button, whose `form` is the dialog's form, as attack-dialog.ts reads it); Escape
 * or closing rejects the prompt (DialogV2WaitOptions#rejectClose) and is read as Cancel. The numbers are
 * checked by the engine (stealth-watch.ts `watchMovement`), which refuses a bad one with its reason.
 */
import type { SneakMovement } from "../../engine/index.ts";
import { fieldsOf } from "./form-fields.ts";

const text = (key: string) => foundry.utils.escapeHTML(game.i18n.localize(key));

function content(): string {
  return [
    "<form>",
    `<label>${text("TEMPO.STEALTH.Dialog.Feet")} <input type="number" name="feet" value="0" min="0" autofocus></label>`,
    `<label><input type="checkbox" name="flew"> ${text("TEMPO.STEALTH.Dialog.Flew")}</label>`,
    `<label><input type="checkbox" name="quietFlight"> ${text("TEMPO.STEALTH.Dialog.QuietFlight")}</label>`,
    "</form>",
  ].join("");
}

/** The movement the user reported, or null when cancelled. A ticked checkbox is present in the form. */
export async function askSneakMovement(): Promise<SneakMovement | null> {
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: "TEMPO.STEALTH.Dialog.Title" },
    content: content(),
    ok: {
      label: "TEMPO.STEALTH.Dialog.Submit",
      callback: (_event: Event, button: HTMLButtonElement) => (button.form === null ? null : fieldsOf(button.form)),
    },
  }).catch(() => null);
  if (typeof answer !== "object" || answer === null) return null;
  const fields = answer as Record<string, unknown>;
  const feet = typeof fields.feet === "string" && fields.feet.trim() !== "" ? Number(fields.feet) : Number.NaN;
  return { feet, flew: "flew" in fields, quietFlight: "quietFlight" in fields };
}
