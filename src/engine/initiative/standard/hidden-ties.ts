/**
 * Issue 18 item 5, STD-2: a tie-breaker against a hidden creature gives nothing away.
 *
 * Ruling: a tie-breaker a visible creature rolls only because hidden creatures share its total, delay
 * rank and DEX bonus (no creature the players see is level with it) is the GM's secret roll, rolled by
 * the GM's client with the others and shown on no card (host/secret-ties.ts): a line on the public card
 * would tell the players of a creature they cannot see on their total. Its owner is not asked:
 * tie-breakers are the GM's rolls already (host/roll-policy.ts), and this one only orders it against
 * the hidden creature.
 *
 * The published state shows each visible creature's tie-breakers as far as the encounter without the
 * hidden creatures rolls them (shared/tie-prefix.ts); the order among visible creatures is settled by
 * tie-breakers both rolled in public, so it stays. `withoutLoneTies` (published.ts) is the case where
 * no visible creature is level with it at all.
 */
import type { DiceRequest } from "../contract.ts";
import { nextTieRollPublic, secretTieRequests } from "../shared/tie-prefix.ts";
import { publicTieDepths } from "../shared/tie-depths.ts";
import { standardDelayRank } from "./order.ts";
import { STANDARD_ROLL_REASONS, type StandardCombatant, type StandardState } from "./state.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
export interface StandardHidden {
  has(id: string): boolean;
  /** Issue 17: true when the caller knows no creature is hidden (nothing to look up, creature by creature). */
  readonly none?: boolean;
}

/** The visible creatures' tie-breakers on each tie key a hidden creature holds, by key. */
function visibleRivals(state: StandardState, hidden: StandardHidden): Map<string, Map<string, readonly number[]>> {
  const keyOf = (id: string, c: StandardCombatant) =>
    c.initiative === null ? null : `${c.initiative}|${standardDelayRank(state.delayRank, id)}|${c.dexBonus}`;
  const rivals = new Map<string, Map<string, readonly number[]>>();
  if (hidden.none === true) return rivals;
  // Issue 17: the hidden creatures' totals, so a creature on another total is passed over unkeyed.
  const totals = new Set<number>();
  const ids = Object.keys(state.combatants);
  for (const id of ids) {
    if (!hidden.has(id)) continue;
    const c = state.combatants[id];
    const key = c === undefined ? null : keyOf(id, c);
    if (c === undefined || key === null) continue;
    rivals.set(key, new Map());
    if (c.initiative !== null) totals.add(c.initiative);
  }
  if (rivals.size === 0) return rivals;
  for (const id of ids) {
    const c = state.combatants[id];
    if (c === undefined || c.initiative === null || !totals.has(c.initiative) || hidden.has(id)) continue;
    const key = keyOf(id, c);
    if (key !== null) rivals.get(key)?.set(id, c.tieBreak);
  }
  return rivals;
}

const othersThan = (level: ReadonlyMap<string, readonly number[]>, id: string) =>
  [...level].filter(([other]) => other !== id).map(([, rolls]) => rolls);

/** STD-2: the ids of `requests` that are secret tie-breakers (see the file comment). */
export function secretStandardTieBreaks(
  state: StandardState,
  requests: readonly DiceRequest[],
  hidden: StandardHidden,
): ReadonlySet<string> {
  const rivals = visibleRivals(state, hidden);
  if (rivals.size === 0) return new Set();
  return secretTieRequests(requests, STANDARD_ROLL_REASONS.tieBreak, hidden, (id) => {
    const level = [...rivals.values()].find((l) => l.has(id));
    const mine = level?.get(id);
    return level !== undefined && mine !== undefined && !nextTieRollPublic(mine, othersThan(level, id));
  });
}

/**
 * `shown` (the published state so far) with each visible creature's secret tie-breakers left out, read
 * against `whole` (the GM's state); `shown` itself when none is.
 */
export function withoutSecretTieBreaks(
  shown: StandardState,
  whole: StandardState,
  hidden: StandardHidden,
): StandardState {
  let combatants: Record<string, StandardCombatant> | null = null;
  for (const level of visibleRivals(whole, hidden).values()) {
    // Issue 18: the whole level's public depths at once (read creature by creature it is quadratic).
    const depths = publicTieDepths([...level.values()]);
    let i = 0;
    for (const id of level.keys()) {
      const depth = depths[i++] ?? 0;
      const c = (combatants ?? shown.combatants)[id];
      if (c === undefined || c.tieBreak.length <= depth) continue;
      combatants ??= { ...shown.combatants };
      combatants[id] = { ...c, tieBreak: c.tieBreak.slice(0, depth) };
    }
  }
  return combatants === null ? shown : { ...shown, combatants };
}
