/**
 * Calls a listener for every created, updated or deleted document of the named kinds on this client: core's
 * `create<Document>`, `update<Document>` and `delete<Document>` hooks, which fire on every client for each
 * change (API v13 hookEvents). An update's listener gets the document and its changes (the hook's first two
 * arguments); a creation's or deletion's, the document. Given `fields`, an update that changes none of them
 * (top-level keys of its changes) is not passed on; a creation or deletion always is.
 */
import { perPage } from "./page-key.ts";

export type DocumentChange = (verb: "create" | "update" | "delete", document: unknown, changes?: unknown) => void;

export function onDocumentChanges(
  names: readonly string[],
  listener: DocumentChange,
  fields?: readonly string[],
): void {
  const passed = (changes: unknown) =>
    fields === undefined || (typeof changes === "object" && changes !== null && fields.some((f) => f in changes));
  for (const name of names) {
    Hooks.on(`create${name}` as Hooks.HookName, (document: unknown) => listener("create", document));
    Hooks.on(`update${name}` as Hooks.HookName, (document: unknown, changes: unknown) => {
      if (passed(changes)) listener("update", document, changes);
    });
    Hooks.on(`delete${name}` as Hooks.HookName, (document: unknown) => listener("delete", document));
  }
}

/** A page's count of document changes (`changeCount`). */
export interface ChangeCount {
  /** This page's count so far. */
  count(): number;
  /** Starts counting on this client (at init). */
  register(): void;
}

/**
 * Issue 17: a count, per page (page-key.ts), of the changes `onDocumentChanges` reports for `names` (and
 * `fields`): what was worked out while the count is the same still holds (groups/side-epoch.ts,
 * roster-epoch.ts).
 */
export function changeCount(names: readonly string[], fields?: readonly string[]): ChangeCount {
  const page = perPage(() => ({ count: 0 }));
  return {
    count: () => page().count,
    register: () =>
      onDocumentChanges(
        names,
        () => {
          page().count++;
        },
        fields,
      ),
  };
}
