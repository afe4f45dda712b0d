/**
 * A status toggled on a token after its creature joined, as the engine's command (host/status-toggles.ts):
 * only statuses a scheduler keeps get one, and none when the engine already holds the status so.
 */
import { describe, expect, it } from "vitest";
import {
  COMMAND_STATUSES,
  CONDITION_IDS,
  DEFEATED_STATUS,
  defeatedFlag,
  defeatedFlagCommand,
  heldConditionsOf,
  rulesetHost,
  statusToggleCommand,
  DEFAULT_HOST_OPTIONS,
  RULESET_IDS,
  type AnyRulesetHost,
} from "../../../src/engine/index.ts";
import { hostCombatant, unwrapStep } from "../../support/host-encounter.ts";

const NONE: ReadonlySet<string> = new Set();

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
    expect(statusToggleCommand(host, state, id, "surprised", true, NONE)).toEqual({
      type: "markSurprised",
      combatantId: id,
      surprised: true,
    });
    expect(statusToggleCommand(host, state, id, "unconscious", true, NONE)).toEqual({
      type: "unconscious",
      combatantId: id,
    });
    // Not held: clearing it needs nothing.
    expect(statusToggleCommand(host, state, id, "surprised", false, NONE)).toBeNull();
    expect(statusToggleCommand(host, state, id, "unconscious", false, NONE)).toBeNull();
  });

  it("CNT-4: once the engine holds the creature surprised, toggling it on again sends nothing, off sends markSurprised false", () => {
    const { host, state, ids } = created("count");
    const id = ids[0] ?? "";
    const marked = unwrapStep(host.apply(state, { type: "markSurprised", combatantId: id, surprised: true })).state;
    expect([...(heldConditionsOf(host, marked).get(id) ?? [])]).toEqual(["surprised"]);
    expect(statusToggleCommand(host, marked, id, "surprised", true, NONE)).toBeNull();
    expect(statusToggleCommand(host, marked, id, "surprised", false, NONE)).toEqual({
      type: "markSurprised",
      combatantId: id,
      surprised: false,
    });
  });

  it("SEG-16: segment turns surprised into its surprise command", () => {
    const { host, state, ids } = created("segment");
    const id = ids[0] ?? "";
    expect(statusToggleCommand(host, state, id, "surprised", true, NONE)).toEqual({
      type: "surprise",
      combatantId: id,
      surprised: true,
    });
  });

  it("DEF-1: core's defeated status is defeat / revive in every ruleset, unless the engine holds it so", () => {
    for (const ruleset of RULESET_IDS) {
      const { host, state, ids } = created(ruleset);
      const id = ids[0] ?? "";
      expect(statusToggleCommand(host, state, id, DEFEATED_STATUS, true, NONE), ruleset).toEqual({
        type: "defeat",
        combatantId: id,
      });
      expect(statusToggleCommand(host, state, id, DEFEATED_STATUS, false, NONE), ruleset).toBeNull();
    }
  });

  it("DEF-1 ruling: outside count unconscious is defeat, and the creature is revived only when it shows neither unconscious nor the defeated status", () => {
    for (const ruleset of RULESET_IDS.filter((r) => r !== "count")) {
      const { host, state, ids } = created(ruleset);
      const id = ids[0] ?? "";
      const defeat = { type: "defeat", combatantId: id };
      const revive = { type: "revive", combatantId: id };
      expect(statusToggleCommand(host, state, id, "unconscious", true, new Set(["unconscious"])), ruleset).toEqual(
        defeat,
      );
      expect(statusToggleCommand(host, state, id, "unconscious", false, NONE), ruleset).toBeNull();
      const out = unwrapStep(host.apply(state, { type: "defeat", combatantId: id })).state;
      // Already out: the other status changes nothing; waking while dead, or taken off dead while unconscious, neither.
      expect(
        statusToggleCommand(host, out, id, DEFEATED_STATUS, true, new Set(["unconscious", DEFEATED_STATUS])),
      ).toBeNull();
      expect(statusToggleCommand(host, out, id, "unconscious", false, new Set([DEFEATED_STATUS])), ruleset).toBeNull();
      expect(statusToggleCommand(host, out, id, DEFEATED_STATUS, false, new Set(["unconscious"])), ruleset).toBeNull();
      expect(statusToggleCommand(host, out, id, "unconscious", false, NONE), ruleset).toEqual(revive);
    }
  });

  it("PHS-6 ruling: Slowed turned on in a phase creature's own movement slot ends its turn, nowhere else", () => {
    const { host, state, ids } = created("phase");
    const [mover = "", other = ""] = ids;
    const inSlot = { ...(state as object), phase: "movement", current: mover };
    expect(statusToggleCommand(host, inSlot, mover, "slowed", true, NONE)).toEqual({
      type: "endTurn",
      combatantId: mover,
    });
    // Off, another creature's slot, the battle phase, another ruleset: read from the token, no command.
    expect(statusToggleCommand(host, inSlot, mover, "slowed", false, NONE)).toBeNull();
    expect(statusToggleCommand(host, inSlot, other, "slowed", true, NONE)).toBeNull();
    expect(statusToggleCommand(host, { ...inSlot, phase: "battle" }, mover, "slowed", true, NONE)).toBeNull();
    const count = created("count");
    expect(statusToggleCommand(count.host, count.state, count.ids[0] ?? "", "slowed", true, NONE)).toBeNull();
  });

  it("DEF-1 ruling: unconscious is not dead: core's defeated flag is drawn for a creature out of the fight unless only unconscious keeps it out (count: whenever out)", () => {
    const unconscious = new Set(["unconscious"]);
    const both = new Set(["unconscious", DEFEATED_STATUS]);
    for (const ruleset of RULESET_IDS) {
      expect(defeatedFlag(ruleset, false, both), ruleset).toBe(false);
      expect(defeatedFlag(ruleset, true, NONE), ruleset).toBe(true);
      expect(defeatedFlag(ruleset, true, both), ruleset).toBe(true);
      expect(defeatedFlag(ruleset, true, unconscious), ruleset).toBe(ruleset === "count");
      // A written flag: ticked defeats, unticked revives, except an unconscious creature outside count.
      expect(defeatedFlagCommand(ruleset, "a", false, true, NONE)).toEqual({ type: "defeat", combatantId: "a" });
      expect(defeatedFlagCommand(ruleset, "a", true, true, unconscious)).toBeNull();
      expect(defeatedFlagCommand(ruleset, "a", true, false, NONE)).toEqual({ type: "revive", combatantId: "a" });
      expect(defeatedFlagCommand(ruleset, "a", true, false, both), ruleset).toEqual(
        ruleset === "count" ? { type: "revive", combatantId: "a" } : null,
      );
      expect(defeatedFlagCommand(ruleset, "a", false, false, NONE)).toBeNull();
    }
  });

  it("conditions the engine only reads from the token, unknown statuses and unknown combatants send nothing", () => {
    for (const ruleset of RULESET_IDS) {
      const { host, state, ids } = created(ruleset);
      for (const status of [...CONDITION_IDS, "prone", "toString"]) {
        if (COMMAND_STATUSES[ruleset].includes(status)) continue;
        expect(statusToggleCommand(host, state, ids[0] ?? "", status, true, NONE), `${ruleset} ${status}`).toBeNull();
      }
      expect(statusToggleCommand(host, state, "nobody", DEFEATED_STATUS, true, NONE)).toBeNull();
      expect(statusToggleCommand(host, null, ids[0] ?? "", DEFEATED_STATUS, true, NONE)).toBeNull();
    }
  });
});
