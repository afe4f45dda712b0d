import { RULESET_IDS, RULESET_LABELS, type I18nKey, type Message, type RulesetId } from "../../engine/index.ts";

/** The preview's settings, read from and written to the page's URL (`?ruleset=phase&size=300&view=player`). */
export interface PreviewSettings {
  readonly ruleset: RulesetId;
  /** null: the small sample encounter; else a crowd of this many combatants. */
  readonly size: number | null;
  readonly isGM: boolean;
  readonly dark: boolean;
}

export interface PreviewPageContext {
  readonly rulesets: readonly { readonly id: RulesetId; readonly label: I18nKey; readonly selected: boolean }[];
  readonly sizes: readonly { readonly value: number; readonly label: I18nKey; readonly selected: boolean }[];
  readonly isGM: boolean;
  readonly dark: boolean;
  readonly error: Message | null;
  /** What the last form did, when the tracker does not show it (a count action with no delay). */
  readonly notice: Message | null;
  /** The tracker's own rendered template (already escaped by its template). */
  readonly tracker: string;
}

export const PREVIEW_RULESETS: readonly RulesetId[] = RULESET_IDS;
/** 0 stands for the sample encounter in the size list. */
export const PREVIEW_SIZES: readonly number[] = [0, 30, 300];

/** The frame around the tracker on the preview page: the ruleset, size, viewpoint and theme switches. */
export function buildPreviewPageContext(
  settings: PreviewSettings,
  tracker: string,
  error: Message | null,
  notice: Message | null = null,
): PreviewPageContext {
  return {
    rulesets: PREVIEW_RULESETS.map((id) => ({ id, label: RULESET_LABELS[id], selected: id === settings.ruleset })),
    sizes: PREVIEW_SIZES.map((value) => ({
      value,
      label: value === 0 ? "TEMPO.PREVIEW.SizeSample" : "TEMPO.PREVIEW.SizeCrowd",
      selected: value === (settings.size ?? 0),
    })),
    isGM: settings.isGM,
    dark: settings.dark,
    error,
    notice,
    tracker,
  };
}

/** Reads the settings from a query string; anything unknown falls back to the sample count encounter as the GM. */
export function readPreviewSettings(search: string): PreviewSettings {
  const params = new URLSearchParams(search);
  const ruleset = PREVIEW_RULESETS.find((id) => id === params.get("ruleset")) ?? "count";
  const size = Number(params.get("size"));
  return {
    ruleset,
    size: PREVIEW_SIZES.includes(size) && size > 0 ? size : null,
    isGM: params.get("view") !== "player",
    dark: params.get("theme") === "dark",
  };
}

export function writePreviewSettings(settings: PreviewSettings): string {
  const params = new URLSearchParams({ ruleset: settings.ruleset, view: settings.isGM ? "gm" : "player" });
  if (settings.size !== null) params.set("size", String(settings.size));
  if (settings.dark) params.set("theme", "dark");
  return `?${params.toString()}`;
}
