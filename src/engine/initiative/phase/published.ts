/**
 * Issue 18 item 3: the phase state every client may hold. A hidden creature's roll (PHS-2: its
 * 2d6 + INT + AGI of each round, and its d6 roll-offs) is the GM's secret, and so is its place: while
 * it does not act it is out of the published state (host/public-order.ts). Ruling, for a hidden creature
 * still in it (the one acting now): the published record keeps whether it has rolled this round (its
 * `initiativeRound`) and shows a rolled total as 0 with no roll-offs.
 */
import { vectorGet, vectorSet } from "../shared/persistent-vector.ts";
import type { PhaseCombatant, PhaseState } from "./types.ts";

/** What a published phase state may not tell: the hidden creatures. */
export interface PhaseSecrecy {
  readonly hidden: {
    has(id: string): boolean;
    /** Issue 17: true when the caller knows no creature is hidden (no pass over every creature). */
    readonly none?: boolean;
  };
}

/** The total a hidden creature's published record shows for a roll it made. */
export const WITHHELD_PHASE_TOTAL = 0;

function withheldRecord(c: PhaseCombatant): PhaseCombatant {
  return { ...c, initiative: c.initiative === null ? null : WITHHELD_PHASE_TOTAL, rollOff: [] };
}

/** The state with every hidden creature's rolls withheld; `state` itself when none tells one. */
export function publishedPhaseState(state: PhaseState, secrecy: PhaseSecrecy): PhaseState {
  if (secrecy.hidden.none === true) return state;
  let combatants = state.combatants;
  for (const [id, slot] of Object.entries(state.index)) {
    if (!secrecy.hidden.has(id)) continue;
    const c = vectorGet(combatants, slot);
    if (c === null) continue;
    const shown = withheldRecord(c);
    if (shown.initiative === c.initiative && c.rollOff.length === 0) continue;
    combatants = vectorSet(combatants, slot, shown);
  }
  return combatants === state.combatants ? state : { ...state, combatants };
}
