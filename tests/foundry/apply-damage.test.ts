import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { DamageCardInput } from "../../src/view/chat/damage-card.ts";
import { buildDamageCard } from "../../src/view/chat/damage-card.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage, cardSource } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { expandDotted } from "../support/runtime/diff.ts";
import { installFoundryWorld, type WorldUser } from "../support/foundry-world.ts";
import { armed, installItemUuids, rolledDamage } from "../support/attacks/rolled-cards.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");
const other = world.addUser("p2");
const targeting = installTargets(world);
installItemUuids();

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { cardViewer } = await import("../../src/foundry/chat/card-viewer.ts");
const { cardModelOf } = await import("../../src/foundry/data/chat/chat-card-model.ts");
const { askActiveGm } = await import("../../src/foundry/socket/socket-channel.ts");

type Obj = Record<string, unknown>;

/** Seven, four and ten slashing (three AP swings, AP-1), as a rotation damage card rolls them. */
const CARD: DamageCardInput = {
  attacker: "Vex",
  target: "Raider",
  formula: "1d8+2",
  swings: [7, 4, 10],
  kind: "slashing",
  dr: { physical: 3, elemental: 0, arcane: 0 },
  drMode: "perHit",
};

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

interface Health {
  readonly hp: number;
  readonly max?: number;
  readonly dr?: Obj;
  readonly shield?: { value: number; max: number; dr: Obj; effect: string };
}

/** A world actor on the runtime model (the GM's client's copy); `owners` own it. */
function creature(name: string, type: "character" | "npc", h: Health, owners: string[] = []): Promise<ActorModel> {
  const overshield = h.shield ?? { value: 0, max: 0, dr: NO_DR, effect: "" };
  return world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: h.hp, max: h.max ?? h.hp },
    dr: { ...NO_DR, ...h.dr },
    overshield: { ...overshield, condition: "" },
  });
}

/** The stored system source, as the server holds it. */
const sourceOf = (a: ActorModel) => (world.runtime.server.source("Actor", a.id ?? "")?.system ?? {}) as Obj;
/** One actor's entry of a write: the server's broadcast diff, expanded (runtime/server.ts). */
const written = (a: ActorModel, changes: Obj) => ({ _id: a.id, ...expandDotted(changes) });
const hpOf = (a: ActorModel) => (sourceOf(a).hp as { value: number }).value;
const shieldOf = (a: ActorModel) => (sourceOf(a).overshield as { value: number }).value;

async function postDamage(by: WorldUser = world.gm, input: Partial<DamageCardInput> = {}): Promise<ChatMessageModel> {
  await world.as(by, () => postCard({ type: "damage", input: { ...CARD, ...input } }));
  await world.idle();
  return lastMessage(chat);
}

/** Runs a card button as `user` and counts what it wrote. */
async function click(message: ChatMessageModel, action: string, user: WorldUser = world.gm) {
  const writes = world.writes.length;
  const updates = chat.updates.length;
  const notices = world.notices.length;
  const refusal = await world.as(user, () => runCardAction(asChatMessage(message), action));
  const actorWrites = world.writes.slice(writes).filter((w) => w.document === "Actor");
  return {
    refusal,
    actorWrites,
    messageUpdates: chat.updates.slice(updates),
    allWrites: world.writes.length - writes,
    notices: world.notices.slice(notices),
  };
}

function appliedOf(message: ChatMessageModel): Obj[] {
  return ((cardSource(message).input as Obj).applied as Obj[] | undefined) ?? [];
}

beforeEach(async () => {
  for (const user of world.users.values()) targeting.target(user, []);
  targeting.select([]);
  await game.settings.set("tempo", "drMode", "perHit");
});

describe("apply damage from a card", () => {
  it("DR-1, DR-2: Apply on the targeted token takes 4 + 1 + 7 = 12 per hit; one batched actor update, one card update", async () => {
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    targeting.target(world.gm, [raider]);
    const message = await postDamage();
    const result = await click(message, "apply");
    expect(result.refusal).toBeNull();
    expect(hpOf(raider)).toBe(18);
    expect(result.actorWrites).toHaveLength(1);
    expect(result.actorWrites[0]?.data).toEqual([written(raider, { "system.hp.value": 18 })]);
    expect(result.messageUpdates).toHaveLength(1);
    expect(result.allWrites).toBe(2);
    expect(appliedOf(message)).toMatchObject([
      { actorUuid: raider.uuid, name: "Raider", before: { hp: 30, overshield: 0 }, after: { hp: 18, overshield: 0 } },
    ]);
  });

  it("DR-2: per attack, two targets take 21 − 3 = 18 and 21 − 0 in ONE Actor.updateDocuments call", async () => {
    await game.settings.set("tempo", "drMode", "perAttack");
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    const cultist = await creature("Cultist", "npc", { hp: 40 });
    targeting.target(world.gm, [raider, cultist]);
    const result = await click(await postDamage(), "apply");
    expect([hpOf(raider), hpOf(cultist)]).toEqual([12, 19]);
    expect(result.actorWrites).toHaveLength(1);
    expect((result.actorWrites[0]?.data as Obj[]).map((d) => d._id)).toEqual([raider.id, cultist.id]);
    expect(result.messageUpdates).toHaveLength(1);
  });

  it("DR-1: elemental DR does not reduce slashing damage; arcane DR reduces arcane kinds only", async () => {
    const golem = await creature("Golem", "npc", { hp: 50, dr: { elemental: 5, arcane: 5 } });
    targeting.target(world.gm, [golem]);
    await click(await postDamage(), "apply");
    expect(hpOf(golem)).toBe(29);
    const warded = await creature("Warded", "npc", { hp: 50, dr: { arcane: 2 } });
    targeting.target(world.gm, [warded]);
    await click(await postDamage(world.gm, { kind: "solar", swings: [6] }), "apply");
    expect(hpOf(warded)).toBe(46);
  });

  it("OSH-1, OSH-4: the overshield takes the swings first with its own DR; what breaks through hits hit points", async () => {
    const knight = await creature("Knight", "npc", {
      hp: 20,
      dr: { physical: 2 },
      shield: { value: 10, max: 10, dr: { ...NO_DR, physical: 1 }, effect: "ward" },
    });
    targeting.target(world.gm, [knight]);
    const message = await postDamage();
    const result = await click(message, "apply");
    // 7 − 1 = 6 (4 left), 4 − 1 = 3 (1 left), 10 − 1 = 9: 1 absorbed, the shield breaks, 8 − 2 = 6 to hit points.
    expect([shieldOf(knight), hpOf(knight)]).toEqual([0, 14]);
    expect(result.actorWrites[0]?.data).toEqual([
      written(knight, { "system.hp.value": 14, "system.overshield.value": 0 }),
    ]);
    const notes = (appliedOf(message)[0]?.notes as { key: string }[]).map((n) => n.key);
    expect(notes).toContain("TEMPO.DAMAGE.Step.ShieldBroken");
  });

  it("OSH-1 (ruling): shield points a GM wrote on the sheet with no effect take the damage first too", async () => {
    const guard = await creature("Guard", "npc", {
      hp: 20,
      dr: NO_DR,
      shield: { value: 5, max: 5, dr: NO_DR, effect: "" },
    });
    targeting.target(world.gm, [guard]);
    await click(await postDamage(world.gm, { swings: [7], dr: NO_DR }), "apply");
    // 5 absorbed, the shield breaks, 2 to hit points.
    expect([shieldOf(guard), hpOf(guard)]).toEqual([0, 18]);
  });

  it("DR-3: a player character at full health is left at 0 and unconscious; an NPC dies (massive damage)", async () => {
    const hero = await creature("Hero", "character", { hp: 10 });
    const thug = await creature("Thug", "npc", { hp: 10 });
    targeting.target(world.gm, [hero, thug]);
    const message = await postDamage(world.gm, { swings: [30], dr: NO_DR });
    await click(message, "apply");
    expect([hpOf(hero), hpOf(thug)]).toEqual([0, -20]);
    const notes = appliedOf(message).map((r) => (r.notes as { key: string }[]).map((n) => n.key));
    expect(notes[0]).toEqual(
      expect.arrayContaining(["TEMPO.DAMAGE.Step.FullHealthProtection", "TEMPO.DAMAGE.Step.Unconscious"]),
    );
    expect(notes[1]).toContain("TEMPO.DAMAGE.Step.Dead");
  });

  it("the card then shows what changed per creature and offers Undo instead of Apply", async () => {
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    targeting.target(world.gm, [raider]);
    const message = await postDamage();
    await click(message, "apply");
    const model = cardModelOf(asChatMessage(message));
    if (model === null || model.card.type !== "damage") throw new Error("no damage card");
    const built = buildDamageCard(model.card.input, cardViewer(model, game.user));
    expect(built.applied).toEqual([
      {
        name: "Raider",
        changes: [{ key: "TEMPO.CHAT.Damage.HpChanged", data: { from: 30, to: 18 } }],
        notes: expect.any(Array),
      },
    ]);
    expect(built.buttons.map((b) => b.action)).toEqual(["undo"]);
  });

  it("with nothing targeted the selected tokens are hit; with neither, a notice and nothing written", async () => {
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    const message = await postDamage();
    const none = await click(message, "apply");
    expect(none.refusal?.key).toBe("TEMPO.CHAT.Damage.NoTargets");
    expect(none.allWrites).toBe(0);
    expect(none.notices).toHaveLength(1);
    targeting.select([raider]);
    await click(message, "apply");
    expect(hpOf(raider)).toBe(18);
    const twice = await click(message, "apply");
    expect(twice.refusal?.key).toBe("TEMPO.CHAT.Damage.AlreadyApplied");
    expect([twice.allWrites, hpOf(raider)]).toEqual([0, 18]);
  });
});

describe("undo", () => {
  it("OSH-1: Undo restores exactly the hit points and overshield Apply changed, in one actor update and one card update", async () => {
    const knight = await creature("Knight", "npc", {
      hp: 20,
      shield: { value: 10, max: 10, dr: NO_DR, effect: "ward" },
    });
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    targeting.target(world.gm, [knight, raider]);
    const message = await postDamage();
    const before = [sourceOf(knight), sourceOf(raider)];
    await click(message, "apply");
    const undo = await click(message, "undo");
    expect(undo.refusal).toBeNull();
    expect([sourceOf(knight), sourceOf(raider)]).toEqual(before);
    expect(undo.actorWrites).toHaveLength(1);
    expect(undo.actorWrites[0]?.data).toEqual([
      written(knight, { "system.hp.value": 20, "system.overshield.value": 10 }),
      written(raider, { "system.hp.value": 30 }),
    ]);
    expect(undo.messageUpdates).toHaveLength(1);
    expect(appliedOf(message)).toEqual([]);
    const again = await click(message, "undo");
    expect(again.refusal?.key).toBe("TEMPO.CHAT.Damage.NothingToUndo");
    expect(again.allWrites).toBe(0);
  });

  it("Undo is refused when a changed value moved since (healed, hit again): nothing is written", async () => {
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    targeting.target(world.gm, [raider]);
    const message = await postDamage();
    await click(message, "apply");
    await raider.update({ "system.hp.value": 25 });
    const undo = await click(message, "undo");
    expect(undo.refusal).toMatchObject({ key: "TEMPO.CHAT.Damage.Refused", data: { name: "Raider" } });
    expect(String(undo.refusal?.data?.reason)).toContain("TEMPO.ERRORS.Damage.HpChangedSince");
    expect([undo.allWrites, hpOf(raider), appliedOf(message).length]).toEqual([0, 25, 1]);
  });
});

describe("who may apply", () => {
  // Issue 18: a player's card is the attack flow's (real rolls of their own item, the target recorded);
  // these tests posted hand-made player cards, which are the forgeries the attack suite now tries.
  it("AP-1, DR-1: a player who rolled the damage on a creature they may not update gets it applied by the GM through a damage request on the system socket", async () => {
    const raider = await creature("Raider", "npc", { hp: 30, dr: { physical: 3 } });
    const vex = await armed(world, "Vex", [player.id], { apCost: 10 }, { ap: { value: 30, max: 30 } });
    targeting.target(player, [raider]);
    await rolledDamage(world, player, vex, raider, [7, 4, 10]);
    const message = lastMessage(chat);
    const result = await click(message, "apply", player);
    expect(result.refusal).toBeNull();
    expect(hpOf(raider)).toBe(18);
    expect(result.actorWrites.map((w) => w.userId)).toEqual(["gm"]);
    expect(result.messageUpdates.map((u) => u.userId)).toEqual(["gm"]);
    const undo = await click(message, "undo", player);
    expect([undo.refusal, hpOf(raider), undo.actorWrites.length]).toEqual([null, 30, 1]);
    expect(undo.actorWrites[0]?.userId).toBe("gm");
  });

  it("a player applying to their own creature writes it themselves, still in one update", async () => {
    const hero = await creature("Hero", "character", { hp: 12, max: 20 }, [player.id]);
    const vex = await armed(world, "Vex", [player.id]);
    targeting.target(player, [hero]);
    await rolledDamage(world, player, vex, hero, [5]);
    const message = lastMessage(chat);
    const result = await click(message, "apply", player);
    expect(hpOf(hero)).toBe(7);
    expect(result.actorWrites.map((w) => w.userId)).toEqual(["p1"]);
    expect(result.messageUpdates.map((u) => u.userId)).toEqual(["p1"]);
  });

  it("another player may not apply someone else's damage: no button, and a click (or a direct request) writes nothing", async () => {
    const raider = await creature("Raider", "npc", { hp: 30 });
    targeting.target(other, [raider]);
    const message = await postDamage(player);
    const model = cardModelOf(asChatMessage(message));
    if (model === null || model.card.type !== "damage") throw new Error("no damage card");
    const seen = await world.as(other, async () =>
      buildDamageCard(model.card.input as DamageCardInput, cardViewer(model, game.user)),
    );
    expect(seen.buttons).toEqual([]);
    const result = await click(message, "apply", other);
    expect(result.refusal?.key).toBe("TEMPO.CHAT.Damage.NotAuthor");
    expect(result.allWrites).toBe(0);
    // A forged request straight to the GM: the GM checks the sender the server names.
    const asked = await world.as(other, () =>
      askActiveGm("damage", { messageId: message.id, action: "apply", actorUuids: [raider.uuid] }),
    );
    expect(asked).toEqual({ ok: false, error: { key: "TEMPO.CHAT.Damage.NotAuthor" } });
    expect(hpOf(raider)).toBe(30);
  });

  it("with no GM connected a player's apply on a creature they do not own is refused clearly; nothing changes", async () => {
    const raider = await creature("Raider", "npc", { hp: 30 });
    const vex = await armed(world, "Vex", [player.id]);
    targeting.target(player, [raider]);
    await rolledDamage(world, player, vex, raider, [7]);
    const message = lastMessage(chat);
    world.gm.active = false;
    try {
      const result = await click(message, "apply", player);
      expect(result.refusal?.key).toBe("TEMPO.CHAT.Damage.NoGm");
      expect([result.allWrites, hpOf(raider), appliedOf(message).length]).toEqual([0, 30, 0]);
      expect(result.notices.map((n) => n.user)).toEqual(["p1"]);
    } finally {
      world.gm.active = true;
    }
  });
});

describe("refusals change nothing", () => {
  it("DR-1: an unknown damage kind is refused by the engine with the creature named; no creature is written", async () => {
    const a = await creature("A", "npc", { hp: 30 });
    const b = await creature("B", "npc", { hp: 30 });
    targeting.target(world.gm, [a, b]);
    const message = await postDamage(world.gm, { kind: "psychic" });
    const result = await click(message, "apply");
    expect(result.refusal).toMatchObject({ key: "TEMPO.CHAT.Damage.Refused", data: { name: "A" } });
    expect([result.allWrites, hpOf(a), hpOf(b)]).toEqual([0, 30, 30]);
  });

  it("a target without Tempo hit points refuses the whole apply: the other targets are not written either", async () => {
    const a = await creature("A", "npc", { hp: 30 });
    const plain = await world.addActor("Lamp post", [], "encounter"); // an actor type with no Tempo hit points
    targeting.target(world.gm, [a]);
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: plain });
    const result = await click(await postDamage(), "apply");
    expect(result.refusal).toEqual({ key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: "Lamp post" } });
    expect([result.allWrites, hpOf(a)]).toEqual([0, 30]);
  });
});
