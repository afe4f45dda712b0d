/**
 * Issue 18 item 3: what of a stored combat is published in `Combat.system`, which Foundry sends to
 * every client (docs/research/foundry-secrets-and-write-guards.md: no v13 store is withheld from
 * players), and what stays with the GM.
 *
 * The undo and redo history carries earlier states, and with them whatever was secret then (an
 * unrevealed declaration, a hidden creature's facts). It is kept whole on the GM's side (the Foundry
 * layer's secret store) and never published: the document's `history` is empty. The GM steps the
 * whole stored combat (combat-step.ts); the update written to the document is the difference between
 * what the document holds and the published form of the next step.
 *
 * A document written by an older Tempo may still hold a history: it is read as it is (so undo reaches
 * behind the update), and the first published update empties it.
 */
import { EMPTY_PATCH_HISTORY } from "../storage/patch-history.ts";
import type { StoredObject } from "../storage/stored-json.ts";
import { diffStored, type StoredUpdate } from "../storage/update-diff.ts";
import type { StoredCombat } from "./combat-step.ts";

/** The part of `stored` every client may hold: the engine and format, with no history. */
export function publishedCombat(stored: StoredCombat): StoredCombat {
  const format = stored.format === undefined ? {} : { format: stored.format };
  return { engine: stored.engine, history: EMPTY_PATCH_HISTORY, ...format };
}

/** Whether a stored combat keeps no undo or redo step. */
export function historyIsEmpty(stored: StoredCombat): boolean {
  return Object.keys(stored.history.undo).length === 0 && Object.keys(stored.history.redo).length === 0;
}

/**
 * The update that turns `published` (what the document holds now) into the published form of `next`,
 * or null when the document already holds it.
 */
export function publishedUpdate(published: StoredCombat, next: StoredCombat): StoredUpdate | null {
  const target = publishedCombat(next);
  const update: Record<string, StoredUpdate | number> = {};
  if (target.format !== undefined && target.format !== published.format) update.format = target.format;
  const engine = diffStored(published.engine, target.engine);
  if (engine !== null) update.engine = engine;
  const history = diffStored(asObject(published), asObject(target));
  if (history !== null) update.history = history;
  return Object.keys(update).length > 0 ? update : null;
}

function asObject(stored: StoredCombat): StoredObject {
  return stored.history as unknown as StoredObject;
}
