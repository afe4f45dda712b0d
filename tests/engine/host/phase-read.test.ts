import { describe, expect, it } from "vitest";
import {
  decodeStored,
  eventString,
  readCombatState,
  rulesetHost,
  stepCombat,
  storeCombatState,
  type Json,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { unpackState } from "../../../src/engine/host/stored-pack.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

/** A mutable copy of a stored phase state, as JSON (what a module or a hand edit could leave behind). */
type Draft = Record<string, unknown> & {
  combatants: { root: { kids: { items: Record<string, unknown>[] }[] } };
  index: Record<string, unknown>;
  ranking: unknown[];
  delays: unknown[];
  upNext: unknown[];
};

/** 40 combatants (two leaves of the roster trie) in round 1's battle phase, one delay declared. */
function battleState(): StoredCombat {
  const random = seeded(3);
  const { host, stored: first } = storedEncounter("phase", 40);
  let s = step(host, first, { type: "start" });
  while (s.events.every((e) => e.type !== "phaseStarted" || eventString(e, "phase") !== "battle"))
    s = step(host, s.stored, nextCommand(host, s.state, random));
  const current = host.current(s.state) ?? "";
  const last = host.order(s.state).at(-1) ?? "";
  return step(host, s.stored, { type: "delay", combatantId: current, afterId: last }).stored;
}

const host = rulesetHost("phase", 6);
const stored = battleState();

function damaged(edit: (state: Draft) => void): StoredCombat {
  const decoded = decodeStored(stored.engine);
  if (decoded === null) throw new Error("the stored state does not decode");
  // The state as the engine holds it (stored-pack.ts packs it when it is stored again).
  const state = JSON.parse(JSON.stringify(unpackState(decoded.value))) as Draft;
  edit(state);
  return { engine: storeCombatState(state as unknown as Json), history: stored.history };
}

const firstLeaf = (s: Draft): Record<string, unknown>[] => s.combatants.root.kids[0]?.items ?? [];
const firstCombatant = (s: Draft): Record<string, unknown> => firstLeaf(s)[0] ?? {};

describe("phase: a stored state is read back only when it is one the engine writes", () => {
  it("the state a combat stores is read back as it was", () => {
    const read = readCombatState(host, stored.engine);
    expect(read.ok).toBe(true);
    expect(read.ok && storeCombatState(read.value)).toEqual(stored.engine);
  });

  it.each<[string, (s: Draft) => void]>([
    ["ranking", (s) => Reflect.deleteProperty(s, "ranking")],
    ["moveOrder", (s) => (s.moveOrder = [])],
    ["round", (s) => (s.round = -1)],
    ["phase", (s) => (s.phase = "lunch")],
    ["phase", (s) => (s.round = 0)],
    ["combatants", (s) => firstLeaf(s).pop()],
    ["combatants", (s) => (firstCombatant(s).slot = 5)],
    ["combatants", (s) => (firstCombatant(s).rollOff = [7])],
    ["combatants", (s) => (firstCombatant(s).movedRound = 2)],
    ["combatants", (s) => delete firstCombatant(s).keptRound],
    ["combatants", (s) => (firstCombatant(s).initiative = 7.5)],
    ["index", (s) => (s.index[String(firstCombatant(s).id)] = 3)],
    ["index", (s) => (s.index.ghost = 99)],
    ["ranking", (s) => s.ranking.push("ghost")],
    ["ranking", (s) => s.ranking.push(s.ranking[0])],
    ["cursor", (s) => (s.cursor = s.ranking.length + 1)],
    ["current", (s) => (s.current = "ghost")],
    ["upNext", (s) => s.upNext.push("ghost")],
    ["delays", (s) => (s.delays = [{ round: 9, delayerId: "a", afterId: "b" }])],
    ["turnAction", (s) => (s.turnAction = "dance")],
  ])("a state with a bad %s is refused with a typed error naming it, and nothing is written", (field, edit) => {
    const broken = damaged(edit);
    const expected = { ok: false, error: { key: "TEMPO.ERRORS.Phase.InvalidState", data: { field } } };
    expect(readCombatState(host, broken.engine)).toEqual(expected);
    expect(stepCombat(host, broken, { type: "next" })).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a list", []],
    ["a string", "phase"],
  ])("%s is not a phase state", (_what, value) => {
    expect(host.read(value)).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Phase.InvalidState", data: { field: "state" } },
    });
  });
});
