/**
 * Issue 18: `withoutSecretRollOffs` reads each tie level's public roll-off depths in one sort
 * (shared/tie-depths.ts). It must publish exactly what the per-creature reading did; that reading is kept
 * here as the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import { withoutSecretRollOffs, type PhaseHidden } from "../../../../src/engine/initiative/phase/hidden-ties.ts";
import {
  changePhaseCombatant,
  createPhaseState,
  phaseCombatants,
  putPhaseCombatant,
} from "../../../../src/engine/initiative/phase/state.ts";
import type { PhaseCombatant, PhaseState } from "../../../../src/engine/initiative/phase/types.ts";
import { vectorGet, vectorSet, vectorValues } from "../../../../src/engine/initiative/shared/persistent-vector.ts";
import { publicTieRolls } from "../../../../src/engine/initiative/shared/tie-prefix.ts";

/** The reading before issue 18: each visible creature against a filtered copy of its level. */
function reference(shown: PhaseState, whole: PhaseState, hidden: PhaseHidden): PhaseState {
  const contends = (c: PhaseCombatant) => !c.defeated && c.initiative !== null && c.initiativeRound === whole.round;
  const rivals = new Map<number, PhaseCombatant[]>();
  for (const c of phaseCombatants(whole))
    if (hidden.has(c.id) && contends(c) && c.initiative !== null) rivals.set(c.initiative, []);
  for (const c of phaseCombatants(whole))
    if (contends(c) && !hidden.has(c.id) && c.initiative !== null) rivals.get(c.initiative)?.push(c);
  let combatants = shown.combatants;
  for (const level of rivals.values()) {
    for (const c of level) {
      const depth = publicTieRolls(
        c.rollOff,
        level.filter((r) => r.id !== c.id).map((r) => r.rollOff),
      );
      const slot = shown.index[c.id];
      const published = slot === undefined ? null : vectorGet(combatants, slot);
      if (slot === undefined || published === null || published.rollOff.length <= depth) continue;
      combatants = vectorSet(combatants, slot, { ...published, rollOff: published.rollOff.slice(0, depth) });
    }
  }
  return combatants === shown.combatants ? shown : { ...shown, combatants };
}

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "__proto__"];

/** A creature's roll-off facts: few totals and d3 roll-offs, so levels and shared runs are common. */
const creature = fc.record({
  initiative: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 5 }),
  initiativeRound: fc.constantFrom(1, 1, 1, 0),
  defeated: fc.constantFrom(false, false, false, false, true),
  rollOff: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }),
  shownRollOff: fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }), { freq: 4 }),
  hidden: fc.boolean(),
});

type Facts = typeof creature extends fc.Arbitrary<infer T> ? T : never;

const roster = fc.array(creature, { minLength: IDS.length, maxLength: IDS.length });

function states(facts: readonly Facts[]): { whole: PhaseState; shown: PhaseState } {
  let whole: PhaseState = { ...unwrap(createPhaseState(IDS.map((id) => ({ id, int: 0, agi: 0 })))), round: 1 };
  let shown = whole;
  for (const [i, c] of vectorValues(whole.combatants).entries()) {
    const f = facts[i];
    if (f === undefined) continue;
    const change = { initiative: f.initiative, initiativeRound: f.initiativeRound, defeated: f.defeated };
    whole = putPhaseCombatant(whole, changePhaseCombatant(c, { ...change, rollOff: f.rollOff }));
    // The published copy so far mostly holds the GM's roll-offs; sometimes others, to read past them.
    shown = putPhaseCombatant(shown, changePhaseCombatant(c, { ...change, rollOff: f.shownRollOff ?? f.rollOff }));
  }
  return { whole, shown };
}

describe("phase hidden ties", () => {
  it("PHS-2, Issue 18: the public roll-offs read a level at once are those read creature by creature", () => {
    fc.assert(
      fc.property(roster, (facts) => {
        const { whole, shown } = states(facts);
        const hiddenIds = new Set(IDS.filter((_, i) => facts[i]?.hidden === true));
        const hidden: PhaseHidden = { has: (id) => hiddenIds.has(id) };
        const expected = reference(shown, whole, hidden);
        const actual = withoutSecretRollOffs(shown, whole, hidden);
        expect(actual === shown).toBe(expected === shown);
        expect(vectorValues(actual.combatants)).toEqual(vectorValues(expected.combatants));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
