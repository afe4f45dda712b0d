import { describe, expect, it } from "vitest";
import { SEGMENT_SECONDS, spellDelay, unwrap } from "../../../src/engine/index.ts";
import { ITEM_DEFAULTS, spellDerived, validateSpellStats, type SpellStats } from "../../../src/engine/items/index.ts";

function spell(changes: Partial<SpellStats> = {}): SpellStats {
  return { ...ITEM_DEFAULTS.spell, ...changes };
}

function problems(source: Record<string, unknown>): [string, string][] {
  return validateSpellStats(source).map((p) => [p.field, p.message.key]);
}

describe("spell stats: validation", () => {
  it("accepts the defaults and a 3rd-level area spell with a save", () => {
    expect(validateSpellStats({ ...spell() })).toEqual([]);
    const fireball = spell({
      slotLevel: 3,
      castingTime: 3,
      damage: "8d6",
      area: { shape: "sphere", size: 20 },
      save: { ability: "dex", dc: 15 },
    });
    expect(validateSpellStats({ ...fireball })).toEqual([]);
  });

  it("CNT-8: a slot level outside 0–10 (or not whole) is refused with the count rules' message", () => {
    for (const slotLevel of [-1, 11, 2.5]) {
      expect(problems({ ...spell(), slotLevel })).toEqual([["slotLevel", "TEMPO.ERRORS.Count.InvalidSlotLevel"]]);
    }
    expect(problems({ ...spell(), slotLevel: 10 })).toEqual([]);
  });

  it("SEG-5: a casting time below 1 segment or above 10 is refused with the segment rules' message", () => {
    for (const castingTime of [-1, 0, 11, 1.5]) {
      expect(problems({ ...spell(), castingTime })).toEqual([
        ["castingTime", "TEMPO.ERRORS.Segment.InvalidCastingTime"],
      ]);
    }
  });

  it("a damage formula that does not parse is refused; no damage (blank) is fine", () => {
    expect(problems({ ...spell(), damage: "8d" })).toEqual([["damage", "TEMPO.ERRORS.Dice.Unparseable"]]);
    expect(problems({ ...spell(), damage: "1001d6" })).toEqual([["damage", "TEMPO.ERRORS.Dice.TooManyDice"]]);
    expect(problems({ ...spell(), damage: "" })).toEqual([]);
  });

  it("area, concentration and save are checked field by field", () => {
    expect(
      problems({
        ...spell(),
        area: { shape: "blob", size: -5 },
        concentration: "no",
        save: { ability: "dex", dc: -1 },
      }),
    ).toEqual([
      ["area.shape", "TEMPO.ERRORS.Item.NotAChoice"],
      ["area.size", "TEMPO.ERRORS.Item.NotWhole"],
      ["concentration", "TEMPO.ERRORS.Item.NotFlag"],
      ["save.dc", "TEMPO.ERRORS.Item.NotWhole"],
    ]);
  });
});

describe("spell stats: derived values", () => {
  it("CNT-8: the count-track delay is the slot level (the engine's spellDelay)", () => {
    for (const slotLevel of [0, 1, 9, 10]) {
      expect(spellDerived(spell({ slotLevel })).delay).toBe(unwrap(spellDelay(slotLevel)));
    }
  });

  it("SEG-5, SEG-1: a 3-segment spell resolves in segment 3, 18 seconds into the round", () => {
    const derived = spellDerived(spell({ castingTime: 3 }));
    expect(derived.resolvesInSegment).toBe(3);
    expect(derived.castingSeconds).toBe(3 * SEGMENT_SECONDS);
  });
});
