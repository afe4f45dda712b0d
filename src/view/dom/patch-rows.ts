/**
 * Keyed patching of a tracker part (issue 9, "re-renders after one next in < 16 ms at 300 combatants").
 * The part's HTML is still produced whole by its template; instead of replacing the drawn part with the
 * freshly parsed one (which makes the browser rebuild, restyle and lay out every row), `patchPart` makes
 * the drawn part equal to the fresh one by touching only what differs: a row whose markup did not change
 * is kept as it is, a changed row has its changed attributes and children updated, a row that left is
 * removed and a new one is moved in. Rows and the other repeated regions are matched by a key attribute
 * (`data-key` on rows, `data-group-id` on group rows, …), so a row that moves keeps its node.
 * Focus stays where it was: the focused button is kept when its row is kept, and when it had to go, the
 * button with the same action for the same combatant (or of the same row) gets the focus back.
 *
 * DOM only and shared: the preview (src/preview/main.ts) and Foundry's TempoCombatTracker (its
 * `_replaceHTML`) call the same function, so the render benchmark measures the path Foundry runs. It
 * reads no globals (no `document`, no `window`): it works on the nodes it is given.
 */

/** The attributes that name a child among its siblings, most specific first. */
const KEY_ATTRIBUTES = [
  "data-key",
  "data-group-id",
  "data-count",
  "data-later",
  "data-phase",
  "data-step",
  "data-segment",
  "data-lane",
] as const;

const ELEMENT_NODE = 1;

const isElement = (node: Node): node is Element => node.nodeType === ELEMENT_NODE;

/** A child's key among its siblings (tag and key attribute), or null when it is matched by position. */
function keyOf(node: Node): string | null {
  if (!isElement(node)) return null;
  for (const name of KEY_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null) return `${node.localName}|${name}=${value}`;
  }
  return null;
}

/** Two unkeyed nodes can be patched one into the other: same kind of node, same tag. */
function samePlace(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === null;
}

/** Copies `next`'s attributes onto `current`: changed and new ones set, missing ones removed. */
function patchAttributes(current: Element, next: Element): void {
  for (const attribute of Array.from(current.attributes)) {
    if (!next.hasAttribute(attribute.name)) current.removeAttribute(attribute.name);
  }
  for (const attribute of Array.from(next.attributes)) {
    if (current.getAttribute(attribute.name) !== attribute.value) current.setAttribute(attribute.name, attribute.value);
  }
}

/** The rows on screen that a render drew as placeholders (`data-kept`), by row key, found anywhere in the part. */
type KeptRows = ReadonlyMap<string, Element>;

/** The row on screen a placeholder stands for, or null when `fresh` is not a placeholder. */
function keptRow(fresh: Node, kept: KeptRows): Element | null {
  if (!isElement(fresh) || !fresh.hasAttribute("data-kept")) return null;
  return kept.get(fresh.getAttribute("data-key") ?? "") ?? null;
}

/** Where one level of the walk stands among the drawn children it is patching: the next one not yet matched. */
interface Cursor {
  node: Node | null;
}

/**
 * One patch of a part. A kept row may be taken from anywhere in the part, also from a level the walk is
 * still in (a creature that joins a group at the rotation's start leaves the list for the group's members):
 * `take` moves every level's cursor that stands on it to its next sibling first, so no level loses its place.
 */
class PartPatch {
  readonly #kept: KeptRows;
  readonly #cursors: Cursor[] = [];

  constructor(kept: KeptRows) {
    this.#kept = kept;
  }

  /** A kept row about to be moved: no level's cursor may stay on it. */
  #take(row: Element): Element {
    for (const cursor of this.#cursors) if (cursor.node === row) cursor.node = row.nextSibling;
    return row;
  }

  /**
   * A fresh node with no drawn counterpart, about to be put in whole: each placeholder inside it (a group
   * that formed around rows already drawn) is replaced by its row on screen, so nothing is left empty.
   */
  #filled(fresh: Node): Node {
    if (!isElement(fresh)) return fresh;
    for (const placeholder of Array.from(fresh.querySelectorAll("[data-kept]"))) {
      const row = keptRow(placeholder, this.#kept);
      if (row !== null) placeholder.replaceWith(this.#take(row));
    }
    return fresh;
  }

  /** Makes one kept node equal to its fresh counterpart. */
  node(current: Node, next: Node): void {
    if (isElement(current) && isElement(next)) {
      if (current.isEqualNode(next)) return;
      patchAttributes(current, next);
      this.children(current, next);
    } else if (current.nodeValue !== next.nodeValue) current.nodeValue = next.nodeValue;
  }

  /**
   * Makes `current`'s children equal to `next`'s, in order. Keyed children are found by key wherever they
   * are among the old children (and moved if needed); unkeyed ones are matched with the old child at the
   * same place; a placeholder brings its row from wherever it is in the part, as it is. Nodes of `next`
   * that have no counterpart are moved into `current` (with their placeholders filled); `next` is used up.
   */
  children(current: Element, next: Element): void {
    const keyed = new Map<string, Node>();
    for (const child of Array.from(current.childNodes)) {
      const key = keyOf(child);
      if (key !== null && !keyed.has(key)) keyed.set(key, child);
    }
    const cursor: Cursor = { node: current.firstChild };
    this.#cursors.push(cursor);
    for (const fresh of Array.from(next.childNodes)) {
      const key = keyOf(fresh);
      const row = keptRow(fresh, this.#kept);
      // A kept row already in its place stays where it is (no move: the browser keeps its layout and focus).
      let match: Node | null = row === null || row === cursor.node ? row : this.#take(row);
      if (key !== null) {
        const old = keyed.get(key) ?? null;
        keyed.delete(key);
        // A keyed child taken elsewhere meanwhile (a kept row) is no longer this level's to match.
        match ??= old !== null && old.parentNode === current ? old : null;
      } else if (cursor.node !== null && samePlace(cursor.node, fresh)) match = cursor.node;
      if (match === null) {
        current.insertBefore(this.#filled(fresh), cursor.node);
        continue;
      }
      if (match === cursor.node) cursor.node = cursor.node.nextSibling;
      else current.insertBefore(match, cursor.node);
      if (row === null) this.node(match, fresh);
    }
    this.#cursors.pop();
    // Every kept or inserted node now stands before the cursor: what is left from there on had no match.
    let stale = cursor.node;
    while (stale !== null) {
      const after: Node | null = stale.nextSibling;
      current.removeChild(stale);
      stale = after;
    }
  }
}

/** The prints of the rows `part` shows, by row key: what a host passes its tracker render as `drawnRows`. */
export function drawnRowPrints(part: Element): Record<string, string> {
  const prints = new Map<string, string | null>();
  for (const row of Array.from(part.querySelectorAll("[data-key][data-print]"))) {
    const key = row.getAttribute("data-key") ?? "";
    // A key shown twice names no one row: neither may be drawn as a placeholder.
    prints.set(key, prints.has(key) ? null : row.getAttribute("data-print"));
  }
  return Object.fromEntries([...prints].filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * The rows on screen that `next`'s placeholders stand for, or null when one of them is not on screen as
 * its print says (the part changed since the host read the prints): then nothing can be patched.
 */
function keptRowsFor(current: Element, next: Element): Map<string, Element> | null {
  const kept = new Map<string, Element>();
  const placeholders = Array.from(next.querySelectorAll("[data-kept]"));
  if (placeholders.length === 0) return kept;
  const drawn = new Map<string, Element>();
  for (const row of Array.from(current.querySelectorAll("[data-key][data-print]"))) {
    drawn.set(row.getAttribute("data-key") ?? "", row);
  }
  for (const placeholder of placeholders) {
    const key = placeholder.getAttribute("data-key") ?? "";
    const row = drawn.get(key);
    if (row === undefined || kept.has(key) || row.getAttribute("data-print") !== placeholder.getAttribute("data-kept"))
      return null;
    kept.set(key, row);
  }
  return kept;
}

/** An attribute value inside a double-quoted CSS attribute selector. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** How to find the focused control again if its node had to be replaced: its action and its combatant or row. */
function focusSelector(focused: Element): string | null {
  const action = focused.getAttribute("data-action");
  if (action === null) return null;
  const byAction = `[data-action=${quoted(action)}]`;
  const own = focused.getAttribute("data-combatant-id");
  if (own !== null) return `${byAction}[data-combatant-id=${quoted(own)}]`;
  const row = focused.closest("[data-key]")?.getAttribute("data-key");
  return row === undefined || row === null ? byAction : `[data-key=${quoted(row)}] ${byAction}`;
}

/** The element that has the focus in `part`'s document, when it is inside `part`. */
function focusedIn(part: Element): Element | null {
  const active = part.ownerDocument.activeElement;
  return active !== null && part.contains(active) ? active : null;
}

/**
 * Makes the drawn part `current` equal to the freshly rendered `next` (same template, new context), keeping
 * every node whose markup did not change and the focus. `next` is consumed: its nodes may be moved into
 * `current`. False, with nothing changed, when `next` has a placeholder for a row that is not on screen as
 * its print says: the host then draws the part whole (without `drawnRows`).
 */
export function patchPart(current: Element, next: Element): boolean {
  const kept = keptRowsFor(current, next);
  if (kept === null) return false;
  const focused = focusedIn(current);
  const selector = focused === null ? null : focusSelector(focused);
  patchAttributes(current, next);
  new PartPatch(kept).children(current, next);
  if (focused === null || current.ownerDocument.activeElement === focused) return true;
  // Moving a node (its row changed places) takes the focus from it too: kept, it gets it back.
  const again = focused.isConnected
    ? focused
    : selector === null
      ? null
      : current.querySelector(`${selector}:not([disabled])`);
  if (again !== null && "focus" in again && typeof again.focus === "function") again.focus();
  return true;
}
