/**
 * Issue 18: `withoutSecretTieBreaks` reads each tie level's public tie-breaker depths in one sort
 * (shared/tie-depths.ts). It must publish exactly what the per-creature reading did; that reading is kept
 * here as the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import { withoutSecretTieBreaks, type StandardHidden } from "../../../../src/engine/initiative/standard/hidden-ties.ts";
import { standardDelayRank } from "../../../../src/engine/initiative/standard/order.ts";
import {
  createStandardState,
  type StandardCombatant,
  type StandardState,
} from "../../../../src/engine/initiative/standard/state.ts";
import { publicTieRolls } from "../../../../src/engine/initiative/shared/tie-prefix.ts";

/** The reading before issue 18: each visible creature against a filtered copy of its level. */
function reference(shown: StandardState, whole: StandardState, hidden: StandardHidden): StandardState {
  const keyOf = (id: string, c: StandardCombatant) =>
    c.initiative === null ? null : `${c.initiative}|${standardDelayRank(whole.delayRank, id)}|${c.dexBonus}`;
  const rivals = new Map<string, Map<string, readonly number[]>>();
  for (const [id, c] of Object.entries(whole.combatants)) {
    const key = keyOf(id, c);
    if (hidden.has(id) && key !== null) rivals.set(key, new Map());
  }
  for (const [id, c] of Object.entries(whole.combatants)) {
    const key = keyOf(id, c);
    if (!hidden.has(id) && key !== null) rivals.get(key)?.set(id, c.tieBreak);
  }
  let combatants: Record<string, StandardCombatant> | null = null;
  for (const level of rivals.values()) {
    for (const [id, rolls] of level) {
      const others = [...level].filter(([other]) => other !== id).map(([, r]) => r);
      const depth = publicTieRolls(rolls, others);
      const c = (combatants ?? shown.combatants)[id];
      if (c === undefined || c.tieBreak.length <= depth) continue;
      combatants ??= { ...shown.combatants };
      combatants[id] = { ...c, tieBreak: c.tieBreak.slice(0, depth) };
    }
  }
  return combatants === null ? shown : { ...shown, combatants };
}

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];

/** A creature's tie facts: few totals, DEX bonuses and d3 tie-breakers, so levels and shared runs are common. */
const creature = fc.record({
  initiative: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 5 }),
  dexBonus: fc.integer({ min: 0, max: 1 }),
  delayRank: fc.constantFrom(0, 0, 0, 1),
  defeated: fc.constantFrom(false, false, false, false, true),
  tieBreak: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }),
  shownTieBreak: fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }), { freq: 4 }),
  hidden: fc.boolean(),
});

type Facts = typeof creature extends fc.Arbitrary<infer T> ? T : never;

const roster = fc.array(creature, { minLength: IDS.length, maxLength: IDS.length });

function states(facts: readonly Facts[]): { whole: StandardState; shown: StandardState } {
  const base = unwrap(createStandardState(IDS.map((id, i) => ({ id, dexBonus: facts[i]?.dexBonus ?? 0 }))));
  const whole: Record<string, StandardCombatant> = {};
  const shown: Record<string, StandardCombatant> = {};
  const delayRank: Record<string, number> = {};
  for (const [i, id] of IDS.entries()) {
    const c = base.combatants[id];
    const f = facts[i];
    if (c === undefined || f === undefined) continue;
    whole[id] = { ...c, initiative: f.initiative, defeated: f.defeated, tieBreak: f.tieBreak };
    // The published copy so far mostly holds the GM's tie-breakers; sometimes others, to read past them.
    shown[id] = { ...whole[id], tieBreak: f.shownTieBreak ?? f.tieBreak };
    if (f.delayRank > 0) delayRank[id] = f.delayRank;
  }
  return {
    whole: { ...base, combatants: whole, delayRank },
    shown: { ...base, combatants: shown, delayRank },
  };
}

describe("standard hidden ties", () => {
  it("STD-2, Issue 18: the public tie-breakers read a level at once are those read creature by creature", () => {
    fc.assert(
      fc.property(roster, (facts) => {
        const { whole, shown } = states(facts);
        const hiddenIds = new Set(IDS.filter((_, i) => facts[i]?.hidden === true));
        const hidden: StandardHidden = { has: (id) => hiddenIds.has(id) };
        const expected = reference(shown, whole, hidden);
        const actual = withoutSecretTieBreaks(shown, whole, hidden);
        expect(actual === shown).toBe(expected === shown);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
