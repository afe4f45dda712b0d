/**
 * PHS-12 "each effect that calls for a save": the field a GM sets on an ActiveEffect's config to say
 * whether (and how) it calls for an end-phase save, stored as `flags.tempo.endPhaseSave`
 * (ITEM_USE_RULINGS.endPhaseSaveFlag): "ends" (a success ends it), "sustains" (a success keeps it) or
 * nothing. Pure: the choices, the stored value read back, and the form group's HTML.
 */
import { ITEM_USE_RULINGS, type EndPhaseSaveKind, type I18nKey } from "../../engine/index.ts";

export interface EndPhaseSaveChoice {
  /** "" is no save. */
  readonly value: EndPhaseSaveKind | "";
  readonly label: I18nKey;
  readonly selected: boolean;
}

/** The stored flag as a save kind (anything else, "" included, is no save). */
export function endPhaseSaveKindOf(stored: unknown): EndPhaseSaveKind | null {
  return stored === "ends" || stored === "sustains" ? stored : null;
}

/** The select's choices, the stored one selected. */
export function endPhaseSaveChoices(stored: unknown): EndPhaseSaveChoice[] {
  const kind = endPhaseSaveKindOf(stored) ?? "";
  const options: readonly [EndPhaseSaveKind | "", I18nKey][] = [
    ["", "TEMPO.CHAT.EndPhaseSave.None"],
    ["ends", "TEMPO.CHAT.EndPhaseSave.Ends"],
    ["sustains", "TEMPO.CHAT.EndPhaseSave.Sustains"],
  ];
  return options.map(([value, label]) => ({ value, label, selected: value === kind }));
}

/** The form field's name: the flag's path on the effect, which the config form saves as it is. */
export function endPhaseSaveFieldName(systemId: string): string {
  return `flags.${systemId}.${ITEM_USE_RULINGS.endPhaseSaveFlag}`;
}

/** The form group (label, select, hint) for the effect config, localized and escaped by the caller's helpers. */
export function endPhaseSaveFieldHtml(
  systemId: string,
  stored: unknown,
  localize: (key: I18nKey) => string,
  escape: (text: string) => string,
): string {
  const name = endPhaseSaveFieldName(systemId);
  const options = endPhaseSaveChoices(stored)
    .map((c) => `<option value="${c.value}"${c.selected ? " selected" : ""}>${escape(localize(c.label))}</option>`)
    .join("");
  return (
    `<div class="form-group tempo-end-phase-save"><label>${escape(localize("TEMPO.CHAT.EndPhaseSave.Label"))}</label>` +
    `<div class="form-fields"><select name="${name}">${options}</select></div>` +
    `<p class="hint">${escape(localize("TEMPO.CHAT.EndPhaseSave.Hint"))}</p></div>`
  );
}
