import { describe, expect, it } from "vitest";
import { DEFAULT_SEGMENT_SETTINGS } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const step5 = (t: SegmentTable): string[] => SegmentTable.turns(t.events).filter((x) => x.startsWith("5."));

/** A bear with three routines and a wolf with two (beasts roll 1), a fighter (party rolls 6), all in melee. */
function multiAttackers(): SegmentTable {
  const t = new SegmentTable([member("bear", "beasts"), member("wolf", "beasts"), member("fighter", "party")]);
  t.begin(
    {
      bear: decl({ action: "melee", routines: 3, weaponSpeed: 0 }),
      wolf: decl({ action: "melee", routines: 2 }),
      fighter: decl({ action: "melee", weaponSpeed: 5 }),
    },
    { beasts: 1, party: 6 },
  );
  return t;
}

describe("segment rounds: order inside a step", () => {
  const duel = [member("fighter", "party"), member("thief", "party"), member("orc", "orcs"), member("archer", "orcs")];
  const plan = {
    fighter: decl({ action: "melee", weaponSpeed: 5 }),
    thief: decl({ action: "missile" }),
    orc: decl({ action: "melee", weaponSpeed: 3 }),
    archer: decl({ action: "missile" }),
  };

  it("SEG-3: inside a group D1 innate, D2 missile, D3 melee, D4 other", () => {
    const t = new SegmentTable([...duel, member("druid", "party"), member("bard", "party")]);
    t.begin({ ...plan, druid: decl({ action: "innate" }), bard: decl({ action: "other" }) }, { party: 6, orcs: 1 });
    t.finish();
    expect(step5(t)).toEqual([
      "5.group:druid",
      "5.group:thief",
      "5.group:fighter",
      "5.group:bard",
      "5.group:archer",
      "5.group:orc",
    ]);
  });

  it("SEG-3: the order inside a group is a setting (here melee before missile)", () => {
    const settings = { ...DEFAULT_SEGMENT_SETTINGS, groupOrder: ["innate", "melee", "missile", "other"] as const };
    const t = new SegmentTable(duel, { ...settings, groupOrder: [...settings.groupOrder] });
    t.begin(plan, { party: 6, orcs: 1 });
    t.finish();
    expect(step5(t)).toEqual(["5.group:fighter", "5.group:thief", "5.group:orc", "5.group:archer"]);
  });

  it("SEG-3: an order that does not name D1-D4 once each is refused", () => {
    expect(
      () => new SegmentTable(duel, { dexReaction: false, groupOrder: ["melee", "melee", "missile", "other"] }),
    ).toThrow("TEMPO.ERRORS.Segment.InvalidGroupOrder");
  });

  it("SEG-4: tied in the same step, the lower weapon speed goes first", () => {
    const t = new SegmentTable(duel);
    t.begin(plan, { party: 3, orcs: 3 });
    t.finish();
    // All HIGH (tie): melee vs melee, the orc's speed 3 beats the fighter's 5.
    expect(step5(t)).toEqual(["5.group:thief", "5.group:archer", "5.group:orc", "5.group:fighter"]);
  });

  it("SEG-4: each 1-segment minor activity before the major action adds 1 to the weapon speed", () => {
    const minor = (beforeMajor: boolean, takesSegment = true) => ({
      kind: "simple" as const,
      takesSegment,
      beforeMajor,
    });
    const t = new SegmentTable(duel);
    // Fighter 2 + two 1-segment minors before = 4 (a no-time minor and a minor after do not count); orc 3.
    t.begin(
      {
        ...plan,
        fighter: decl({
          action: "melee",
          weaponSpeed: 2,
          minors: [minor(true), minor(true), minor(true, false), minor(false)],
        }),
      },
      { party: 3, orcs: 3 },
    );
    t.finish();
    expect(step5(t).slice(2)).toEqual(["5.group:orc", "5.group:fighter"]);
  });

  it("SEG-5: spells resolve by casting time, shortest first; equal times go to the HIGH group first", () => {
    const t = new SegmentTable([
      member("mage", "party"),
      member("cleric", "party"),
      member("shaman", "orcs"),
      member("witch", "orcs"),
    ]);
    t.begin(
      {
        mage: decl({ action: "spell", castingTime: 4 }),
        cleric: decl({ action: "spell", castingTime: 2 }),
        shaman: decl({ action: "spell", castingTime: 4 }),
        witch: decl({ action: "spell", castingTime: 1 }),
      },
      { party: 2, orcs: 5 },
    );
    t.finish();
    const spells = SegmentTable.turns(t.events).filter((x) => x.startsWith("7."));
    expect(spells).toEqual(["7.spell:witch@1", "7.spell:cleric@2", "7.spell:shaman@4", "7.spell:mage@4"]);
  });

  it("SEG-2: fast actions run A Parley, B Flee, C Charge, then those who go first, HIGH before LOW in each", () => {
    const t = new SegmentTable([
      member("envoy", "party"),
      member("coward", "party"),
      member("knight", "party"),
      member("scout", "orcs"),
      member("boar", "orcs"),
      member("talker", "orcs"),
    ]);
    t.begin(
      {
        envoy: decl({ action: "parley" }),
        coward: decl({ action: "flee" }),
        knight: decl({ action: "charge", weaponSpeed: 4 }),
        scout: decl({ action: "missile", goesFirst: true }),
        boar: decl({ action: "charge", weaponSpeed: 1 }),
        talker: decl({ action: "parley" }),
      },
      { party: 2, orcs: 5 },
    );
    t.finish();
    expect(SegmentTable.turns(t.events)).toEqual([
      "3.fast:talker",
      "3.fast:envoy",
      "3.fast:coward",
      "3.fast:boar",
      "3.fast:knight",
      "3.fast:scout",
    ]);
  });

  it("SEG-16: a multi-attacker in melee takes its first routine in step 4 and the rest in step 6", () => {
    const t = multiAttackers();
    t.finish();
    expect(SegmentTable.turns(t.events)).toEqual([
      "4.firstRoutine:bear",
      "4.firstRoutine:wolf",
      "5.group:fighter",
      "6.restRoutines:bear",
      "6.restRoutines:wolf",
    ]);
  });

  it("DEF-1: segment: a multi-attacker defeated on its first routine drops its later routines and the segment goes on at once", () => {
    const t = multiAttackers();
    expect(t.state.current).toBe("bear");
    const defeat = t.do({ type: "defeat", combatantId: "bear" });
    expect(defeat.map((e) => e.type)).toEqual(["turnEnded", "combatantDefeated", "turnStarted", "revealed"]);
    expect(t.state.current).toBe("wolf");
    t.finish();
    expect(SegmentTable.turns(t.events)).toEqual([
      "4.firstRoutine:bear",
      "4.firstRoutine:wolf",
      "5.group:fighter",
      "6.restRoutines:wolf",
    ]);
  });

  it("SEG-17: with the setting on, a creature's Dexterity reaction adjustment moves it between HIGH and LOW", () => {
    const roster = [
      member("quick", "orcs", 1),
      member("orc", "orcs"),
      member("clumsy", "party", -2),
      member("fighter", "party"),
    ];
    const plan4 = {
      quick: decl({ action: "melee" }),
      orc: decl({ action: "melee" }),
      clumsy: decl({ action: "melee" }),
      fighter: decl({ action: "melee" }),
    };
    const off = new SegmentTable(roster);
    off.begin(plan4, { orcs: 4, party: 5 });
    off.finish();
    expect(step5(off)).toEqual(["5.group:clumsy", "5.group:fighter", "5.group:quick", "5.group:orc"]);
    const on = new SegmentTable(roster, { ...DEFAULT_SEGMENT_SETTINGS, dexReaction: true });
    on.begin(plan4, { orcs: 4, party: 5 });
    on.finish();
    // Quick: 4 + 1 = 5 ties the party's 5, so HIGH; clumsy: 5 - 2 = 3 is below the orcs' 4, so LOW.
    expect(step5(on)).toEqual(["5.group:quick", "5.group:fighter", "5.group:orc", "5.group:clumsy"]);
    expect(on.events.find((e) => e.type === "groupsRanked")).toEqual({
      type: "groupsRanked",
      round: 1,
      high: ["party"],
      low: ["orcs"],
    });
  });
});
