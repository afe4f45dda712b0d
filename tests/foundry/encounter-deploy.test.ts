import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld, type Write } from "../support/foundry-world.ts";
import { addCompendiumActor, addScene, addWalls, placeToken } from "../support/world-scenes.ts";

// Scenes, tokens, walls, world and compendium actors on the runtime model (runtime/scene.ts, runtime/uuid.ts).
const world = installFoundryWorld(5);
afterAll(() => world.uninstall());
const player = world.addUser("player");
await world.loadSystem();
world.callHook("init");
const { deployEncounter } = await import("../../src/foundry/encounters/deploy.ts");
const { undoDeploy } = await import("../../src/foundry/encounters/undo-deploy.ts");
const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");

type Combat = import("../../src/foundry/documents/combat.ts").TempoCombat;

const GOBLIN = addCompendiumActor(world, "tempo.npcs", { _id: "gob1in0000000001", name: "Goblin", type: "npc" });
const OGRE = "Compendium.tempo.npcs.Actor.ogre000000000001"; // not in the pack
const wolf = await world.addActor("Wolf", [], "npc");
const hero = await world.addActor("Hero", [player.id], "character");
// A 20 × 20 scene of 100 px squares, 300 px of canvas padding around it.
const scene = await addScene(world, { squares: 20, size: 100, padding: 0.15 });
const heroToken = await placeToken(world, scene, hero, { x: 1300, y: 1300, actorLink: true });
const centre = { x: 300 + 10 * 100 + 50, y: 300 + 10 * 100 + 50 }; // the hero's square

function encounter(over: object = {}): object {
  return {
    ruleset: "rotation",
    surprise: "enemies",
    groups: [{ id: "pack", name: "Wolf pack" }],
    entries: [
      { uuid: GOBLIN, name: "Goblin", count: 3, side: "enemy", group: null },
      { uuid: wolf.uuid, name: "Wolf", count: 2, side: "enemy", group: "pack" },
      { uuid: OGRE, name: "Ogre", count: 1, side: "enemy", group: null },
    ],
    ...over,
  };
}

async function deploy(data: object, point = centre) {
  const result = await deployEncounter(data, { scene: scene as unknown as Scene.Implementation, point });
  await world.idle();
  return result;
}

const creations = (writes: Write[], document: Write["document"]) =>
  writes.filter((w) => w.document === document && w.action === "create");

describe("deploying an encounter (issue 12 item 2)", () => {
  const from = world.writes.length;
  let combat: Combat;

  it("places every found creature, reports the missing one by name, and starts the combat of its ruleset", async () => {
    const result = await deploy(encounter());
    if (!result.ok) throw new Error(result.error.key);
    combat = result.value.combat as Combat;
    expect(world.notices).toEqual([]);
    expect(result.value.missing).toEqual(["Ogre"]);
    expect(result.value.unplaced).toEqual([]);
    expect(combat.type).toBe("rotation");
    expect(scene.tokens.contents.length).toBe(6); // the hero and five new tokens
    expect(combat.combatants.size).toBe(6); // the party's hero joins too
    const model = tempoModelOf(combat);
    expect(model?.host.started(model.state)).toBe(true);
    expect([...(model?.host.order(model.state) ?? [])].sort()).toEqual(combat.combatants.map((c) => c.id).sort());
  });

  it("writes one actor import, one batched token creation, one combat creation, one group, one combatant creation and one batched tracker update", () => {
    const writes = world.writes.slice(from);
    expect(creations(writes, "Actor").length).toBe(1); // the goblins' compendium actor, imported once
    expect((creations(writes, "Actor")[0]?.data as unknown[]).length).toBe(1);
    expect(creations(writes, "Token").length).toBe(1);
    expect((creations(writes, "Token")[0]?.data as unknown[]).length).toBe(5);
    expect(writes.filter((w) => w.document === "Combat" && w.action === "create").length).toBe(1);
    expect(writes.filter((w) => w.document === "CombatantGroup").length).toBe(1);
    const combatantWrites = writes.filter((w) => w.document === "Combatant");
    const combatUpdates = writes.filter((w) => w.document === "Combat" && w.action !== "create");
    // Three engine steps, one Combat update each: the join, the start, the GM's roll for the NPCs. The
    // roll writes no combatant (issue 17: every client derives the initiatives from the engine), yet
    // every client shows the goblins' rolled initiatives; the hero's roll waits for its player.
    expect(combatUpdates).toHaveLength(3);
    // One creation of the six, and one batched update: the rotation's action trackers (ACT-ROT) of the
    // player's creature, written with the start; the NPCs' stay in the GM's browser (issue 18).
    expect(combatantWrites.map((w) => w.action)).toEqual(["create", "update"]);
    expect(combatantWrites[0]?.data as unknown[]).toHaveLength(6);
    const trackers = combatantWrites[1]?.data as { _id: string }[];
    expect(trackers.map((u) => combat.combatants.get(u._id)?.hasPlayerOwner)).toEqual([true]);
    const npcs = combat.combatants.contents.filter((c) => !c.hasPlayerOwner);
    expect(npcs.map((c) => typeof c.initiative)).toEqual(Array(5).fill("number"));
  });

  it("no two tokens overlap, none is on the hero, all are on the scene", () => {
    const squares = scene.tokens.contents.map((t) => `${(t.x - 300) / 100},${(t.y - 300) / 100}`);
    expect(new Set(squares).size).toBe(squares.length);
    for (const t of scene.tokens.contents) {
      expect(t.x).toBeGreaterThanOrEqual(300);
      expect(t.x).toBeLessThan(300 + 20 * 100);
    }
    expect(heroToken.x).toBe(1300);
  });

  it("ROT-4: the wolves share their group; CNT-4: the enemies start surprised, the hero does not", () => {
    const wolves = combat.combatants.filter((c) => c.actorId === wolf.id);
    expect(wolves).toHaveLength(2);
    const groupId = wolves[0]?._source.group;
    expect(groupId).not.toBeNull();
    expect(combat.groups.get(groupId ?? "")?.name).toBe("Wolf pack");
    expect(wolves.every((w) => w._source.group === groupId)).toBe(true);
    const surprised = (c: { system: unknown }) => (c.system as { surprised: boolean }).surprised;
    const heroes = combat.combatants.filter((c) => c.actorId === hero.id);
    expect(heroes.map(surprised)).toEqual([false]);
    expect(combat.combatants.filter((c) => c.actorId !== hero.id).every(surprised)).toBe(true);
  });

  it("undo removes only what the deploy created: its combat, tokens and imported actor", async () => {
    const later = await scene.createEmbeddedDocuments("Token", [{ actorId: wolf.id, x: 300, y: 300, name: "Wolf" }]);
    const goblinActor = game.actors.find((a) => a.name === "Goblin");
    const undone = await undoDeploy(combat);
    expect(undone.ok && undone.value).toEqual({ tokens: 5, actors: 1 });
    expect(game.combats.get(combat.id ?? "")).toBeUndefined();
    expect(scene.tokens.contents.map((t) => t.id).sort()).toEqual([heroToken.id, later[0]?.id].sort());
    expect(game.actors.has(goblinActor?.id ?? "")).toBe(false);
    expect(game.actors.has(wolf.id ?? "")).toBe(true);
    await scene.deleteEmbeddedDocuments("Token", [later[0]?.id ?? ""]);
  });

  it("a compendium actor imported before is reused, not imported again", async () => {
    const first = await deploy(
      encounter({ entries: [{ uuid: GOBLIN, name: "Goblin", count: 1, side: "enemy", group: null }], groups: [] }),
    );
    const at = world.writes.length;
    const again = await deploy(
      encounter({ entries: [{ uuid: GOBLIN, name: "Goblin", count: 1, side: "enemy", group: null }], groups: [] }),
      { x: 400, y: 400 },
    );
    expect(first.ok && again.ok).toBe(true);
    expect(creations(world.writes.slice(at), "Actor")).toHaveLength(0);
    if (again.ok) await undoDeploy(again.value.combat);
    if (first.ok) await undoDeploy(first.value.combat);
  });
});

describe("deploy refusals change nothing", () => {
  it("a bad reference gives a clear report and writes nothing", async () => {
    const from = world.writes.length;
    const bad = encounter({
      entries: [{ uuid: "Compendium.tempo.npcs.Item.x", name: "Ogre", count: 1, side: "enemy", group: null }],
    });
    const result = await deploy(bad);
    expect(result.ok ? null : result.error).toEqual({
      key: "TEMPO.ERRORS.Encounter.Reference",
      data: { name: "Ogre", uuid: "Compendium.tempo.npcs.Item.x" },
    });
    expect(world.writes.length).toBe(from);
  });

  it("a point off the scene, or an encounter whose actors are all missing, writes nothing", async () => {
    const from = world.writes.length;
    const off = await deploy(encounter(), { x: 10, y: 10 });
    expect(off.ok ? null : off.error.key).toBe("TEMPO.ERRORS.Formation.AnchorOutside");
    const none = await deploy(
      encounter({ groups: [], entries: [{ uuid: OGRE, name: "Ogre", count: 2, side: "enemy", group: null }] }),
    );
    expect(none.ok ? null : none.error).toEqual({ key: "TEMPO.ERRORS.Encounter.NoneFound", data: { names: "Ogre" } });
    expect(world.writes.length).toBe(from);
  });

  it("a player cannot deploy", async () => {
    const from = world.writes.length;
    const result = await world.as(player, () =>
      deployEncounter(encounter(), { scene: scene as unknown as Scene.Implementation, point: centre }),
    );
    expect(result.ok ? null : result.error.key).toBe("TEMPO.ERRORS.Encounter.GmOnly");
    expect(world.writes.length).toBe(from);
  });

  it("walls: in a closed 2 × 2 room only four fit; the rest are reported, never placed through a wall", async () => {
    const room = (x0: number, y0: number, x1: number, y1: number) => ({ c: [x0, y0, x1, y1], move: 20 });
    const [l, t, r, b] = [300 + 2 * 100, 300 + 2 * 100, 300 + 4 * 100, 300 + 4 * 100];
    const walls = await addWalls(world, scene, [
      room(l, t, r, t),
      room(r, t, r, b),
      room(r, b, l, b),
      room(l, b, l, t),
    ]);
    const result = await deploy(
      encounter({ groups: [], entries: [{ uuid: wolf.uuid, name: "Wolf", count: 6, side: "enemy", group: null }] }),
      { x: l + 50, y: t + 50 },
    );
    if (!result.ok) throw new Error(result.error.key);
    expect(result.value.unplaced).toEqual(["Wolf", "Wolf"]);
    const inside = scene.tokens.contents.filter((tk) => tk.x >= l && tk.x < r && tk.y >= t && tk.y < b);
    expect(inside).toHaveLength(4);
    await undoDeploy(result.value.combat);
    await scene.deleteEmbeddedDocuments(
      "Wall",
      walls.map((w) => w.id ?? ""),
    );
  });
});

/**
 * The writes a deploy of three wolves (the party's hero joins too) makes in each ruleset: one Combat
 * update per engine step and, per step, at most one batched Combatant update, here exactly:
 */
const STEP_WRITES: Record<string, { readonly combat: number; readonly combatant: number }> = {
  // join, start, the GM's roll; combatants: their creation only (issue 17: initiatives are derived).
  count: { combat: 3, combatant: 1 },
  // join, start, roll; combatants: creation, the join's STD-6 action trackers (Action, Quick Action,
  // Interaction, Reaction per creature).
  standard: { combat: 3, combatant: 2 },
  // join, start, roll; combatants: creation.
  phase: { combat: 3, combatant: 1 },
  // join, start; combatants: creation only. The start's default groups (SEG-2: each side a group) are
  // written as groups, not to their members (issue 17: every client derives a member's group). Nobody
  // owes a creature's roll: the groups' d6 come in the round's second step.
  segment: { combat: 2, combatant: 1 },
  // join, start, roll; combatants: creation, and the player's creature's ACT-ROT action tracker (the
  // NPCs' are kept in the GM's browser, issue 18).
  rotation: { combat: 3, combatant: 2 },
};

describe("deploy in every ruleset", () => {
  for (const ruleset of ["count", "standard", "phase", "segment", "rotation"]) {
    it(`${ruleset}: the combat is the encounter's ruleset, started, and no deployed creature still waits for its dice`, async () => {
      const from = world.writes.length;
      const result = await deploy(
        encounter({
          ruleset,
          surprise: "none",
          groups: [],
          entries: [{ uuid: wolf.uuid, name: "Wolf", count: 3, side: "enemy", group: null }],
        }),
      );
      if (!result.ok) throw new Error(result.error.key);
      const combat = result.value.combat as Combat;
      const model = tempoModelOf(combat);
      if (model === null || model.state === null) throw new Error("no engine state");
      expect(combat.type).toBe(ruleset);
      expect(model.host.started(model.state)).toBe(true);
      expect([...model.host.order(model.state)].sort()).toEqual(combat.combatants.map((c) => c.id).sort());
      const wolves = new Set(combat.combatants.filter((c) => c.actorId === wolf.id).map((c) => c.id));
      expect(
        model.host.pending(model.state).filter((r) => r.combatantId !== null && wolves.has(r.combatantId)),
      ).toEqual([]);
      expect(world.notices).toEqual([]);
      const writes = world.writes.slice(from);
      const combatUpdates = writes.filter((w) => w.document === "Combat" && w.action !== "create");
      expect({
        combat: combatUpdates.length,
        combatant: writes.filter((w) => w.document === "Combatant").length,
      }).toEqual(STEP_WRITES[ruleset]);
      await undoDeploy(combat);
    });
  }
});

describe("ROT-7: who started a deployed encounter", () => {
  it("ROT-7: the party is surprised, so the enemies started the encounter and take its planning turns", async () => {
    const result = await deploy(
      encounter({
        surprise: "party",
        groups: [],
        entries: [{ uuid: GOBLIN, name: "Goblin", count: 1, side: "enemy", group: null }],
      }),
    );
    if (!result.ok) throw new Error(result.error.key);
    const system = result.value.combat.system as unknown as {
      options: { initiator: string };
      state: { options: { initiator: string } };
    };
    expect([system.options.initiator, system.state.options.initiator]).toEqual(["enemies", "enemies"]);
    const undone = await undoDeploy(result.value.combat as Combat);
    expect(undone.ok).toBe(true);
  });
});
