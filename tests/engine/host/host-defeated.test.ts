import { describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../../src/engine/index.ts";
import { hostCombatant, step, storedEncounter } from "../../support/host-encounter.ts";

describe("host.defeated: what core's combatant.defeated mirrors", () => {
  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1: %s reports a defeat and a revive, and never a combatant it does not hold",
    (ruleset) => {
      const { host, stored } = storedEncounter(ruleset, 3);
      const id = hostCombatant(1).id;
      expect(host.defeated(step(host, stored, { type: "start" }).state, id)).toBe(false);
      const defeated = step(host, stored, { type: "defeat", combatantId: id });
      expect(host.defeated(defeated.state, id)).toBe(true);
      expect(host.defeated(defeated.state, hostCombatant(0).id)).toBe(false);
      const revived = step(host, defeated.stored, { type: "revive", combatantId: id });
      expect(host.defeated(revived.state, id)).toBe(false);
      expect(host.defeated(revived.state, "nobody")).toBe(false);
    },
  );

  it("DEF-1: a combatant that joins defeated is reported defeated by every ruleset", () => {
    for (const ruleset of RULESET_IDS) {
      const { host, stored } = storedEncounter(ruleset, 2);
      const started = step(host, stored, { type: "start" });
      const joined = host.join(started.state, { ...hostCombatant(5), defeated: true });
      expect(joined.ok && host.defeated(joined.value.state, hostCombatant(5).id)).toBe(true);
    }
  });
});
