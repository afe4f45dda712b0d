import { describe, expect, it } from "vitest";
import {
  SEGMENT_NO_DECLARATION,
  checkDeclaredRoutines,
  routineWeapons,
} from "../../../../src/engine/initiative/segment/index.ts";

const melee = (routines: number) => ({ ...SEGMENT_NO_DECLARATION, action: "melee" as const, routines });

describe("SEG-16: attack routines", () => {
  it("SEG-16: a creature declares at most the routines its stat block gives (a bad stat counts as 1)", () => {
    expect(checkDeclaredRoutines(melee(1), 1).ok).toBe(true);
    expect(checkDeclaredRoutines(melee(2), 2).ok).toBe(true);
    expect(checkDeclaredRoutines(melee(3), 1)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Segment.TooManyRoutines", data: { routines: 3, allowed: 1 } },
    });
    expect(checkDeclaredRoutines(melee(2), Number.NaN).ok).toBe(false);
  });

  it("SEG-16 ruling: a natural weapon's routine is every natural weapon carried, in order; any other weapon is a routine of one", () => {
    const claw1 = { name: "Claw", group: "natural" };
    const claw2 = { name: "Claw", group: " Natural " };
    const bite = { name: "Bite", group: "natural" };
    const club = { name: "Club", group: "" };
    expect(routineWeapons(bite, [club, claw1, claw2, bite])).toEqual([claw1, claw2, bite]);
    expect(routineWeapons(club, [club, claw1, bite])).toEqual([club]);
    expect(routineWeapons(bite, [claw1])).toEqual([bite, claw1]);
  });

  it("SEG-16 ruling: a stat block states a mixed routine with routineAttacks: a bow's two arrows roll it twice, a sword beside a claw joins the claw's routine; a weapon without it stays a routine of one", () => {
    const bow = { name: "Longbow", group: "bows", routineAttacks: 2 };
    const dagger = { name: "Dagger", group: "blades", routineAttacks: null };
    const sword = { name: "Longsword", group: "blades", routineAttacks: 1 };
    const touch = { name: "Draining Touch", group: "natural" };
    expect(routineWeapons(bow, [dagger, bow])).toEqual([bow, bow]);
    expect(routineWeapons(dagger, [dagger, bow])).toEqual([dagger]);
    expect(routineWeapons(sword, [sword, touch])).toEqual([sword, touch]);
    expect(routineWeapons(touch, [sword, touch])).toEqual([sword, touch]);
    // Not a whole number of at least 1: not stated.
    expect(routineWeapons({ name: "Odd", group: "", routineAttacks: 0.5 }, [])).toHaveLength(1);
  });
});
