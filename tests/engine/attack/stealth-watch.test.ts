import { describe, expect, it } from "vitest";
import {
  NO_STEALTH,
  readStealthWatch,
  sneakersWatchedBy,
  stealthObservers,
  watchEnter,
  watchLeave,
  watchMovement,
  watchSneakAgain,
  watchSpot,
  watchUnseen,
  type StealthWatch,
  type WatchCreature,
} from "../../../src/engine/index.ts";

const creatures: WatchCreature[] = [
  { id: "vex", side: "pc", defeated: false },
  { id: "ally", side: "ally", defeated: false },
  { id: "orc", side: "enemy", defeated: false },
  { id: "dead", side: "enemy", defeated: true },
  { id: "blind", side: "enemy", defeated: false },
];

function value<T>(r: { ok: true; value: T } | { ok: false }): T {
  if (!r.ok) throw new Error("refused");
  return r.value;
}

describe("stealth per observer (engine)", () => {
  it("STL-2: the other side's living creatures observe, except those the GM marks unsighted", () => {
    expect(stealthObservers(creatures, "vex", new Set(["blind"]))).toEqual(["orc"]);
    expect(stealthObservers(creatures, "orc", new Set())).toEqual(["vex", "ally"]);
  });

  it("STL-1, STL-2: a fresh Sneak is seen by nobody; each observer's roll decides until its next one (ties see)", () => {
    let watch: StealthWatch = value(watchEnter(NO_STEALTH, "vex", 12, 5)).watch;
    expect(watch.vex?.sneak).toBe(17);
    expect(sneakersWatchedBy(watch, "orc", creatures, new Set())).toEqual(["vex"]);
    watch = value(watchSpot(watch, "vex", "orc", 15, 2)).watch; // 17 meets 17: seen
    expect(watchUnseen(watch, "vex", "orc")).toBe(false);
    watch = value(watchSpot(watch, "vex", "orc", 14, 2)).watch; // 16: lost again
    expect(watchUnseen(watch, "vex", "orc")).toBe(true);
    expect(watchUnseen(watchLeave(watch, "vex"), "vex", "orc")).toBe(false);
  });

  it("STL-4: more than half speed in one Full action −3, flying −5 unless quiet; the report is spent", () => {
    const start = value(watchEnter(NO_STEALTH, "vex", 10, 5)).watch;
    const fast = value(watchMovement(start, "vex", { feet: 20, flew: true, quietFlight: false }));
    const again = value(watchSneakAgain(fast, "vex", 10, { sneakBonus: 5, speed: 30 }));
    expect(again.result.sneakResult).toBe(10 + 5 - 8);
    expect(again.watch.vex?.moved).toBeNull();
    const slow = value(watchMovement(start, "vex", { feet: 15, flew: true, quietFlight: true }));
    expect(value(watchSneakAgain(slow, "vex", 10, { sneakBonus: 5, speed: 30 })).result.sneakResult).toBe(15);
    expect(watchMovement(start, "vex", { feet: -5, flew: false, quietFlight: false }).ok).toBe(false);
    expect(watchMovement(start, "orc", { feet: 5, flew: false, quietFlight: false }).ok).toBe(false);
  });

  it("STL-1: a stored watch with bad entries keeps only the good ones", () => {
    const read = readStealthWatch({ vex: { sneak: 14, seenBy: ["orc", 3], moved: null }, bad: { sneak: "x" } });
    expect(read).toEqual({ vex: { sneak: 14, seenBy: ["orc"], moved: null } });
    expect(readStealthWatch(null)).toEqual({});
  });
});
