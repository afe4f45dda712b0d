/**
 * A status toggled on a token after its creature joined, as the engine's command (host/status-toggles.ts):
 * only statuses a scheduler keeps get one, and none when the engine already holds the status so.
 */
import { describe, expect, it } from "vitest";
import {
  COMMAND_STATUSES,
  CONDITION_IDS,
  DEFEATED_STATUS,
  heldConditionsOf,
  rulesetHost,
  statusToggleCommand,
  DEFAULT_HOST_OPTIONS,
  RULESET_IDS,
  type AnyRulesetHost,
} from "../../../src/engine/index.ts";
import { hostCombatant, unwrapStep } from "../../support/host-encounter.ts";

function created(ruleset: (typeof RULESET_IDS)[number]): { host: AnyRulesetHost; state: unknown; ids: string[] } {
  const host = rulesetHost(ruleset, 6);
  const combatants = [hostCombatant(0), hostCombatant(1)];
  const state = unwrapStep(host.create(combatants, DEFAULT_HOST_OPTIONS));
  return { host, state, ids: combatants.map((c) => c.id) };
}

describe("status toggles as engine commands", () => {
  it("CNT-4, CNT-14: count turns surprised into markSurprised and unconscious into unconscious / regainConsciousness", () => {
    const { host, state, ids } = created("count");
    const id = ids[1] ?? "";
    expect(statusToggleCommand(host, state, id, "surprised", true)).toEqual({
      type: "markSurprised",
      combatantId: id,
      surprised: true,
    });
    expect(statusToggleCommand(host, state, id, "unconscious", true)).toEqual({ type: "unconscious", combatantId: id });
    // Not held: clearing it needs nothing.
    expect(statusToggleCommand(host, state, id, "surprised", false)).toBeNull();
    expect(statusToggleCommand(host, state, id, "unconscious", false)).toBeNull();
  });

  it("CNT-4: once the engine holds the creature surprised, toggling it on again sends nothing, off sends markSurprised false", () => {
    const { host, state, ids } = created("count");
    const id = ids[0] ?? "";
    const marked = unwrapStep(host.apply(state, { type: "markSurprised", combatantId: id, surprised: true })).state;
    expect([...(heldConditionsOf(host, marked).get(id) ?? [])]).toEqual(["surprised"]);
    expect(statusToggleCommand(host, marked, id, "surprised", true)).toBeNull();
    expect(statusToggleCommand(host, marked, id, "surprised", false)).toEqual({
      type: "markSurprised",
      combatantId: id,
      surprised: false,
    });
  });

  it("SEG-16: segment turns surprised into its surprise command", () => {
    const { host, state, ids } = created("segment");
    const id = ids[0] ?? "";
    expect(statusToggleCommand(host, state, id, "surprised", true)).toEqual({
      type: "surprise",
      combatantId: id,
      surprised: true,
    });
  });

  it("DEF-1: core's defeated status is defeat / revive in every ruleset, unless the engine holds it so", () => {
    for (const ruleset of RULESET_IDS) {
      const { host, state, ids } = created(ruleset);
      const id = ids[0] ?? "";
      expect(statusToggleCommand(host, state, id, DEFEATED_STATUS, true), ruleset).toEqual({
        type: "defeat",
        combatantId: id,
      });
      expect(statusToggleCommand(host, state, id, DEFEATED_STATUS, false), ruleset).toBeNull();
    }
  });

  it("conditions the engine only reads from the token, unknown statuses and unknown combatants send nothing", () => {
    for (const ruleset of RULESET_IDS) {
      const { host, state, ids } = created(ruleset);
      for (const status of [...CONDITION_IDS, "prone", "toString"]) {
        if (COMMAND_STATUSES[ruleset].includes(status)) continue;
        expect(statusToggleCommand(host, state, ids[0] ?? "", status, true), `${ruleset} ${status}`).toBeNull();
      }
      expect(statusToggleCommand(host, state, "nobody", DEFEATED_STATUS, true)).toBeNull();
      expect(statusToggleCommand(host, null, ids[0] ?? "", DEFEATED_STATUS, true)).toBeNull();
    }
  });
});
