/**
 * Issue 18: who puts creatures into a Tempo combat (src/foundry/combat/join-requests.ts), on the
 * runtime model. The GM's combatants are `tempo` at once; a player's is a join request: taken before
 * the start (with none of the player's `system`), asked of the GM in a running combat; a creature that
 * left and joins again keeps its side and action tracker.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";

const world = installFoundryWorld(1818);
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  world.uninstall();
});
const player = world.addUser("p1");
await world.loadSystem();
world.callHook("init");
await game.settings.set("tempo", "ruleset", "standard");

type Obj = Record<string, unknown>;
interface Doc {
  readonly id: string | null;
  readonly name: string | null;
  readonly type: string;
  readonly _source: Obj;
}
interface CombatDoc {
  readonly id: string;
  readonly started: boolean;
  readonly combatants: { readonly contents: readonly Doc[]; get(id: string): Doc | undefined };
  readonly system: {
    readonly host: { order(s: unknown): string[]; defeated(s: unknown, id: string): boolean };
    readonly state: unknown;
  };
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
  startCombat(): Promise<unknown>;
}

const mine = await world.addActor("Ash", [player.id], "character", {});
const foe = await world.addActor("Raider", [], "npc", {});

async function combatOf(): Promise<CombatDoc> {
  const combat = await (Combat as unknown as { create(d: object): Promise<CombatDoc> }).create({});
  await combat.createEmbeddedDocuments("Combatant", [{ name: "Raider", actorId: foe.id }]);
  await world.idle();
  return combat;
}

const copy = (combat: CombatDoc) =>
  (game as unknown as { combats: { get(id: string): CombatDoc } }).combats.get(combat.id);
const ash = (combat: CombatDoc) => combat.combatants.contents.find((c) => c.name === "Ash");
const engineIds = (combat: CombatDoc) => combat.system.host.order(combat.system.state);

describe("issue 18: join requests", () => {
  it("the GM's combatants are tempo", async () => {
    const combat = await combatOf();
    expect(combat.combatants.contents.map((c) => c.type)).toEqual(["tempo"]);
  });

  it("a player's creature joins a combat not yet started, without the facts the player wrote", async () => {
    const combat = await combatOf();
    const forged = { name: "Ash", actorId: mine.id, owners: [player.id], type: "tempo", system: { side: "enemy" } };
    await world.as(player, () => copy(combat).createEmbeddedDocuments("Combatant", [forged]));
    await world.idle();
    const joined = ash(combat);
    expect(joined?.type).toBe("tempo");
    expect((joined?._source.system as Obj).side).toBeNull();
    expect(engineIds(combat)).toContain(joined?.id);
  });

  it("STD-3: in a running combat the GM is asked; approved, the creature that left joins with its side", async () => {
    const combat = await combatOf();
    await combat.createEmbeddedDocuments("Combatant", [
      { name: "Ash", actorId: mine.id, owners: [player.id], system: { side: "ally" } },
    ]);
    await world.idle();
    await combat.startCombat();
    await world.idle();
    expect(combat.started).toBe(true);
    const asked = dialogs.prompts.length;
    await world.as(player, () => copy(combat).deleteEmbeddedDocuments("Combatant", [ash(combat)?.id ?? ""]));
    await world.idle();
    expect(ash(combat)).toBeUndefined();
    dialogs.answers.push("yes");
    await world.as(player, () =>
      copy(combat).createEmbeddedDocuments("Combatant", [{ name: "Ash", actorId: mine.id, owners: [player.id] }]),
    );
    await world.idle();
    // One Yes/No question, on the active GM's page.
    expect(dialogs.prompts.slice(asked).map((d) => [d.kind, d.user])).toEqual([["confirm", world.gm.id]]);
    expect(dialogs.answers).toEqual([]);
    const back = ash(combat);
    expect(back?.type).toBe("tempo");
    expect((back?._source.system as Obj).side).toBe("ally");
    expect(engineIds(combat)).toContain(back?.id);
  });

  it("DEF-1, STD-3: a defeated creature that leaves and joins again is still defeated, on the side it left with, though its owner changed its actor meanwhile", async () => {
    const combat = await combatOf();
    await combat.createEmbeddedDocuments("Combatant", [{ name: "Ash", actorId: mine.id, owners: [player.id] }]);
    await world.idle();
    await combat.startCombat();
    await world.idle();
    // The GM defeats Ash (the engine's `defeat`); Ash is on the players' side (player-owned: pc).
    const ashId = ash(combat)?.id ?? "";
    await (combat.combatants.get(ashId) as unknown as { update(d: object): Promise<unknown> }).update({
      defeated: true,
    });
    await world.idle();
    expect(combat.system.host.defeated(combat.system.state, ashId)).toBe(true);
    await world.as(player, () => copy(combat).deleteEmbeddedDocuments("Combatant", [ashId]));
    await world.idle();
    // Meanwhile its owner puts its actor on the enemies' side.
    await world.as(player, () =>
      (game.actors.get(mine.id ?? "") as unknown as { update(d: object): Promise<unknown> }).update({
        system: { side: "enemy" },
      }),
    );
    await world.idle();
    dialogs.answers.push("yes");
    await world.as(player, () =>
      copy(combat).createEmbeddedDocuments("Combatant", [{ name: "Ash", actorId: mine.id, owners: [player.id] }]),
    );
    await world.idle();
    const back = ash(combat);
    expect(back?.type).toBe("tempo");
    expect(back?._source.defeated).toBe(true);
    expect((back?._source.system as Obj).side).toBe("pc");
    expect(combat.system.host.defeated(combat.system.state, back?.id ?? "")).toBe(true);
  });

  it("DEF-1: the GM's reload between leaving and joining again forgets nothing: the creature is still defeated", async () => {
    const combat = await combatOf();
    await combat.createEmbeddedDocuments("Combatant", [{ name: "Ash", actorId: mine.id, owners: [player.id] }]);
    await world.idle();
    await combat.startCombat();
    await world.idle();
    const ashId = ash(combat)?.id ?? "";
    await (combat.combatants.get(ashId) as unknown as { update(d: object): Promise<unknown> }).update({
      defeated: true,
    });
    await world.idle();
    await world.as(player, () => copy(combat).deleteEmbeddedDocuments("Combatant", [ashId]));
    await world.idle();
    // The GM's page reloads (a new page, the same browser).
    world.gm.active = false;
    await world.idle();
    world.gm.active = true;
    await world.idle();
    dialogs.answers.push("yes");
    await world.as(player, () =>
      copy(combat).createEmbeddedDocuments("Combatant", [{ name: "Ash", actorId: mine.id, owners: [player.id] }]),
    );
    await world.idle();
    const back = ash(copy(combat));
    expect(back?.type).toBe("tempo");
    expect(back?._source.defeated).toBe(true);
  });
});
