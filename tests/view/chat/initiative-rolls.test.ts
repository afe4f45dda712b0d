/**
 * Issue 17: a horde's initiative card packed with its creatures' names (view/chat/initiative-rolls.ts):
 * every roll of the click reads back, a creature's rolls together, whatever the names.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { I18nKey } from "../../../src/engine/index.ts";
import { packInitiativeRolls, unpackInitiativeRolls } from "../../../src/view/chat/initiative-rolls.ts";
import type { RolledLine } from "../../../src/view/chat/initiative-pack.ts";

const INITIATIVE = "TEMPO.COMBAT.Phase.InitiativeRoll" as I18nKey;
const ROLL_OFF = "TEMPO.COMBAT.Phase.RollOff" as I18nKey;

/** The lines of a click grouped by creature, in the order the creatures first rolled. */
function grouped(lines: readonly RolledLine[]): RolledLine[] {
  const ids = [...new Set(lines.map((l) => l.combatantId))];
  return ids.flatMap((id) => lines.filter((l) => l.combatantId === id));
}

const strip = (lines: readonly RolledLine[]) =>
  lines.map(({ name, reason, formula, total }) => ({ name, reason, formula, total }));

describe("a horde's initiative card names its creatures itself (issue 17)", () => {
  it("PHS-2: a roll all of 300 numbered creatures and its roll-offs read back, a creature's rolls together, in a few characters a roll", () => {
    const lines: RolledLine[] = [];
    for (let i = 0; i < 300; i++)
      lines.push({
        combatantId: `c${i}`,
        name: `Goblin ${i + 1}`,
        reason: INITIATIVE,
        formula: `2d6 + ${i % 3} + 0`,
        total: 2 + (i % 11),
      });
    for (let i = 0; i < 300; i += 2)
      lines.push({
        combatantId: `c${i}`,
        name: `Goblin ${i + 1}`,
        reason: ROLL_OFF,
        formula: "1d6",
        total: 1 + (i % 6),
      });
    const packed = packInitiativeRolls(lines);
    if (packed === null) throw new Error("not packed");
    expect(packed.names).toEqual(["Goblin "]);
    expect(unpackInitiativeRolls(JSON.parse(JSON.stringify(packed)))).toEqual(strip(grouped(lines)));
    expect(JSON.stringify(packed).length).toBeLessThan(lines.length * 6);
  });

  it("any names, reasons and totals either read back exactly or are not packed (the card keeps its table)", () => {
    const line = fc.record({
      combatantId: fc.constantFrom("a", "b", "c", "d"),
      name: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("Orc 7", "Orc 07", "Orc", "9", "")),
      reason: fc.constantFrom(INITIATIVE, ROLL_OFF),
      formula: fc.constantFrom("1d6", "2d6 + 1 + 0"),
      total: fc.integer({ min: -30, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (raw) => {
        // A creature keeps one name, as a combatant does.
        const names = new Map<string, string>();
        const lines = raw.map((l) => ({
          ...l,
          name: names.get(l.combatantId) ?? (names.set(l.combatantId, l.name), l.name),
        }));
        const packed = packInitiativeRolls(lines);
        if (packed !== null)
          expect(unpackInitiativeRolls(JSON.parse(JSON.stringify(packed)))).toEqual(strip(grouped(lines)));
        else expect(lines.some((l) => l.total < -20 || l.total > 43)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
