/**
 * Issue 18: what a player's own view of a combat holds (combat/owner-view.ts sends and takes it), on the
 * owner's page: its tracker's state, its hidden creatures' action trackers (STD-6) and their initiative,
 * each only while the document holds the `seq` the view was sent for. A leaf, so the combatant's data
 * model can read its own hidden creature's initiative from it (data/combatant/combatant-model.ts).
 */
import {
  applyStoredUpdate,
  createRowsMemo,
  readCombatState,
  type RowsMemo,
  type StoredObject,
  type StoredUpdate,
} from "../../engine/index.ts";
import { perPage } from "../page-key.ts";
import type { TempoCombatModel } from "../data/combat/combat-model.ts";

/** A view: the combat, the `seq` of the write it goes with, the difference from its engine, the trackers. */
export interface OwnerView {
  readonly combat: string;
  readonly seq: number;
  readonly update: StoredUpdate;
  readonly actions?: Readonly<Record<string, unknown>>;
}

/** This page's last view taken, by combat, and the state read from it (once). */
const views = perPage(() => new Map<string, OwnerView & { state?: unknown }>());

/**
 * Issue 17: what this page found in its last read of each combat's own view (engine column-read.ts), so a
 * view that differs from the last one in a few rows builds only those (its own memo: the document's read
 * holds the published rows, which the view's differ from).
 */
const rowMemos = perPage(() => new Map<string, RowsMemo>());

function rowsMemoOf(combatId: string): RowsMemo {
  const memos = rowMemos();
  let memo = memos.get(combatId);
  if (memo === undefined) memos.set(combatId, (memo = createRowsMemo()));
  return memo;
}

export function keepOwnerView(view: OwnerView): void {
  const actions = view.actions === undefined ? {} : { actions: view.actions };
  views().set(view.combat, { combat: view.combat, seq: view.seq, update: view.update, ...actions });
}

function viewFor(combatId: string, model: TempoCombatModel): (OwnerView & { state?: unknown }) | null {
  if (game.user?.isGM !== false) return null;
  const view = views().get(combatId);
  return view === undefined || view.seq !== model.seq ? null : view;
}

/** The state `combatId`'s tracker draws on this (player's) client from its own view, or null. */
export function ownerStateIn(combatId: string, model: TempoCombatModel): unknown {
  const view = viewFor(combatId, model);
  if (view === null || model.state === null || model.engine === null) return null;
  if (!("state" in view)) {
    const engine = applyStoredUpdate(model.engine as StoredObject, view.update);
    const read = readCombatState(model.host, engine, undefined, rowsMemoOf(combatId));
    view.state = read.ok ? read.value : null;
  }
  return view.state ?? null;
}

/** STD-6: the trackers (`now`) of the hidden creatures in this (player's) client's own view, by id; or null. */
export function ownerActionsIn(combatId: string, model: TempoCombatModel): Readonly<Record<string, unknown>> | null {
  return viewFor(combatId, model)?.actions ?? null;
}

/** The initiative of `combatantId` in this (player's) client's own view, or undefined without one. */
export function ownerInitiativeIn(
  combatId: string,
  model: TempoCombatModel,
  combatantId: string,
): number | null | undefined {
  const state = ownerStateIn(combatId, model);
  return state === null ? undefined : model.host.initiative(state as never, combatantId);
}
