import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packSegmentState, unpackSegmentState } from "../../../../src/engine/initiative/segment/packed.ts";
import type { SegmentEntry, SegmentState } from "../../../../src/engine/initiative/segment/types.ts";
import { decl, member, SegmentTable } from "./driver.ts";

const roster = [member("fighter", "party"), member("mage", "party"), member("orc", "orcs"), member("bear", "orcs")];
const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 2 }),
  mage: decl({ action: "spell", castingTime: 3 }),
  orc: decl({ action: "melee", weaponSpeed: 6 }),
  bear: decl({ action: "melee", routines: 2, inMelee: true }),
};

function scheduledState(): SegmentState {
  const t = new SegmentTable(roster);
  t.begin(plan, { party: 5, orcs: 2 });
  return t.state;
}

/** The stored form read back, as text (key order included). */
const roundTrip = (state: SegmentState): string =>
  JSON.stringify(unpackSegmentState(JSON.parse(JSON.stringify(packSegmentState(state))) as Record<string, unknown>));

const runsOf = (state: SegmentState): unknown[] =>
  (packSegmentState(state) as { schedule: { runs: unknown[] } }).schedule.runs;

describe("segment: a stored schedule is the rebuilt one plus what differs (issue 17)", () => {
  it("SEG-2: the schedule the rolls built is stored as one run, and reads back text for text", () => {
    const state = scheduledState();
    expect(runsOf(state)).toEqual([`0-${state.schedule.length}`]);
    expect(roundTrip(state)).toBe(JSON.stringify(state));
  });

  it("SEG-2: an entry written in another key order, with a key of its own or another rank is stored whole and reads back text for text", () => {
    const state = scheduledState();
    const edits: ((e: SegmentEntry) => SegmentEntry)[] = [
      ({ key, ...rest }) => ({ ...rest, key }),
      (e) => ({ ...e, note: "x" }) as SegmentEntry,
      (e) => ({ ...e, rank: [...e.rank, 0] }),
      (e) => ({ ...e, rank: e.rank.map((r, i) => (i === 0 ? r + 1 : r)) }),
    ];
    for (const edit of edits) {
      const schedule = state.schedule.map((e, i) => (i === 1 ? edit(e) : e));
      const changed = { ...state, schedule };
      const runs = runsOf(changed);
      expect(runs).toHaveLength(3);
      expect(runs[1]).toEqual(schedule[1]);
      expect(roundTrip(changed)).toBe(JSON.stringify(changed));
    }
    // A rank of the same numbers in a fresh array stores as the rebuilt entry does.
    const same = { ...state, schedule: state.schedule.map((e) => ({ ...e, rank: [...e.rank] })) };
    expect(runsOf(same)).toEqual([`0-${state.schedule.length}`]);
  });

  it("SEG-2, SEG-6, DEF-1: a schedule with turns moved, dropped, copied, rewritten in another key order or given other values reads back text for text", () => {
    const state = scheduledState();
    const edit = fc.record({
      kind: fc.constantFrom("move", "drop", "copy", "reorder", "rank", "extra"),
      at: fc.nat(),
      to: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const schedule = [...state.schedule];
        for (const { kind, at, to } of edits) {
          if (schedule.length === 0) break;
          const i = at % schedule.length;
          const e = schedule[i] as SegmentEntry;
          if (kind === "move") schedule.splice(to % schedule.length, 0, ...schedule.splice(i, 1));
          else if (kind === "drop") schedule.splice(i, 1);
          else if (kind === "copy") schedule[i] = { ...e, rank: [...e.rank] };
          else if (kind === "reorder") {
            const { rank, ...rest } = e;
            schedule[i] = { rank, ...rest };
          } else if (kind === "rank") schedule[i] = { ...e, rank: [...e.rank.slice(0, -1), (e.rank.at(-1) ?? 0) + 9] };
          else schedule[i] = { ...e, extra: to } as SegmentEntry;
        }
        const changed = { ...state, schedule };
        expect(roundTrip(changed)).toBe(JSON.stringify(changed));
      }),
      { numRuns: 40 },
    );
  });
});
