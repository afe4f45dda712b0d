import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compareCountOrder, type CountOrderEntry } from "../../src/engine/initiative/index.ts";
import { fakeCombatant, installFoundryDouble } from "../support/foundry-double.ts";

const double = installFoundryDouble();
afterAll(() => double.uninstall());

const { TempoCombat } = await import("../../src/foundry/documents/combat.ts");
const { CountCombatModel } = await import("../../src/foundry/data/combat/count-combat-model.ts");
const { TempoCombatantModel } = await import("../../src/foundry/data/combatant/combatant-model.ts");

/** The method exactly as core receives it: a bare function, not bound to the combat. */
const sortCombatants = TempoCombat.prototype["_sortCombatants"];

const countCombat = { system: new CountCombatModel() };

function onTrack(
  id: string,
  count: number | null,
  contest: readonly number[] = [],
  parent: { system: unknown } = countCombat,
) {
  return fakeCombatant({ id, parent, system: new TempoCombatantModel({ count, contest: [...contest] }) });
}

function order(combatants: readonly Combatant.Implementation[]): string[] {
  return [...combatants].sort(sortCombatants).map((c) => c.id ?? "");
}

describe("count combat order (TempoCombat#_sortCombatants)", () => {
  it("CNT-2: lower counts act first", () => {
    expect(order([onTrack("ogre", 12), onTrack("kobold", 3), onTrack("elf", 7)])).toEqual(["kobold", "elf", "ogre"]);
  });

  it("CNT-2: a count of 0 acts before count 1", () => {
    expect(order([onTrack("b", 1), onTrack("a", 0)])).toEqual(["a", "b"]);
  });

  it("CNT-5: on the same count the higher kept contest total acts first", () => {
    expect(order([onTrack("low", 9, [11]), onTrack("high", 9, [17])])).toEqual(["high", "low"]);
  });

  it("CNT-5: a reroll decides only where the earlier kept totals are equal", () => {
    // 14 = 14, so the rerolls decide: 9 beats 3.
    expect(order([onTrack("a", 5, [14, 3]), onTrack("b", 5, [14, 9])])).toEqual(["b", "a"]);
    // 15 beats 14 on the first kept total; b's reroll of 20 never matters.
    expect(order([onTrack("a", 5, [15]), onTrack("b", 5, [14, 20])])).toEqual(["a", "b"]);
  });

  it("CNT-5: kept totals never outrank a lower count", () => {
    expect(order([onTrack("lucky", 6, [20]), onTrack("early", 4, [2])])).toEqual(["early", "lucky"]);
  });

  it("CNT-2, CNT-5: orders combatants exactly as the engine's compareCountOrder", () => {
    const entry = fc.record({
      count: fc.integer({ min: 0, max: 20 }),
      contest: fc.array(fc.integer({ min: 1, max: 25 }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (raw) => {
        const entries: CountOrderEntry[] = raw.map((e, i) => ({ id: `c${String(i).padStart(2, "0")}`, ...e }));
        const engine = [...entries].sort(compareCountOrder).map((e) => e.id);
        expect(order(entries.map((e) => onTrack(e.id, e.count, e.contest)))).toEqual(engine);
      }),
    );
  });

  it("combatants who have no count yet come after everyone on the track, by id", () => {
    expect(order([onTrack("z", null), onTrack("x", 18), onTrack("m", null)])).toEqual(["x", "m", "z"]);
  });

  it("a combat of another type keeps the base class order", () => {
    const other = { system: null };
    // The double's base order is ids descending, unlike the count track.
    expect(order([onTrack("a", 1, [], other), onTrack("b", 2, [], other)])).toEqual(["b", "a"]);
  });
});
