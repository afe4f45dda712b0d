/**
 * The tie order (CNT-5): every combatant's slot sorted by `compareCountTies`, the order on any shared
 * count. It moves only when contest totals come in or the roster changes; the walk's `scan` keeps
 * standing on the same creature when it does.
 */
import { compareCountTies, countTiesInOrder, type CountOrderEntry } from "./order.ts";
import { recordAt } from "./state.ts";
import type { CountCombatant, CountState } from "./types.ts";
import { vectorEntries } from "../shared/persistent-vector.ts";
import { roundCount } from "./walk.ts";

function tiesOf(state: CountState, slot: number): Pick<CountCombatant, "id" | "contest"> {
  return recordAt(state, slot) ?? { id: "", contest: [] };
}

/**
 * CNT-5: puts `slots` (new to the roster, or with new contest totals) where they belong in `tieOrder`.
 * O(n) copy plus O(k log n) comparisons for k slots.
 */
export function placeTies(state: CountState, slots: readonly number[]): CountState {
  if (slots.length === 0) return state;
  const moving = new Set(slots);
  const rest = state.tieOrder.filter((slot) => !moving.has(slot));
  const placed = [...moving].sort((a, b) => compareCountTies(tiesOf(state, a), tiesOf(state, b)));
  const order: number[] = [];
  let from = 0;
  for (const slot of placed) {
    const ties = tiesOf(state, slot);
    let lo = from;
    let hi = rest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCountTies(tiesOf(state, rest[mid] ?? -1), ties) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = from; i < lo; i++) order.push(rest[i] ?? -1);
    order.push(slot);
    from = lo;
  }
  for (let i = from; i < rest.length; i++) order.push(rest[i] ?? -1);
  const anchor = state.scan < 0 ? undefined : state.tieOrder[state.scan];
  return { ...state, tieOrder: order, scan: anchor === undefined ? state.scan : order.indexOf(anchor) };
}

/** DEF-1: takes a slot that left out of `tieOrder`; the walk keeps its place. O(n). */
export function removeTie(state: CountState, slot: number): CountState {
  const at = state.tieOrder.indexOf(slot);
  if (at === -1) return state;
  return {
    ...state,
    tieOrder: state.tieOrder.filter((_, i) => i !== at),
    scan: at <= state.scan ? state.scan - 1 : state.scan,
  };
}

/** A creature on a count of the round being prepared, with its slot and record. */
export interface TieEntry extends CountOrderEntry {
  readonly slot: number;
  readonly record: CountCombatant;
}

/**
 * CNT-5: the creatures that must roll a contest die before `round`'s order is settled, in track order:
 * on each count, those not yet separated from a tie partner by kept totals (`countTiesInOrder`; `tieOrder`
 * already has each count's creatures in order). Defeated creatures keep their place but do not contest
 * (DEF-1). O(n).
 */
export function contestsFor(state: CountState, round: number): TieEntry[] {
  const records = vectorEntries(state.combatants);
  const byCount: TieEntry[][] = [];
  for (const slot of state.tieOrder) {
    const c = records[slot];
    if (c === undefined || c === null || c.defeated) continue;
    const count = roundCount(c, round);
    if (count !== null) (byCount[count] ??= []).push({ id: c.id, count, contest: c.contest, slot, record: c });
  }
  return byCount.flatMap((entries) => (entries.length > 1 ? countTiesInOrder(entries) : []));
}
