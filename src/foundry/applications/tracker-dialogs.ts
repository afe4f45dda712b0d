/**
 * The small prompts the tracker's menu needs, on v13's DialogV2 (as dnd5e and Draw Steel prompt).
 * Each returns null when the user cancels or enters nothing usable; the engine checks the rest.
 */
import { dialogWindowOptions } from "../compat/detached-window.ts";
import type { I18nKey } from "../../engine/index.ts";

function escape(text: string): string {
  return foundry.utils.escapeHTML(text);
}

/** Asks for a number; null when cancelled or not a finite number. */
export async function askNumber(title: I18nKey, label: I18nKey): Promise<number | null> {
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title },
    content: `<label>${escape(game.i18n.localize(label))} <input type="number" name="value" step="any" autofocus></label>`,
    ok: {
      label: "TEMPO.TRACKER.Menu.Confirm",
      callback: (_event: Event, button: HTMLButtonElement) => button.form?.elements.namedItem("value") ?? null,
    },
  }).catch(() => null);
  if (!(answer instanceof HTMLInputElement) || answer.value.trim() === "") return null;
  const value = Number(answer.value);
  return Number.isFinite(value) ? value : null;
}

/** Asks which creature; null when cancelled. */
export async function askCombatant(
  title: I18nKey,
  label: I18nKey,
  choices: readonly { readonly id: string; readonly name: string }[],
  opener: object | null = null,
): Promise<string | null> {
  const options = choices.map((c) => `<option value="${escape(c.id)}">${escape(c.name)}</option>`).join("");
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(opener), // issue 20: in the opening sheet's detached window (v14)
    window: { title },
    content: `<label>${escape(game.i18n.localize(label))} <select name="choice">${options}</select></label>`,
    ok: {
      label: "TEMPO.TRACKER.Menu.Confirm",
      callback: (_event: Event, button: HTMLButtonElement) => button.form?.elements.namedItem("choice") ?? null,
    },
  }).catch(() => null);
  return answer instanceof HTMLSelectElement && answer.value !== "" ? answer.value : null;
}

/** Asks for a line of text; null when cancelled or left empty (the engine checks its length). */
export async function askText(title: I18nKey, label: I18nKey, opener: object | null = null): Promise<string | null> {
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(opener),
    window: { title },
    content: `<label>${escape(game.i18n.localize(label))} <input type="text" name="value" autofocus></label>`,
    ok: {
      label: "TEMPO.TRACKER.Menu.Confirm",
      callback: (_event: Event, button: HTMLButtonElement) => button.form?.elements.namedItem("value") ?? null,
    },
  }).catch(() => null);
  return answer instanceof HTMLInputElement && answer.value.trim() !== "" ? answer.value : null;
}
