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

  it("a move lands on every client with moveToken, its measured cost and the mover; outside a started combat it is not recorded", async () => {
    await world.as(player, () => token.move([{ x: 300, y: 0 }], { showRuler: true }));
    await world.idle();
    const calls = heard("moveToken");
    expect(calls.map((c) => c.client).sort()).toEqual(clients.map((c) => c.id).sort());
    const movement = calls[0]?.args[1] as { passed: { cost: number }; user: { id: string }; recorded: boolean };
    expect(movement.passed.cost).toBe(15);
    expect(movement.user.id).toBe(player.id);
    // foundryvtt/foundryvtt#11730: recorded only for a token with a combatant in the active, started combat.
    expect(movement.recorded).toBe(false);
    expect(token.movementHistory).toHaveLength(0);
  });

  it("in a started combat a move is recorded; a console's token.update({ x, y }) is a movement too: preMoveToken on its client, recorded", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    const combat = (await (Combat as unknown as { create(d: object): Promise<unknown> }).create({})) as {
      createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>;
      startCombat(): Promise<unknown>;
      rollAll(): Promise<unknown>;
    };
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: token.id, sceneId: scene.id }]);
    await world.idle();
    world.scriptedTotals.push(10);
    await combat.startCombat();
    await world.idle();
    await combat.rollAll();
    await world.idle();
    await world.as(player, () => token.move([{ x: 400, y: 0 }]));
    await world.idle();
    expect(token.movementHistory.map((w) => w.x)).toEqual([300, 400]);
    expect(heard("recordToken").length).toBeGreaterThanOrEqual(3);
    const pre = heard("preMoveToken").length;
    await world.as(player, () => token.update({ x: 500 }));
    await world.idle();
    expect(
      heard("preMoveToken")
        .slice(pre)
        .map((c) => c.client),
    ).toEqual([clients[1]?.id]);
    const last = heard("moveToken").at(-1)?.args[1] as { method: string; recorded: boolean; origin: { x: number } };
    expect(last).toMatchObject({ method: "api", recorded: true, origin: { x: 400 } });
    expect(token.movementHistory.map((w) => w.x)).toEqual([300, 400, 500]);
    // A request that skips core's client workflow (a modified client) runs no preMoveToken and records nothing.
    const before = heard("preMoveToken").length;
    await clients[1]?.request({
      action: "update",
      documentName: "Token",
      parentId: scene.id,
      data: [{ _id: token.id, x: 600 }],
      options: {},
    });
    await world.idle();
    expect(heard("preMoveToken")).toHaveLength(before);
    expect(token.x).toBe(600);
    expect(token.movementHistory.map((w) => w.x)).toEqual([300, 400, 500]);
  });

  it("a Region's modifyMovementCost doubles the base cost; clearMovementHistory empties the history", async () => {
    const measured = token.measureMovementPath([
      { x: 300, y: 0 },
      { x: 300, y: 700 },
    ]);
    expect(measured.cost).toBe(40);
    await world.as(player, () => token.clearMovementHistory());
    await world.idle();
    for (const combat of game.combats.contents) await world.as(world.gm, () => combat.delete());
    await world.idle();
    expect(token.movementHistory).toHaveLength(0);
  });

  it("a player may not move a token it does not own: the server refuses", async () => {
    await expect(world.as(other, () => token.move([{ x: 700, y: 0 }]))).rejects.toThrow();
    await world.idle();
    expect(token.x).toBe(600);
  });
});
