/**
 * Issue 19 item 6, DEF-1: the GM marks the acting combatant defeated as core's tracker does (the
 * combatant's `defeated` flag), or the acting creature falls unconscious (the status on its token, as a
 * damage card's Apply or the token HUD puts it); the engine ends its turn in the same Tempo write, core's
 * `combatant` is the next living creature, its owner is offered no turn controls for it any more, and the
 * GM's undo gives the turn back.
 */
import { afterAll, describe, expect, it } from "vitest";
import { controlsIn } from "../support/tracker-controls.ts";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import {
  coreMismatches,
  documentWrites,
  embedded,
  installTempoWorld,
  ownedId,
  playUntil,
  type Tempo,
} from "../support/tempo-encounter.ts";

const t = await installTempoWorld(71);
const { world, gm } = t;
afterAll(() => world.uninstall());

const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");

const acting = (combat: Tempo): string | null => t.model(combat).host.current(t.model(combat).state);

/** The controls its owner is offered for a creature that would act on a turn: end it, delay, ready, act. */
function turnControls(combat: Tempo, id: string): string[] {
  const input = trackerInputOf(combat, t.owner as never);
  if (input === null) throw new Error("no tracker input");
  return controlsIn(buildTrackerContext(input))
    .filter((c) => c.combatantId === id)
    .map((c) => (typeof c.command === "string" ? (JSON.parse(c.command) as { type: string }).type : c.action))
    .filter((name) => ["endTurn", "delay", "phaseDelay", "ready", "tempoReady", "defend", "disengage"].includes(name));
}

describe("DEF-1: defeat ends a turn at the table", () => {
  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1: %s: the GM marks the acting creature defeated: one Tempo write, another living creature acts, no turn controls for the defeated one",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 4);
      const own = ownedId(t, combat);
      const ready = (c: Tempo) => acting(c) === own && t.model(c).host.pending(t.model(c).state).length === 0;
      expect(await playUntil(t, combat, ready)).toBe(true);
      expect(turnControls(combat, own)).toContain("endTurn");

      const from = world.writes.length;
      await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: own, defeated: true }]);
      await world.idle();
      const writes = documentWrites(world, from).map((w) => `${w.userId} ${w.action ?? "update"} ${w.document}`);
      expect(writes[0]).toBe(`${gm.id} update Combatant`);
      expect(writes.filter((w) => w.endsWith(" Combat"))).toEqual([`${gm.id} update Combat`]);

      const now = combat.combatant;
      expect(now?.id).not.toBe(own);
      expect(now?.id).toBe(acting(combat));
      expect(now?.defeated).toBe(false);
      expect(t.model(combat).host.defeated(t.model(combat).state, own)).toBe(true);
      expect(coreMismatches(t, combat)).toEqual([]);
      expect(turnControls(combat, own)).toEqual([]);

      // The GM's undo (core's previous turn) gives the turn back to the creature, no longer defeated.
      await combat.previousTurn();
      await world.idle();
      expect(combat.combatant?.id).toBe(own);
      expect(combat.combatants.get(own)?.defeated).toBe(false);
      expect(coreMismatches(t, combat)).toEqual([]);
    },
  );
});

describe("DEF-1, CNT-14: falling unconscious ends a turn at the table", () => {
  it.each(RULESET_IDS.map((r) => [r] as [RulesetId]))(
    "DEF-1, CNT-14: %s: the acting creature falls unconscious (the status on its token): one Combat write, another creature acts, nobody waits for it, no turn controls for it, not struck through as defeated; undo gives the turn back and takes the status off, redo puts both back",
    async (ruleset) => {
      // The owner's creature has an actor of its own, whose token shows its statuses.
      const actor = await world.addActor(`Hero ${ruleset}`, [t.owner.id], "character");
      const combat = await t.encounter(ruleset, 4, undefined, (i) => (i === 0 ? { actorId: actor.id } : {}));
      const own = ownedId(t, combat);
      const ready = (c: Tempo) => acting(c) === own && t.model(c).host.pending(t.model(c).state).length === 0;
      expect(await playUntil(t, combat, ready)).toBe(true);

      const from = world.writes.length;
      await actor.toggleStatusEffect("unconscious", { active: true });
      await world.idle();
      const writes = documentWrites(world, from).map((w) => `${w.userId} ${w.action ?? "update"} ${w.document}`);
      expect(writes[0]).toBe(`${gm.id} create ActiveEffect`);
      expect(writes.filter((w) => w.endsWith(" Combat"))).toEqual([`${gm.id} update Combat`]);

      const now = combat.combatant;
      expect(now?.id).not.toBe(own);
      expect(now?.id).toBe(acting(combat));
      expect(acting(combat)).not.toBe(own);
      expect(coreMismatches(t, combat)).toEqual([]);
      expect(turnControls(combat, own)).toEqual([]);
      // Count keeps it at count 20 (CNT-14); the others hold it out of the fight as defeated (the ruling).
      const model = t.model(combat);
      if (ruleset === "count") expect(combat.combatants.get(own)?.initiative).toBe(20);
      else expect(model.host.defeated(model.state, own)).toBe(true);
      // Unconscious is not dead (ruling in engine status-toggles.ts): core's defeated flag stays off.
      expect(combat.combatants.get(own)?.defeated).toBe(false);

      // The GM's undo gives the turn back, and the token no longer shows it unconscious; redo puts both back.
      await combat.previousTurn();
      await world.idle();
      expect(combat.combatant?.id).toBe(own);
      expect(acting(combat)).toBe(own);
      expect(actor.statuses.has("unconscious")).toBe(false);
      expect(coreMismatches(t, combat)).toEqual([]);
      expect((await combat.tempoCommand({ type: "redo" })).ok).toBe(true);
      await world.idle();
      expect([acting(combat) === own, actor.statuses.has("unconscious")]).toEqual([false, true]);
      expect(coreMismatches(t, combat)).toEqual([]);
    },
  );
});

describe("DEF-1 ruling: unconscious is not dead", () => {
  it("DEF-1: phase: an unconscious creature is drawn defeated only once core's defeated status joins it; the GM ticking and unticking the flag of a creature only unconscious writes no Combat and revives nothing", async () => {
    const actor = await world.addActor("Sleeper", [t.owner.id], "character");
    const combat = await t.encounter("phase", 3, undefined, (i) => (i === 0 ? { actorId: actor.id } : {}));
    const own = ownedId(t, combat);
    const out = () => t.model(combat).host.defeated(t.model(combat).state, own);
    const flag = () => combat.combatants.get(own)?.defeated;
    await actor.toggleStatusEffect("unconscious", { active: true });
    await world.idle();
    expect([out(), flag()]).toEqual([true, false]);
    await actor.toggleStatusEffect("dead", { active: true });
    await world.idle();
    expect([out(), flag()]).toEqual([true, true]);
    await actor.toggleStatusEffect("dead", { active: false });
    await world.idle();
    expect([out(), flag()]).toEqual([true, false]);
    // Ticked and unticked by the GM (core's tracker): it stays out while unconscious.
    const from = world.writes.length;
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: own, defeated: true }]);
    await world.idle();
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: own, defeated: false }]);
    await world.idle();
    expect(documentWrites(world, from).filter((w) => w.document === "Combat")).toEqual([]);
    expect([out(), coreMismatches(t, combat)]).toEqual([true, []]);
  });
});
