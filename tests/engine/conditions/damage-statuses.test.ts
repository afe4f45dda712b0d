/** The statuses damage gives a creature (engine/actors/damage-statuses.ts), through the card's plan. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_DAMAGE_SETTINGS,
  planActorDamage,
  statusesToClear,
  unwrap,
  type ActorStats,
} from "../../../src/engine/index.ts";
import { actorStats } from "../../support/actor-stats.ts";

const stats = (side: "pc" | "enemy", hp: number, max: number): ActorStats =>
  actorStats({ side, hp: { value: hp, max } });

const plan = (s: ActorStats, swings: number[], shown: readonly string[] = []) =>
  unwrap(planActorDamage(s, { swings, kind: "slashing" }, DEFAULT_DAMAGE_SETTINGS, new Set(shown))).statuses;

describe("statuses damage sets", () => {
  it("DR-3: a player character dropped from full to 0 is unconscious (not dying: it is at 0, not below)", () => {
    expect(plan(stats("pc", 10, 10), [30])).toEqual(["unconscious"]);
  });

  it("CNT-14: a wounded player character taken below 0 is unconscious and dying", () => {
    expect(plan(stats("pc", 5, 10), [7])).toEqual(["unconscious", "dying"]);
  });

  it("DR-3 ruling: any other creature at 0 is dead (core's defeated status)", () => {
    expect(plan(stats("enemy", 10, 10), [10])).toEqual(["dead"]);
    expect(plan(stats("enemy", 10, 10), [9])).toEqual([]);
  });

  it("statuses already shown are not set again; undo clears only what the apply set and is still shown", () => {
    expect(plan(stats("pc", 5, 10), [7], ["unconscious"])).toEqual(["dying"]);
    expect(statusesToClear(["unconscious", "dying"], new Set(["dying", "flanked"]))).toEqual(["dying"]);
    expect(statusesToClear(["flanked", "toString"], new Set(["flanked"]))).toEqual([]);
  });
});
