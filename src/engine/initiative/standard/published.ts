/**
 * Issue 18 item 3, the Ready ruling (scheduler.ts): the standard state every client may hold. What a
 * readied action waits for is its owner's secret (the tracker shows "readied" to everyone, the trigger
 * only to its owner and the GM: view tracker-input.ts `privateTo`); the published state can keep it from
 * every player only for the creatures no player owns and the hidden ones. Theirs is published as a
 * placeholder that says nothing; the round it was readied in stays (the tracker's "readied" marker).
 *
 * A player character's trigger stays in the published state: every player's client gets the same
 * document, and its owner's client shows it (the other players' trackers do not).
 */
import type { StandardCombatant, StandardReadied, StandardState } from "./state.ts";

/** What a published standard state may not tell. */
export interface StandardSecrecy {
  readonly gmOnly: { has(id: string): boolean };
  readonly hidden: { has(id: string): boolean };
}

/** The trigger published in place of a withheld one (a valid trigger text: 1–200 characters). */
export const WITHHELD_TRIGGER = "…";

/** The total a hidden creature's published record shows for the roll it made (STD-1). */
export const WITHHELD_STANDARD_TOTAL = 0;

/**
 * STD-1, STD-2: a hidden creature's rolled total and its tie-breaker rolls are the GM's secret, as in phase
 * and rotation rounds. Its place is not: the turns follow the state's `order`, which stays (core's `turn`
 * is one index into every client's sorted `turns`). Ruling: a hidden creature that rolled shows a total of
 * 0 and no tie-breakers; one still to roll shows none.
 */
function withheldTotals(state: StandardState, secrecy: StandardSecrecy): StandardState["combatants"] | null {
  let combatants: Record<string, StandardCombatant> | null = null;
  for (const [id, c] of Object.entries(state.combatants)) {
    if (!secrecy.hidden.has(id) || c.initiative === null) continue;
    if (c.initiative === WITHHELD_STANDARD_TOTAL && c.tieBreak.length === 0) continue;
    combatants ??= { ...state.combatants };
    combatants[id] = { ...c, initiative: WITHHELD_STANDARD_TOTAL, tieBreak: [] };
  }
  return combatants;
}

/** The state with every withheld trigger and total replaced; `state` itself when none is withheld. */
export function publishedStandardState(state: StandardState, secrecy: StandardSecrecy): StandardState {
  let readied: Record<string, StandardReadied> | null = null;
  for (const [id, r] of Object.entries(state.readied)) {
    if (r.trigger === WITHHELD_TRIGGER || (!secrecy.gmOnly.has(id) && !secrecy.hidden.has(id))) continue;
    readied ??= { ...state.readied };
    readied[id] = { ...r, trigger: WITHHELD_TRIGGER };
  }
  const combatants = withheldTotals(state, secrecy);
  if (readied === null && combatants === null) return state;
  return { ...state, ...(readied === null ? {} : { readied }), ...(combatants === null ? {} : { combatants }) };
}
