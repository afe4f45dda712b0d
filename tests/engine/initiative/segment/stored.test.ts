import { describe, expect, it } from "vitest";
import { parseSegmentState, type SegmentState } from "../../../../src/engine/initiative/segment/index.ts";
import { decl, member, SegmentTable } from "./driver.ts";

type Json = Record<string, unknown>;

const roster = [member("fighter", "party"), member("thief", "party"), member("orc", "orcs"), member("bear", "orcs")];
const plan = {
  fighter: decl({ action: "melee", weaponSpeed: 2 }),
  thief: decl({ action: "missile" }),
  orc: decl({ action: "melee", weaponSpeed: 6 }),
  bear: decl({ action: "melee", routines: 2, inMelee: true }),
};

/** A round under way: HIGH party, the fighter's group turn in progress. */
function midRound(): SegmentTable {
  const t = new SegmentTable(roster);
  t.begin(plan, { party: 5, orcs: 2 });
  while (t.state.current !== "fighter") t.next();
  return t;
}

const copy = (state: SegmentState): Json => JSON.parse(JSON.stringify(state)) as Json;

function edited(state: SegmentState, change: (s: Json) => void): Json {
  const s = copy(state);
  change(s);
  return s;
}

/** The combatant records of a small roster (one leaf). */
const items = (s: Json): Json[] => ((s.combatants as Json).root as Json).items as Json[];
const schedule = (s: Json): Json[] => s.schedule as Json[];

const invalid = (field: string) => ({
  ok: false,
  error: { key: "TEMPO.ERRORS.Segment.InvalidState", data: { field } },
});

describe("segment rounds: reading a stored combat back", () => {
  it("SEG-2, DEF-1: states the scheduler produced read back unchanged, last round's schedule naming a departed creature included", () => {
    const t = new SegmentTable(roster);
    const states: SegmentState[] = [t.state];
    t.do({ type: "start" });
    t.declare(plan);
    t.next();
    states.push(t.state); // step 2, rolls pending
    t.rollGroups({ party: 5, orcs: 2 });
    states.push(t.state); // step 2, scheduled
    t.next();
    while (t.state.current !== "fighter") t.next();
    t.do({ type: "delay", combatantId: "fighter" });
    states.push(t.state); // a turn given up to a delay
    t.finish();
    states.push(t.state); // step 8
    t.next();
    t.do({ type: "leave", combatantId: "orc" });
    states.push(t.state); // round 2, step 1: round 1's schedule is kept and names the orc
    for (const state of states) expect(parseSegmentState(copy(state))).toEqual({ ok: true, value: state });
  });

  it("SEG-2: a state stored before schedules were kept across rounds reads back and runs on", () => {
    const running = midRound().state;
    const older = edited(running, (s) => delete s.scheduleRound);
    expect(parseSegmentState(older)).toEqual({ ok: true, value: running });
    // Step 2 with every roll in: the older version built the schedule on `next`, so none is stored yet.
    const t = new SegmentTable(roster);
    t.do({ type: "start" });
    t.declare(plan);
    t.next();
    t.rollGroups({ party: 5, orcs: 2 });
    const settledOld = edited(t.state, (s) => {
      delete s.scheduleRound;
      s.schedule = [];
    });
    const read = parseSegmentState(settledOld);
    if (!read.ok) throw new Error(read.error.key);
    const fromOld = new SegmentTable([]);
    fromOld.state = read.value;
    fromOld.next();
    t.next();
    expect(fromOld.state).toEqual(t.state);
  });

  it("damaged fields are refused with a typed error naming the first bad field", () => {
    const state = midRound().state;
    const check = (change: (s: Json) => void, field: string): void => {
      expect(parseSegmentState(edited(state, change))).toEqual(invalid(field));
    };
    expect(parseSegmentState("segment")).toEqual(invalid("state"));
    check((s) => (s.settings = { groupOrder: ["innate", "missile", "melee"], dexReaction: false }), "settings");
    check((s) => (s.step = 0), "step");
    check((s) => (s.segment = 3), "segment");
    // DEF-1: the roster's vector holds as many records as its size says, each in its own slot.
    check((s) => ((s.combatants as Json).size = 5), "combatants");
    check((s) => (((s.combatants as Json).root as Json).kids = []), "combatants");
    check((s) => ((items(s)[1] as Json).slot = 0), "combatants.1");
    check((s) => ((items(s)[2] as Json).declaredRound = 2), "combatants.2");
    check((s) => ((items(s)[0] as Json).declaration = { action: "dance" }), "combatants.0");
    check((s) => (s.index = { ...(s.index as Json), thief: 0 }), "index.thief");
    check((s) => delete (s.index as Json).bear, "index");
    // SEG-2 step 2: a d6 is 1 to 6, and no request is pending once the round runs.
    check((s) => (s.groupRolls = { party: 7, orcs: 2 }), "groupRolls");
    check((s) => (s.rolls = [{ groupId: "party", request: { id: "segment-9" } }]), "rolls");
    // The running round's schedule is this round's, in rule order after the cursor, naming creatures present.
    check((s) => (s.scheduleRound = 0), "scheduleRound");
    check((s) => ((schedule(s)[schedule(s).length - 1] as Json).combatantId = "ghost"), "schedule");
    check((s) => void schedule(s).reverse(), "schedule");
    check((s) => ((schedule(s)[1] as Json).key = (schedule(s)[0] as Json).key), "schedule");
    check((s) => (s.cursor = schedule(s).length + 1), "cursor");
    check((s) => (s.current = "orc"), "current");
    check((s) => (s.delayedTurns = ["ghost:group"]), "delayedTurns");
  });
});
