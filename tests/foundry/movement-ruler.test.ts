import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { planMovement } from "../support/runtime/token-move.ts";
import type { TokenModel } from "../support/runtime/scene.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { readText } from "../support/source-files.ts";

// Issue 21 items 1 and 5: each ruleset's costs on core's token movement and ruler (src/foundry/canvas/),
// on the runtime model's scene (runtime/token-movement.ts). A 100 px grid of 5 ft squares.
const world = installFoundryWorld(21, { language: "en" });
afterAll(() => world.uninstall());
const player = world.addUser("player");
await world.loadSystem();
world.callHook("init");
const gmClient = world.runtime.clientOf(world.gm.id);
const playerClient = world.runtime.clientOf(player.id);
const hero = await world.addActor("Hero", [player.id], "character", { speeds: { walk: 30, swim: 45 } });
const scene = await addScene(world, { squares: 20, size: 100, padding: 0 });
const token = await placeToken(world, scene, hero, { x: 0, y: 0, actorLink: true });
const S = 100; // one square
const REVERTED = "The GM put your token back: Not enough Walk movement left: the step costs 45 ft, 30 ft remain.";

async function fight(ruleset: "standard" | "phase" | "segment", budget: "refuse" | "warn" = "refuse"): Promise<void> {
  await world.as(world.gm, async () => {
    for (const combat of game.combats.contents) await combat.delete();
    await game.settings.set("tempo", "ruleset", ruleset);
    await game.settings.set("tempo", "movementBudget", budget);
    const created = (await (Combat as unknown as { create(d: object): Promise<unknown> }).create({})) as {
      createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>;
    };
    await created.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: token.id, sceneId: scene.id }]);
  });
  await world.idle();
  await world.as(world.gm, () => token.update({ x: 0, y: 0 }));
  await world.as(player, () => token.clearMovementHistory());
  await world.idle();
}

/** The text of the last label each client's ruler of the token shows. */
function lastLabel(client = playerClient): string {
  const copy = client.copyOf("Token", token.id ?? "", scene.id) as TokenModel;
  const labels = client.run(() => copy.object.ruler.labels);
  const tempo = labels[labels.length - 1]?.context.tempo as { text: string } | undefined;
  return tempo?.text ?? "";
}

/**
 * The last waypoint label the client's ruler of the token shows, rendered from the ruler class's own
 * `WAYPOINT_LABEL_TEMPLATE` (as core renders it) with Tempo's templates and the English dictionary.
 */
function lastLabelHtml(client = playerClient): string {
  const copy = client.copyOf("Token", token.id ?? "", scene.id) as TokenModel;
  const { labels, path } = client.run(() => ({
    labels: copy.object.ruler.labels,
    path: (copy.object.ruler.constructor as unknown as { WAYPOINT_LABEL_TEMPLATE: string }).WAYPOINT_LABEL_TEMPLATE,
  }));
  const handlebars = createHandlebarsHost(JSON.parse(readText("lang/en.json")) as Record<string, never>);
  return handlebars.compile(readText(path.replace(/^systems\/tempo\//, "")))(labels.at(-1)?.context ?? {});
}

/** What the active GM recorded the hero moved this turn (flags.tempo.turnMoves; the budget Tempo keeps). */
function recorded(): { feet: number; diagonals: number } {
  const combat = game.combats.contents[0] as unknown as {
    combatants: { contents: { id: string }[] };
    flags: { tempo?: { turnMoves?: Record<string, { feet: number; diagonals: number }> } };
  };
  const id = combat.combatants.contents[0]?.id ?? "";
  return combat.flags.tempo?.turnMoves?.[id] ?? { feet: 0, diagonals: 0 };
}

const heard = (name: string) => world.runtime.hookLedger.filter((c) => c.name === name);
const putBack = () =>
  world.notices.filter((n) => n.user === player.id && n.text.startsWith("The GM put your token back"));

/**
 * A player's console: a Token update carrying movement data of its own making (no preMoveToken runs on any
 * client): a passed waypoint with its own `cost`, an empty history, and the movement `id` it chooses.
 */
function consoleRequest(x: number, y: number, id: string, cost = 0, origin = { x: token.x, y: token.y }) {
  const movement = {
    id,
    origin,
    passed: { waypoints: [{ x, y, action: "walk", cost, movementId: id }] },
    history: { recorded: { waypoints: [] } },
    method: "api",
    recorded: true,
  };
  return playerClient.request({
    action: "update",
    documentName: "Token",
    parentId: scene.id,
    data: [{ _id: token.id, x, y }],
    options: { _movement: { [token.id ?? ""]: movement } },
  });
}

async function consoleMove(x: number, y: number, id: string, cost = 0): Promise<void> {
  await consoleRequest(x, y, id, cost);
  await world.idle();
}

describe("Movement costs on the canvas (issue 21)", () => {
  it("STD-7, MOV-1: in standard a diagonal step costs 7 ft; the drag's cost shows on every client's ruler", async () => {
    await fight("standard");
    playerClient.run(() => planMovement(playerClient, token, [{ x: 2 * S, y: 2 * S }]));
    await world.idle();
    expect(lastLabel()).toBe("14 ft moved · Walk 16 ft left · Swim 31 ft left");
    expect(lastLabel(gmClient)).toBe("14 ft moved · Walk 16 ft left · Swim 31 ft left");
  });

  it('STD-7: a player dragging past the budget sees "Over budget:" and the reason on the ruler, as do the others', async () => {
    await fight("standard");
    // 35 ft of walking against a 30 ft walk.
    playerClient.run(() => planMovement(playerClient, token, [{ x: 7 * S, y: 0 }]));
    await world.idle();
    for (const client of [playerClient, gmClient]) {
      const html = lastLabelHtml(client);
      expect(html).toContain('class="tempo-budget over"');
      expect(html).toMatch(/<strong>Over budget:<\/strong> Not enough Walk movement left/);
    }
    // Within the budget: no warning.
    playerClient.run(() => planMovement(playerClient, token, [{ x: 6 * S, y: 0 }]));
    await world.idle();
    expect(lastLabelHtml()).not.toContain("Over budget:");
    expect(lastLabelHtml()).toContain("30 ft moved");
  });

  it("STD-7: 20 ft forward and 10 ft back cost 30 ft, and the next step is refused", async () => {
    await world.as(player, () =>
      token.move([
        { x: 4 * S, y: 0 },
        { x: 2 * S, y: 0 },
      ]),
    );
    await world.idle();
    expect(recorded().feet).toBe(30);
    const moved = await world.as(player, () => token.move([{ x: 2 * S, y: S }]));
    expect(moved).toBe(false);
    expect(token.y).toBe(0);
  });

  it("STD-8: walk 30 then swim 15 more; swim 30 first, then no walking", async () => {
    await fight("standard");
    expect(await world.as(player, () => token.move([{ x: 6 * S, y: 0, action: "walk" }]))).toBe(true);
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 9 * S, y: 0, action: "swim" }]))).toBe(true);
    await world.idle();
    expect(token.x).toBe(9 * S);
    await fight("standard");
    expect(await world.as(player, () => token.move([{ x: 6 * S, y: 0, action: "swim" }]))).toBe(true);
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 7 * S, y: 0, action: "walk" }]))).toBe(false);
    await world.idle();
    expect(token.x).toBe(6 * S);
  });

  it("MOV-1: in segment the turn's diagonals alternate 5, 10 ft across its moves, not from 5 ft on each drag", async () => {
    await fight("segment");
    const from = heard("moveToken").length;
    expect(await world.as(player, () => token.move([{ x: S, y: S }]))).toBe(true);
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 2 * S, y: 2 * S }]))).toBe(true);
    await world.idle();
    // 5 ft, then 10 ft, as each move is measured on the GM's client; 15 ft for the turn's two diagonals.
    const costs = heard("moveToken")
      .slice(from)
      .filter((c) => c.client === gmClient.id)
      .map((c) => (c.args[1] as { passed: { cost: number } }).passed.cost);
    expect(costs).toEqual([5, 10]);
    expect(recorded()).toMatchObject({ feet: 15, diagonals: 2 });
  });

  it("PHS-6: difficult terrain from a Region costs 2×, and a creature that becomes Slowed stops at once", async () => {
    await fight("phase");
    await world.as(world.gm, () =>
      scene.createEmbeddedDocuments("Region", [
        {
          name: "Mud",
          shapes: [{ type: "rectangle", x: 0, y: 3 * S, width: 20 * S, height: 2 * S }],
          behaviors: [{ type: "modifyMovementCost", system: { difficulties: { walk: 2 } } }],
        },
      ]),
    );
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 0, y: 4 * S }]))).toBe(true);
    await world.idle();
    expect(recorded().feet).toBe(30);
    await fight("phase");
    expect(await world.as(player, () => token.move([{ x: S, y: 0 }]))).toBe(true);
    await world.as(world.gm, () => hero.toggleStatusEffect("slowed", { active: true }));
    await world.idle();
    expect(hero.statuses.has("slowed")).toBe(true);
    expect(await world.as(player, () => token.move([{ x: 2 * S, y: 0 }]))).toBe(false);
    expect(token.x).toBe(S);
    await world.as(world.gm, () => hero.toggleStatusEffect("slowed", { active: false }));
    await world.idle();
  });

  it("STD-7: a player's over-budget move never lands; one sent around the ruler is put back by the GM", async () => {
    await fight("standard");
    const before = heard("moveToken").length;
    expect(await world.as(player, () => token.move([{ x: 7 * S, y: 0 }]))).toBe(false);
    await world.idle();
    expect(heard("moveToken")).toHaveLength(before);
    for (const c of [gmClient, playerClient])
      expect((c.copyOf("Token", token.id ?? "", scene.id) as TokenModel).x).toBe(0);
    // A console write: no preMoveToken on the player's client, straight to the server.
    await playerClient.request({
      action: "update",
      documentName: "Token",
      parentId: scene.id,
      data: [{ _id: token.id, x: 9 * S }],
      options: {},
    });
    await world.idle();
    expect(token.x).toBe(0);
    expect(world.notices.some((n) => n.user === player.id && n.text === REVERTED)).toBe(true);
  });

  it("STD-7: a player's console does not beat the budget: its own costs, a cleared history, forged flags and a reused movement id are measured by the GM", async () => {
    await fight("standard");
    // A waypoint may carry its own cost (core takes it): the mover's ruler measures again and refuses;
    // sent from a console, the GM measures it again (35 ft) and puts it back, telling the player once.
    expect(await world.as(player, () => token.move([{ x: 7 * S, y: 0, cost: 0 }]))).toBe(false);
    const told = putBack().length;
    await consoleMove(7 * S, 0, "forged00000001");
    expect(token.x).toBe(0);
    expect(putBack()).toHaveLength(told + 1);
    // 30 ft walked. The token's flags and history are its owner's to write: listing its own movements as
    // put back or forced, clearing its history, spend nothing back.
    expect(await world.as(player, () => token.move([{ x: 6 * S, y: 0 }]))).toBe(true);
    await world.idle();
    const ids = [...new Set(heard("moveToken").map((c) => (c.args[1] as { id: string }).id))];
    await world.as(player, () => token.setFlag("tempo", "revertedMovements", ids));
    await world.as(player, () => token.setFlag("tempo", "forcedMovements", ids));
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 7 * S, y: 0 }]))).toBe(false);
    await world.as(player, () => token.clearMovementHistory());
    await world.idle();
    expect(await world.as(player, () => token.move([{ x: 7 * S, y: 0 }]))).toBe(false);
    expect(token.x).toBe(6 * S);
    // A console move reusing the id of the move the GM put back is judged like any other.
    await consoleMove(8 * S, 0, "forged00000001", 10);
    expect(token.x).toBe(6 * S);
    expect(putBack()).toHaveLength(told + 2);
  });

  it("STD-7: two refused moves sent at once are both put back to where the token last stood, not to the second's start", async () => {
    await fight("standard");
    const told = putBack().length;
    // 35 ft, then 35 ft more from there, both landing before the GM puts the first back.
    await Promise.all([
      consoleRequest(7 * S, 0, "quick00000001"),
      consoleRequest(14 * S, 0, "quick00000002", 0, { x: 7 * S, y: 0 }),
    ]);
    await world.idle();
    for (const c of [gmClient, playerClient])
      expect((c.copyOf("Token", token.id ?? "", scene.id) as TokenModel).x).toBe(0);
    expect(putBack()).toHaveLength(told + 2);
  });

  it("STD-7: with the default warn setting a player's move past the budget lands, and the active GM is told", async () => {
    await fight("standard", "warn");
    const gmTold = () => world.notices.filter((n) => n.user === world.gm.id && n.text.startsWith("Hero moved past"));
    const told = gmTold().length;
    const back = putBack().length;
    // 45 ft against a 30 ft walk (and a 45 ft swim), sent around the ruler.
    await consoleMove(9 * S, 0, "warned0000001", 45);
    expect(token.x).toBe(9 * S);
    expect(putBack()).toHaveLength(back);
    expect(gmTold()).toHaveLength(told + 1);
  });

  it("STD-7: a console move claiming to start where it ends is put back to where the GM last saw the token, before any turn", async () => {
    await fight("standard");
    // A fresh combat: no turn started, no move accepted, so the GM keeps no square for the creature yet.
    await world.as(world.gm, async () => {
      for (const combat of game.combats.contents) await combat.delete();
      const created = (await (Combat as unknown as { create(d: object): Promise<unknown> }).create({})) as {
        createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>;
      };
      await created.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: token.id, sceneId: scene.id }]);
    });
    await world.idle();
    expect(token.x).toBe(0);
    await consoleRequest(9 * S, 0, "forged0000001", 45, { x: 9 * S, y: 0 });
    await world.idle();
    for (const c of [gmClient, playerClient])
      expect((c.copyOf("Token", token.id ?? "", scene.id) as TokenModel).x).toBe(0);
  });
});
