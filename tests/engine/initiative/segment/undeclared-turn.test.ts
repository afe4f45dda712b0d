/**
 * Issue 17: an undeclared creature's turn is worked out on a short path (order.ts `segmentEntriesFor`);
 * it must be the turn a declaration of nothing gives on the general one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentRoundSchedule } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const GROUPS = ["party", "orcs", "wolves"] as const;

describe("segment: an undeclared creature's turn (issue 17)", () => {
  it("SEG-3, SEG-17, SEG-2: with no declaration in force a creature has the turn a declaration of nothing gives (D4, its band by its group's d6, Dexterity and a GM-set initiative)", () => {
    const creature = fc.record({
      group: fc.constantFrom(...GROUPS),
      dex: fc.integer({ min: -2, max: 2 }),
      set: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(creature, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
        (creatures, dexReaction, d6) => {
          const roster = creatures.map((c, i) => member(`c${i}`, c.group, c.dex));
          const settings = { groupOrder: ["innate", "missile", "melee", "other"] as const, dexReaction };
          const rolls = Object.fromEntries(GROUPS.map((g, i) => [g, d6[i] ?? 1]));
          const schedules = [false, true].map((declares) => {
            const t = new SegmentTable(roster, { ...settings, groupOrder: [...settings.groupOrder] });
            t.do({ type: "start" });
            creatures.forEach((c, i) => {
              if (c.set !== null) t.do({ type: "setInitiative", combatantId: `c${i}`, value: c.set });
            });
            if (declares) t.declare(Object.fromEntries(creatures.map((_, i) => [`c${i}`, decl({})])));
            t.next();
            t.rollGroups(rolls);
            return segmentRoundSchedule(t.state);
          });
          expect(schedules[0]?.length).toBe(creatures.length);
          expect(schedules[0]).toEqual(schedules[1]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
