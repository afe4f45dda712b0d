/**
 * What the standard tracker says about each creature beside its total (issue 9): how a shared total was
 * broken (STD-2), Delay and Ready (scheduler.ts rulings), and where a late joiner stands (STD-3). Read
 * from the state only, nothing decided here that the scheduler does not already keep. O(n) per call.
 */
import { own } from "../shared/round-order.ts";
import { standardDelayRank } from "./order.ts";
import type { StandardState } from "./state.ts";

/**
 * STD-2: how a creature is told apart from the others on its total: by DEX bonus, by its kept
 * tie-breaker rolls (or one still to roll), or (Delay ruling) by the place it took after a delay.
 */
export type StandardTieBreak =
  | { readonly by: "dex"; readonly dexBonus: number }
  | { readonly by: "tieBreak"; readonly rolls: readonly number[] }
  | { readonly by: "pending" }
  | { readonly by: "delay"; readonly rank: number };

/** STD-3: a late joiner's first turn: this round (its slot is still to come) or the next. */
export type StandardJoining = "thisRound" | "nextRound";

export interface StandardRowFacts {
  /** Null when no other creature has its total. */
  readonly tie: StandardTieBreak | null;
  /** Delay: stepped out of this round's order. */
  readonly delayed: boolean;
  /** Delay: re-entered this round and its turn is still to come. */
  readonly reentering: boolean;
  /** Ready: the trigger of its readied action, or null. */
  readonly readied: string | null;
  readonly joining: StandardJoining | null;
}

const NOTHING: StandardRowFacts = { tie: null, delayed: false, reentering: false, readied: null, joining: null };

/** A state the host read as standard (the scheme field says so), else null. */
function standardState(value: unknown): StandardState | null {
  return typeof value === "object" && value !== null && (value as { scheme?: unknown }).scheme === "standard"
    ? (value as StandardState)
    : null;
}

/** STD-2: every creature whose total is shared, with how it is told apart (see StandardTieBreak). */
function tieBreaks(state: StandardState): Map<string, StandardTieBreak> {
  const byTotal = new Map<number, string[]>();
  for (const c of Object.values(state.combatants)) {
    if (c.initiative === null) continue;
    const list = byTotal.get(c.initiative);
    if (list === undefined) byTotal.set(c.initiative, [c.id]);
    else list.push(c.id);
  }
  const rolling = new Set(state.rolls.filter((r) => r.kind === "tieBreak").map((r) => r.request.combatantId));
  const ties = new Map<string, StandardTieBreak>();
  for (const ids of byTotal.values()) {
    if (ids.length < 2) continue;
    const ranks = new Map<number, number>();
    const keys = new Map<string, number>();
    const key = (id: string): string => `${standardDelayRank(state.delayRank, id)}|${state.combatants[id]?.dexBonus}`;
    for (const id of ids) {
      const rank = standardDelayRank(state.delayRank, id);
      ranks.set(rank, (ranks.get(rank) ?? 0) + 1);
      keys.set(key(id), (keys.get(key(id)) ?? 0) + 1);
    }
    for (const id of ids) {
      const c = state.combatants[id];
      if (c === undefined) continue;
      const rank = standardDelayRank(state.delayRank, id);
      if ((keys.get(key(id)) ?? 0) > 1)
        ties.set(id, rolling.has(id) ? { by: "pending" } : { by: "tieBreak", rolls: c.tieBreak });
      else if ((ranks.get(rank) ?? 0) > 1) ties.set(id, { by: "dex", dexBonus: c.dexBonus });
      else ties.set(id, { by: "delay", rank });
    }
  }
  return ties;
}

/** STD-2, STD-3, Delay, Ready: each creature's facts by id (creatures with nothing to say share one object). */
export function standardTrackerFacts(value: unknown): ReadonlyMap<string, StandardRowFacts> | null {
  const state = standardState(value);
  if (state === null) return null;
  const ties = tieBreaks(state);
  const index = (id: string): number => state.order.indexOf(id);
  const facts = new Map<string, StandardRowFacts>();
  for (const id of Object.keys(state.combatants)) {
    const delayed = own(state.delayed, id) !== undefined;
    const reentered = own(state.reentered, id) === state.round;
    const joined = own(state.firstTurnDue, id) !== undefined;
    const readied = own(state.readied, id)?.trigger ?? null;
    const tie = ties.get(id) ?? null;
    if (!delayed && !reentered && !joined && readied === null && tie === null) {
      facts.set(id, NOTHING);
      continue;
    }
    // Only the few re-entering and joining creatures look up their place.
    const at = reentered || joined ? index(id) : -1;
    facts.set(id, {
      tie,
      delayed,
      reentering: reentered && at > state.turnIndex,
      readied,
      joining: !joined || at < 0 ? null : at > state.turnIndex ? "thisRound" : "nextRound",
    });
  }
  return facts;
}
