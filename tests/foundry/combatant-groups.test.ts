import { afterAll, describe, expect, it } from "vitest";
import { engineGroupOf, type HostCommand, type RulesetId } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(23);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await import("../../src/foundry/init.ts");
world.callHook("init");
const { TempoCombatModel } = await import("../../src/foundry/data/combat/combat-model.ts");
const { TempoCombatantGroupModel } = await import("../../src/foundry/data/combatant-group/combatant-group-model.ts");
type Answer = import("../../src/foundry/combat/queries.ts").CommandAnswer;

/** What the tests read and call of the runtime model's documents. */
interface GroupDoc {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}
interface CombatantDoc {
  readonly id: string;
  readonly name: string;
  readonly initiative: number | null;
  readonly _source: { readonly group: string | null };
  update(data: object): Promise<unknown>;
}
interface Collection<T> {
  readonly size: number;
  readonly contents: T[];
  get(id: string): T | undefined;
}
interface CombatDoc {
  readonly system: unknown;
  readonly round: number;
  readonly combatant: { readonly id: string } | undefined;
  readonly groups: Collection<GroupDoc>;
  readonly combatants: Collection<CombatantDoc>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<void>;
  tempoCommand(command: HostCommand): Promise<Answer>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  rollAll(): Promise<unknown>;
}

interface Creature {
  readonly name: string;
  readonly side: "pc" | "ally" | "enemy";
  readonly actorId?: string;
}

async function encounter(ruleset: RulesetId, flags: Record<string, boolean>, list: Creature[]): Promise<CombatDoc> {
  await game.settings.set("tempo", "ruleset", ruleset);
  for (const key of ["enemyGroups", "sharedInitiative"] as const)
    await game.settings.set("tempo", key, flags[key] === true);
  const create = (Combat as unknown as { create(d: object): Promise<CombatDoc> }).create.bind(Combat);
  const combat = await create({});
  await combat.createEmbeddedDocuments(
    "Combatant",
    list.map((c) => ({
      name: c.name,
      actorId: c.actorId,
      owners: c.side === "pc" ? [player.id] : [],
      system: { side: c.side },
    })),
  );
  await world.idle();
  return combat;
}

const host = (combat: CombatDoc) => {
  const m = combat.system;
  if (!(m instanceof TempoCombatModel)) throw new Error("not a Tempo combat");
  return { host: m.host, state: m.state };
};
const byName = (combat: CombatDoc, name: string): CombatantDoc => {
  const found = combat.combatants.contents.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
};
const engineGroup = (combat: CombatDoc, name: string) => {
  const { host: h, state } = host(combat);
  return engineGroupOf(h, state, byName(combat, name).id);
};
const docGroup = (combat: CombatDoc, name: string) => byName(combat, name)._source.group;
const writesSince = (from: number) => world.writes.slice(from).filter((w) => w.document !== "ChatMessage");
async function newGroup(combat: CombatDoc, name: string): Promise<string> {
  const [group] = (await combat.createEmbeddedDocuments("CombatantGroup", [
    { name, type: "initiative" },
  ])) as GroupDoc[];
  await world.idle();
  return group?.id ?? "";
}
async function give(combat: CombatDoc, command: HostCommand): Promise<Answer> {
  const answer = await combat.tempoCommand(command);
  await world.idle();
  return answer;
}
const ids = (combat: CombatDoc, ...names: string[]) => names.map((n) => byName(combat, n).id);

const goblins = (n: number): Creature[] =>
  Array.from({ length: n }, (_, i) => ({ name: `Goblin ${i}`, side: "enemy", actorId: "goblin" }));

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

describe("segment groups through Foundry's CombatantGroup", () => {
  const party: Creature[] = [
    { name: "Hero", side: "pc" },
    { name: "Hound", side: "ally" },
    { name: "Orc", side: "enemy", actorId: "orc" },
    { name: "Archer", side: "enemy", actorId: "orc" },
  ];

  it("SEG-2: the combat starts with one group per side; each group rolls its d6; a newcomer fights with its side", async () => {
    const combat = await encounter("segment", {}, party);
    const from = world.writes.length;
    await combat.startCombat();
    await world.idle();
    expect(
      writesSince(from)
        .map((w) => w.document)
        .slice(0, 3),
    ).toEqual(["CombatantGroup", "Combat", "Combatant"]);
    const [partyGroup, enemies] = combat.groups.contents;
    expect(combat.groups.contents.map((g) => (g.system as { side: unknown }).side)).toEqual(["party", "enemies"]);
    expect(["Hero", "Hound"].map((n) => engineGroup(combat, n))).toEqual([partyGroup?.id, partyGroup?.id]);
    await combat.createEmbeddedDocuments("Combatant", [{ name: "Late Orc", system: { side: "enemy" } }]);
    await world.idle();
    expect(docGroup(combat, "Late Orc")).toBeNull();
    expect(engineGroup(combat, "Late Orc")).toBe(enemies?.id);
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
    const declaration = {
      targetId: null,
      castingTime: null,
      routines: 1,
      goesFirst: false,
      delay: false,
      inMelee: false,
      minors: [],
    };
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
