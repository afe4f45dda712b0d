/**
 * Issue 19 item 6, DEF-1: the GM marks the acting combatant defeated as core's tracker does (the
 * combatant's `defeated` flag), or the acting creature falls unconscious (the status on its token, as a
 * damage card's Apply or the token HUD puts it); the engine ends its turn in the same Tempo write, core's
 * `combatant` is the next living creature, its owner is offered no turn controls for it any more, and the
 * GM's undo gives the turn back.
 */
import { afterAll, describe, expect, it } from "vitest";
import { controlsIn } from "../support/tracker-controls.ts";
import { RULESET_IDS, heldConditionsOf, type RulesetId } from "../../src/engine/index.ts";
import { reloadGm } from "../support/secrets-probe.ts";
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

describe("DEF-1: undo and redo of a creature's fall and waking keep its statuses, across a GM's reload", () => {
  /** The actor of `id` on the page now running (a reload is a new page with new documents). */
  const actorNow = (combat: Tempo, id: string) => {
    const actor = combat.combatants.get(id)?.actor;
    if (actor === null || actor === undefined) throw new Error("no actor");
    return actor;
  };
  /** Someone acts and nothing waits for dice. */
  const running = (c: Tempo) => acting(c) !== null && t.model(c).host.pending(t.model(c).state).length === 0;
  const combatWrites = (from: number) => documentWrites(world, from).filter((w) => w.document === "Combat").length;

  it.each([
    ["standard", "unconscious"],
    ["count", "dead"],
  ] as [RulesetId, string][])(
    "DEF-1: %s: the creature is taken out by %s, the GM undoes, reloads the page, redoes: the status is back on its token; one Combat write per click",
    async (ruleset, status) => {
      const actor = await world.addActor(`Faller ${ruleset}`, [t.owner.id], "character");
      const combat = await t.encounter(ruleset, 3, undefined, (i) => (i === 0 ? { actorId: actor.id } : {}));
      const own = ownedId(t, combat);
      expect(await playUntil(t, combat, running)).toBe(true);
      await actor.toggleStatusEffect(status, { active: true });
      await world.idle();
      expect(t.model(combat).host.defeated(t.model(combat).state, own)).toBe(true);

      let from = world.writes.length;
      expect((await combat.tempoCommand({ type: "undo" })).ok).toBe(true);
      await world.idle();
      expect([t.model(combat).host.defeated(t.model(combat).state, own), actor.statuses.has(status)]).toEqual([
        false,
        false,
      ]);
      expect(combatWrites(from)).toBe(1);

      const reloaded = await reloadGm(t, combat);
      from = world.writes.length;
      expect((await reloaded.tempoCommand({ type: "redo" })).ok).toBe(true);
      await world.idle();
      expect(combatWrites(from)).toBe(1);
      const model = t.model(reloaded);
      expect([model.host.defeated(model.state, own), actorNow(reloaded, own).statuses.has(status)]).toEqual([
        true,
        true,
      ]);
      expect(coreMismatches(t, reloaded)).toEqual([]);
    },
  );

  it.each(["standard", "count"] as RulesetId[])(
    "DEF-1, CNT-14: %s: an unconscious creature wakes (the GM takes the status off), the GM undoes: unconscious is back on its token and it is out again; redo takes it off again; one Combat write per click",
    async (ruleset) => {
      const actor = await world.addActor(`Sleeper ${ruleset}`, [t.owner.id], "character");
      const combat = await t.encounter(ruleset, 3, undefined, (i) => (i === 0 ? { actorId: actor.id } : {}));
      const own = ownedId(t, combat);
      expect(await playUntil(t, combat, running)).toBe(true);
      await actor.toggleStatusEffect("unconscious", { active: true });
      await world.idle();
      await actor.toggleStatusEffect("unconscious", { active: false });
      await world.idle();
      // Out of the fight (or, in count, held unconscious: CNT-14) as the engine holds it.
      const out = (c: Tempo) => {
        const model = t.model(c);
        const held = model.host.id === "count" ? heldConditionsOf(model.host, model.state).get(own) : undefined;
        return ruleset === "count" ? (held?.has("unconscious") ?? false) : model.host.defeated(model.state, own);
      };
      expect([out(combat), actor.statuses.has("unconscious")]).toEqual([false, false]);

      let from = world.writes.length;
      expect((await combat.tempoCommand({ type: "undo" })).ok).toBe(true);
      await world.idle();
      expect(combatWrites(from)).toBe(1);
      expect([out(combat), actor.statuses.has("unconscious")]).toEqual([true, true]);
      expect(coreMismatches(t, combat)).toEqual([]);

      const reloaded = await reloadGm(t, combat);
      from = world.writes.length;
      expect((await reloaded.tempoCommand({ type: "redo" })).ok).toBe(true);
      await world.idle();
      expect(combatWrites(from)).toBe(1);
      expect([out(reloaded), actorNow(reloaded, own).statuses.has("unconscious")]).toEqual([false, false]);
      // And back again, on the reloaded page: undo puts it on once more.
      expect((await reloaded.tempoCommand({ type: "undo" })).ok).toBe(true);
      await world.idle();
      expect([out(reloaded), actorNow(reloaded, own).statuses.has("unconscious")]).toEqual([true, true]);
      expect(coreMismatches(t, reloaded)).toEqual([]);
    },
  );
});
