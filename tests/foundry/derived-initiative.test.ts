/**
 * Issue 17: Tempo never writes `Combatant.initiative`; every client derives it from its combat's
 * engine state while preparing data (combatant-model.ts), so what a user sees — the initiative on
 * each combatant, `hasRolled`, core's turn order — is the engine's on every client, with no
 * per-creature write: after a roll, after a write to one combatant only, and after a reload.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { copyOn } from "../support/client-combats.ts";
import { embedded, installTempoWorld, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import type { Client } from "../support/runtime/client.ts";

const t = await installTempoWorld(41);
const { world } = t;
afterAll(() => world.uninstall());

/**
 * The engine's value as `client` may see it (issue 18): the GM every value; a player its own creatures',
 * player characters' and, when the world's NPC-initiative setting allows, NPCs'; never a hidden one's.
 */
function allowed(client: Client, c: Combatant.Implementation, engine: number | null): number | null {
  if (client.user.isGM) return engine;
  const pc = (c.system as { side?: unknown }).side === "pc";
  const npcs = world.runtime.as(client.userId, () => game.settings.get("tempo", "npcInitiative")) === true;
  if (c.hidden) return null;
  return pc || client.combatantLevel(c._source as never, client.userId) >= 3 || npcs ? engine : null;
}

/** What differs between the initiative each client shows and the engine's as it may see it (empty when none). */
function shownVersusEngine(combat: Tempo): string[] {
  const m = t.model(combat);
  const out: string[] = [];
  for (const client of world.runtime.network.connectedClients) {
    const copy = copyOn(client, combat.id ?? "");
    for (const c of copy.combatants) {
      const engine = allowed(client, c, m.host.initiative(m.state, c.id ?? ""));
      if (c.initiative !== engine) out.push(`${client.id} ${c.id ?? ""}: ${String(c.initiative)} ≠ ${String(engine)}`);
      if ((c as unknown as { hasRolled: boolean }).hasRolled !== (engine !== null))
        out.push(`${client.id} ${c.id ?? ""}: hasRolled`);
    }
  }
  return out;
}

describe("combatant initiative is derived from the engine on every client (issue 17)", () => {
  it.each(RULESET_IDS)(
    "%s: a whole round shows the engine's initiatives everywhere, none is written",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 6);
      const from = world.writes.length;
      await combat.tempoCommand({ type: "start" });
      await world.idle();
      expect(await playUntil(t, combat, (c) => c.round >= 2, 80)).toBe(true);
      expect(shownVersusEngine(combat)).toEqual([]);
      const m = t.model(combat);
      expect(combat.combatants.some((c) => m.host.initiative(m.state, c.id ?? "") !== null)).toBe(true);
      const written = world.writes
        .slice(from)
        .filter((w) => w.document === "Combatant" && Array.isArray(w.data))
        .flatMap((w) => w.data as Record<string, unknown>[])
        .filter((d) => "initiative" in d);
      expect(written).toEqual([]);
    },
  );

  it("a write to one combatant only (its flags) re-prepares it from the combat's state: still the engine's", async () => {
    const combat = await t.encounter("count", 5);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const id = combat.combatants.contents[1]?.id ?? "";
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: id, "flags.world.note": "x" }]);
    await world.idle();
    expect(shownVersusEngine(combat)).toEqual([]);
  });

  it("a combatant a combat update leaves as it was keeps the engine's value on the GM's page, even where core put the stored null back", async () => {
    // The GM's page alone (a page shares nothing with another: the model runs them in one process).
    for (const user of [t.owner, t.other, t.observer]) user.active = false;
    await world.idle();
    const combat = await t.encounter("count", 6);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const m = t.model(combat);
    const acting = m.host.current(m.state);
    // Issue 17: a GM's page skips a creature whose engine facts are the same object as last time; core's
    // `_initialize` (a reset from the source) puts the stored null back, which must not be kept.
    const onGm = copyOn(world.runtime.clientOf(t.gm.id), combat.id ?? "");
    const quiet = onGm.combatants.contents.filter((c) => c.id !== acting && c.initiative !== null).at(-1);
    expect(quiet).toBeDefined();
    (quiet as { initiative: number | null }).initiative = null;
    // A Combat update that leaves the engine as it is: every combatant is prepared again, none changed.
    await combat.update({ "flags.world.note": "x" } as never);
    await world.idle();
    expect(quiet?.initiative).toBe(m.host.initiative(m.state, quiet?.id ?? ""));
    expect(shownVersusEngine(combat)).toEqual([]);
    for (const user of [t.owner, t.other, t.observer]) user.active = true;
    await world.idle();
  });

  it("CNT-6: on a GM's page alone, where combatants the step left as they were are skipped, core's turns follow each count step's new order", async () => {
    // Issue 17: combatant-model.ts skips a creature whose facts object is the one it derived from; a step that
    // moves a creature to its resolution count changes the order core's turns must follow.
    for (const user of [t.owner, t.other, t.observer]) user.active = false;
    await world.idle();
    const combat = await t.encounter("count", 8);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const onGm = copyOn(world.runtime.clientOf(t.gm.id), combat.id ?? "");
    let reordered = 0;
    for (let step = 0; step < 12; step++) {
      const m = t.model(combat);
      if (m.host.pending(m.state).length > 0) await combat.rollAll();
      const before = onGm.turns.map((c) => c.id);
      await combat.nextTurn();
      await world.idle();
      const after = t.model(combat);
      expect(onGm.turns.map((c) => c.id)).toEqual(after.host.order(after.state));
      expect(onGm.combatant?.id ?? null).toBe(after.host.current(after.state));
      if (before.join() !== onGm.turns.map((c) => c.id).join()) reordered++;
    }
    expect(reordered).toBeGreaterThan(0);
    expect(shownVersusEngine(combat)).toEqual([]);
    for (const user of [t.owner, t.other, t.observer]) user.active = true;
    await world.idle();
  });

  it("a page loaded later shows the engine's initiatives at once", async () => {
    const combat = await t.encounter("standard", 5);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    t.observer.active = false;
    await world.idle();
    t.observer.active = true;
    await world.idle();
    expect(shownVersusEngine(combat)).toEqual([]);
    const observed = copyOn(world.runtime.clientOf(t.observer.id), combat.id ?? "");
    expect(observed.turns.map((c) => c.id)).toEqual(t.model(combat).host.order(t.model(combat).state));
  });

  it("a player's page reads the NPC-initiative setting once per combat update, not once per combatant", async () => {
    // Issue 17: the setting is read once per pass that prepares the combat's combatants (per-pass.ts).
    const combat = await t.encounter("standard", 6);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const player = world.runtime.clientOf(t.other.id);
    const reads = vi.spyOn(world.runtime.network, "getSetting");
    try {
      await combat.update({ "flags.world.note": "pass" } as never);
      await world.idle();
      const npcReads = reads.mock.calls.filter(([client, id]) => client === player && id === "tempo.npcInitiative");
      expect(npcReads).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    expect(shownVersusEngine(combat)).toEqual([]);
  });

  it("issue 18: a player's client shows an NPC's initiative only when the NPC-initiative setting allows, a hidden one's never", async () => {
    const combat = await t.encounter("standard", 5);
    expect(await playUntil(t, combat, (c) => c.combatant !== undefined)).toBe(true);
    const hiddenId = combat.combatants.contents[3]?.id ?? "";
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: hiddenId, hidden: true }]);
    await world.idle();
    const m = t.model(combat);
    const npc = combat.combatants.contents.find((c) => (c.system as { side?: unknown }).side === "enemy" && !c.hidden);
    const onPlayer = (id: string) => copyOn(world.runtime.clientOf(t.other.id), combat.id ?? "").combatants.get(id);
    expect(m.host.initiative(m.state, npc?.id ?? "")).not.toBeNull();
    expect(onPlayer(npc?.id ?? "")?.initiative).toBeNull();
    expect(onPlayer(hiddenId)?.initiative).toBeNull();
    expect(shownVersusEngine(combat)).toEqual([]);
    await game.settings.set("tempo", "npcInitiative", true);
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: npc?.id ?? "", "flags.world.note": "x" }]);
    await world.idle();
    expect(onPlayer(npc?.id ?? "")?.initiative).toBe(m.host.initiative(m.state, npc?.id ?? ""));
    expect(onPlayer(hiddenId)?.initiative).toBeNull();
    expect(shownVersusEngine(combat)).toEqual([]);
    await game.settings.set("tempo", "npcInitiative", false);
    await world.idle();
  });
});
