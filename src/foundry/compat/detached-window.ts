/**
 * Issue 20 item 3: v14 lets a user detach an ApplicationV2 window into a browser window of its own (the
 * "Detach Window" entry of the window's controls menu, part of ApplicationV2's header: foundryvtt/pf2e
 * #22408, Muttley/foundryvtt-shadowdark #1343; `app.detachWindow()`, foundryvtt/foundryvtt #14418). Tempo's
 * sheets are ApplicationV2 sheets and leave core's header controls as they are, so they keep that entry.
 * What Tempo opens from a detached sheet opens in the same browser window: render options
 * `window: {detached: true, windowId}`, "whether the application should render inside the main
 * application, or in a separate, detached window" and "the ID of an existing detached window to render
 * into" (https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html);
 * dnd5e reads the parent's `window.windowId` and passes them on v14 only (module/applications/api/
 * application-v2-mixin.mjs `_detachOptions`; actor/group-sheet.mjs opens a member's sheet so).
 */
import { isGenerationAtLeast } from "./generation.ts";

/** The render options that open a child of `parent` where `parent` is: its detached window on v14, else none. */
export function childWindowOptions(parent: object): { window?: { detached: true; windowId: string } } {
  if (!isGenerationAtLeast(14)) return {};
  const windowId = (parent as { window?: { windowId?: unknown } | null }).window?.windowId;
  return typeof windowId === "string" && windowId !== "" ? { window: { detached: true, windowId } } : {};
}

/**
 * A DialogV2 prompt opened from `opener` (a sheet; null: from elsewhere) opens in the opener's detached
 * window on v14: v14's `DialogV2.wait` options take `renderOptions`, "Options forwarded to the dialog's
 * render call" (https://foundryvtt.com/api/v14/interfaces/foundry.DialogV2WaitOptions.html; v13's
 * DialogV2WaitOptions has no such field, https://foundryvtt.com/api/interfaces/foundry.DialogV2WaitOptions.html),
 * and the render options carry `window: {detached, windowId}` as for a sheet (above).
 */
export function dialogWindowOptions(opener: object | null): {
  renderOptions?: { window: { detached: true; windowId: string } };
} {
  const child = opener === null ? {} : childWindowOptions(opener);
  return child.window === undefined ? {} : { renderOptions: { window: child.window } };
}
