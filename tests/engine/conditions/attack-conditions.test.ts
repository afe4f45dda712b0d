/** What the conditions on the tokens change in attacks and moves (attack-conditions.ts). */
import { describe, expect, it } from "vitest";
import {
  createPhaseState,
  movementWithConditions,
  phaseConditionSources,
  rotationAttackOdds,
  rotationDefenderWithConditions,
  startMovementTurn,
  threatensWithConditions,
  unwrap,
  type ConditionId,
  type RotationAttackSnapshot,
} from "../../../src/engine/index.ts";

const none: ReadonlySet<ConditionId> = new Set();
const only = (...ids: ConditionId[]): ReadonlySet<ConditionId> => new Set(ids);

const attack: RotationAttackSnapshot = {
  skillBonus: 4,
  proficient: true,
  criticalThreshold: 20,
  attackerIsPlayer: false,
  defender: {
    dodge: 14,
    armor: 12,
    isPlayer: true,
    adjacentEnemies: 1,
    defense: null,
    unaware: false,
    grappled: false,
  },
};

const hit = (snapshot: RotationAttackSnapshot) => unwrap(rotationAttackOdds(snapshot)).hit;

describe("conditions read by the engine", () => {
  it("ATK-ROT-5: a flanked defender loses 2 Dodge and 2 Armor: the hit chance rises by 2 faces in 20", () => {
    const flanked = { ...attack, defender: rotationDefenderWithConditions(attack.defender, none, only("flanked")) };
    expect(flanked.defender.adjacentEnemies).toBe(2);
    expect(hit(flanked) - hit(attack)).toBeCloseTo(2 / 20, 10);
    // A measured count above two stays: the condition is a floor, not a replacement.
    const crowded = { ...attack.defender, adjacentEnemies: 4 };
    expect(rotationDefenderWithConditions(crowded, none, only("flanked")).adjacentEnemies).toBe(4);
  });

  it("STL-3: a hidden attacker has not been seen: the attack has advantage", () => {
    const unseen = { ...attack, defender: rotationDefenderWithConditions(attack.defender, only("hidden"), none) };
    expect(unseen.defender.unaware).toBe(true);
    expect(hit(unseen)).toBeGreaterThan(hit(attack));
  });

  it("PHS-10, PHS-11: a defending target and a disengaged attacker are one source of disadvantage each", () => {
    const state = unwrap(
      createPhaseState([
        { id: "a", int: 0, agi: 0 },
        { id: "b", int: 0, agi: 0 },
      ]),
    );
    expect(phaseConditionSources(state, "a", "b", none, none)).toEqual({ advantage: 0, disadvantage: 0 });
    expect(phaseConditionSources(state, "a", "b", none, only("defending"))).toEqual({ advantage: 0, disadvantage: 1 });
    expect(phaseConditionSources(state, "a", "b", only("disengaged"), only("defending"))).toEqual({
      advantage: 0,
      disadvantage: 2,
    });
  });

  it("PHS-6: a Slowed creature's movement ends; an unconscious or surprised one threatens no square", () => {
    const turn = unwrap(startMovementTurn({ position: { x: 0, y: 0 }, speeds: { walk: 30 }, diagonal: "seven" }));
    expect(movementWithConditions(turn, only("slowed")).ended).toBe(true);
    expect(movementWithConditions(turn, none)).toBe(turn);
    expect(threatensWithConditions(only("unconscious"))).toBe(false);
    expect(threatensWithConditions(only("surprised"))).toBe(false);
    expect(threatensWithConditions(only("hidden", "flanked"))).toBe(true);
  });
});
