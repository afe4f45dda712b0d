/**
 * The tie order (CNT-5): every combatant's slot sorted by `compareCountTies`, the order on any shared
 * count. It moves only when contest totals come in or the roster changes; the walk's `scan` keeps
 * standing on the same creature when it does.
 */
import { compareCountTies, countTieStep } from "./order.ts";
import type { CountCombatant, CountState } from "./types.ts";
import { vectorEntries } from "../shared/persistent-vector.ts";
import { roundCount } from "./walk.ts";

const NO_TIES: Pick<CountCombatant, "id" | "contest"> = { id: "", contest: [] };

/**
 * CNT-5: puts `slots` (new to the roster, or with new contest totals) where they belong in `tieOrder`.
 * O(n) copy plus O(k log n) comparisons for k slots; the records are read out of the roster once
 * (issue 17: a round's contests move most of 1,000 creatures, each compared some ten times).
 */
export function placeTies(state: CountState, slots: readonly number[]): CountState {
  if (slots.length === 0) return state;
  const records = vectorEntries(state.combatants);
  const tiesOf = (slot: number): Pick<CountCombatant, "id" | "contest"> => records[slot] ?? NO_TIES;
  const moving = new Set(slots);
  const rest = state.tieOrder.filter((slot) => !moving.has(slot));
  const placed = [...moving].sort((a, b) => compareCountTies(tiesOf(a), tiesOf(b)));
  const order: number[] = [];
  let from = 0;
  for (const slot of placed) {
    const ties = tiesOf(slot);
    let lo = from;
    let hi = rest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareCountTies(tiesOf(rest[mid] ?? -1), ties) < 0) lo = mid + 1;
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

/**
 * CNT-5: the slots of the creatures that must roll a contest die before `round`'s order is settled, in
 * track order: on each count, those not yet separated from a tie partner by kept totals (`countTieStep`
 * with the one before it on that count; `tieOrder` already has each count's creatures in order).
 * Defeated creatures keep their place but do not contest (DEF-1). One pass over the roster, O(n).
 * `records` is the roster read out once by the caller (`vectorEntries`, slot order): issue 17, a round
 * boundary asks this of each state its dice make, and the roster is read once for the initiative rolls
 * owed too (requests.ts).
 */
export function contestSlots(state: CountState, records: readonly (CountCombatant | null)[], round: number): number[] {
  return tieSlots(state, records, round, false);
}

/** CNT-5: whether anyone must roll a contest die before `round` starts (stops at the first tie). */
export function anyContest(state: CountState, round: number): boolean {
  return tieSlots(state, vectorEntries(state.combatants), round, true).length > 0;
}

/**
 * The slots `contestSlots` gives, grouped by count (lowest first); with `first`, the first tie found.
 * Issue 17: a plain loop over `tieOrder`, the records read in place (no entry per creature).
 */
function tieSlots(
  state: CountState,
  records: readonly (CountCombatant | null)[],
  round: number,
  first: boolean,
): number[] {
  const contestOf = (slot: number): readonly number[] => records[slot]?.contest ?? [];
  const last: number[] = [];
  const need: number[][] = [];
  const order = state.tieOrder;
  for (let i = 0; i < order.length; i++) {
    const slot = order[i] as number;
    const c = records[slot];
    if (c === undefined || c === null || c.defeated) continue;
    const count = roundCount(c, round);
    if (count === null) continue;
    const before = last[count];
    last[count] = slot;
    if (before === undefined) continue;
    const here = (need[count] ??= []);
    countTieStep(here, before, slot, contestOf);
    if (first && here.length > 0) return here;
  }
  const slots: number[] = [];
  for (const here of need) if (here !== undefined) for (const slot of here) slots.push(slot);
  return slots;
}
