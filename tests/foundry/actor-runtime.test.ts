/**
 * Actors, Items and ActiveEffects on the runtime model (tests/support/runtime/actor.ts, server.ts):
 * the server holds the sources and enforces ownership; each client has its own copy; the system's
 * actor and item models validate every write on the server; hooks run on every client.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ActorModel } from "../support/runtime/actor.ts";
import type { Obj } from "../support/runtime/diff.ts";
import { effectStart } from "../../src/foundry/compat/effect-duration.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());
const owner = world.addUser("p1");
const observer = world.addUser("p2");
const stranger = world.addUser("p3");

await world.loadSystem();
world.callHook("init");

const CLIENTS = ["gm", "p1", "p2", "p3"] as const;
const copies = (id: string) => CLIENTS.map((u) => world.runtime.clientOf(u).actors.get(id));
const stored = (id: string) => JSON.stringify(world.runtime.server.source("Actor", id));
const heard = (name: string) => new Set(world.runtime.hookLedger.filter((h) => h.name === name).map((h) => h.client));
const hpOf = (actor: ActorModel | undefined) => ((actor?._source.system as Obj).hp as { value: number }).value;

async function kestrel(): Promise<ActorModel> {
  const made = await ActorModel.create({
    name: "Kestrel",
    type: "character",
    ownership: { default: 0, p1: 3, p2: 2 },
  });
  await world.idle();
  if (!(made instanceof ActorModel)) throw new Error("no actor");
  return made;
}

describe("actors on the server", () => {
  it("a GM creates an actor; every client holds its own copy and hears createActor; a player may not create one", async () => {
    const actor = await kestrel();
    const all = copies(actor.id ?? "");
    expect(all.every((a) => a instanceof ActorModel)).toBe(true);
    expect(new Set(all).size).toBe(4);
    expect(heard("createActor").size).toBe(4);
    await expect(world.as(owner, () => ActorModel.create({ name: "Mine", type: "character" }))).rejects.toThrow(
      /only a GM creates a Actor/,
    );
  });

  it("the owner updates (every client's copy changes, updateActor everywhere); an observer or a stranger is refused and nothing changes", async () => {
    const actor = await kestrel();
    const id = actor.id ?? "";
    await world.as(owner, () => actor.update({ "system.hp.value": 4 }));
    await world.idle();
    expect(copies(id).map(hpOf)).toEqual([4, 4, 4, 4]);
    expect(heard("updateActor").size).toBe(4);
    const before = stored(id);
    for (const user of [observer, stranger])
      await expect(world.as(user, () => actor.update({ "system.hp.value": 9 }))).rejects.toThrow(
        /only an owner or a GM/,
      );
    await expect(world.as(owner, () => actor.update({ "ownership.p3": 3 }))).rejects.toThrow(/only an owner or a GM/);
    await world.idle();
    expect(stored(id)).toBe(before);
    expect(copies(id).map(hpOf)).toEqual([4, 4, 4, 4]);
  });

  it("the system's model validates on the server: an invalid write is refused whole", async () => {
    const actor = await kestrel();
    const id = actor.id ?? "";
    const before = stored(id);
    await expect(actor.update({ name: "Kes", "system.hp.max": "lots" })).rejects.toThrow(/hp/);
    await world.idle();
    expect(stored(id)).toBe(before);
    expect(copies(id).map((a) => a?.name)).toEqual(["Kestrel", "Kestrel", "Kestrel", "Kestrel"]);
  });

  it("Actor.updateDocuments is one operation for several actors; one refused actor refuses the batch", async () => {
    const a = await kestrel();
    const b = await kestrel();
    const ledger = world.runtime.server.ledger.length;
    await ActorModel.updateDocuments([
      { _id: a.id, "system.hp.value": 3 },
      { _id: b.id, "system.hp.value": 2 },
    ]);
    expect(world.runtime.server.ledger.length).toBe(ledger + 1);
    const c = (await ActorModel.create({ name: "Golem", type: "npc" })) as ActorModel;
    await world.idle();
    const before = [stored(a.id ?? ""), stored(c.id ?? "")];
    const batch = world.as(owner, () =>
      ActorModel.updateDocuments([
        { _id: a.id, "system.hp.value": 1 },
        { _id: c.id, "system.hp.value": 1 },
      ]),
    );
    await expect(batch).rejects.toThrow(/only an owner or a GM/);
    expect([stored(a.id ?? ""), stored(c.id ?? "")]).toEqual(before);
  });
});

describe("embedded items and effects follow the actor's ownership", () => {
  it("the owner toggles a status on their copy: startTime is the world time, every client hears createActiveEffect and sees the status", async () => {
    const actor = await kestrel();
    const id = actor.id ?? "";
    world.worldTime = 120;
    await world.as(owner, () => actor.toggleStatusEffect("dead", { active: true }));
    await world.idle();
    expect(copies(id).map((a) => a?.statuses.has("dead"))).toEqual([true, true, true, true]);
    expect(heard("createActiveEffect").size).toBe(4);
    const made = actor.effects.contents[0];
    expect(made === undefined ? null : effectStart(made).time).toBe(120);
    await expect(world.as(stranger, () => actor.toggleStatusEffect("dead", { active: false }))).rejects.toThrow(
      /may not delete ActiveEffect/,
    );
    await expect(world.as(observer, () => actor.toggleStatusEffect("unconscious"))).rejects.toThrow(
      /may not create ActiveEffect/,
    );
    await world.as(owner, () => actor.toggleStatusEffect("dead", { active: false }));
    await world.idle();
    expect(copies(id).map((a) => a?.statuses.size)).toEqual([0, 0, 0, 0]);
  });

  it("items: the owner adds a weapon, a stranger may not; an invalid weapon is refused by the item model", async () => {
    const actor = await kestrel();
    const id = actor.id ?? "";
    await world.as(owner, () => actor.createEmbeddedDocuments("Item", [{ name: "Axe", type: "weapon" }]));
    await world.idle();
    expect(copies(id).map((a) => a?.items.contents.map((i) => i.name))).toEqual([["Axe"], ["Axe"], ["Axe"], ["Axe"]]);
    await expect(
      world.as(stranger, () => actor.createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon" }])),
    ).rejects.toThrow(/may not create Item/);
    await expect(
      actor.createEmbeddedDocuments("Item", [{ name: "Bad", type: "weapon", system: { speed: "fast" } }]),
    ).rejects.toThrow(/speed/);
    await world.idle();
    expect(actor.items.size).toBe(1);
  });
});

describe("world.addActor and combatants", () => {
  it("a combatant's actor is its client's own copy of the world actor; a player who does not own it is refused by the server", async () => {
    const actor = await world.addActor("Wren", [owner.id]);
    const id = actor.id ?? "";
    const combat = await world.as(world.gm, () => Combat.create({}));
    const combatId = (combat as { id: string | null } | undefined)?.id ?? "";
    await world.as(world.gm, async () =>
      world.runtime
        .clientOf("gm")
        .combats.get(combatId)
        ?.createEmbeddedDocuments("Combatant", [{ actorId: id }]),
    );
    await world.idle();
    const linked = CLIENTS.map((u) => {
      const client = world.runtime.clientOf(u);
      return client.combats.get(combatId)?.combatants.contents[0]?.actor === client.actors.get(id);
    });
    expect(linked).toEqual([true, true, true, true]);
    expect(new Set(copies(id)).size).toBe(4);
    const effect = { name: "Hex", statuses: ["hexed"] };
    await world.as(owner, () => actor.createEmbeddedDocuments("ActiveEffect", [effect]));
    for (const user of [observer, stranger])
      await expect(world.as(user, () => actor.createEmbeddedDocuments("ActiveEffect", [effect]))).rejects.toThrow(
        new RegExp(`may not create ActiveEffect \\(user ${user.id}\\)`),
      );
    await world.idle();
    expect(copies(id).map((a) => a?.effects.size)).toEqual([1, 1, 1, 1]);
  });
});
