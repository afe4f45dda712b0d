/**
 * How core's ContextMenu reads one menu entry, per generation (the tests open a menu through this, as a
 * right-click would: `menuEntries`).
 *
 * - v13: `{name, icon, condition, callback}`: `name` the label, `icon` an HTML string, `condition` a
 *   boolean or a function of the row element (https://foundryvtt.com/api/types/foundry.ContextMenuCondition.html:
 *   `(html: jQuery | HTMLElement) => boolean`, "the element of the context menu entry"), `callback(li)`.
 * - v14: `{label, icon, visible, onClick}`: `icon` "a string containing a className", `visible` a
 *   boolean or `(target) => boolean`, `onClick(event, target)`
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html,
 *   https://foundryvtt.com/api/v14/types/foundry.ContextMenuCallback.html). v13's keys still work and are
 *   deprecated until v16 (Fabula Ultima PR #1383; Draw Steel commit 01db4e1a): the model reads them after
 *   a compatibility warning (compatibility.ts).
 * A v13 menu has no idea of `label`: an entry without `name` is a test error there.
 */
import { logCompatibilityWarning } from "./compatibility.ts";
import { isObj, type Obj } from "./diff-shape.ts";
import { worldGeneration } from "./generation.ts";

export interface OpenedEntry {
  readonly label: string;
  readonly icon: string;
  shown(target: HTMLElement): boolean;
  choose(target: HTMLElement): Promise<unknown>;
}

type Condition = boolean | ((target: HTMLElement) => boolean) | undefined;

const test = (condition: Condition, target: HTMLElement): boolean =>
  typeof condition === "function" ? condition(target) : condition !== false;

function legacy(entry: Obj): OpenedEntry {
  if (typeof entry.name !== "string") throw new Error("Runtime model: a v13 context-menu entry has no name");
  const callback = entry.callback as ((li: HTMLElement) => unknown) | undefined;
  return {
    label: entry.name,
    icon: String(entry.icon ?? ""),
    shown: (target) => test(entry.condition as Condition, target),
    choose: async (target) => callback?.(target),
  };
}

/** A click's event, as core passes it to `onClick` (the model has no DOM events of its own). */
const CLICK = { type: "click" } as unknown as PointerEvent;

/** One entry as the world's generation reads it. */
export function readMenuEntry(raw: unknown): OpenedEntry {
  if (!isObj(raw)) throw new Error("Runtime model: a context-menu entry is an object");
  if (worldGeneration.current < 14) return legacy(raw);
  if (typeof raw.label !== "string") {
    logCompatibilityWarning(
      "ContextMenuEntry#name, #condition and #callback are deprecated in favor of #label, #visible and #onClick.",
      { since: 14, until: 16 },
    );
    return legacy(raw);
  }
  const onClick = raw.onClick as ((event: PointerEvent, target: HTMLElement) => unknown) | undefined;
  return {
    label: raw.label,
    icon: String(raw.icon ?? ""),
    shown: (target) => test(raw.visible as Condition, target),
    choose: async (target) => onClick?.(CLICK, target),
  };
}

export const menuEntries = (raw: readonly unknown[]): OpenedEntry[] => raw.map(readMenuEntry);
