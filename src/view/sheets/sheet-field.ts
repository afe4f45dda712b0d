/**
 * One statistic as a sheet draws it: its label and value in play mode, an input bound to the document's
 * field (`name` is the field's path, as Foundry's form submission reads it) in edit mode.
 * templates/sheets/field.hbs draws both.
 */
import type { I18nKey, Message } from "../../engine/index.ts";
import type { SheetMode } from "./sheet-input.ts";

export interface FieldOption {
  readonly value: string;
  readonly label: Message;
  readonly selected: boolean;
}

export interface FieldContext {
  /** The document field's path ("system.hp.value"); also the input's id suffix. */
  readonly name: string;
  readonly label: Message;
  /** What play mode shows: `shownMessage` when set (a localized choice), else `shown`. */
  readonly shown: string;
  readonly shownMessage: Message | null;
  /** Edit mode: an input is drawn (else the value is text). */
  readonly editing: boolean;
  readonly number: boolean;
  readonly text: boolean;
  /**
   * A text input the sheet reads itself (a notation such as SEG-12's "20*"): drawn with no `name`, so
   * the form's own submission skips it, and marked `data-tempo-parse` with the field's path.
   */
  readonly parsed: boolean;
  readonly checkbox: boolean;
  readonly select: boolean;
  readonly value: string;
  readonly checked: boolean;
  readonly options: readonly FieldOption[];
  /** A number field's smallest value, or null. */
  readonly min: number | null;
  /** Edit mode: a line under the input saying what the field means (the input's description), or null. */
  readonly hint: Message | null;
}

const BASE = {
  shownMessage: null,
  number: false,
  text: false,
  parsed: false,
  checkbox: false,
  select: false,
  checked: false,
  options: [],
  min: null,
  hint: null,
};

export function numberField(
  mode: SheetMode,
  name: string,
  label: I18nKey,
  value: number | null,
  shown = value === null ? "—" : String(value),
  min: number | null = null,
): FieldContext {
  const text = value === null ? "" : String(value);
  return { ...BASE, name, label: { key: label }, shown, editing: mode === "edit", number: true, value: text, min };
}

export function textField(mode: SheetMode, name: string, label: I18nKey, value: string): FieldContext {
  return {
    ...BASE,
    name,
    label: { key: label },
    shown: value === "" ? "—" : value,
    editing: mode === "edit",
    text: true,
    value,
  };
}

/** A text field in a notation the sheet parses before writing (see `FieldContext.parsed`). */
export function notationField(mode: SheetMode, name: string, label: I18nKey, value: string): FieldContext {
  return { ...textField(mode, name, label, value), parsed: true };
}

export function checkboxField(mode: SheetMode, name: string, label: I18nKey, value: boolean): FieldContext {
  return {
    ...BASE,
    name,
    label: { key: label },
    shown: "",
    shownMessage: { key: value ? "TEMPO.SHEET.Yes" : "TEMPO.SHEET.No" },
    editing: mode === "edit",
    checkbox: true,
    value: "true",
    checked: value,
  };
}

export function selectField<V extends string>(
  mode: SheetMode,
  name: string,
  label: I18nKey,
  value: V,
  choices: readonly { readonly value: V; readonly label: I18nKey }[],
): FieldContext {
  const chosen = choices.find((c) => c.value === value);
  return {
    ...BASE,
    name,
    label: { key: label },
    shown: chosen === undefined ? value : "",
    shownMessage: chosen === undefined ? null : { key: chosen.label },
    editing: mode === "edit",
    select: true,
    value,
    options: choices.map((c) => ({ value: c.value, label: { key: c.label }, selected: c.value === value })),
  };
}

/** The same field with a hint under its input in edit mode. */
export function withHint(field: FieldContext, hint: I18nKey): FieldContext {
  return { ...field, hint: { key: hint } };
}

/** A modifier as a sheet writes it: +3, −1, +0. */
export function signedText(value: number): string {
  return value < 0 ? `−${Math.abs(value)}` : `+${value}`;
}
