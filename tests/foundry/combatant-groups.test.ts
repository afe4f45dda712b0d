import { afterAll, describe, expect, it } from "vitest";
import { goblins, installGroupWorld, type CombatDoc } from "../support/group-encounter.ts";

const { world, player, encounter, host, byName, engineGroup, docGroup, writesSince, newGroup, give, ids } =
  await installGroupWorld(23);
afterAll(() => world.uninstall());
const { TempoCombatantGroupModel } = await import("../../src/foundry/data/combatant-group/combatant-group-model.ts");

describe("rotation groups through Foundry's CombatantGroup", () => {
  it("ROT-5: at the start enemies of one actor are grouped 1–3 in ONE group creation, then the start's one Combat update and one Combatant update (members' groups and initiative together), and each group rolls once", async () => {
    const combat = await encounter("rotation", { enemyGroups: true }, [
      { name: "Hero", side: "pc", actorId: "hero" },
      ...goblins(5),
      { name: "Ogre", side: "enemy", actorId: "ogre" },
    ]);
    const from = world.writes.length;
    await combat.startCombat();
    await world.idle();
    expect(writesSince(from).map((w) => w.document)).toEqual(["CombatantGroup", "Combat", "Combatant"]);
    expect(combat.groups.contents.map((g) => g.type)).toEqual(["initiative", "initiative"]);
    expect(combat.groups.contents.every((g) => g.system instanceof TempoCombatantGroupModel)).toBe(true);
    const sizes = combat.groups.contents.map(
      (g) => combat.combatants.contents.filter((c) => c._source.group === g.id).length,
    );
    expect(sizes).toEqual([3, 2]);
    for (const name of ["Hero", "Ogre"]) expect(docGroup(combat, name)).toBeNull();
    for (const c of combat.combatants.contents) expect(engineGroup(combat, c.name)).toBe(c._source.group);
    const { host: h, state } = host(combat);
    expect(h.pending(state).filter((r) => r.groupId !== null)).toHaveLength(2);
    await combat.rollAll();
    await world.idle();
    for (const group of combat.groups.contents) {
      const values = combat.combatants.contents.filter((c) => c._source.group === group.id).map((c) => c.initiative);
      expect(new Set(values).size).toBe(1);
    }
  });

  it("ROT-5: no default groups when the GM made a group, nor with enemy groups off", async () => {
    const made = await encounter("rotation", { enemyGroups: true }, goblins(4));
    await newGroup(made, "Pack");
    await made.startCombat();
    await world.idle();
    expect(made.groups.contents.map((g) => g.name)).toEqual(["Pack"]);
    const off = await encounter("rotation", {}, goblins(4));
    await off.startCombat();
    await world.idle();
    expect(off.groups.size).toBe(0);
  });

  it("ROT-4: the GM puts a player character and an ally in one group (setGroup): one result, each its own turn", async () => {
    const combat = await encounter("rotation", { sharedInitiative: true }, [
      { name: "Hero", side: "pc" },
      { name: "Hound", side: "ally" },
      { name: "Ogre", side: "enemy" },
    ]);
    const group = await newGroup(combat, "Hero and hound");
    const from = world.writes.length;
    expect(
      await give(combat, { type: "setGroup", combatantIds: ids(combat, "Hero", "Hound"), groupId: group }),
    ).toEqual({ ok: true });
    expect(writesSince(from).map((w) => w.document)).toEqual(["Combatant", "Combat"]);
    expect([docGroup(combat, "Hero"), engineGroup(combat, "Hound")]).toEqual([group, group]);
    await combat.startCombat();
    await world.idle();
    await combat.rollAll();
    await world.idle();
    expect(byName(combat, "Hero").initiative).toBe(byName(combat, "Hound").initiative);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(combat.combatant?.id ?? "");
      await combat.nextTurn();
      await world.idle();
    }
    expect(seen.sort()).toEqual(ids(combat, "Hero", "Hound", "Ogre").sort());
  });

  it("ROT-5: a fourth enemy cannot join a group of three, by command or by combatant.update: nothing changes", async () => {
    const combat = await encounter("rotation", { enemyGroups: true }, goblins(4));
    const group = await newGroup(combat, "Pack");
    await give(combat, {
      type: "setGroup",
      combatantIds: ids(combat, "Goblin 0", "Goblin 1", "Goblin 2"),
      groupId: group,
    });
    const from = world.writes.length;
    const answer = await give(combat, { type: "setGroup", combatantId: byName(combat, "Goblin 3").id, groupId: group });
    expect(answer).toMatchObject({ ok: false, error: { key: "TEMPO.ERRORS.Rotation.GroupTooLarge" } });
    await byName(combat, "Goblin 3").update({ group });
    await world.idle();
    expect(writesSince(from)).toEqual([]);
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Rotation.GroupTooLarge");
    expect([docGroup(combat, "Goblin 3"), engineGroup(combat, "Goblin 3")]).toEqual([null, null]);
  });

  /** Shared initiative: Ash 20 acting, Hero 15, group G of Birch and Cedar 10, Dusk 5. */
  async function running(): Promise<{ combat: CombatDoc; group: string }> {
    const combat = await encounter("rotation", { sharedInitiative: true }, [
      { name: "Ash", side: "enemy" },
      { name: "Hero", side: "pc" },
      { name: "Birch", side: "enemy" },
      { name: "Cedar", side: "enemy" },
      { name: "Dusk", side: "enemy" },
    ]);
    const group = await newGroup(combat, "G");
    await give(combat, { type: "setGroup", combatantIds: ids(combat, "Birch", "Cedar"), groupId: group });
    await combat.startCombat();
    await world.idle();
    for (const [name, value] of [
      ["Ash", 20],
      ["Hero", 15],
      ["Birch", 10],
      ["Dusk", 5],
    ] as const)
      await give(combat, { type: "setInitiative", combatantId: byName(combat, name).id, value });
    expect(combat.combatant?.id).toBe(byName(combat, "Ash").id);
    return { combat, group };
  }

  it("ROT-4: while rotations run, combatant.update({ group }) moves a creature still to act into a group still to act", async () => {
    const { combat, group } = await running();
    await byName(combat, "Dusk").update({ group });
    await world.idle();
    expect(engineGroup(combat, "Dusk")).toBe(group);
    expect(byName(combat, "Dusk").initiative).toBe(10);
  });

  it("ROT-4: a move that would give a creature a second turn is refused before it is written; the acting group cannot be deleted", async () => {
    const { combat, group } = await running();
    await combat.nextTurn(); // the Hero acts: Ash has acted, G has not
    await world.idle();
    const from = world.writes.length;
    await byName(combat, "Ash").update({ group });
    await world.idle();
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Groups.TurnWouldChange");
    expect(
      await give(combat, { type: "setGroup", combatantId: byName(combat, "Ash").id, groupId: group }),
    ).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.TurnWouldChange" },
    });
    await combat.nextTurn(); // Birch, of G, acts
    await world.idle();
    const acting = world.writes.length;
    await combat.deleteEmbeddedDocuments("CombatantGroup", [group]);
    await world.idle();
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Groups.ActingUnit");
    expect(combat.groups.get(group)).toBeDefined();
    expect(writesSince(acting)).toEqual([]);
    expect(writesSince(from).every((w) => w.document !== "CombatantGroup")).toBe(true);
    expect([docGroup(combat, "Ash"), engineGroup(combat, "Ash")]).toEqual([null, null]);
  });

  it("ROT-4: deleting a group ungroups its members: nobody is lost, each keeps its result, the tie is rolled off", async () => {
    const { combat, group } = await running();
    const count = combat.combatants.size;
    const from = world.writes.length;
    await combat.deleteEmbeddedDocuments("CombatantGroup", [group]);
    await world.idle();
    expect(
      writesSince(from)
        .map((w) => w.document)
        .slice(0, 3),
    ).toEqual(["CombatantGroup", "Combatant", "Combat"]);
    expect(combat.combatants.size).toBe(count);
    for (const name of ["Birch", "Cedar"])
      expect([docGroup(combat, name), engineGroup(combat, name)]).toEqual([null, null]);
    const values = ["Birch", "Cedar"].map((n) => byName(combat, n).initiative ?? 0);
    expect(values.sort()).toEqual([10, 10.5]);
  });
});

describe("the active GM's check after the write", () => {
  it("ROT-5: a membership the rules refuse, written by a client that skipped the check, is set back and the writer told", async () => {
    const { syncGroups } = await import("../../src/foundry/combat/groups/group-sync.ts");
    const combat = await encounter("rotation", { enemyGroups: true }, goblins(4));
    const group = await newGroup(combat, "Pack");
    await give(combat, {
      type: "setGroup",
      combatantIds: ids(combat, "Goblin 0", "Goblin 1", "Goblin 2"),
      groupId: group,
    });
    // A write without Tempo's preUpdateCombatant check: sent to the server as it is (a client that skipped it).
    const raw = { _id: byName(combat, "Goblin 3").id ?? "", group };
    await world.runtime.clientOf(world.gm.id).request({
      action: "update",
      documentName: "Combatant",
      parentId: (combat as unknown as { id: string }).id,
      data: [raw],
      options: {},
    });
    await world.idle();
    await syncGroups(combat as unknown as Combat.Implementation, world.gm.id);
    await world.idle();
    expect([docGroup(combat, "Goblin 3"), engineGroup(combat, "Goblin 3")]).toEqual([null, null]);
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Rotation.GroupTooLarge");
  });
});

describe("who may move creatures between groups", () => {
  it("only the GM gives setGroup", async () => {
    const combat = await encounter("rotation", { enemyGroups: true }, goblins(2));
    const group = await newGroup(combat, "Pack");
    const answer = await world.as(player, () =>
      give(combat, { type: "setGroup", combatantIds: ids(combat, "Goblin 0"), groupId: group }),
    );
    expect(answer).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Access.GmOnly", data: { command: "setGroup" } } });
    expect(docGroup(combat, "Goblin 0")).toBeNull();
  });

  it("a malformed setGroup, an unknown combatant or group, is refused with a reason", async () => {
    const combat = await encounter("rotation", { enemyGroups: true }, goblins(2));
    expect(await give(combat, { type: "setGroup", combatantIds: [], groupId: null })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Host.InvalidCommand" },
    });
    expect(await give(combat, { type: "setGroup", combatantId: "nobody", groupId: null })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.UnknownCombatant", data: { id: "nobody" } },
    });
    expect(
      await give(combat, { type: "setGroup", combatantIds: ids(combat, "Goblin 1"), groupId: "gone" }),
    ).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Groups.UnknownGroup", data: { id: "gone" } },
    });
  });
});
