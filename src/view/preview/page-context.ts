import type { Message } from "../../engine/index.ts";

export interface PreviewPageContext {
  readonly canUndo: boolean;
  readonly dark: boolean;
  readonly status: Message;
  readonly error: Message | null;
  /** The tracker's own rendered template (already escaped by its template). */
  readonly tracker: string;
}

export interface PreviewPageInput {
  readonly canUndo: boolean;
  readonly dark: boolean;
  readonly round: number;
  /** The acting combatant's name, or null before the encounter starts. */
  readonly actingName: string | null;
  readonly error: Message | null;
  readonly tracker: string;
}

/** The frame around the tracker on the preview page: controls and the status line read aloud. */
export function buildPreviewPageContext(input: PreviewPageInput): PreviewPageContext {
  return {
    canUndo: input.canUndo,
    dark: input.dark,
    status:
      input.actingName === null
        ? { key: "TEMPO.PREVIEW.StatusIdle" }
        : { key: "TEMPO.PREVIEW.Status", data: { round: input.round, name: input.actingName } },
    error: input.error,
    tracker: input.tracker,
  };
}
