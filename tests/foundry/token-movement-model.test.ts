import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { TokenModel } from "../support/runtime/scene.ts";

// The runtime model's core token movement (runtime/token-movement.ts, token-move.ts, token-ruler.ts),
// before Tempo's own: what a system builds on.
const world = installFoundryWorld(11);
afterAll(() => world.uninstall());
const player = world.addUser("player");
const other = world.addUser("other");
await world.loadSystem();
world.callHook("init");
const hero = await world.addActor("Hero", [player.id], "character");
const scene = await addScene(world, { squares: 20, size: 100, padding: 0 });
const token = await placeToken(world, scene, hero, { x: 0, y: 0, actorLink: true });
await world.as(world.gm, () =>
  scene.createEmbeddedDocuments("Region", [
    {
      name: "Mud",
      shapes: [{ type: "rectangle", x: 0, y: 500, width: 2000, height: 100 }],
      behaviors: [{ type: "modifyMovementCost", system: { difficulties: { walk: 2 } } }],
    },
  ]),
);
await world.idle();
const clients = [world.gm, player, other].map((u) => world.runtime.clientOf(u.id));
const heard = (name: string) => world.runtime.hookLedger.filter((c) => c.name === name);

describe("Runtime model: core token movement", () => {
  it("preMoveToken runs on the mover's client only; false keeps the token where it was everywhere", async () => {
    const before = heard("preMoveToken").length;
    const id = clients[1]?.hooks.once("preMoveToken", () => false);
    expect(id).toBeDefined();
    const moved = await world.as(player, () => token.move([{ x: 200, y: 0 }]));
    await world.idle();
    expect(moved).toBe(false);
    expect(
      heard("preMoveToken")
        .slice(before)
        .map((c) => c.client),
    ).toEqual([clients[1]?.id]);
    expect(heard("moveToken")).toHaveLength(0);
    for (const c of clients) expect((c.copyOf("Token", token.id ?? "", scene.id) as TokenModel).x).toBe(0);
  });

  it("a move lands on every client with moveToken, its measured cost, the mover, and a recorded history", async () => {
    await world.as(player, () => token.move([{ x: 300, y: 0 }], { showRuler: true }));
    await world.idle();
    const calls = heard("moveToken");
    expect(calls.map((c) => c.client).sort()).toEqual(clients.map((c) => c.id).sort());
    const movement = calls[0]?.args[1] as { passed: { cost: number }; user: { id: string } };
    expect(movement.passed.cost).toBe(15);
    expect(movement.user.id).toBe(player.id);
    expect(token.movementHistory.map((w) => w.x)).toEqual([0, 300]);
    expect(heard("recordToken").length).toBeGreaterThanOrEqual(3);
  });

  it("a Region's modifyMovementCost doubles the base cost; clearMovementHistory empties the history", async () => {
    const measured = token.measureMovementPath([
      { x: 300, y: 0 },
      { x: 300, y: 700 },
    ]);
    expect(measured.cost).toBe(40);
    await world.as(player, () => token.clearMovementHistory());
    await world.idle();
    expect(token.movementHistory).toHaveLength(0);
  });

  it("a player may not move a token it does not own: the server refuses", async () => {
    await expect(world.as(other, () => token.move([{ x: 400, y: 0 }]))).rejects.toThrow();
    await world.idle();
    expect(token.x).toBe(300);
  });
});
