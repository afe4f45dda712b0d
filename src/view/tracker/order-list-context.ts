/**
 * The tracker as one list in the engine's order: standard (STD-1, STD-2) and rotation (ROT-1, ROT-2),
 * and every scheme's rows until its own part draws them. Group rows (ROT-5 enemy groups, SEG-2 sides)
 * carry their members' rows; the view never re-sorts what the engine ordered.
 */
import type { Message } from "../../engine/index.ts";
import type { TrackerScope } from "./tracker-input.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";

export interface OrderGroupContext {
  readonly key: string;
  /** The group's own row (its name and shared value), or null for creatures on their own. */
  readonly group: TrackerRowContext | null;
  readonly rows: readonly TrackerRowContext[];
}

export interface OrderListContext {
  readonly groups: readonly OrderGroupContext[];
  readonly empty: boolean;
  readonly emptyLabel: Message;
}

/** Rows in timeline order; consecutive rows of one group gather under that group's row. */
export function buildOrderListContext(scope: TrackerScope): OrderListContext {
  const groups: { key: string; group: TrackerRowContext | null; rows: TrackerRowContext[] }[] = [];
  let open: { key: string; group: TrackerRowContext | null; rows: TrackerRowContext[] } | null = null;
  for (const entry of scope.input.host.timeline(scope.input.state)) {
    const row = buildTrackerRow(entry, scope);
    if (row === null) continue;
    if (entry.kind === "group") {
      open = { key: entry.key, group: row, rows: [] };
      groups.push(open);
      continue;
    }
    if (open?.group != null && entry.groupId !== null && entry.groupId === open.group.groupId) {
      open.rows.push(row);
      continue;
    }
    open = null;
    groups.push({ key: entry.key, group: null, rows: [row] });
  }
  return {
    groups,
    empty: groups.length === 0,
    emptyLabel: { key: "TEMPO.TRACKER.Empty" },
  };
}
