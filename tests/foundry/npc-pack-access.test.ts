/**
 * Issue 18: the NPC compendium's default ownership is the GM's choice in a world setting (NONE unless the
 * GM opens it), written with the pack's `configure({ ownership })` by the active GM only.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyNpcPackAccess, NPC_PACK_DEFAULT, NPC_PACK_ID } from "../../src/foundry/npc-pack-access.ts";

type Ownership = Record<string, string>;

function world(options: { activeGm: boolean; chosen: unknown; ownership: Ownership }) {
  const writes: Ownership[] = [];
  const pack = {
    ownership: options.ownership,
    configure: (config: { ownership: Ownership }) => {
      writes.push(config.ownership);
      return Promise.resolve();
    },
  };
  vi.stubGlobal("game", {
    users: { activeGM: { isSelf: options.activeGm } },
    packs: { get: (id: string) => (id === NPC_PACK_ID ? pack : undefined) },
    settings: {
      get: (namespace: string, key: string) => {
        if (`${namespace}.${key}` !== "tempo.npcPackAccess") throw new Error(`unexpected setting ${key}`);
        return options.chosen;
      },
    },
  });
  return writes;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the NPC compendium's ownership (issue 18)", () => {
  it("ships with players kept out of the NPC pack, as the setting's default says", () => {
    const manifest = JSON.parse(readFileSync("system.json", "utf8")) as {
      packs: { name: string; ownership: Ownership }[];
    };
    const npcs = manifest.packs.find((p) => p.name === "npcs");
    expect(NPC_PACK_DEFAULT).toBe("NONE");
    expect(npcs?.ownership.PLAYER).toBe(NPC_PACK_DEFAULT);
  });

  it("the active GM writes the chosen level for players and trusted players, keeping the other roles", async () => {
    const writes = world({ activeGm: true, chosen: "LIMITED", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    await applyNpcPackAccess();
    expect(writes).toEqual([{ PLAYER: "LIMITED", TRUSTED: "LIMITED", ASSISTANT: "OWNER" }]);
  });

  it("writes nothing when the pack already has the chosen level, or on any client but the active GM's", async () => {
    const same = world({ activeGm: true, chosen: "NONE", ownership: { PLAYER: "NONE", TRUSTED: "NONE" } });
    await applyNpcPackAccess();
    expect(same).toEqual([]);
    const player = world({ activeGm: false, chosen: "OBSERVER", ownership: { PLAYER: "NONE" } });
    await applyNpcPackAccess();
    expect(player).toEqual([]);
  });

  it("an unknown stored value falls back to NONE, never to OBSERVER", async () => {
    const writes = world({ activeGm: true, chosen: "EVERYONE", ownership: { PLAYER: "OBSERVER" } });
    await applyNpcPackAccess();
    expect(writes).toEqual([{ PLAYER: "NONE", TRUSTED: "NONE" }]);
  });
});
