/**
 * Issue 17: the GM's next step, worked out ahead while the page is idle, kept until the click that
 * takes it (run-command.ts `runStep`) or until anything it was worked out from changes.
 *
 * A GM clicks "next" seconds apart, and the page is idle in between; a round boundary at 1,000
 * creatures (every count lowered, every new tie contested, the undo patch of every row) costs several
 * milliseconds to work out. So the active GM's page works the likely next click out in an idle period
 * (idle-preparation.ts, with the browser's `requestIdleCallback`), dice included, and the click only
 * posts and writes it. The dice are rolled ahead but seen by nobody until the click posts them, with
 * the step that uses them; a preparation that is thrown away takes its dice with it, and the click
 * rolls afresh, as it always did.
 *
 * A prepared step is used only while everything it was read from is as it was: the combat's `seq`
 * (every Tempo write moves it) and the page's epoch, which moves with every document this page hears
 * changed (a combatant hidden, an actor's effects, a user connecting: idle-preparation.ts lists them).
 * A step is worked out from the engine state alone, as a click would (its dice, its stored form and
 * undo patch); everything a write reads of the world besides (published state, timers, trackers,
 * conditions) is still read at the click (write-step.ts).
 */
import type { CombatStep } from "../../engine/index.ts";
import { perPage } from "../page-key.ts";
import type { RollBook, RollCard } from "./roll-requests.ts";

/** What a click may take: the step and the dice rolled for it, with their cards (posted by the click). */
export interface PreparedNext {
  readonly step: CombatStep;
  readonly book: RollBook;
  /** The summary cards of its dice, worked out with it (roll-requests.ts `rollCards`). */
  readonly cards: readonly RollCard[];
}

/** What a preparation was read from: the combat's `seq` and the page's epoch then. */
export interface PreparationKey {
  readonly seq: number;
  readonly epoch: number;
}

interface Page {
  epoch: number;
  /** How many clicks took a prepared step on this page (`preparedTaken`). */
  taken: number;
  readonly prepared: Map<string, { readonly key: PreparationKey; readonly next: PreparedNext }>;
}

const page = perPage<Page>(() => ({ epoch: 0, taken: 0, prepared: new Map() }));

/** Something a step may read changed on this page: every preparation is stale. */
export function moveEpoch(): void {
  const here = page();
  here.epoch++;
  here.prepared.clear();
}

/** Whether a preparation kept under `key` was made from the combat at `seq` and this page as it is now. */
function isCurrent(key: PreparationKey, seq: number): boolean {
  return key.seq === seq && key.epoch === page().epoch;
}

/** The key a preparation of the combat made now is kept under. */
export function preparationKey(seq: number): PreparationKey {
  return { seq, epoch: page().epoch };
}

/**
 * Keeps `next` for the combat, unless the world moved on while it was worked out (its dice were rolled
 * across awaits): `key` is stale when the epoch moved or the combat's `seq` is no longer `seqNow`.
 */
export function keepPrepared(combatId: string, key: PreparationKey, next: PreparedNext, seqNow: number): boolean {
  const here = page();
  if (key.epoch !== here.epoch || key.seq !== seqNow) return false;
  here.prepared.set(combatId, { key, next });
  return true;
}

/**
 * The combat's prepared next for `seq`, taken (a step is used once), or null when none is current or
 * `usable` refuses it.
 */
export function takePrepared(
  combatId: string,
  seq: number,
  usable: (next: PreparedNext) => boolean = () => true,
): PreparedNext | null {
  const here = page();
  const kept = here.prepared.get(combatId);
  here.prepared.delete(combatId);
  if (kept === undefined || !isCurrent(kept.key, seq) || !usable(kept.next)) return null;
  here.taken++;
  return kept.next;
}

/** Whether a current preparation is kept for the combat at `seq` (nothing to work out again). */
export function isPrepared(combatId: string, seq: number): boolean {
  const kept = page().prepared.get(combatId);
  return kept !== undefined && isCurrent(kept.key, seq);
}

/** How many clicks on this page took a step worked out ahead (a figure for the console and the tests). */
export function preparedTaken(): number {
  return page().taken;
}
