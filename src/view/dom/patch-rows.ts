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

/** Makes one kept node equal to its fresh counterpart. */
function patchNode(current: Node, next: Node): void {
  if (isElement(current) && isElement(next)) {
    if (current.isEqualNode(next)) return;
    patchAttributes(current, next);
    patchChildren(current, next);
  } else if (current.nodeValue !== next.nodeValue) current.nodeValue = next.nodeValue;
}

/**
 * Makes `current`'s children equal to `next`'s, in order. Keyed children are found by key wherever they
 * are among the old children (and moved if needed); unkeyed ones are matched with the old child at the
 * same place. Nodes of `next` that have no counterpart are moved into `current`; `next` is used up.
 */
function patchChildren(current: Element, next: Element): void {
  const keyed = new Map<string, Node>();
  for (const child of Array.from(current.childNodes)) {
    const key = keyOf(child);
    if (key !== null && !keyed.has(key)) keyed.set(key, child);
  }
  let cursor: Node | null = current.firstChild;
  for (const fresh of Array.from(next.childNodes)) {
    const key = keyOf(fresh);
    let match: Node | null = null;
    if (key !== null) {
      match = keyed.get(key) ?? null;
      keyed.delete(key);
    } else if (cursor !== null && samePlace(cursor, fresh)) match = cursor;
    if (match === null) {
      current.insertBefore(fresh, cursor);
      continue;
    }
    if (match === cursor) cursor = cursor.nextSibling;
    else current.insertBefore(match, cursor);
    patchNode(match, fresh);
  }
  // Every kept or inserted node now stands before the cursor: what is left from there on had no match.
  while (cursor !== null) {
    const stale: Node = cursor;
    cursor = cursor.nextSibling;
    current.removeChild(stale);
  }
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
 * `current`.
 */
export function patchPart(current: Element, next: Element): void {
  const focused = focusedIn(current);
  const selector = focused === null ? null : focusSelector(focused);
  patchAttributes(current, next);
  patchChildren(current, next);
  if (focused === null || current.ownerDocument.activeElement === focused) return;
  // Moving a node (its row changed places) takes the focus from it too: kept, it gets it back.
  const again = focused.isConnected
    ? focused
    : selector === null
      ? null
      : current.querySelector(`${selector}:not([disabled])`);
  if (again !== null && "focus" in again && typeof again.focus === "function") again.focus();
}
