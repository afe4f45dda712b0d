/**
 * SEG-12: the actor sheet's AAC0 input takes the seed's notation ("17", "20*"). The input has no `name`
 * (view/sheets/sheet-field.ts `notationField`), so the form's own submission never sends its text to the
 * number field; its change is parsed by the engine (`parseAac0`) and written as one actor update, or
 * refused with the engine's localized reason and nothing written. An empty input clears the class AAC0.
 */
import { parseAac0, type Result } from "../../../engine/index.ts";
import { showNotice } from "../../notice.ts";

/** What the handler needs of the sheet's actor. */
export interface Aac0Actor {
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The AAC0 that `text` writes (null: none), or the engine's reason. */
export function aac0OfInput(text: string): Result<number | null> {
  return text.trim() === "" ? { ok: true, value: null } : parseAac0(text);
}

/** Writes the AAC0 typed as `text`; false (and the reason shown) when the notation is refused. */
export async function writeAac0(actor: Aac0Actor, text: string): Promise<boolean> {
  const parsed = aac0OfInput(text);
  if (!parsed.ok) {
    showNotice(parsed.error);
    return false;
  }
  await actor.update({ "system.aac0": parsed.value });
  return true;
}

/** Binds every AAC0 input under `root` to `actor`. */
export function attachAac0Inputs(root: ParentNode, actor: Aac0Actor): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-tempo-parse="system.aac0"]'))
    input.addEventListener("change", () => void writeAac0(actor, input.value));
}
