/**
 * Issue 18 item 3, SEG-2: the segment state every client may hold. A declaration stays with the GM
 * until it is revealed (SEG-2 step 1: declarations are secret; `reveal`, or the creature's turn, shows
 * them) when only the GM may see it: an NPC's (no player owns it) and a hidden creature's, revealed or
 * not. The published state keeps that the creature declared (`declaredRound`, the tracker's "declared")
 * but not what: its declaration is a placeholder that says nothing.
 *
 * The round's schedule is left as it is (its stored form keeps the turns it cannot rebuild from the
 * placeholders: packed.ts), so a player's client orders the turns as the GM's does; the place of a
 * withheld turn is still in it (left for a later step: see the issue 18 report).
 */
import { putSegmentCombatant, segmentCombatants } from "./state.ts";
import type { SegmentCombatant, SegmentDeclaration, SegmentState } from "./types.ts";

/** What a published state may not tell. */
export interface SegmentSecrecy {
  /** Creatures only the GM controls (no player owns them). */
  readonly gmOnly: { has(id: string): boolean };
  /** Creatures hidden from players. */
  readonly hidden: { has(id: string): boolean };
}

/** The declaration published in place of a withheld one: valid, and the same for every creature. */
export const WITHHELD_DECLARATION: SegmentDeclaration = {
  action: "none",
  targetId: null,
  weaponSpeed: 0,
  castingTime: null,
  routines: 1,
  goesFirst: false,
  delay: false,
  inMelee: false,
  minors: [],
};

function withheld(state: SegmentState, c: SegmentCombatant, secrecy: SegmentSecrecy): boolean {
  if (c.declaration === null) return false;
  if (!c.revealed && c.declaredRound === state.round && secrecy.gmOnly.has(c.id)) return true;
  return secrecy.hidden.has(c.id);
}

/** The state with every withheld declaration replaced; `state` itself when nothing is withheld. */
export function publishedSegmentState(state: SegmentState, secrecy: SegmentSecrecy): SegmentState {
  let out = state;
  for (const c of segmentCombatants(state)) {
    if (withheld(state, c, secrecy)) out = putSegmentCombatant(out, { ...c, declaration: WITHHELD_DECLARATION });
  }
  return out;
}
