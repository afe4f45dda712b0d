/**
 * Issue 17 (host step time): the active GM's page works its next step out while idle (combat/
 * idle-preparation.ts, prepared-next.ts) and the click posts and writes it. A GM must not be able to tell:
 * played from the same seed, with the pages idle between clicks (steps prepared) and without (every click
 * works its step out), the tracker shows the same rounds, turns, order, initiatives and action trackers after every click,
 * the same roll cards are posted, and undo goes back the same way. A step prepared before something it
 * read changed is not used. Runs in the `foundry` and `foundry-v14` projects.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { isPrepared, preparedTaken } from "../../src/foundry/combat/prepared-next.ts";
import { coreMismatches, installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";

const t = await installTempoWorld(11);
const { world } = t;
afterAll(() => world.uninstall());
// Loaded once Foundry's globals are installed (its data models extend them).
const { ownerStateOf } = await import("../../src/foundry/combat/owner-view.ts");
const { keptActionsOf } = await import("../../src/foundry/combat/secret-actions.ts");
const { storedActionsOf } = await import("../../src/foundry/data/combatant/combatant-model.ts");

const SEED = 4242;
const CLICKS = 24;

/** What the GM sees after a click, each creature named by the order it was added in. */
function seen(combat: Tempo, index: ReadonlyMap<string | null, number>, messages: number) {
  return {
    round: combat.round,
    turn: combat.turn,
    acting: index.get(combat.combatant?.id ?? null) ?? null,
    order: combat.turns.map((c) => index.get(c.id) ?? -1),
    initiative: [...combat.combatants.contents]
      .sort((a, b) => (index.get(a.id) ?? 0) - (index.get(b.id) ?? 0))
      .map((c) => c.initiative),
    // STD-6, ACT-ROT: each creature's action tracker (an NPC's as the GM keeps it), found ahead with the step.
    trackers: [...combat.combatants.contents]
      .sort((a, b) => (index.get(a.id) ?? 0) - (index.get(b.id) ?? 0))
      .map((c) => JSON.stringify(keptActionsOf(c) ?? storedActionsOf(c) ?? null)),
    // DEF-1: core's fields the mirror keeps (written with the trackers, worked out ahead too).
    core: [...combat.combatants.contents]
      .sort((a, b) => (index.get(a.id) ?? 0) - (index.get(b.id) ?? 0))
      .map((c) => [c.defeated, c._source.initiative]),
    cards: world.messages.length - messages,
    totals: world.messages
      .slice(messages)
      .map((m) =>
        JSON.stringify((m.system as { input?: unknown }).input ?? null).replace(/\b[A-Za-z0-9]{16}\b/g, "id"),
      ),
  };
}

/** The view the owner's page draws its hidden creature from (owner-view.ts), ids put aside. */
async function ownerSees(combat: Tempo): Promise<string> {
  const view = await world.as(t.owner, () => Promise.resolve(ownerStateOf(copyOf(t, t.owner.id, combat.id ?? ""))));
  return JSON.stringify(view ?? null).replace(/\b[A-Za-z0-9]{16}\b/g, "id");
}

async function play(ruleset: RulesetId, idle: boolean, hidden = false) {
  world.reseed(SEED);
  // `hidden`: the owner's creature is hidden, so the owner's page is sent its own view after every write.
  const combat = await t.encounter(ruleset, 8, undefined, hidden ? (i) => ({ hidden: i === 0 }) : undefined);
  const index = new Map(combat.combatants.contents.map((c, i) => [c.id, i] as const));
  await combat.startCombat();
  await world.idle();
  const taken = preparedTaken();
  const out = [];
  for (let i = 0; i < CLICKS; i++) {
    const messages = world.messages.length;
    const m = t.model(combat);
    if (m.host.pending(m.state).length > 0) await combat.rollAll();
    else {
      if (idle) await world.runIdle();
      await combat.nextTurn();
    }
    await world.idle();
    out.push({ ...seen(combat, index, messages), owner: hidden ? await ownerSees(combat) : "" });
  }
  for (let i = 0; i < 3; i++) {
    await combat.previousTurn();
    await world.idle();
    out.push({ ...seen(combat, index, world.messages.length), owner: hidden ? await ownerSees(combat) : "" });
  }
  const used = preparedTaken() - taken;
  await combat.delete();
  await world.idle();
  return { out, used };
}

describe("Issue 17: the next step worked out while the GM's page is idle", () => {
  for (const ruleset of RULESET_IDS)
    it(`CNT-3, STD-1, PHS-1, SEG-1, ROT-1: ${ruleset}: a prepared next shows, posts and undoes as the click's own would`, async () => {
      const prepared = await play(ruleset, true);
      const worked = await play(ruleset, false);
      expect(worked.used).toBe(0);
      // Most clicks are a plain next with nothing rolled in between: they took the prepared step.
      expect(prepared.used).toBeGreaterThan(CLICKS / 3);
      expect(prepared.out).toEqual(worked.out);
    });

  for (const ruleset of ["count", "phase"] as const)
    it(`CNT-5, PHS-2 (issue 18): ${ruleset}: with the owner's creature hidden, the owner is sent the same views`, async () => {
      const prepared = await play(ruleset, true, true);
      const worked = await play(ruleset, false, true);
      expect(prepared.used).toBeGreaterThan(CLICKS / 3);
      expect(prepared.out.some((s) => s.owner !== "null" && s.owner !== "")).toBe(true);
      expect(prepared.out).toEqual(worked.out);
    });

  it("CNT-6: a player's End my turn of the creature acting now takes the step the GM's page worked out", async () => {
    const combat = await t.encounter("count", 6);
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => c.combatant?.id === own)).toBe(true);
    await world.runIdle();
    const taken = preparedTaken();
    const acting = combat.combatant?.id;
    await world.as(t.owner, () => combat.nextTurn());
    await world.idle();
    expect(preparedTaken()).toBe(taken + 1);
    expect(combat.combatant?.id).not.toBe(acting);
    expect(coreMismatches(t, combat)).toEqual([]);
    await combat.delete();
    await world.idle();
  });

  it.each([
    ["digital dice", {}, true, false],
    ["a d20 set to manual entry", { d20: "manual" }, false, false],
    ["a d20 set to manual entry after the idle period", {}, false, true],
  ] as const)(
    "CNT-5: with %s, a click whose step rolls dice takes a step worked out ahead: %s",
    async (_, dice, ahead, switched) => {
      await game.settings.set("core", "diceConfiguration", dice);
      const combat = await t.encounter("count", 12);
      await combat.startCombat();
      await world.idle();
      let diceClicks = 0;
      let diceTaken = 0;
      for (let i = 0; i < 200 && diceClicks < 2; i++) {
        const m = t.model(combat);
        if (m.host.pending(m.state).length > 0) {
          await combat.rollAll();
          await world.idle();
          continue;
        }
        await world.runIdle();
        if (switched) await game.settings.set("core", "diceConfiguration", { d20: "manual" });
        const [taken, cards] = [preparedTaken(), world.messages.length];
        await combat.nextTurn();
        await world.idle();
        if (switched) await game.settings.set("core", "diceConfiguration", {});
        const rolled = world.messages.slice(cards).some((m) => m.type === "initiative");
        if (!rolled) continue;
        diceClicks++;
        if (preparedTaken() > taken) diceTaken++;
      }
      // The contests of new ties (CNT-5) come with the clicks that make them.
      expect(diceClicks).toBeGreaterThan(0);
      expect(diceTaken).toBe(ahead ? diceClicks : 0);
      await game.settings.set("core", "diceConfiguration", {});
      await combat.delete();
      await world.idle();
    },
  );

  it("CNT-2: a step prepared before a creature was hidden, a token changed (not only moved) or an actor changed is not used", async () => {
    const combat = await t.encounter("count", 6);
    await combat.startCombat();
    await world.idle();
    await combat.rollAll();
    await world.idle();
    const seq = () => t.model(combat).seq;
    await world.runIdle();
    expect(isPrepared(combat.id ?? "", seq())).toBe(true);
    const hidden = combat.combatants.contents[2];
    await hidden?.update({ hidden: true });
    await world.idle();
    expect(isPrepared(combat.id ?? "", seq())).toBe(false);
    await world.runIdle();
    expect(isPrepared(combat.id ?? "", seq())).toBe(true);
    // A token's move (one update per waypoint) keeps it; a token's other change does not.
    world.callHook("updateToken", {}, { x: 100, y: 200, _movementHistory: [] }, {}, world.gm.id);
    expect(isPrepared(combat.id ?? "", seq())).toBe(true);
    world.callHook("updateToken", {}, { hidden: true }, {}, world.gm.id);
    expect(isPrepared(combat.id ?? "", seq())).toBe(false);
    await world.runIdle();
    const actor = await world.addActor("Newcomer");
    await world.idle();
    await world.runIdle();
    expect(isPrepared(combat.id ?? "", seq())).toBe(true);
    await actor.update({ name: "Renamed" });
    await world.idle();
    expect(isPrepared(combat.id ?? "", seq())).toBe(false);
    // The click works its own step out: one write, and core's fields agree with the engine.
    const before = seq();
    await combat.nextTurn();
    await world.idle();
    expect(seq()).toBe(before + 1);
    expect(coreMismatches(t, combat)).toEqual([]);
    await combat.delete();
    await world.idle();
  });
});
