import { describe, expect, it } from "vitest";
import { parseCountState } from "../../../../src/engine/initiative/count/stored.ts";
import type { CountState } from "../../../../src/engine/initiative/count/types.ts";
import { attack, next, onTrack, roll, rolledEncounter, run, startedEncounter } from "./support.ts";

/** A deep copy with one change, as a hand-edited `Combat.system` would be. */
function edited(state: CountState, change: (copy: Record<string, unknown>) => void): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
  change(copy);
  return copy;
}

const readBack = (state: CountState) => parseCountState(JSON.parse(JSON.stringify(state)));

/** fighter 4, orc 8 (the orc's turn), goblin 12; the orc's Heavy attack is pending at 10 (position 30). */
function midRound(): CountState {
  return run(
    onTrack([
      ["fighter", 4],
      ["orc", 8],
      ["goblin", 12],
    ]),
    [next, attack("orc", ["heavy"], ["fighter"])],
  ).state;
}

/** Records of the roster, by slot (the leaf of a small vector). */
const records = (copy: Record<string, unknown>): Record<string, unknown>[] =>
  ((copy.combatants as { root: { items: Record<string, unknown>[] } }).root.items as Record<string, unknown>[]) ?? [];

describe("count: reading a stored combat back", () => {
  it("a state the scheduler produced is read back unchanged: rolling, contesting, mid-round, in the end step", () => {
    const rolling = roll(
      startedEncounter([
        ["a", 0],
        ["b", 2],
      ]).state,
      { a: 9 },
    ).state;
    expect(rolling.status).toBe("rolling");
    expect(readBack(rolling)).toEqual({ ok: true, value: rolling });
    const contest = rolledEncounter(
      [
        ["a", 0],
        ["b", 0],
        ["c", 1],
      ],
      { a: 9, b: 9, c: 14 },
    ).state;
    expect(contest.status).toBe("contest");
    expect(readBack(contest)).toEqual({ ok: true, value: contest });
    const turns = midRound();
    expect(readBack(turns)).toEqual({ ok: true, value: turns });
    // The goblin, still to act, is set behind the orc: it is queued right after it.
    const queued = run(turns, [{ type: "setInitiative", combatantId: "goblin", value: 1 }]).state;
    expect(queued.queued).toEqual(["goblin"]);
    expect(readBack(queued)).toEqual({ ok: true, value: queued });
    const end = run(queued, [next, next]).state;
    expect(end.status).toBe("end");
    expect(readBack(end)).toEqual({ ok: true, value: end });
  });

  it("damaged fields are refused with a typed error naming the first bad field", () => {
    const state = midRound();
    const invalid = (field: string) => ({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidState", data: { field } },
    });
    const refused = (change: (copy: Record<string, unknown>) => void) => parseCountState(edited(state, change));
    expect(parseCountState(null)).toEqual(invalid("state"));
    expect(parseCountState([])).toEqual(invalid("state"));
    expect(refused((s) => (s.scheme = "standard"))).toEqual(invalid("scheme"));
    expect(refused((s) => (s.options = { surprise: "sometimes" }))).toEqual(invalid("options"));
    expect(refused((s) => (s.status = "paused"))).toEqual(invalid("status"));
    expect(refused((s) => (s.round = 1.5))).toEqual(invalid("round"));
    expect(refused((s) => (s.upcomingRound = 2))).toEqual(invalid("upcomingRound"));
    // A record with a count that is not a number, a contest total no d20 gives, an unknown field type.
    expect(refused((s) => (records(s)[1] = { ...records(s)[1], count: "8" }))).toEqual(invalid("combatants.1"));
    expect(refused((s) => (records(s)[0] = { ...records(s)[0], contest: [21] }))).toEqual(invalid("combatants.0"));
    expect(refused((s) => (records(s)[2] = { ...records(s)[2], turnRound: null }))).toEqual(invalid("combatants.2"));
    // The roster's vector no longer matches its size.
    expect(refused((s) => ((s.combatants as Record<string, unknown>).size = 4))).toEqual(invalid("combatants"));
    expect(refused((s) => (s.slots = { fighter: 0, orc: 1, goblin: 0 }))).toEqual(invalid("slots"));
    expect(refused((s) => (s.slots = { fighter: 0, orc: 1 }))).toEqual(invalid("slots"));
    // The tie order must hold every creature once, in tie order: here by id (fighter 0, goblin 2, orc 1),
    // as nobody has contested.
    expect(state.tieOrder).toEqual([0, 2, 1]);
    expect(refused((s) => (s.tieOrder = [0, 2]))).toEqual(invalid("tieOrder"));
    expect(refused((s) => (s.tieOrder = [0, 1, 2]))).toEqual(invalid("tieOrder"));
    expect(refused((s) => (s.count = 21))).toEqual(invalid("count"));
    expect(refused((s) => (s.scan = 3))).toEqual(invalid("scan"));
    expect(refused((s) => (s.current = "troll"))).toEqual(invalid("current"));
    expect(refused((s) => (s.current = null))).toEqual(invalid("current"));
    expect(refused((s) => (s.queued = ["goblin", "goblin"]))).toEqual(invalid("queued"));
    // A pending action kept at the wrong position, or a record pointing at an action that is not there.
    expect(Object.keys(state.pending)).toEqual(["30"]);
    expect(refused((s) => (s.pending = { "31": (s.pending as Record<string, unknown>)["30"] }))).toEqual(
      invalid("pending"),
    );
    expect(refused((s) => (s.pending = {}))).toEqual(invalid("pending"));
    expect(refused((s) => (s.nextAction = 0))).toEqual(invalid("nextAction"));
  });
});
