import { afterAll, describe, expect, it } from "vitest";
import {
  countCombatant,
  endPhaseSaveChance,
  phaseCombatant,
  type CountState,
  type PhaseState,
} from "../../src/engine/index.ts";
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import type { ChatCard } from "../../src/view/chat/chat-cards.ts";
import {
  buildInitiativeCard,
  compactInitiativeLines,
  type InitiativeCardInput,
} from "../../src/view/chat/initiative-card.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage, cardSource } from "../support/chat-log.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(5);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const player = world.addUser("p1");
const other = world.addUser("p2");

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { cardViewer } = await import("../../src/foundry/chat/card-viewer.ts");
const { cardModelOf } = await import("../../src/foundry/data/chat/chat-card-model.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;

function sample(id: string): ChatCard {
  const found = CARD_SAMPLES.find((s) => s.id === id);
  if (found === undefined) throw new Error(id);
  return found.card;
}

async function phaseCombat(enemies = 1, ruleset: "phase" | "count" = "phase"): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Kestrel", owners: [player.id], system: { side: "pc" } },
    ...Array.from({ length: enemies }, (_, i) => ({
      name: i === 0 ? "Golem" : `Golem ${i}`,
      owners: [],
      system: { side: "enemy" },
    })),
  ]);
  await world.idle();
  return combat;
}

/** A waiting PHS-12 save for the player's creature, posted by the GM as the end phase does. */
async function postSave(combat: Tempo): Promise<ChatMessageModel> {
  const kestrel = combat.combatants.contents.find((c) => c.name === "Kestrel");
  const card = sample("save-end-phase");
  if (card.type !== "save") throw new Error("sample");
  const input = { ...card.input, combatantId: kestrel?.id ?? "", total: null };
  await postCard({ type: "save", input }, { combatId: combat.id ?? null });
  await world.idle();
  return lastMessage(chat);
}

describe("posting a card", () => {
  it("creates one message of the card's subtype holding the engine input and the real rolls", async () => {
    const before = chat.messages.length;
    const roll = new Roll("1d20");
    await roll.evaluate();
    await postCard(sample("attack-segment"), { rolls: [roll] });
    expect(chat.messages.length).toBe(before + 1);
    const message = chat.messages.at(-1);
    expect(message?.type).toBe("attack");
    expect(message?.rolls).toEqual([roll]);
    expect(cardModelOf(asChatMessage(message as ChatMessageModel))?.card).toEqual(sample("attack-segment"));
  });

  it("honours core's roll (v13) or message (v14) mode: blind whispers the GMs blind, self the roller, public nobody", async () => {
    await postCard(sample("attack-standard"), { messageMode: "blind" });
    expect(chat.messages.at(-1)).toMatchObject({ whisper: ["gm"], blind: true });
    await world.as(player, () => postCard(sample("attack-standard"), { messageMode: "self" }));
    expect(chat.messages.at(-1)).toMatchObject({ whisper: ["p1"], blind: false });
    await world.setMessageMode("gm");
    await postCard(sample("attack-standard"));
    expect(chat.messages.at(-1)?.whisper).toEqual(["gm"]);
    await world.setMessageMode("public");
    await postCard(sample("attack-standard"));
    expect(chat.messages.at(-1)?.whisper).toEqual([]);
  });

  it("the initiative summary of a roll is an initiative card with one line per roll", async () => {
    const combat = await phaseCombat();
    const before = chat.messages.length;
    await combat.startCombat();
    await world.idle();
    await combat.rollAll();
    await world.idle();
    const cards = chat.messages.slice(before).filter((m) => m.type === "initiative");
    expect(cards.length).toBeGreaterThan(0);
    const lines = cards.flatMap((m) =>
      buildInitiativeCard(cardSource(m).input as InitiativeCardInput).lines.map((l) => l.name),
    );
    expect(lines).toContain("Kestrel");
  });

  it("issue 18: a hidden creature's roll is on no card (a card whispered to the GMs reaches every client); the other enemies' are on the GMs' card", async () => {
    const combat = await phaseCombat(2);
    const golem = combat.combatants.find((c) => c.name === "Golem 1");
    await (golem as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
    await combat.startCombat();
    await world.idle();
    const before = chat.messages.length;
    await combat.rollAll();
    await world.idle();
    const cards = chat.messages.slice(before).filter((m) => m.type === "initiative");
    const card = cards.find((m) => m.whisper.length > 0);
    if (card === undefined) throw new Error("no whispered initiative card");
    for (const posted of cards) expect(JSON.stringify(cardSource(posted))).not.toContain("Golem 1");
    for (const posted of cards) expect(JSON.stringify(cardSource(posted))).not.toContain(golem?.id ?? "-");
    const names = buildInitiativeCard(cardSource(card).input as InitiativeCardInput).lines.map((l) => l.name);
    expect(names).toContain("Golem");
    expect(card.rolls).toHaveLength(names.length);
  });

  /**
   * Issue 18: Kestrel level only with the hidden Golem in `ruleset`, its roll and the secret tie rolls scripted as
   * `totals` (every one used); the initiative cards the rolls posted and their lines.
   */
  async function levelWithHiddenGolem(ruleset: "phase" | "count", totals: readonly number[]) {
    const combat = await phaseCombat(1, ruleset);
    const golem = combat.combatants.find((c) => c.name === "Golem");
    const kestrel = combat.combatants.find((c) => c.name === "Kestrel")?.id ?? "";
    await (golem as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
    await combat.startCombat();
    await world.idle();
    const before = chat.messages.length;
    world.scriptedTotals.push(...totals);
    await combat.rollAll();
    await world.idle();
    expect(world.scriptedTotals).toEqual([]);
    const cards = chat.messages.slice(before).filter((m) => m.type === "initiative");
    const lines = cards.flatMap((m) => buildInitiativeCard(cardSource(m).input as InitiativeCardInput).lines);
    return { combat, kestrel, cards, lines };
  }

  it("PHS-2, issue 18: the player's creature level only with a hidden one rolls off in secret: no card has the roll-off, and the players' copy of the combat shows none", async () => {
    // Kestrel 8, the Golem 8: the GM rolls both roll-offs, Kestrel 3 and the Golem 5.
    const { combat, kestrel, cards, lines } = await levelWithHiddenGolem("phase", [8, 8, 3, 5]);
    expect(lines.map((l) => [l.name, l.formula])).toEqual([["Kestrel", "2d6 + 0 + 0"]]);
    expect(cards.flatMap((m) => m.rolls as unknown as { formula: string }[]).map((r) => r.formula)).toEqual([
      "2d6 + 0 + 0",
    ]);
    const rollOffs = (user: { id: string }) =>
      world.runtime.clientOf(user.id).run(() => {
        const input = trackerInputOf((combat as unknown as { here(): Tempo }).here(), game.user);
        return input === null ? null : phaseCombatant(input.state as PhaseState, kestrel)?.rollOff;
      });
    expect(rollOffs(player)).toEqual([]);
  });

  it("CNT-5, issue 18: the player's creature level only with a hidden one contests in secret: it is not asked to roll, no card has the contest, and the players' copy keeps no total", async () => {
    // Kestrel and the Golem both on count 5: the GM's client rolls both contests at once, 12 and 7.
    const { combat, kestrel, cards, lines } = await levelWithHiddenGolem("count", [5, 5, 12, 7]);
    expect(lines.map((l) => l.name)).toEqual(["Kestrel"]);
    expect(cards.flatMap((m) => m.rolls)).toHaveLength(1);
    const copy = (user: { id: string }) =>
      world.runtime.clientOf(user.id).run(() => {
        const input = trackerInputOf((combat as unknown as { here(): Tempo }).here(), game.user);
        if (input === null) return null;
        const asked = input.host.pending(input.state).map((r) => r.reason);
        return { asked, contest: countCombatant(input.state as CountState, kestrel)?.contest };
      });
    expect(copy(player)).toEqual({ asked: [], contest: [] });
    // The GM's own state keeps the secret total.
    const whole = (combat as unknown as { system: { state: CountState } }).system.state;
    expect(countCombatant(whole, kestrel)?.contest).toHaveLength(1);
  });

  /** A phase combat of `enemies` started and rolled, and the GM's whispered card of the enemies' rolls. */
  async function enemiesCard(enemies: number) {
    const combat = await phaseCombat(enemies);
    await combat.startCombat();
    await world.idle();
    const before = chat.messages.length;
    await combat.rollAll();
    await world.idle();
    const posted = chat.messages.slice(before).filter((m) => m.type === "initiative");
    const card = posted.find((m) => m.whisper.length > 0);
    if (card === undefined) throw new Error("no whispered initiative card");
    return { combat, card, posted };
  }

  it.each([4, 13])(
    "PHS-2: a click of %i enemies is one card: each rolls its initiative once, its roll-offs follow on their own lines (name, reason, formula, total); up to 12 rolls attach their real Rolls (Dice So Nice)",
    async (enemies) => {
      const { card } = await enemiesCard(enemies);
      const lines = buildInitiativeCard(cardSource(card).input as InitiativeCardInput).lines;
      const initiative = lines.filter((l) => l.reason === "TEMPO.COMBAT.Phase.InitiativeRoll");
      expect(initiative).toHaveLength(enemies);
      expect(new Set(initiative.map((l) => l.name)).size).toBe(enemies);
      for (const line of lines) {
        expect(line.name).toMatch(/^Golem/);
        expect(line.formula).toMatch(line.reason === "TEMPO.COMBAT.Phase.RollOff" ? /^1d6$/ : /2d6/);
        expect(Number.isFinite(line.total)).toBe(true);
      }
      expect(card.rolls).toHaveLength(lines.length <= 12 ? lines.length : 0);
    },
  );

  it("issue 17: a horde's click (30) is one packed card, under half the table's size, roll-offs included; every line shows its creature's name, reason, formula and total", async () => {
    const { combat, card, posted } = await enemiesCard(30);
    // One card for the GMs and one for the players' creature, however many roll-offs the click brought.
    expect(posted.map((m) => m.whisper.length > 0).sort()).toEqual([false, true]);
    const input = cardSource(card).input as InitiativeCardInput;
    expect(input.rolls).toBeDefined();
    const lines = buildInitiativeCard(input).lines;
    const table = compactInitiativeLines(lines);
    expect(JSON.stringify(input).length * 2).toBeLessThan(JSON.stringify(table).length);
    const golems = combat.combatants.filter((c) => (c.name ?? "").startsWith("Golem")).map((c) => c.name);
    const initiative = lines.filter((l) => l.reason === "TEMPO.COMBAT.Phase.InitiativeRoll");
    expect(initiative.map((l) => l.name).sort()).toEqual([...golems].sort());
    for (const line of lines) {
      expect(line.formula).toMatch(/d6/);
      expect(Number.isFinite(line.total)).toBe(true);
    }
  });

  it("issue 17: a packed card names its creatures itself: the names stay after a creature leaves and after the combat is deleted", async () => {
    const { combat, card } = await enemiesCard(30);
    const model = () => {
      const found = cardModelOf(asChatMessage(card));
      if (found === null) throw new Error("not a card");
      return found;
    };
    const names = () =>
      buildInitiativeCard(cardSource(card).input as InitiativeCardInput, cardViewer(model(), game.user).nameOf)
        .lines.filter((l) => l.reason === "TEMPO.COMBAT.Phase.InitiativeRoll")
        .map((l) => l.name)
        .sort();
    const golems = combat.combatants.filter((c) => (c.name ?? "").startsWith("Golem")).map((c) => c.name ?? "");
    expect(names()).toEqual([...golems].sort());
    const leaving = combat.combatants.find((c) => c.name === "Golem 7");
    await (
      combat as unknown as { deleteEmbeddedDocuments(n: string, ids: string[]): Promise<unknown> }
    ).deleteEmbeddedDocuments("Combatant", [leaving?.id ?? ""]);
    await world.idle();
    expect(combat.combatants.find((c) => c.name === "Golem 7")).toBeUndefined();
    expect(names()).toEqual([...golems].sort());
    await (combat as unknown as { delete(): Promise<unknown> }).delete();
    await world.idle();
    expect(game.combats.get(combat.id ?? "")).toBeUndefined();
    expect(names()).toEqual([...golems].sort());
  });
});

describe("card buttons", () => {
  it("PHS-12: the owner rolls the save from the card; the card is updated once, through the GM", async () => {
    const combat = await phaseCombat();
    const message = await postSave(combat);
    const updates = chat.updates.length;
    // A failed save (the effect goes on: nothing else to write; save-outcomes.test.ts has the rest).
    world.scriptedTotals.push(6);
    const refusal = await world.as(player, () => runCardAction(asChatMessage(message), "roll"));
    expect(refusal).toBeNull();
    expect(chat.updates.length).toBe(updates + 1);
    expect(chat.updates.at(-1)?.userId).toBe("gm");
    expect((cardSource(message).input as { total: number }).total).toBe(6);
    expect(message.rolls).toMatchObject([{ formula: "2d6", total: 6 }]);
    // A second click changes nothing.
    const again = await world.as(player, () => runCardAction(asChatMessage(message), "roll"));
    expect(again?.key).toBe("TEMPO.CHAT.Save.AlreadyRolled");
    expect(chat.updates.length).toBe(updates + 1);
  });

  it("PHS-12: another player may not roll someone else's save; nothing is written and they are told", async () => {
    const combat = await phaseCombat();
    const message = await postSave(combat);
    const updates = chat.updates.length;
    const notices = world.notices.length;
    const refusal = await world.as(other, () => runCardAction(asChatMessage(message), "roll"));
    expect(refusal?.key).toBe("TEMPO.CHAT.Errors.NotOwner");
    expect(chat.updates.length).toBe(updates);
    expect(world.notices.slice(notices).map((n) => n.user)).toEqual(["p2"]);
  });

  it("CNT-6: Resolve sends the card's host command through the combat and marks the card resolved", async () => {
    const combat = await phaseCombat();
    const card = sample("pending-count");
    await postCard(card, { combatId: combat.id ?? null, command: { type: "start" } });
    const message = chat.messages.at(-1) as ChatMessageModel;
    const refusal = await runCardAction(asChatMessage(message), "resolve");
    expect(refusal).toBeNull();
    expect(combat.started).toBe(true);
    expect((cardSource(message).input as { resolved: boolean }).resolved).toBe(true);
    const again = await runCardAction(asChatMessage(message), "resolve");
    expect(again?.key).toBe("TEMPO.CHAT.Pending.AlreadyResolved");
  });

  it("odds follow tempo.odds: by default the GM sees them and players do not; 'everyone' shows them to all", async () => {
    const combat = await phaseCombat();
    const message = await postSave(combat);
    const model = cardModelOf(asChatMessage(message));
    if (model === null) throw new Error("no model");
    expect(cardViewer(model, game.user).showOdds).toBe(true);
    expect(await world.as(player, async () => cardViewer(model, game.user))).toMatchObject({
      isGM: false,
      owns: true,
      showOdds: false,
    });
    await game.settings.set("tempo", "odds", "everyone");
    expect(await world.as(other, async () => cardViewer(model, game.user))).toMatchObject({
      owns: false,
      showOdds: true,
    });
    await game.settings.set("tempo", "odds", "gm");
    // The chance the card then shows is the engine's.
    expect(endPhaseSaveChance()).toBeCloseTo(21 / 36, 15);
  });
});

describe("chat messages on the server", () => {
  it("any user posts as the author; only the author or a GM updates or deletes; every client hears each write", async () => {
    await world.as(player, () => postCard(sample("attack-standard"), { messageMode: "public" }));
    await world.idle();
    const message = lastMessage(chat);
    expect(message.author?.id).toBe("p1");
    const id = message.id ?? "";
    const heard = (name: string) => world.runtime.hookLedger.filter((h) => h.name === name && h.args[0] !== undefined);
    expect(new Set(heard("createChatMessage").map((h) => h.client)).size).toBe(3);
    const stored = JSON.stringify(world.runtime.server.source("ChatMessage", id));
    const refused = world.as(other, () => message.update({ "system.input.name": "x" }));
    await expect(refused).rejects.toThrow(/only its author or a GM/);
    await expect(world.as(other, () => message.delete())).rejects.toThrow(/may not delete/);
    await world.idle();
    expect(JSON.stringify(world.runtime.server.source("ChatMessage", id))).toBe(stored);
    await world.as(player, () => message.update({ "system.input.name": "Kestrel's" }));
    await world.idle();
    const names = ["gm", "p1", "p2"].map((u) => cardSource(world.runtime.clientOf(u).messages.get(id)).input);
    expect(names.map((input) => (input as { name: string }).name)).toEqual(["Kestrel's", "Kestrel's", "Kestrel's"]);
    expect(heard("updateChatMessage").filter((h) => (h.args[1] as { _id: string })._id === id)).toHaveLength(3);
    await message.delete();
    await world.idle();
    expect(["gm", "p1", "p2"].map((u) => world.runtime.clientOf(u).messages.has(id))).toEqual([false, false, false]);
  });
});
