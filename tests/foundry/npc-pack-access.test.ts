/**
 * Issue 18: the NPC compendium's default ownership is the GM's choice in a world setting (NONE unless the
 * GM opens it), written with the pack's `configure({ ownership })` by the active GM only. On the runtime
 * model: `game.packs` holds the system's packs with the manifest's ownership, `configure` writes core's
 * world setting `core.compendiumConfiguration` (runtime/packs.ts), and every client reads the result.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";

type Ownership = Record<string, string>;

const world = installFoundryWorld(1);
afterAll(() => world.uninstall());
const player = world.addUser("p1");
const gm2 = world.addUser("gm2", true);
const { applyNpcPackAccess, registerNpcPackAccess, NPC_PACK_DEFAULT, NPC_PACK_ID } =
  await import("../../src/foundry/npc-pack-access.ts");
// Only this piece of Tempo's `init` (settings.ts registers it there), run by the model as Foundry runs init:
// on every client, then the world's documents, `setup` and `ready`. The rest of the system is not loaded.
Hooks.once("init", registerNpcPackAccess);
world.callHook("init");
await world.idle();

/** The NPC pack's ownership as `userId`'s client reads it. */
const ownershipSeenBy = (userId: string): Ownership =>
  world.runtime.as(userId, () => ({ ...(game.packs.get(NPC_PACK_ID)?.ownership as Ownership) }));

/** The users who wrote core's compendium configuration since ledger entry `from`. */
function configurationWriters(from: number): string[] {
  return world.runtime.server.ledger
    .slice(from)
    .filter((e) => e.kind === "setting" && (e.result as { key?: string }).key === "core.compendiumConfiguration")
    .map((e) => e.userId);
}

async function choose(level: string): Promise<number> {
  const from = world.runtime.server.ledger.length;
  await world.as(world.gm, () => game.settings.set("tempo", "npcPackAccess", level as "NONE"));
  await world.idle();
  return from;
}

describe("the NPC compendium's ownership (issue 18)", () => {
  it("ships with players kept out of the NPC pack, as the setting's default says", () => {
    const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
      packs: { name: string; ownership: Ownership }[];
    };
    const npcs = manifest.packs.find((p) => p.name === "npcs");
    expect(NPC_PACK_DEFAULT).toBe("NONE");
    expect(npcs?.ownership.PLAYER).toBe(NPC_PACK_DEFAULT);
  });

  it("once the world is ready, every client sees players and trusted players kept out, the other roles as shipped", () => {
    for (const user of [world.gm.id, gm2.id, player.id])
      expect(ownershipSeenBy(user), user).toEqual({ PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" });
  });

  it("the GM's choice is written once, by the active GM, for players and trusted players; every client sees it", async () => {
    const from = await choose("LIMITED");
    expect(configurationWriters(from)).toEqual([world.gm.id]);
    for (const user of [world.gm.id, gm2.id, player.id])
      expect(ownershipSeenBy(user), user).toEqual({ PLAYER: "LIMITED", TRUSTED: "LIMITED", ASSISTANT: "OWNER" });
  });

  it("writes nothing when the pack already has the chosen level", async () => {
    const from = await choose("LIMITED");
    expect(configurationWriters(from)).toEqual([]);
  });

  it("a second GM's choice is still written by the active GM alone", async () => {
    const from = world.runtime.server.ledger.length;
    await world.as(gm2, () => game.settings.set("tempo", "npcPackAccess", "OBSERVER"));
    await world.idle();
    expect(configurationWriters(from)).toEqual([world.gm.id]);
    expect(ownershipSeenBy(player.id)).toMatchObject({ PLAYER: "OBSERVER", TRUSTED: "OBSERVER" });
  });

  it("an unknown stored value falls back to NONE, never to OBSERVER", async () => {
    // A value no choice names, as an older version or a hand-edited world could have stored it.
    world.runtime.server.settings.set("tempo.npcPackAccess", "EVERYONE");
    await world.as(world.gm, () => applyNpcPackAccess());
    await world.idle();
    expect(ownershipSeenBy(player.id)).toMatchObject({ PLAYER: "NONE", TRUSTED: "NONE" });
  });

  it("on a player's client applying the setting writes nothing", async () => {
    const from = world.runtime.server.ledger.length;
    await world.as(player, () => applyNpcPackAccess());
    await world.idle();
    expect(configurationWriters(from)).toEqual([]);
  });
});
