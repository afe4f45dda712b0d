import { describe, expect, it } from "vitest";
import {
  countAreaOrigin,
  countPendingActionsOf,
  countTargetsInForce,
} from "../../../../src/engine/initiative/count/state.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { apply, attack, onTrack } from "./support.ts";

/** Fighter on count 4 (acting), the orc on 10. */
const track = () =>
  onTrack([
    ["fighter", 4],
    ["orc", 10],
  ]);

describe("what a pending action is aimed at (CNT-12)", () => {
  it("CNT-12: the targets in force are the ones the track names (declared or retargeted), none for an unnamed attack", () => {
    const unnamed = apply(track(), attack("fighter", ["heavy"], [null]));
    const [pending] = countPendingActionsOf(unnamed.state, "fighter");
    expect(pending === undefined ? "none" : countTargetsInForce(pending)).toBeNull();
    const retargeted = apply(unnamed.state, {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "retarget", actionId: pending?.id ?? "", targets: ["orc"] },
    });
    expect(countPendingActionsOf(retargeted.state, "fighter").map(countTargetsInForce)).toEqual([["orc"]]);
    const named = apply(track(), attack("fighter", ["heavy"], ["orc", "goblin"]));
    expect(countPendingActionsOf(named.state, "fighter").map(countTargetsInForce)).toEqual([["orc"], ["goblin"]]);
  });

  it("CNT-12 (ruling): an area spell's point of origin is the creature it is aimed at, the caster's own space with none; no reaction moves it", () => {
    expect(countAreaOrigin("fighter", "orc")).toBe("orc");
    expect(countAreaOrigin("fighter", null)).toBe("fighter");
    const cast = apply(track(), {
      type: "declare",
      combatantId: "fighter",
      action: { kind: "spell", slotLevel: 3, targets: [], origin: countAreaOrigin("fighter", "orc") },
    });
    const [spell] = countPendingActionsOf(cast.state, "fighter");
    const moved = countScheduler.apply(cast.state, {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "retarget", actionId: spell?.id ?? "", targets: ["orc"] },
    });
    expect(moved).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Count.AreaOriginFixed" } });
  });
});
