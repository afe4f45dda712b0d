import { describe, expect, it } from "vitest";
import type { SegmentEvent } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

/**
 * Two rounds from seeds/003: a charging gnoll, a bear with a claw/claw/bite routine split across steps 4
 * and 6, a mage casting, a fighter drawing a free attack, then a tied group roll and a delay.
 */
describe("segment rounds: a two-round encounter", () => {
  it("SEG-1, SEG-2, SEG-3, SEG-5, SEG-6, SEG-7, SEG-16: every event, in order", () => {
    const t = new SegmentTable([
      member("fighter", "party"),
      member("mage", "party"),
      member("gnoll", "beasts"),
      member("bear", "beasts"),
    ]);
    t.do({ type: "start" });
    t.declare({
      fighter: decl({ action: "melee", weaponSpeed: 5 }),
      mage: decl({ action: "spell", castingTime: 2 }),
      gnoll: decl({ action: "charge", weaponSpeed: 7 }),
      bear: decl({ action: "melee", routines: 2 }),
    });
    t.next();
    t.rollGroups({ party: 3, beasts: 5 });
    t.events = [];
    t.next(); // gnoll charges
    t.do({ type: "freeAttack", combatantId: "fighter", targetId: "gnoll" });
    while (t.step() !== 8) t.next();
    const turn = (
      type: "turnStarted" | "turnEnded",
      combatantId: string,
      step: number,
      part: string,
      segment = 1,
    ): SegmentEvent => ({ type, round: 1, combatantId, step, segment, part }) as SegmentEvent;
    const reveal = (combatantId: string): SegmentEvent => ({ type: "revealed", round: 1, combatantId });
    expect(t.events).toEqual<SegmentEvent[]>([
      { type: "stepStarted", round: 1, step: 3 },
      turn("turnStarted", "gnoll", 3, "fast"),
      reveal("gnoll"),
      { type: "freeAttack", round: 1, combatantId: "fighter", targetId: "gnoll", segment: 1, during: "gnoll" },
      turn("turnEnded", "gnoll", 3, "fast"),
      { type: "stepStarted", round: 1, step: 4 },
      turn("turnStarted", "bear", 4, "firstRoutine"),
      reveal("bear"),
      turn("turnEnded", "bear", 4, "firstRoutine"),
      { type: "stepStarted", round: 1, step: 5 },
      // The beasts' 5 beats the party's 3: the party is LOW; the mage names its target in D1.
      turn("turnStarted", "mage", 5, "target"),
      reveal("mage"),
      turn("turnEnded", "mage", 5, "target"),
      turn("turnStarted", "fighter", 5, "group"),
      reveal("fighter"),
      turn("turnEnded", "fighter", 5, "group"),
      { type: "stepStarted", round: 1, step: 6 },
      turn("turnStarted", "bear", 6, "restRoutines"),
      turn("turnEnded", "bear", 6, "restRoutines"),
      { type: "stepStarted", round: 1, step: 7 },
      { type: "segmentStarted", round: 1, segment: 1, seconds: 0 },
      { type: "segmentStarted", round: 1, segment: 2, seconds: 6 },
      turn("turnStarted", "mage", 7, "spell", 2),
      turn("turnEnded", "mage", 7, "spell", 2),
      { type: "stepStarted", round: 1, step: 8 },
    ]);

    // Round 2: nobody declared but the fighter; the groups tie, so both are HIGH and act by action type.
    t.next();
    t.declare({ fighter: decl({ action: "melee", weaponSpeed: 5 }), gnoll: decl({ action: "melee", weaponSpeed: 3 }) });
    t.next();
    t.rollGroups({ party: 4, beasts: 4 });
    t.events = [];
    t.next();
    // All HIGH: D3 melee first, where the tie goes to the lower weapon speed (the gnoll's 3 before the
    // fighter's 5), then D4 for those who declared nothing.
    expect(t.state.current).toBe("gnoll");
    // The gnoll delays: being HIGH, it waits until LOW with the delayed condition. There is no LOW group,
    // so it acts after everyone else.
    t.do({ type: "delay", combatantId: "gnoll" });
    expect(t.state.current).toBe("fighter");
    while (t.step() !== 8) t.next();
    expect(SegmentTable.turns(t.events)).toEqual([
      "5.group:gnoll",
      "5.group:fighter",
      "5.group:mage",
      "5.group:bear",
      "5.group:gnoll",
    ]);
    expect(
      t.events.filter((e) => e.type === "turnEnded").map((e) => (e.type === "turnEnded" ? e.combatantId : "")),
    ).toEqual(["fighter", "mage", "bear", "gnoll"]);
  });
});
