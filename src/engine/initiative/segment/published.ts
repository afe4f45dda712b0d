/**
 * Issue 18 item 3, SEG-2: the segment state every client may hold. A declaration stays with the GM
 * until it is revealed (SEG-2 step 1: declarations are secret; `reveal`, or the creature's turn, shows
 * them) when only the GM may see it: an NPC's (no player owns it) and a hidden creature's, revealed or
 * not. The published state keeps that the creature declared (`declaredRound`, the tracker's "declared")
 * but not what: its declaration is a placeholder that says nothing.
 *
 * The round's schedule is left as it is (its stored form keeps the turns it cannot rebuild from the
 * placeholders: packed.ts). A hidden creature that does not act now is out of it and of the published
 * state (host/public-order.ts): its place in the schedule is the GM's secret too.
 */
import type { StoreMemo } from "../../storage/store-memo.ts";
import type { VectorNode } from "../shared/persistent-vector.ts";
import type { SegmentCombatant, SegmentDeclaration, SegmentState } from "./types.ts";
import { SEGMENT_NO_DECLARATION } from "./declaration.ts";

/** What a published state may not tell. */
export interface SegmentSecrecy {
  /** Creatures only the GM controls (no player owns them). */
  readonly gmOnly: { has(id: string): boolean };
  /** Creatures hidden from players. */
  readonly hidden: { has(id: string): boolean };
}

/**
 * The declaration published in place of a withheld one: what an undeclared creature does (declaration.ts),
 * valid, and the same for every creature.
 */
export const WITHHELD_DECLARATION: SegmentDeclaration = SEGMENT_NO_DECLARATION;

function withheld(state: SegmentState, c: SegmentCombatant, secrecy: SegmentSecrecy): boolean {
  if (c.declaration === null) return false;
  if (!c.revealed && c.declaredRound === state.round && secrecy.gmOnly.has(c.id)) return true;
  return secrecy.hidden.has(c.id);
}

/**
 * The state with every withheld declaration replaced; `state` itself when nothing is withheld. `memo`
 * (issue 17): the roster's nodes are published as the very objects made at the last step wherever they
 * publish the same creatures, so storing the published state costs what the step changed
 * (storage/store-memo.ts), not a copy of every withheld creature's branch; a node the step did not
 * change is not looked into again while the secrecy (the same object) and the round are the same.
 */
export function publishedSegmentState(state: SegmentState, secrecy: SegmentSecrecy, memo?: StoreMemo): SegmentState {
  const shown = (c: SegmentCombatant): SegmentCombatant => (withheld(state, c, secrecy) ? withheldCopy(c, memo) : c);
  const root = publishedNode(state.combatants.root, { shown, memo, secrecy, round: state.round });
  return root === state.combatants.root ? state : { ...state, combatants: { ...state.combatants, root } };
}

interface Publishing {
  readonly shown: (c: SegmentCombatant) => SegmentCombatant;
  readonly memo: StoreMemo | undefined;
  readonly secrecy: SegmentSecrecy;
  readonly round: number;
}

/** What a node was published as, for which secrecy and round (kept in `memo.published`). */
interface PublishedNode {
  readonly node: VectorNode<SegmentCombatant>;
  readonly secrecy: SegmentSecrecy;
  readonly round: number;
}

/** `node` with each creature as `shown` gives it: `node` itself when none changes, else the last copy when it is the same. */
function publishedNode(node: VectorNode<SegmentCombatant>, p: Publishing): VectorNode<SegmentCombatant> {
  const last = p.memo?.published.get(node) as PublishedNode | undefined;
  if (last !== undefined && last.secrecy === p.secrecy && last.round === p.round) return last.node;
  const parts: readonly unknown[] = "items" in node ? node.items : node.kids;
  const out =
    "items" in node
      ? node.items.map((c) => (c === null ? null : p.shown(c)))
      : node.kids.map((kid) => publishedNode(kid, p));
  const lastParts: readonly unknown[] | undefined =
    last === undefined ? undefined : "items" in last.node ? last.node.items : last.node.kids;
  const made: VectorNode<SegmentCombatant> = out.every((part, i) => part === parts[i])
    ? node
    : last !== undefined && lastParts?.length === out.length && out.every((part, i) => part === lastParts[i])
      ? last.node
      : "items" in node
        ? { items: out as (SegmentCombatant | null)[] }
        : { kids: out as VectorNode<SegmentCombatant>[] };
  p.memo?.published.set(node, { node: made, secrecy: p.secrecy, round: p.round });
  return made;
}

function withheldCopy(c: SegmentCombatant, memo: StoreMemo | undefined): SegmentCombatant {
  const known = memo?.published.get(c) as SegmentCombatant | undefined;
  if (known !== undefined) return known;
  const copy = { ...c, declaration: WITHHELD_DECLARATION };
  memo?.published.set(c, copy);
  return copy;
}
