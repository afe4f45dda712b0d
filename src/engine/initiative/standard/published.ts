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
import type { StandardReadied, StandardState } from "./state.ts";

/** What a published standard state may not tell. */
export interface StandardSecrecy {
  readonly gmOnly: { has(id: string): boolean };
  readonly hidden: { has(id: string): boolean };
}

/** The trigger published in place of a withheld one (a valid trigger text: 1–200 characters). */
export const WITHHELD_TRIGGER = "…";

/** The state with every withheld trigger replaced; `state` itself when none is withheld. */
export function publishedStandardState(state: StandardState, secrecy: StandardSecrecy): StandardState {
  let readied: Record<string, StandardReadied> | null = null;
  for (const [id, r] of Object.entries(state.readied)) {
    if (r.trigger === WITHHELD_TRIGGER || (!secrecy.gmOnly.has(id) && !secrecy.hidden.has(id))) continue;
    readied ??= { ...state.readied };
    readied[id] = { ...r, trigger: WITHHELD_TRIGGER };
  }
  return readied === null ? state : { ...state, readied };
}
