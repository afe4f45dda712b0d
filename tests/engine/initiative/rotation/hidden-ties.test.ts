/**
 * Issue 18: `withoutSecretTieResults` reads the hidden units and the places by creature id and group id,
 * with no unit key made per creature. It must publish exactly what the reading by unit keys did; that
 * reading is kept here as the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../../src/engine/core/result.ts";
import { rotationTiePlaces } from "../../../../src/engine/initiative/rotation/contest.ts";
import {
  withoutSecretTieResults,
  type RotationHidden,
} from "../../../../src/engine/initiative/rotation/hidden-ties.ts";
import {
  createRotationState,
  rotationUnitKey,
  type RotationCombatant,
  type RotationState,
} from "../../../../src/engine/initiative/rotation/state.ts";

/** The reading before issue 18, by unit keys. */
function reference(shown: RotationState, whole: RotationState, hidden: RotationHidden): RotationState {
  const units = new Set<string>();
  const seenGroups = new Set<string>();
  for (const c of Object.values(whole.combatants)) {
    if (hidden.has(c.id)) units.add(rotationUnitKey(c));
    else if (c.groupId !== null) seenGroups.add(rotationUnitKey(c));
  }
  for (const unit of seenGroups) units.delete(unit);
  if (units.size === 0) return shown;
  const inHidden = (c: RotationCombatant) => units.has(rotationUnitKey(c));
  const floors = new Set<number>();
  for (const c of Object.values(whole.combatants))
    if (c.initiative !== null && inHidden(c)) floors.add(Math.floor(c.initiative));
  const byFloor = new Map<number, Map<string, number>>();
  for (const c of Object.values(whole.combatants)) {
    if (c.initiative === null || !floors.has(Math.floor(c.initiative)) || inHidden(c)) continue;
    const at = byFloor.get(Math.floor(c.initiative)) ?? new Map<string, number>();
    at.set(rotationUnitKey(c), c.initiative);
    byFloor.set(Math.floor(c.initiative), at);
  }
  const placed = new Map<string, number>();
  for (const [value, results] of byFloor) {
    const ranked = [...results].sort((a, b) => b[1] - a[1]).map(([unit]) => unit);
    const places = rotationTiePlaces(value, ranked.length, []);
    ranked.forEach((unit, i) => placed.set(unit, places[i] ?? value));
  }
  if (placed.size === 0) return shown;
  const changed: Record<string, RotationCombatant> = {};
  for (const [id, c] of Object.entries(shown.combatants)) {
    const value = placed.get(rotationUnitKey(c));
    if (value !== undefined && c.initiative !== null && value !== c.initiative)
      changed[id] = { ...c, initiative: value };
  }
  if (Object.keys(changed).length === 0) return shown;
  return { ...shown, combatants: { ...shown.combatants, ...changed } };
}

/** Results on two whole numbers, some with tie places; groups whose members may stand apart. */
const result = fc.option(fc.constantFrom(3, 3.5, 3.25, 3.75, 4, 4.5, 4.25, -2, -1.5), { freq: 5 });
const creature = fc.record({
  initiative: result,
  shownInitiative: fc.option(result, { freq: 4 }),
  groupId: fc.constantFrom(null, null, null, "x", "y", "a"),
  hidden: fc.boolean(),
});

type Facts = typeof creature extends fc.Arbitrary<infer T> ? T : never;

/** The ids of a roster of `n`: "u0", "u1", … */
const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `u${String(i)}`);

function states(facts: readonly Facts[]): { whole: RotationState; shown: RotationState } {
  const IDS = idsOf(facts.length);
  const base = unwrap(createRotationState(IDS.map((id) => ({ id, kind: "enemy" as const }))));
  const whole: Record<string, RotationCombatant> = {};
  const shown: Record<string, RotationCombatant> = {};
  for (const [i, id] of IDS.entries()) {
    const c = base.combatants[id];
    const f = facts[i];
    if (c === undefined || f === undefined) continue;
    whole[id] = { ...c, initiative: f.initiative, groupId: f.groupId };
    // The published copy so far mostly holds the GM's results; sometimes others, to read past them.
    shown[id] = { ...whole[id], initiative: f.shownInitiative ?? f.initiative };
  }
  return { whole: { ...base, combatants: whole }, shown: { ...base, combatants: shown } };
}

function agrees(facts: readonly Facts[]): void {
  const { whole, shown } = states(facts);
  const hiddenIds = new Set(idsOf(facts.length).filter((_, i) => facts[i]?.hidden === true));
  const hidden: RotationHidden = { has: (id) => hiddenIds.has(id) };
  const expected = reference(shown, whole, hidden);
  const actual = withoutSecretTieResults(shown, whole, hidden);
  expect(actual === shown).toBe(expected === shown);
  expect(actual).toEqual(expected);
}

describe("rotation hidden ties", () => {
  it("ROT-2, ROT-4, Issue 18: the published tie places read by id and group are those read by unit key", () => {
    fc.assert(fc.property(fc.array(creature, { minLength: 1, maxLength: 12 }), agrees), { numRuns: 300 });
  });

  it("ROT-2, Issue 18: past the places halving gives, a large tie's places are spaced as rotationTiePlaces spaces them", () => {
    // Few hidden, few groups, two floors: more than 48 visible units stand on a floor with a hidden one.
    const crowd = fc.record({
      initiative: fc.option(fc.constantFrom(3, 3.5, 4, 4.25), { freq: 20 }),
      shownInitiative: fc.option(result, { freq: 4 }),
      groupId: fc.constantFrom(null, null, null, null, null, null, "x"),
      hidden: fc.constantFrom(false, false, false, false, false, false, false, false, false, true),
    });
    const many = fc.array(crowd, { minLength: 150, maxLength: 200 });
    fc.assert(fc.property(many, agrees), { numRuns: 20 });
  });
});
