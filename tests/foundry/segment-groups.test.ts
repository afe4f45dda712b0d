/**
 * SEG-2 through Foundry's CombatantGroup: one group per side at the start (whose members keep no group of
 * their own: issue 17, every client derives it), the d6 each group rolls, a creature changing group while
 * actions are declared, and a combat an older Tempo started with every member moved into its side's group.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  regroupCombatants,
  SEGMENT_NO_DECLARATION,
  storeCombatState,
  type HostCombatant,
} from "../../src/engine/index.ts";
import { installGroupWorld, type CombatDoc, type Creature, type GroupDoc } from "../support/group-encounter.ts";

const { world, encounter, host, byName, engineGroup, docGroup, writesSince, newGroup, give } =
  await installGroupWorld(23);
afterAll(() => world.uninstall());
const { clearStateCache } = await import("../../src/foundry/combat/state-cache.ts");

/** The group a creature's document shows (core's prepared `combatant.group`). */
const shown = (combat: CombatDoc, name: string) =>
  (byName(combat, name) as unknown as { group: GroupDoc | null }).group?.id ?? null;

describe("segment groups through Foundry's CombatantGroup", () => {
  const party: Creature[] = [
    { name: "Hero", side: "pc" },
    { name: "Hound", side: "ally" },
    { name: "Orc", side: "enemy", actorId: "orc" },
    { name: "Archer", side: "enemy", actorId: "orc" },
  ];

  it("SEG-2: the combat starts with one group per side (two writes: the groups and the Combat; no creature's group written, every client derives it); each group rolls its d6; a newcomer fights with its side", async () => {
    const combat = await encounter("segment", {}, party);
    const from = world.writes.length;
    await combat.startCombat();
    await world.idle();
    // Issue 17: a side group's members keep no group of their own (300 creatures: 16 KB of `group` before).
    expect(writesSince(from).map((w) => w.document)).toEqual(["CombatantGroup", "Combat"]);
    const [partyGroup, enemies] = combat.groups.contents;
    expect(combat.groups.contents.map((g) => (g.system as { side: unknown }).side)).toEqual(["party", "enemies"]);
    expect(["Hero", "Hound", "Orc"].map((n) => shown(combat, n))).toEqual([
      partyGroup?.id,
      partyGroup?.id,
      enemies?.id,
    ]);
    expect(["Hero", "Hound", "Orc"].map((n) => docGroup(combat, n))).toEqual([null, null, null]);
    expect(engineGroup(combat, "Hero")).toBe(engineGroup(combat, "Hound"));
    expect(engineGroup(combat, "Hero")).not.toBe(engineGroup(combat, "Orc"));
    await combat.createEmbeddedDocuments("Combatant", [{ name: "Late Orc", system: { side: "enemy" } }]);
    await world.idle();
    expect(docGroup(combat, "Late Orc")).toBeNull();
    expect(shown(combat, "Late Orc")).toBe(enemies?.id);
    expect(engineGroup(combat, "Late Orc")).toBe(engineGroup(combat, "Orc"));
    const messages = world.messages.length;
    await combat.nextTurn(); // step 2: the groups roll
    await world.idle();
    expect(world.messages.length).toBeGreaterThan(messages);
    expect(byName(combat, "Late Orc").initiative).toBe(byName(combat, "Orc").initiative);
    expect(byName(combat, "Hero").initiative).toBe(byName(combat, "Hound").initiative);
  });

  it("SEG-2: a creature changes group while actions are declared; once the groups have rolled it cannot", async () => {
    const combat = await encounter("segment", {}, party);
    await combat.startCombat();
    await world.idle();
    const wolves = await newGroup(combat, "Wolves");
    expect(await give(combat, { type: "setGroup", combatantId: byName(combat, "Archer").id, groupId: wolves })).toEqual(
      { ok: true },
    );
    expect(engineGroup(combat, "Archer")).toBe(wolves);
    await combat.nextTurn();
    await world.idle();
    const from = world.writes.length;
    const answer = await give(combat, { type: "setGroup", combatantId: byName(combat, "Archer").id, groupId: null });
    expect(answer).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Groups.SegmentLocked" } });
    await combat.deleteEmbeddedDocuments("CombatantGroup", [wolves]);
    await world.idle();
    expect(writesSince(from)).toEqual([]);
    expect([docGroup(combat, "Archer"), engineGroup(combat, "Archer")]).toEqual([wolves, wolves]);
  });

  it("SEG-3: inside its group's turn the missile comes before the melee", async () => {
    const combat = await encounter("segment", {}, party);
    await combat.startCombat();
    await world.idle();
    const declaration = SEGMENT_NO_DECLARATION;
    const orc = byName(combat, "Orc").id;
    const archer = byName(combat, "Archer").id;
    await give(combat, {
      type: "declare",
      combatantId: orc,
      declaration: { ...declaration, action: "melee", weaponSpeed: 1 },
    });
    await give(combat, {
      type: "declare",
      combatantId: archer,
      declaration: { ...declaration, action: "missile", weaponSpeed: 9 },
    });
    const acted: string[] = [];
    for (let i = 0; i < 12 && combat.round === 1; i++) {
      await combat.nextTurn();
      await world.idle();
      const id = combat.combatant?.id;
      if (id !== undefined && !acted.includes(id)) acted.push(id);
    }
    expect(acted.filter((id) => id === orc || id === archer)).toEqual([archer, orc]);
  });

  it("issue 17: a start of 120 creatures sends under 1 KB: the two groups and the Combat, nothing per creature", async () => {
    const horde: Creature[] = Array.from({ length: 120 }, (_, i) => ({
      name: `C${i}`,
      side: i % 3 === 0 ? "ally" : "enemy",
    }));
    const combat = await encounter("segment", {}, horde);
    const from = world.writes.length;
    await combat.startCombat();
    await world.idle();
    const writes = world.writes.slice(from);
    expect(writes.map((w) => w.document)).toEqual(["CombatantGroup", "Combat"]);
    expect(writes.reduce((sum, w) => sum + w.bytes, 0)).toBeLessThan(1024);
  });

  it("SEG-2: a creature put into the other side's group fights with that side; put into its own side's group it is as with none", async () => {
    const combat = await encounter("segment", {}, party);
    await combat.startCombat();
    await world.idle();
    const [partyGroup, enemies] = combat.groups.contents;
    const hound = byName(combat, "Hound").id;
    expect(await give(combat, { type: "setGroup", combatantId: hound, groupId: enemies?.id ?? "" })).toEqual({
      ok: true,
    });
    expect([docGroup(combat, "Hound"), shown(combat, "Hound")]).toEqual([enemies?.id, enemies?.id]);
    expect(engineGroup(combat, "Hound")).toBe(engineGroup(combat, "Orc"));
    expect(await give(combat, { type: "setGroup", combatantId: hound, groupId: partyGroup?.id ?? "" })).toEqual({
      ok: true,
    });
    expect(shown(combat, "Hound")).toBe(partyGroup?.id);
    expect(engineGroup(combat, "Hound")).toBe(engineGroup(combat, "Hero"));
  });

  it("issue 17: a combat an older Tempo started (every member moved into its side's group document) runs on as it is", async () => {
    const combat = await encounter("segment", {}, party);
    await combat.startCombat();
    await world.idle();
    const [partyGroup, enemies] = combat.groups.contents;
    const sideOf = (name: string) => (name === "Orc" || name === "Archer" ? enemies?.id : partyGroup?.id) ?? "";
    // What the older Tempo stored: each member's `group` and the engine's group are the side's document.
    const { host: h, state } = host(combat);
    const moves = combat.combatants.contents.map(
      (c) => ({ id: c.id, groupId: sideOf(c.name), side: "enemy" }) as unknown as HostCombatant,
    );
    const moved = regroupCombatants(h, state, moves);
    if (!moved.ok) throw new Error("regroup refused");
    const entries = JSON.parse(world.runtime.snapshotCombat((combat as unknown as { id: string }).id)) as {
      documentName: string;
      source: Record<string, unknown>;
    }[];
    for (const e of entries) {
      if (e.documentName === "Combat") {
        e.source.system = { ...(e.source.system as object), engine: storeCombatState(moved.value.state) };
      }
      if (e.documentName === "Combatant") e.source.group = sideOf(String(e.source.name));
    }
    clearStateCache();
    world.runtime.restoreCombat(JSON.stringify(entries));
    expect(engineGroup(combat, "Hero")).toBe(partyGroup?.id);
    await combat.createEmbeddedDocuments("Combatant", [{ name: "Late Orc", system: { side: "enemy" } }]);
    await world.idle();
    // The newcomer joins the group the engine holds its side in, not a second "enemies" group.
    expect(engineGroup(combat, "Late Orc")).toBe(enemies?.id);
    const from = world.writes.length;
    await combat.nextTurn(); // step 2: the groups roll, two groups, one d6 each
    await world.idle();
    expect(writesSince(from).map((w) => w.document)).toEqual(["Combat"]);
    expect(byName(combat, "Late Orc").initiative).toBe(byName(combat, "Orc").initiative);
    expect(byName(combat, "Hero").initiative).toBe(byName(combat, "Hound").initiative);
  });
});
