/**
 * Issue 11: rolling a save card changes what the save decides (engine: save-outcomes.ts), written by
 * the client that writes the card's total: PHS-12 ends the effect, SEG-10 clears concentration,
 * CNT-14 tallies death saves on the combatant.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SaveCardInput } from "../../src/view/chat/save-card.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage, cardSource } from "../support/chat-log.ts";
import { effectEncounter, type Tempo } from "../support/effect-encounter.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(13);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

const effectWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "ActiveEffect");

async function postSave(combat: Tempo, combatantId: string, fill: Partial<SaveCardInput>): Promise<ChatMessageModel> {
  const input: SaveCardInput = {
    kind: "death",
    combatantId,
    name: "Kestrel",
    effect: null,
    formula: "1d20",
    target: 10,
    endPhaseKind: "ends",
    concentration: "maintaining",
    total: null,
    ...fill,
  };
  await postCard({ type: "save", input }, { combatId: combat.id ?? null, whisper: [] });
  await world.idle();
  return lastMessage(chat);
}

async function roll(message: ChatMessageModel, total: number) {
  world.scriptedTotals.push(total);
  const refusal = await world.as(player, () => runCardAction(asChatMessage(message), "roll"));
  await world.idle();
  return refusal;
}

function kestrel(actors: Record<string, ActorModel>): ActorModel {
  const actor = actors.Kestrel;
  if (actor === undefined) throw new Error("no actor");
  return actor;
}

const webbed = { name: "Webbed", flags: { tempo: { endPhaseSave: "ends" } } };
const END_PHASE = { kind: "endPhase", effect: "Webbed", formula: "2d6", target: 7 } as const;

describe("PHS-12: an end-phase save ends its effect", () => {
  it("PHS-12: a success on an 'ends' effect deletes it in one write; a failure writes nothing but the card", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "phase", ["Kestrel", "Golem"], player);
    const actor = kestrel(actors);
    await actor.createEmbeddedDocuments("ActiveEffect", [webbed]);
    const failed = await postSave(combat, ids.Kestrel ?? "", END_PHASE);
    let from = world.writes.length;
    expect(await roll(failed, 6)).toBeNull();
    expect(effectWrites(from)).toHaveLength(0);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Webbed"]);

    const saved = await postSave(combat, ids.Kestrel ?? "", END_PHASE);
    from = world.writes.length;
    expect(await roll(saved, 9)).toBeNull();
    expect(effectWrites(from)).toHaveLength(1);
    expect(actor.effects.contents).toEqual([]);
  });

  it("PHS-12: a save against an effect no longer on the creature is refused and nothing is written", async () => {
    const { combat, ids } = await effectEncounter(world, "phase", ["Kestrel", "Golem"], player);
    const message = await postSave(combat, ids.Kestrel ?? "", END_PHASE);
    const from = world.writes.length;
    const refusal = await roll(message, 11);
    expect(refusal?.key).toBe("TEMPO.CHAT.Save.NoEffect");
    expect(world.writes.length).toBe(from);
    expect((cardSource(message).input as { total: unknown }).total).toBeNull();
  });
});

describe("SEG-10: a failed concentration check", () => {
  it("SEG-10: clears concentrating and casting in one write, and tells a segment combat the casting failed", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "segment", ["Kestrel", "Golem"], player);
    const actor = kestrel(actors);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Fireball", statuses: ["concentrating", "casting"] },
      { name: "Webbed", flags: {} },
    ]);
    const sent: unknown[] = [];
    const original = combat.tempoCommand.bind(combat);
    combat.tempoCommand = async (command) => {
      sent.push(command);
      return original(command);
    };
    const held = await postSave(combat, ids.Kestrel ?? "", { kind: "concentration", effect: "Fireball" });
    const from = world.writes.length;
    expect(await roll(held, 14)).toBeNull();
    expect(effectWrites(from)).toHaveLength(0);
    expect(sent).toEqual([]);

    const casting = await postSave(combat, ids.Kestrel ?? "", {
      kind: "concentration",
      effect: "Fireball",
      concentration: "casting",
    });
    const before = world.writes.length;
    expect(await roll(casting, 4)).toBeNull();
    expect(sent).toEqual([{ type: "interrupt", combatantId: ids.Kestrel }]);
    expect(effectWrites(before)).toHaveLength(1);
    expect([...actor.statuses]).toEqual([]);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Webbed"]);
  });

  it("SEG-10: outside a segment combat a failed check only clears the statuses (no interrupt)", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "count", ["Kestrel", "Golem"], player);
    const actor = kestrel(actors);
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Bless", statuses: ["concentrating"] }]);
    const sent: unknown[] = [];
    const original = combat.tempoCommand.bind(combat);
    combat.tempoCommand = async (command) => {
      sent.push(command);
      return original(command);
    };
    const message = await postSave(combat, ids.Kestrel ?? "", {
      kind: "concentration",
      effect: "Bless",
      concentration: "casting",
    });
    const from = world.writes.length;
    await roll(message, 2);
    expect(sent).toEqual([]);
    expect(effectWrites(from)).toHaveLength(1);
    expect([...actor.statuses]).toEqual([]);
  });
});

describe("CNT-14: death saves", () => {
  it("CNT-14 (ruling): the tally lives on the combatant and the card; the third failure puts on the defeated status", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "count", ["Kestrel", "Golem"], player);
    const combatant = combat.combatants.get(ids.Kestrel ?? "");
    const tally = () => (combatant?.flags as { tempo?: { deathSaves?: unknown } }).tempo?.deathSaves;
    const totals = [12, 3, 5];
    for (const total of totals) {
      const message = await postSave(combat, ids.Kestrel ?? "", {});
      expect(await roll(message, total)).toBeNull();
      expect((cardSource(message).input as { deathSaves: unknown }).deathSaves).toMatchObject(tally() as object);
    }
    expect(tally()).toEqual({ successes: 1, failures: 2 });
    expect([...kestrel(actors).statuses]).toEqual([]);

    const last = await postSave(combat, ids.Kestrel ?? "", {});
    expect(await roll(last, 9)).toBeNull();
    expect(tally()).toEqual({ successes: 1, failures: 3 });
    expect((cardSource(last).input as { deathSaves: unknown }).deathSaves).toEqual({
      successes: 1,
      failures: 3,
      state: "dead",
    });
    expect([...kestrel(actors).statuses]).toEqual(["dead"]);
    // The status reached the engine as DEF-1's defeat, like a token HUD toggle.
    expect(combatant?.defeated).toBe(true);

    const after = await postSave(combat, ids.Kestrel ?? "", {});
    const from = world.writes.length;
    expect((await roll(after, 15))?.key).toBe("TEMPO.ERRORS.Conditions.DeathSavesDead");
    expect(world.writes.length).toBe(from);
  });
});
