import { describe, expect, it } from "vitest";
import {
  checkDeployable,
  checkEncounter,
  encounterProblems,
  encounterRoster,
  startsSurprised,
  type EncounterData,
} from "../../../src/engine/index.ts";

const GOBLIN = "Compendium.tempo.npcs.Actor.gob1in0000000001";
const WOLF = "Actor.wolf000000000001";

function sample(over: Partial<Record<keyof EncounterData, unknown>> = {}): Record<string, unknown> {
  return {
    ruleset: "rotation",
    surprise: "none",
    groups: [{ id: "pack", name: "Wolf pack" }],
    entries: [
      { uuid: GOBLIN, name: "Goblin", count: 3, side: "enemy", group: null },
      { uuid: WOLF, name: "Wolf", count: 2, side: "enemy", group: "pack" },
    ],
    ...over,
  };
}

describe("encounter validation (issue 12 item 1)", () => {
  it("a sound encounter has no problems and is returned typed", () => {
    expect(encounterProblems(sample())).toEqual([]);
    const checked = checkEncounter(sample());
    expect(checked.ok && checked.value.entries.length).toBe(2);
  });

  it("a bad reference is reported with the entry's name and the reference, naming the field", () => {
    const problems = encounterProblems(
      sample({
        entries: [{ uuid: "Compendium.tempo.npcs.Item.abc", name: "Ogre", count: 1, side: "enemy", group: null }],
      }),
    );
    expect(problems).toEqual([
      {
        field: "entries.0.uuid",
        message: {
          key: "TEMPO.ERRORS.Encounter.Reference",
          data: { name: "Ogre", uuid: "Compendium.tempo.npcs.Item.abc" },
        },
      },
    ]);
  });

  it("world and compendium actor UUIDs are both references; an id of the wrong length is not", () => {
    const entry = (uuid: string) => ({ uuid, name: "X", count: 1, side: "ally", group: null });
    expect(encounterProblems(sample({ groups: [], entries: [entry(WOLF), entry(GOBLIN)] }))).toEqual([]);
    const short = encounterProblems(sample({ groups: [], entries: [entry("Actor.short")] }));
    expect(short.map((p) => p.field)).toEqual(["entries.0.uuid"]);
  });

  it("every problem is listed, each with its field: count, side, unknown group, missing name", () => {
    const problems = encounterProblems(
      sample({
        entries: [
          { uuid: GOBLIN, name: "Goblin", count: 0, side: "enemy", group: null },
          { uuid: WOLF, name: "Wolf", count: 2, side: "neutral", group: "nope" },
          { uuid: WOLF, name: "", count: 2.5, side: "ally", group: null },
        ],
      }),
    );
    expect(problems.map((p) => [p.field, p.message.key])).toEqual([
      ["entries.0.count", "TEMPO.ERRORS.Encounter.Count"],
      ["entries.1.side", "TEMPO.ERRORS.Encounter.Side"],
      ["entries.1.group", "TEMPO.ERRORS.Encounter.UnknownGroup"],
      ["entries.2.name", "TEMPO.ERRORS.Encounter.EntryName"],
      ["entries.2.count", "TEMPO.ERRORS.Encounter.Count"],
    ]);
    expect(problems[2]?.message.data).toEqual({ name: "Wolf", group: "nope" });
  });

  it("an unknown ruleset, an unknown surprise and duplicate or nameless groups are refused", () => {
    const problems = encounterProblems(
      sample({
        ruleset: "initiative",
        surprise: "both",
        groups: [
          { id: "a", name: "A" },
          { id: "a", name: "" },
        ],
        entries: [],
      }),
    );
    expect(problems.map((p) => p.field)).toEqual(["ruleset", "surprise", "groups.1.id", "groups.1.name"]);
  });

  it("ROT-4, SEG-2: groups only where the ruleset has initiative groups (count, standard, phase have none)", () => {
    for (const ruleset of ["count", "standard", "phase"]) {
      const problems = encounterProblems(sample({ ruleset }));
      expect(problems.map((p) => p.message.key)).toEqual(["TEMPO.ERRORS.Encounter.NoGroups"]);
    }
    for (const ruleset of ["segment", "rotation"]) expect(encounterProblems(sample({ ruleset }))).toEqual([]);
  });

  it("more creatures than one deploy may place are refused", () => {
    const entry = { uuid: GOBLIN, name: "Goblin", count: 50, side: "enemy", group: null };
    const problems = encounterProblems(sample({ groups: [], entries: [entry, entry, entry, entry, entry] }));
    expect(problems.map((p) => p.message.key)).toEqual(["TEMPO.ERRORS.Encounter.TooMany"]);
  });

  it("not an object, or lists that are not lists, are refused with a clear key", () => {
    expect(encounterProblems(null).map((p) => p.message.key)).toEqual(["TEMPO.ERRORS.Encounter.NotAnEncounter"]);
    const problems = encounterProblems(sample({ groups: "x", entries: {} }));
    expect(problems.map((p) => p.field)).toEqual(["groups", "entries"]);
  });

  it("checkEncounter gives the first problem; an empty encounter is sound but cannot deploy", () => {
    const bad = checkEncounter(sample({ surprise: "x" }));
    expect(bad.ok ? null : bad.error.key).toBe("TEMPO.ERRORS.Encounter.Surprise");
    const empty = sample({ entries: [] });
    expect(checkEncounter(empty).ok).toBe(true);
    const deploy = checkDeployable(empty);
    expect(deploy.ok ? null : deploy.error.key).toBe("TEMPO.ERRORS.Encounter.Empty");
  });
});

describe("encounter roster (issue 12 item 2)", () => {
  const data = checkEncounter(sample({ surprise: "enemies" }));
  if (!data.ok) throw new Error("sample encounter is unsound");

  it("each entry's count becomes that many units with its side and group", () => {
    const roster = encounterRoster(data.value, () => true);
    expect(roster.units.map((u) => [u.entry, u.group])).toEqual([
      [0, null],
      [0, null],
      [0, null],
      [1, "pack"],
      [1, "pack"],
    ]);
    expect(roster.missing).toEqual([]);
  });

  it("a missing actor is reported by name and the rest still deploys", () => {
    const roster = encounterRoster(data.value, (uuid) => uuid !== GOBLIN);
    expect(roster.missing).toEqual(["Goblin"]);
    expect(roster.units.map((u) => u.uuid)).toEqual([WOLF, WOLF]);
  });

  it("CNT-4: the surprised side starts surprised (party: pcs and allies; enemies: the enemy side)", () => {
    expect(encounterRoster(data.value, () => true).units.every((u) => u.surprised)).toBe(true);
    expect(startsSurprised("party", "pc")).toBe(true);
    expect(startsSurprised("party", "ally")).toBe(true);
    expect(startsSurprised("party", "enemy")).toBe(false);
    expect(startsSurprised("enemies", "pc")).toBe(false);
    expect(startsSurprised("none", "enemy")).toBe(false);
  });
});
