/**
 * Issue 18 item 3: the count-track state every client may hold. What a hidden creature rolled (CNT-2:
 * its result, which says more than its count: how far below 0, its bonus's share) and what it has
 * pending (CNT-6 … CNT-10: its declared actions, their targets and delays, its casting) are the GM's
 * secret. The published record keeps whether it has surprise (CNT-4: a result of 0 or not; it acts in
 * the surprise round for everyone to see) and nothing pending; its pending actions' places in their
 * buckets are left empty, as a resolved action's are, so the other creatures' references stay. A
 * surprise round that only hidden creatures act in is published as round 1 about to start (CNT-4 ruling,
 * hidden-surprise.ts).
 *
 * Its count, its place and its contests are out of the published state while it does not act: it
 * leaves the published copy by CNT's own leave rules (host/public-order.ts). This file withholds what
 * the record of a hidden creature still in it tells: the one acting now, or one whose leave would take
 * away a roll a player still makes (a CNT-5 contest with it). A visible creature's contest totals rolled
 * only against hidden creatures are left out as well (hidden-ties.ts).
 */
import type { StoreMemo } from "../../storage/store-memo.ts";
import { vectorGet, vectorSet, type PersistentVector, type VectorNode } from "../shared/persistent-vector.ts";
import { withoutHiddenSurpriseRound } from "./hidden-surprise.ts";
import { secretContestHidden, withoutSecretContest } from "./hidden-ties.ts";
import type { CountCombatant, CountPendingAction, CountState } from "./types.ts";

/** What a published count state may not tell: the hidden creatures. */
export interface CountSecrecy {
  /** `none`: whether the caller knows that no creature at all is hidden. */
  readonly hidden: { has(id: string): boolean; readonly none?: boolean };
}

/** A hidden creature's record as published: its result only as surprise or not, nothing pending. */
function withheldRecord(c: CountCombatant): CountCombatant {
  const result = c.result === null ? null : c.result <= 0 ? 0 : 1;
  return { ...c, result, casting: null, pending: [] };
}

/**
 * The state with every hidden creature's roll and pending actions withheld, and every visible creature's
 * secret contest totals (CNT-5, issue 18 item 5: hidden-ties.ts), in round 1 while only hidden creatures act
 * in the surprise round (CNT-4: hidden-surprise.ts); `whole` itself when there are none.
 */
export function publishedCountState(whole: CountState, secrecy: CountSecrecy, memo?: StoreMemo): CountState {
  const state = withoutHiddenSurpriseRound(whole, secrecy.hidden);
  // Issue 17: with no creature hidden, only secret contest totals can be withheld; a roster with none is
  // published as it is, without a look at each of a thousand records at every step.
  if (secrecy.hidden.none === true && !keepsSecretContest(state.combatants.root, memo)) return state;
  let combatants = state.combatants;
  let pending = state.pending;
  for (const [id, slot] of Object.entries(state.slots)) {
    const c = vectorGet(state.combatants, slot);
    if (c === null) continue;
    if (!secrecy.hidden.has(id)) {
      if (secretContestHidden(state, c, secrecy.hidden))
        combatants = vectorSet(combatants, slot, withoutSecretContest(c));
      continue;
    }
    const shown = withheldRecord(c);
    // A record that tells nothing already is published as it is.
    if (shown.result === c.result && c.pending.length === 0 && c.casting === null) continue;
    combatants = vectorSet(combatants, slot, shown);
    for (const ref of c.pending) pending = withoutAction(pending, ref.at, ref.index);
  }
  return combatants === state.combatants ? state : { ...state, combatants, pending };
}

/**
 * CNT-5: whether a record under `node` keeps a secret contest total. `memo`: what was found of each node
 * (nodes are never changed in place, and a step copies only the path to the records it changes).
 */
function keepsSecretContest(node: VectorNode<CountCombatant>, memo: StoreMemo | undefined): boolean {
  const known = memo?.secretContests.get(node);
  if (known !== undefined) return known;
  const keeps =
    "items" in node
      ? node.items.some((c) => c !== null && c.secretContest > 0)
      : node.kids.some((kid) => keepsSecretContest(kid, memo));
  memo?.secretContests.set(node, keeps);
  return keeps;
}

/** `pending` with the action at bucket `at`, slot `index` left empty (as a resolved action's is). */
function withoutAction(
  pending: CountState["pending"],
  at: number,
  index: number,
): Readonly<Record<string, PersistentVector<CountPendingAction>>> {
  const key = String(at);
  const bucket = pending[key];
  if (bucket === undefined) return pending;
  return { ...pending, [key]: vectorSet(bucket, index, null) };
}
