/**
 * DEF-1 (issue 19 item 6): the acting creature defeated ends its turn at once, in every ruleset, through
 * the stored combat the Foundry layer steps (one step, so one undo restores it).
 */
import { describe, expect, it } from "vitest";
import {
  RULESET_IDS,
  eventString,
  type AnyRulesetHost,
  type CombatStep,
  type RulesetId,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

/** A started encounter of five, stepped until a creature is acting. */
function acting(ruleset: RulesetId): { host: AnyRulesetHost; at: CombatStep; id: string } {
  const { host, stored } = storedEncounter(ruleset, 5);
  const random = seeded(7);
  let at = step(host, stored, { type: "start" });
  for (let i = 0; i < 30 && host.current(at.state) === null; i++)
    at = step(host, at.stored, nextCommand(host, at.state, random));
  const id = host.current(at.state);
  if (id === null) throw new Error(`${ruleset}: nobody acts`);
  return { host, at, id };
}

const turnEvents = (s: CombatStep): string[] =>
  s.events.flatMap((e) =>
    e.type === "turnStarted" || e.type === "turnEnded" || e.type === "combatantDefeated"
      ? [`${e.type}:${eventString(e, "combatantId") ?? "?"}`]
      : [],
  );

describe("DEF-1: defeat ends the acting creature's turn", () => {
  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1: %s: defeating the acting creature starts the next living creature's turn; undo restores it",
    (ruleset) => {
      const { host, at, id } = acting(ruleset);
      const defeated = step(host, at.stored, { type: "defeat", combatantId: id });
      const now = host.current(defeated.state);
      expect(now).not.toBeNull();
      expect(now).not.toBe(id);
      expect(host.defeated(defeated.state, now ?? "")).toBe(false);
      expect(turnEvents(defeated)).toEqual([`turnEnded:${id}`, `combatantDefeated:${id}`, `turnStarted:${now ?? ""}`]);
      expect(host.timeline(defeated.state).some((row) => row.active && row.combatantId === id)).toBe(false);

      const undone = step(host, defeated.stored, { type: "undo" });
      expect(host.current(undone.state)).toBe(id);
      expect(host.defeated(undone.state, id)).toBe(false);
      expect(host.timeline(undone.state)).toEqual(host.timeline(at.state));
      const redone = step(host, undone.stored, { type: "redo" });
      expect(host.current(redone.state)).toBe(now);
    },
  );

  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1: %s: nobody acts for the defeated creature for the rest of the round, and revived it acts again in a later round",
    (ruleset) => {
      const { host, at, id } = acting(ruleset);
      const random = seeded(11);
      const round = host.round(at.state);
      let s = step(host, at.stored, { type: "defeat", combatantId: id });
      const started: string[] = [];
      for (let i = 0; i < 40 && host.round(s.state) === round; i++) {
        s = step(host, s.stored, nextCommand(host, s.state, random));
        if (host.round(s.state) === round) started.push(...turnEvents(s).filter((e) => e.startsWith("turnStarted")));
      }
      expect(started).not.toContain(`turnStarted:${id}`);
      s = step(host, s.stored, { type: "revive", combatantId: id });
      const again: string[] = [...turnEvents(s)];
      // Revived once its place may have passed: by the end of the round after next it has acted.
      for (let i = 0; i < 60 && host.round(s.state) <= round + 2; i++) {
        s = step(host, s.stored, nextCommand(host, s.state, random));
        again.push(...turnEvents(s));
      }
      expect(again).toContain(`turnStarted:${id}`);
    },
  );

  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1: %s: defeating whoever acts, one after another, never fails and leaves nobody acting",
    (ruleset) => {
      const { host, at } = acting(ruleset);
      let s = at;
      for (let i = 0; i < 5; i++) {
        const id = host.current(s.state);
        if (id === null) break;
        s = step(host, s.stored, { type: "defeat", combatantId: id });
      }
      const living = host.order(s.state).filter((id) => !host.defeated(s.state, id));
      expect(host.current(s.state) === null || living.includes(host.current(s.state) ?? "")).toBe(true);
      if (living.length === 0) expect(host.current(s.state)).toBeNull();
    },
  );
});
