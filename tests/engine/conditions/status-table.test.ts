/**
 * The conditions table (issue 10 item 3) and the conditions each scheduler sets and clears, step by
 * step, through the host interface the Foundry layer uses (stepCombat → stepConditionChanges).
 */
import { describe, expect, it } from "vitest";
import {
  CONDITIONS,
  CONDITION_IDS,
  RULESET_IDS,
  conditionsIn,
  heldConditionsOf,
  readCombatState,
  rulesetHost,
  stepCombat,
  stepConditionChanges,
  storeCombatState,
  DEFAULT_HOST_OPTIONS,
  type AnyRulesetHost,
  type ConditionChange,
  type HostCombatant,
  type HostCommand,
  type RulesetId,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { hostCombatant, rollsFor, seeded, unwrapStep } from "../../support/host-encounter.ts";

/** The rule IDs of RULES.md that speak of these conditions, written out from it (not read from the table). */
const RULE_IDS: ReadonlySet<string> = new Set([
  "CNT-4",
  "CNT-10",
  "CNT-14",
  "PHS-6",
  "PHS-9",
  "PHS-10",
  "PHS-11",
  "SEG-5",
  "SEG-6",
  "SEG-7",
  "SEG-10",
  "SEG-16",
  "ROT-8",
  "ROT-9",
  "ROT-11",
  "DR-3",
  "STL-1",
  "STL-2",
  "STL-3",
  "ATK-ROT-5",
]);

describe("conditions: the table", () => {
  it("lists the eleven conditions of the issue and ROT-8's grappled and ROT-9's knocked down, each once, keyed by its own id", () => {
    expect([...CONDITION_IDS].sort()).toEqual(
      [
        "surprised",
        "delayed",
        "defending",
        "disengaged",
        "slowed",
        "unconscious",
        "dying",
        "concentrating",
        "hidden",
        "casting",
        "flanked",
        "grappled",
        "knockedDown",
      ].sort(),
    );
    for (const id of CONDITION_IDS) {
      expect(CONDITIONS[id].id).toBe(id);
      expect(CONDITIONS[id].name).toBe(`TEMPO.CONDITIONS.Status.${id}`);
      expect(CONDITIONS[id].effects.length).toBeGreaterThan(0);
    }
  });

  it("names only rules that exist, and only rulesets that use the condition hold it", () => {
    for (const id of CONDITION_IDS) {
      const spec = CONDITIONS[id];
      for (const rule of spec.rules) expect(RULE_IDS.has(rule), `${id}: ${rule}`).toBe(true);
      for (const ruleset of spec.heldBy) expect(spec.rulesets, id).toContain(ruleset);
      for (const ruleset of spec.rulesets) expect(RULESET_IDS).toContain(ruleset);
    }
  });

  it("reads the conditions among a token's statuses, ignoring core's own and junk", () => {
    expect([...conditionsIn(["dead", "flanked", 3, null, "hidden", "flanked"])]).toEqual(["flanked", "hidden"]);
  });
});

interface Table {
  readonly host: AnyRulesetHost;
  stored: StoredCombat;
  state: unknown;
  /** The condition changes of every step given, in order. */
  readonly changes: ConditionChange[][];
}

function table(ruleset: RulesetId, combatants: readonly HostCombatant[]): Table {
  const host = rulesetHost(ruleset, 6);
  const state = unwrapStep(host.create(combatants, DEFAULT_HOST_OPTIONS));
  return { host, stored: { engine: storeCombatState(state), history: { undo: {}, redo: {} } }, state, changes: [] };
}

/** Gives `command`; returns the step's condition changes. */
function give(t: Table, command: HostCommand): readonly ConditionChange[] {
  const before = unwrapStep(readCombatState(t.host, t.stored.engine));
  const step = unwrapStep(stepCombat(t.host, t.stored, command));
  t.stored = step.stored;
  t.state = step.state;
  const changes = stepConditionChanges(t.host, before, step.state);
  t.changes.push([...changes]);
  return changes;
}

/** Rolls or advances until `done(state)`; the changes of all those steps. */
function until(t: Table, done: (state: unknown) => boolean, max = 200): ConditionChange[] {
  const random = seeded(7);
  const all: ConditionChange[] = [];
  for (let i = 0; i < max && !done(t.state); i++)
    all.push(...give(t, rollsFor(t.host, t.state, random) ?? { type: "next" }));
  if (!done(t.state)) throw new Error("never reached");
  return all;
}

const held = (t: Table, id: string) => [...(heldConditionsOf(t.host, t.state).get(id) ?? [])];
const set = (combatantId: string, condition: string): ConditionChange =>
  ({ combatantId, condition, active: true }) as ConditionChange;
const clear = (combatantId: string, condition: string): ConditionChange =>
  ({ combatantId, condition, active: false }) as ConditionChange;

const three = [hostCombatant(0), hostCombatant(1), hostCombatant(2)];

describe("conditions the schedulers set and clear", () => {
  it("STD-6 (Delay): a Delay sets delayed, acting clears it, and undoing the Delay clears it too", () => {
    const t = table("standard", three);
    give(t, { type: "start" });
    until(t, (s) => t.host.current(s) !== null);
    const actor = t.host.current(t.state) ?? "";
    expect(give(t, { type: "delay", combatantId: actor })).toEqual([set(actor, "delayed")]);
    expect(give(t, { type: "undo" })).toEqual([clear(actor, "delayed")]);
    expect(give(t, { type: "redo" })).toEqual([set(actor, "delayed")]);
    expect(give(t, { type: "act", combatantId: actor })).toEqual([clear(actor, "delayed")]);
  });

  it("PHS-10: Defend sets defending until the creature's next turn starts", () => {
    const t = table("phase", three);
    give(t, { type: "start" });
    const battle = (s: unknown) => (s as { phase: string }).phase === "battle" && t.host.current(s) !== null;
    until(t, battle);
    const defender = t.host.current(t.state) ?? "";
    expect(give(t, { type: "defend", combatantId: defender })).toEqual([set(defender, "defending")]);
    const later = until(t, (s) => t.host.current(s) === defender && battle(s) && held(t, defender).length === 0);
    expect(later.filter((c) => c.combatantId === defender)).toEqual([clear(defender, "defending")]);
  });

  it("PHS-11: Disengage sets disengaged through the end of the next round", () => {
    const t = table("phase", three);
    give(t, { type: "start" });
    const battle = (s: unknown) => (s as { phase: string }).phase === "battle" && t.host.current(s) !== null;
    until(t, battle);
    const mover = t.host.current(t.state) ?? "";
    const round = t.host.round(t.state);
    expect(give(t, { type: "disengage", combatantId: mover })).toEqual([set(mover, "disengaged")]);
    until(t, (s) => t.host.round(s) === round + 1);
    expect(held(t, mover)).toEqual(["disengaged"]);
    const cleared = until(t, (s) => t.host.round(s) === round + 2);
    expect(cleared).toEqual([clear(mover, "disengaged")]);
  });

  it("CNT-4: surprised from the mark until the surprise round ends; the surprised creature takes no turn in it", () => {
    const surprisedOne = { ...hostCombatant(1), surprised: true };
    const t = table("count", [hostCombatant(0), surprisedOne, hostCombatant(2)]);
    expect(held(t, surprisedOne.id)).toEqual(["surprised"]);
    give(t, { type: "start" });
    // Results (1d20 − bonus): 0 for the marked creature and the third (surprise, CNT-4), 5 for the first.
    const requests = t.host.pending(t.state);
    const results = requests.map((r) => ({ requestId: r.id, total: r.combatantId === three[0]?.id ? 5 : 0 }));
    const turns: string[] = [];
    give(t, { type: "rolls", results });
    const random = seeded(3);
    for (let i = 0; i < 100 && (t.state as { round: number }).round < 1; i++) {
      const current = t.host.current(t.state);
      // Round 1's contests may be rolled during the surprise round's turn (CNT-4 ruling): one turn, listed once.
      if (current !== null && (t.state as { round: number }).round === 0 && turns.at(-1) !== current)
        turns.push(current);
      if ((t.state as { round: number }).round === 0) expect(held(t, surprisedOne.id)).toEqual(["surprised"]);
      give(t, rollsFor(t.host, t.state, random) ?? { type: "next" });
    }
    expect(turns).toEqual([three[2]?.id]);
    expect(t.changes.flat().filter((c) => c.combatantId === surprisedOne.id)).toEqual([
      clear(surprisedOne.id, "surprised"),
    ]);
  });

  it("CNT-10: a declared spell sets casting until it resolves", () => {
    const t = table("count", three);
    give(t, { type: "start" });
    until(t, (s) => t.host.current(s) !== null && (s as { round: number }).round >= 1);
    const caster = t.host.current(t.state) ?? "";
    const spell = { kind: "spell", slotLevel: 2, targets: [], origin: null };
    expect(give(t, { type: "declare", combatantId: caster, action: spell })).toEqual([set(caster, "casting")]);
    const rest = until(t, () => held(t, caster).length === 0);
    expect(rest).toEqual([clear(caster, "casting")]);
  });

  it("SEG-5: a declared spell sets casting once shown, until it goes off in its segment", () => {
    const t = table("segment", three);
    give(t, { type: "start" });
    const caster = three[0]?.id ?? "";
    const declaration = {
      action: "spell",
      targetId: null,
      weaponSpeed: 0,
      castingTime: 3,
      routines: 1,
      goesFirst: false,
      delay: false,
      inMelee: false,
      minors: [],
    };
    expect(give(t, { type: "declare", combatantId: caster, declaration })).toEqual([]); // secret (SEG-2)
    expect(give(t, { type: "reveal", combatantId: caster })).toEqual([set(caster, "casting")]);
    const segment = (s: unknown) => (s as { segment: number }).segment;
    const rest = until(t, () => held(t, caster).length === 0);
    expect(rest).toEqual([clear(caster, "casting")]);
    expect(segment(t.state)).toBe(3);
  });

  it("SEG-7: a delay announced in the group's turn sets delayed for the round", () => {
    const t = table("segment", three);
    give(t, { type: "start" });
    until(t, (s) => t.host.current(s) !== null);
    const delayer = t.host.current(t.state) ?? "";
    const round = t.host.round(t.state);
    const result = stepCombat(t.host, t.stored, { type: "delay", combatantId: delayer });
    if (!result.ok) return expect.unreachable(result.error.key);
    expect(stepConditionChanges(t.host, t.state, result.value.state)).toEqual([set(delayer, "delayed")]);
    t.stored = result.value.stored;
    t.state = result.value.state;
    const rest = until(t, (s) => t.host.round(s) === round + 1);
    expect(rest).toEqual([clear(delayer, "delayed")]);
  });

  it("rotations hold no condition: a whole round changes nothing on the tokens", () => {
    const t = table("rotation", three);
    give(t, { type: "start" });
    expect(until(t, (s) => t.host.round(s) === 2)).toEqual([]);
  });
});
