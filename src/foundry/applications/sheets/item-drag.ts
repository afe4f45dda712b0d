/**
 * Item rows of an actor sheet are draggable: each row's dragstart puts the item's own drag data
 * (`item.toDragData()`: `{ type: "Item", uuid }`) on the transfer as text/plain JSON, which is what the
 * hotbar reads when a row is dropped on it (core then fires `hotbarDrop`, hotbar-macro.ts makes the macro).
 */

/** One row element, as far as dragging goes. */
export interface DragRow {
  readonly dataset: { readonly itemId?: string };
  addEventListener(type: "dragstart", listener: (event: DragEvent) => void): void;
}

/** The actor's items, as far as dragging goes. */
export interface DragItems {
  get(id: string): { toDragData(): object } | undefined;
}

export function attachItemDragData(rows: Iterable<DragRow>, items: DragItems): void {
  for (const row of rows) {
    row.addEventListener("dragstart", (event) => {
      const item = items.get(row.dataset.itemId ?? "");
      if (item !== undefined) event.dataTransfer?.setData("text/plain", JSON.stringify(item.toDragData()));
    });
  }
}
