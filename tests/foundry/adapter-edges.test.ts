/**
 * The adapter's rough edges (issue 8, item 10), each as a user meets it: one click is one undo
 * step, a player's "end turn" ends its turn, `defeated` and the engine agree both ways, and a GM's
 * initiative typed into the tracker reaches the engine at once.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  RULESET_IDS,
  automaticRequests,
  readStoredCombat,
  stepCombat,
  type RulesetId,
  type StoredCombat,
} from "../../src/engine/index.ts";
import {
  coreMismatches,
  documentWrites,
  embedded,
  installTempoWorld,
  ownedId,
  playUntil,
  snapshot,
  storedSource,
  type Tempo,
} from "../support/tempo-encounter.ts";
import { copyOn } from "../support/client-combats.ts";

const t = await installTempoWorld(23);
const { world } = t;
afterAll(() => world.uninstall());

const rulesets = RULESET_IDS.map((r) => [r] as [RulesetId]);

/** Every roll that is scripted gives 3: within every formula's range here (bonuses 0), and a tie. */
function scriptTies(count: number): void {
  world.scriptedTotals.splice(0, world.scriptedTotals.length, ...Array.from({ length: count }, () => 3));
}

/** Runs `click`, and returns the document writes it made and whether it posted a roll summary. */
async function click(
  fn: () => Promise<unknown>,
): Promise<{ combatWrites: number; combatantWrites: number; rolled: boolean }> {
  const from = world.writes.length;
  await fn();
  await world.idle();
  const writes = documentWrites(world, from);
  return {
    combatWrites: writes.filter((w) => w.document === "Combat").length,
    combatantWrites: writes.filter((w) => w.document === "Combatant").length,
    rolled: world.writes.slice(from).some((w) => w.document === "ChatMessage"),
  };
}

describe("one click, one write, one undo step (dice that settle an order are part of the click)", () => {
  it.each(rulesets)(
    "%s: a click that brings contests, roll-offs or a group's d6 is one Combat update, undone by one previous turn",
    async (ruleset) => {
      const combat: Tempo = await t.encounter(ruleset, 4, () => ({ initiativeBonus: 0, int: 0, agi: 0 }));
      await combat.startCombat();
      await world.idle();
      let withDice = 0;
      const clicks: (() => Promise<unknown>)[] = [() => combat.rollAll()];
      for (let i = 0; i < 16; i++) clicks.push(() => combat.nextTurn());
      for (const [i, next] of clicks.entries()) {
        if (i === 0) scriptTies(4 * 2);
        const before = JSON.stringify(t.model(combat).engine);
        const made = await click(next);
        expect(made.combatWrites).toBeLessThanOrEqual(1);
        expect(made.combatantWrites).toBeLessThanOrEqual(1);
        expect(coreMismatches(t, combat)).toEqual([]);
        if (!made.rolled || made.combatWrites === 0) continue;
        withDice++;
        const undo = await click(() => combat.previousTurn());
        expect(undo.combatWrites).toBe(1);
        expect(JSON.stringify(t.model(combat).engine)).toBe(before);
        expect(coreMismatches(t, combat)).toEqual([]);
        await click(() => combat.tempoCommand({ type: "redo" }));
      }
      world.scriptedTotals.length = 0;
      expect(withDice).toBeGreaterThan(0);
    },
  );
});

describe("core's next-turn arrow on a player's client is Tempo's end turn", () => {
  it.each(rulesets)(
    "%s: the owner of the acting creature ends its turn; another player is told only the GM can",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 4);
      const own = ownedId(t, combat);
      expect(await playUntil(t, combat, (c) => c.combatant?.id === own)).toBe(true);
      const before = snapshot(combat);
      const notices = world.notices.length;
      const refused = await click(() => world.as(t.other, () => combat.nextTurn()));
      expect(refused.combatWrites + refused.combatantWrites).toBe(0);
      expect(snapshot(combat)).toBe(before);
      expect(world.notices.slice(notices)).toEqual([
        { user: t.other.id, text: expect.stringContaining("TEMPO.ERRORS.Access.GmOnly") as unknown as string },
      ]);
      const m = t.model(combat);
      const next = stepCombat(m.host, readStoredCombat(storedSource(combat)) as StoredCombat, { type: "next" });
      const ended = await click(() => world.as(t.owner, () => combat.nextTurn()));
      expect(ended.combatWrites).toBe(1);
      // exactly the GM's next (with no dice asked for that settle an order: none come up here)
      expect(next.ok && automaticRequests(next.value.requests).length === 0).toBe(true);
      if (next.ok) expect(t.model(combat).engine).toEqual(next.value.stored.engine);
      expect(world.notices.filter((n) => n.user === t.owner.id)).toEqual([]);
      expect(coreMismatches(t, combat)).toEqual([]);
    },
  );

  it("an end-turn click that arrives after the turn moved on ends nobody's turn", async () => {
    const combat = await t.encounter("standard", 4);
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined && c.combatant?.id !== own)).toBe(true);
    const before = snapshot(combat);
    const answer = await world.as(t.owner, () => combat.tempoCommand({ type: "endTurn", combatantId: own }));
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({ key: "TEMPO.ERRORS.Access.NotOwner" }) as unknown,
    });
    const gm = await combat.tempoCommand({ type: "endTurn", combatantId: own });
    expect(gm).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Host.NotCurrentTurn", data: { id: own } } });
    expect(snapshot(combat)).toBe(before);
  });
});

/** The second combatant (an NPC nobody but the GM owns). */
const npcOf = (combat: Tempo) => combat.combatants.contents[1]?.id ?? "";

describe("combatant.defeated and the engine agree both ways, with no loop of updates", () => {
  it.each(rulesets)("DEF-1: %s: defeat and revive commands, their undo, and the tracker toggle", async (ruleset) => {
    const combat = await t.encounter(ruleset, 4);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const npc = npcOf(combat);
    const doc = () => combat.combatants.get(npc);
    const defeat = await click(() => combat.tempoCommand({ type: "defeat", combatantId: npc }));
    expect(defeat).toMatchObject({ combatWrites: 1 });
    expect(defeat.combatantWrites).toBeLessThanOrEqual(1);
    expect(doc()?.defeated).toBe(true);
    expect(coreMismatches(t, combat)).toEqual([]);
    await click(() => combat.previousTurn());
    expect(doc()?.defeated).toBe(false);
    await click(() => combat.tempoCommand({ type: "redo" }));
    expect(doc()?.defeated).toBe(true);
    const revive = await click(() => combat.tempoCommand({ type: "revive", combatantId: npc }));
    expect(revive.combatWrites).toBe(1);
    expect(doc()?.defeated).toBe(false);
    // the tracker's toggle: the GM's own write, then exactly one engine step and nothing more
    const toggle = await click(() =>
      embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: npc, defeated: true }]),
    );
    expect(toggle.combatWrites).toBe(1);
    expect(toggle.combatantWrites).toBeLessThanOrEqual(2);
    expect(t.model(combat).host.defeated(t.model(combat).state, npc)).toBe(true);
    expect(coreMismatches(t, combat)).toEqual([]);
    // issue 18: the owner's toggle of its own creature is not a command a player may give (`defeat` is
    // the GM's), so the GM's client sets it back: the engine and core both say "not defeated"
    const own = ownedId(t, combat);
    await click(() =>
      world.as(t.owner, () => embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: own, defeated: true }])),
    );
    expect(t.model(combat).host.defeated(t.model(combat).state, own)).toBe(false);
    expect(combat.combatants.get(own)?.defeated).toBe(false);
    expect(coreMismatches(t, combat)).toEqual([]);
  });
});

describe("a GM's initiative typed into the tracker reaches the engine at once", () => {
  it.each(rulesets)(
    "%s: set initiative by the engine (count: the count), turn order and core fields follow",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 4);
      expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
      const npc = npcOf(combat);
      const value = 2;
      const m = t.model(combat);
      const expected = stepCombat(m.host, readStoredCombat(storedSource(combat)) as StoredCombat, {
        type: "setInitiative",
        combatantId: npc,
        value,
      });
      const notices = world.notices.length;
      const typed = await click(() =>
        embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: npc, initiative: value }]),
      );
      expect(typed.combatWrites).toBe(1);
      expect(expected.ok).toBe(true);
      if (expected.ok && automaticRequests(expected.value.requests).length === 0) {
        expect(t.model(combat).engine).toEqual(expected.value.stored.engine);
      }
      expect(world.notices.slice(notices)).toEqual([]);
      expect(coreMismatches(t, combat)).toEqual([]);
      // one previous turn takes it back
      await click(() => combat.previousTurn());
      expect(combat.combatants.get(npc)?.initiative).toBe(m.host.initiative(m.state, npc));
    },
  );

  it("a value the ruleset refuses goes back at once with the engine's reason; a cleared one changes nothing anyone sees", async () => {
    const combat = await t.encounter("count", 4);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const npc = npcOf(combat);
    const before = snapshot(combat);
    await click(() => embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: npc, initiative: 99 }]));
    expect(snapshot(combat)).toBe(before);
    expect(world.notices.at(-1)).toEqual({
      user: t.gm.id,
      text: expect.stringContaining("TEMPO.ERRORS.Count.InvalidCount") as unknown as string,
    });
    // Issue 17: Tempo stores no initiative on a combatant (every client derives it from the engine), so
    // a cleared field is no change at all: nothing is sent and every client still shows the engine's count.
    await click(() => embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: npc, initiative: null }]));
    expect(snapshot(combat)).toBe(before);
    const m = t.model(combat);
    // Issue 18: a player's client shows an NPC's count only when the NPC-initiative setting allows (off).
    for (const client of world.runtime.network.connectedClients)
      expect(copyOn(client, combat.id ?? "").combatants.get(npc)?.initiative).toBe(
        client.user.isGM ? m.host.initiative(m.state, npc) : null,
      );
  });

  it("a GM's direct write of the turn goes back to the engine's, with a notice", async () => {
    const combat = await t.encounter("rotation", 4);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const before = snapshot(combat);
    await click(() => combat.update({ turn: ((combat.turn ?? 0) + 1) % 4 } as never));
    expect(snapshot(combat)).toBe(before);
    expect(world.notices.at(-1)).toEqual({
      user: t.gm.id,
      text: expect.stringContaining("TEMPO.NOTICES.TurnRolledBack") as unknown as string,
    });
  });
});

describe("the roster is the Combatant documents (found by the permission matrix)", () => {
  it.each(rulesets)(
    "%s: the engine's join and leave given as commands are refused, even for the GM",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 3);
      expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
      const before = snapshot(combat);
      const leave = await combat.tempoCommand({ type: "leave", combatantId: npcOf(combat) });
      expect(leave).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Host.RosterCommand", data: { type: "leave" } } });
      const join = await combat.tempoCommand({ type: "join", combatantId: "ghost", combatant: { id: "ghost" } });
      expect(join).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Host.RosterCommand", data: { type: "join" } } });
      expect(snapshot(combat)).toBe(before);
      expect(coreMismatches(t, combat)).toEqual([]);
    },
  );
});
