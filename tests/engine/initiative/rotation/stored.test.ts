import { describe, expect, it } from "vitest";
import { parseRotationState, type RotationState } from "../../../../src/engine/initiative/rotation/index.ts";
import { make, roll, step } from "./fixtures.ts";

function edited(state: RotationState, change: (copy: Record<string, unknown>) => void): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
  change(copy);
  return copy;
}

function tiedGoblins(): RotationState {
  const state = make(
    [
      { id: "g1", kind: "enemy", groupId: "gob" },
      { id: "g2", kind: "enemy", groupId: "gob" },
      { id: "Kael", kind: "pc" },
    ],
    { enemyGroups: true, planningPhase: true },
  );
  return roll(step(state, { type: "start" }).state, { g1: 12, Kael: 12 }).state; // a roll-off is pending
}

describe("rotation: reading a stored combat back", () => {
  it("a state the scheduler produced is read back unchanged: during a roll-off, in planning, in a rotation", () => {
    const tied = tiedGoblins();
    expect(parseRotationState(JSON.parse(JSON.stringify(tied)))).toEqual({ ok: true, value: tied });
    const planning = roll(tied, { g1: 3, Kael: 15 }).state;
    expect(planning.status).toBe("planning");
    expect(parseRotationState(JSON.parse(JSON.stringify(planning)))).toEqual({ ok: true, value: planning });
  });

  it("ROT-3: a state stored before newcomers were tracked reads back with nobody waiting for a first turn", () => {
    const planning = roll(tiedGoblins(), { g1: 3, Kael: 15 }).state;
    const older = edited(planning, (s) => delete s.firstTurnDue);
    expect(parseRotationState(older)).toEqual({ ok: true, value: planning });
  });

  it("damaged fields are refused with a typed error naming the first bad field", () => {
    const state = tiedGoblins();
    const invalid = (field: string) => ({
      ok: false,
      error: { key: "TEMPO.ERRORS.Rotation.InvalidState", data: { field } },
    });
    expect(parseRotationState("rotation")).toEqual(invalid("state"));
    expect(
      parseRotationState(edited(state, (s) => (s.options = { ...(s.options as object), initiator: "gm" }))),
    ).toEqual(invalid("options"));
    // ROT-4, ROT-5: members of one group with different results.
    expect(
      parseRotationState(
        edited(
          state,
          (s) =>
            ((s.combatants as Record<string, Record<string, unknown>>).g2 = {
              id: "g2",
              kind: "enemy",
              modifier: 0,
              groupId: "gob",
              seq: 2,
              initiative: 5,
              defeated: false,
            }),
        ),
      ),
    ).toEqual(invalid("combatants.g2"));
    // ROT-5: a fourth goblin stored in a group of at most three.
    expect(
      parseRotationState(
        edited(state, (s) => {
          const combatants = s.combatants as Record<string, Record<string, unknown>>;
          combatants.g3 = {
            id: "g3",
            kind: "enemy",
            modifier: 0,
            groupId: "gob",
            seq: 4,
            initiative: 12,
            defeated: false,
          };
          combatants.g4 = {
            id: "g4",
            kind: "enemy",
            modifier: 0,
            groupId: "gob",
            seq: 5,
            initiative: 12,
            defeated: false,
          };
          s.nextSeq = 6;
        }),
      ),
    ).toEqual(invalid("combatants"));
    expect(
      parseRotationState(
        edited(state, (s) => (s.contests = [{ value: 12, units: ["c:Kael"], rolling: ["c:Kael"], results: {} }])),
      ),
    ).toEqual(invalid("contests"));
    expect(parseRotationState(edited(state, (s) => (s.rolls = "none")))).toEqual(invalid("rolls"));
    expect(parseRotationState(edited(state, (s) => (s.firstTurnDue = { Zed: 1 })))).toEqual(invalid("firstTurnDue"));
  });
});
