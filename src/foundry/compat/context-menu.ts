/**
 * One context-menu entry in the shape the running generation reads.
 *
 * - v13: `{name, icon, condition(li), callback(li)}`, the icon an HTML string (v13 ContextMenuEntry; Draw
 *   Steel and Lancer add their tracker entries so).
 * - v14: `{label, icon, visible(target), onClick(event, target)}`, the icon "a string containing a
 *   className" (https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html; the condition
 *   takes "the element that the context menu has been triggered for",
 *   https://foundryvtt.com/api/v14/types/foundry.ContextMenuCondition.html; the callback `(event, target)`,
 *   https://foundryvtt.com/api/v14/types/foundry.ContextMenuCallback.html). v13's keys are deprecated in
 *   v14 and removed in v16 (Fabula Ultima PR #1383; Draw Steel commit 01db4e1a).
 */
import { isGenerationAtLeast } from "./generation.ts";

export interface MenuEntry {
  /** A localization key. */
  readonly label: string;
  /** Font Awesome classes, such as "fa-solid fa-clock". */
  readonly icon: string;
  /** Whether the menu shows the entry on the row it was opened on. */
  readonly visible: (target: HTMLElement) => boolean;
  readonly onClick: (target: HTMLElement) => Promise<unknown>;
}

/** The installed types describe v13's entries only; a v14 entry is given to core under that type. */
export type CoreMenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

export function coreMenuEntry(entry: MenuEntry): CoreMenuEntry {
  if (isGenerationAtLeast(14)) {
    const v14: FoundryV14.ContextMenuEntry = {
      label: entry.label,
      icon: entry.icon,
      visible: (target) => entry.visible(target),
      onClick: (_event, target) => entry.onClick(target),
    };
    return v14 as unknown as CoreMenuEntry;
  }
  return {
    name: entry.label,
    icon: `<i class="${entry.icon}"></i>`,
    condition: (li) => entry.visible(li),
    callback: async (li) => {
      await entry.onClick(li);
    },
  };
}
