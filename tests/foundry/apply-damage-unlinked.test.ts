/**
 * Damage applied to deployed NPCs: unlinked tokens on scenes of the runtime model (runtime/scene.ts),
 * whose synthetic actors keep their hit points in the token's ActorDelta; heroes are world actors.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { DamageCardInput } from "../../src/view/chat/damage-card.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { installFoundryWorld, type Write } from "../support/foundry-world.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { isObj, mergeUpdate } from "../support/runtime/diff.ts";
import type { TokenModel } from "../support/runtime/scene.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";

const world = installFoundryWorld(13);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");
const targeting = installTargets(world);

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

const field = await addScene(world, { name: "Field" });
const cellar = await addScene(world, { name: "Cellar" });

type Obj = Record<string, unknown>;

/** Seven, four and ten slashing: 4 + 1 + 7 = 12 through physical DR 3 per hit, 21 through none. */
const CARD: DamageCardInput = {
  attacker: "Vex",
  target: "Goblins",
  formula: "1d8+2",
  swings: [7, 4, 10],
  kind: "slashing",
  dr: { physical: 3, elemental: 0, arcane: 0 },
  drMode: "perHit",
};
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
const NO_SHIELD = { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" };

function creature(name: string, type: "character" | "npc", hp: number, dr = NO_DR, owners: string[] = []) {
  return world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: hp, max: hp },
    dr,
    overshield: NO_SHIELD,
  });
}

/** An unlinked token of `base` on `scene`, as a deploy makes for an NPC. */
const place = (scene: typeof field, base: ActorModel) => placeToken(world, scene, base, { actorLink: false });

const stored = (name: "Actor" | "Token", id: string | null) => world.runtime.server.source(name, id ?? "") ?? {};
/** The token's ActorDelta data as the server stores it. */
const deltaOf = (t: TokenModel) => (isObj(stored("Token", t.id).delta) ? (stored("Token", t.id).delta as Obj) : {});
/** Hit points as the server stores them: a world actor's, or an unlinked token's base actor with its delta over it. */
function hpOf(of: ActorModel | TokenModel): number {
  const base = stored("Actor", of.documentName === "Token" ? (of as TokenModel).actorId : of.id);
  const system = mergeUpdate(base.system as Obj, (deltaOf(of as TokenModel).system as Obj | undefined) ?? {});
  return (system.hp as { value: number }).value;
}

async function postDamage(): Promise<ChatMessageModel> {
  await world.as(world.gm, () => postCard({ type: "damage", input: CARD }));
  await world.idle();
  return lastMessage(chat);
}

/** Runs a card button as the GM and sorts what it wrote by document. */
async function click(message: ChatMessageModel, action: string) {
  const writes = world.writes.length;
  const updates = chat.updates.length;
  const refusal = await world.as(world.gm, () => runCardAction(asChatMessage(message), action));
  const written = world.writes.slice(writes);
  const of = (document: Write["document"]) => written.filter((w) => w.document === document);
  return {
    refusal,
    tokenWrites: of("Token"),
    actorWrites: of("Actor"),
    messageUpdates: chat.updates.slice(updates).length,
    allWrites: written.length,
  };
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
});

describe("apply damage to deployed NPCs (unlinked tokens)", () => {
  it("DR-1: three goblin tokens and a hero: ONE token batch, ONE actor batch and ONE card update; the base goblin is untouched", async () => {
    const goblin = await creature("Goblin", "npc", 30, { ...NO_DR, physical: 3 });
    const hero = await creature("Hero", "character", 40, NO_DR, [player.id]);
    const tokens = [await place(field, goblin), await place(field, goblin), await place(field, goblin)];
    targeting.target(world.gm, [...tokens, hero]);
    const result = await click(await postDamage(), "apply");
    expect(result.refusal).toBeNull();
    expect(tokens.map(hpOf)).toEqual([18, 18, 18]);
    expect(hpOf(hero)).toBe(19);
    expect(hpOf(goblin)).toBe(30);
    expect(result.tokenWrites).toHaveLength(1);
    expect(result.tokenWrites[0]?.data).toEqual(
      tokens.map((t) => ({ _id: t.id, delta: { system: { hp: { value: 18 } } } })),
    );
    expect(result.actorWrites).toHaveLength(1);
    // The server's broadcast diff of the one actor write (runtime/server.ts).
    expect(result.actorWrites[0]?.data).toEqual([{ _id: hero.id, system: { hp: { value: 19 } } }]);
    expect(result.messageUpdates).toBe(1);
    expect(result.allWrites).toBe(3); // the token batch, the actor batch, the card
    expect(tokens.map((t) => deltaOf(t).system)).toEqual(tokens.map(() => ({ hp: { value: 18 } })));
  });

  it("tokens on two scenes: one token batch per scene", async () => {
    const goblin = await creature("Goblin", "npc", 30);
    const here = [await place(field, goblin), await place(field, goblin)];
    const there = await place(cellar, goblin);
    targeting.target(world.gm, [...here, there]);
    const result = await click(await postDamage(), "apply");
    expect([...here, there].map(hpOf)).toEqual([9, 9, 9]);
    expect(result.tokenWrites.map((w) => (w.data as Obj[]).map((d) => d._id))).toEqual([
      here.map((t) => t.id),
      [there.id],
    ]);
    expect(result.actorWrites).toHaveLength(0);
  });

  it("Undo writes the tokens back in one token batch and the hero in one actor batch", async () => {
    const goblin = await creature("Goblin", "npc", 30, { ...NO_DR, physical: 3 });
    const hero = await creature("Hero", "character", 40);
    const tokens = [await place(field, goblin), await place(field, goblin), await place(field, goblin)];
    targeting.target(world.gm, [...tokens, hero]);
    const message = await postDamage();
    await click(message, "apply");
    const undo = await click(message, "undo");
    expect(undo.refusal).toBeNull();
    expect([...tokens.map(hpOf), hpOf(hero), hpOf(goblin)]).toEqual([30, 30, 30, 40, 30]);
    expect(undo.tokenWrites).toHaveLength(1);
    expect(undo.tokenWrites[0]?.data).toEqual(
      tokens.map((t) => ({ _id: t.id, delta: { system: { hp: { value: 30 } } } })),
    );
    expect(undo.actorWrites).toHaveLength(1);
    expect(undo.messageUpdates).toBe(1);
  });

  it("Undo is refused when one token's hit points moved since: no token, actor or card is written", async () => {
    const goblin = await creature("Goblin", "npc", 30, { ...NO_DR, physical: 3 });
    const tokens = [await place(field, goblin), await place(field, goblin)];
    targeting.target(world.gm, tokens);
    const message = await postDamage();
    await click(message, "apply");
    // The token's actor is hit by something else meanwhile (its own update: one write of its delta).
    await tokens[1]?.actor?.update({ "system.hp.value": 25 });
    await world.idle();
    const undo = await click(message, "undo");
    expect(undo.refusal).toMatchObject({ key: "TEMPO.CHAT.Damage.Refused", data: { name: "Goblin" } });
    expect([undo.allWrites, undo.messageUpdates, ...tokens.map(hpOf)]).toEqual([0, 0, 18, 25]);
  });

  it("DR-1, issue 18: a GM's card on a hidden goblin token keeps a stub for it (no uuid, no hit points): one card update; the GM's Undo restores it from the GM's ledger", async () => {
    const goblin = await creature("Goblin", "npc", 30, { ...NO_DR, physical: 3 });
    const [seen, lurking] = [await place(field, goblin), await place(field, goblin)];
    await world.as(world.gm, () =>
      (lurking as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true }),
    );
    await world.idle();
    targeting.target(world.gm, [seen, lurking]);
    const message = await postDamage();
    const applied = await click(message, "apply");
    expect([applied.refusal, applied.messageUpdates, applied.allWrites]).toEqual([null, 1, 2]);
    expect([seen, lurking].map(hpOf)).toEqual([18, 18]);
    const records = (message._source.system as { input: { applied: { actorUuid: string; after: { hp: number } }[] } })
      .input.applied;
    expect(records.map((r) => [r.actorUuid === "", r.after.hp])).toEqual([
      [false, 18],
      [true, 0],
    ]);
    const undone = await click(message, "undo");
    expect([undone.refusal, undone.messageUpdates]).toEqual([null, 1]);
    expect([seen, lurking].map(hpOf)).toEqual([30, 30]);
  });
});
