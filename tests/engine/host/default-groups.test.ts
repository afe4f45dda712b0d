import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  defaultGroupPlan,
  evenSplit,
  sideGroupFor,
  type GroupCandidate,
  type HostSide,
} from "../../../src/engine/index.ts";

const c = (id: string, side: HostSide, kind: string | null, groupId: string | null = null): GroupCandidate => ({
  id,
  side,
  kind,
  groupId,
});

const groupsOn = { ...DEFAULT_HOST_OPTIONS, enemyGroups: true };

describe("default groups (defaultGroupPlan)", () => {
  it("ROT-5: groups of 1–3, as even as they split", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => evenSplit(n, 3))).toEqual([
      [1],
      [2],
      [3],
      [2, 2],
      [3, 2],
      [3, 3],
      [3, 2, 2],
    ]);
  });

  it("ROT-5: enemies of one kind are grouped; a lone enemy, one of no known kind, one already grouped and the players are not", () => {
    const roster = [
      c("pc", "pc", "hero"),
      c("g1", "enemy", "goblin"),
      c("o1", "enemy", "ogre"),
      c("g2", "enemy", "goblin"),
      c("g3", "enemy", "goblin"),
      c("x", "enemy", null),
      c("g4", "enemy", "goblin"),
      c("g5", "enemy", "goblin"),
      c("g6", "enemy", "goblin", "gm-group"),
      c("w1", "ally", "wolf"),
      c("w2", "ally", "wolf"),
    ];
    expect(defaultGroupPlan("rotation", groupsOn, roster, 0)).toEqual([
      { key: "goblin#1", side: null, kind: "goblin", number: 1, members: ["g1", "g2", "g3"] },
      { key: "goblin#2", side: null, kind: "goblin", number: 2, members: ["g4", "g5"] },
    ]);
  });

  it("ROT-5, ROT-4: no default groups with enemy groups off (shared initiative is the GM's choice) or when the GM made groups", () => {
    const roster = [c("g1", "enemy", "goblin"), c("g2", "enemy", "goblin")];
    expect(defaultGroupPlan("rotation", { ...DEFAULT_HOST_OPTIONS, sharedInitiative: true }, roster, 0)).toEqual([]);
    expect(defaultGroupPlan("rotation", groupsOn, roster, 1)).toEqual([]);
  });

  it("SEG-2: segment rounds start with one group per side holding the creatures not grouped yet", () => {
    const roster = [
      c("pc", "pc", "hero"),
      c("e1", "enemy", "orc"),
      c("ally", "ally", "dog"),
      c("e2", "enemy", "orc", "wolves"),
    ];
    expect(defaultGroupPlan("segment", DEFAULT_HOST_OPTIONS, roster, 0)).toEqual([
      { key: "party", side: "party", kind: null, number: 1, members: ["pc", "ally"] },
      { key: "enemies", side: "enemies", kind: null, number: 1, members: ["e1"] },
    ]);
    expect(defaultGroupPlan("segment", DEFAULT_HOST_OPTIONS, [c("pc", "pc", null)], 0)).toHaveLength(1);
  });

  it("the other rulesets have no groups", () => {
    const roster = [c("g1", "enemy", "goblin"), c("g2", "enemy", "goblin")];
    for (const ruleset of ["count", "standard", "phase"] as const)
      expect(defaultGroupPlan(ruleset, groupsOn, roster, 0)).toEqual([]);
  });
});

describe("side groups (sideGroupFor)", () => {
  it("SEG-2: in segment rounds a creature without a group fights with its side's group", () => {
    const sides = { party: "P", enemies: "E" };
    expect(sideGroupFor("segment", "pc", sides)).toBe("P");
    expect(sideGroupFor("segment", "ally", sides)).toBe("P");
    expect(sideGroupFor("segment", "enemy", sides)).toBe("E");
    expect(sideGroupFor("segment", "enemy", { party: "P" })).toBeNull();
  });

  it("ROT-5: in rotations a creature without a group stays on its own", () => {
    expect(sideGroupFor("rotation", "enemy", { party: "P", enemies: "E" })).toBeNull();
  });
});
