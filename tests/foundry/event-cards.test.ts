/**
 * Cards the engine's events call for, posted by the active GM after a step (write-step.ts) and after
 * Apply (apply-damage.ts), through the runtime model, its chat and the targets helper: one ChatMessage per card, none
 * when nothing is due, none for undo and redo.
 */
import { afterAll, describe, expect, it } from "vitest";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage, cardSource } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { effectEncounter, firstTurn, step, type Ev, type Tempo } from "../support/effect-encounter.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";

const world = installFoundryWorld(31);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const targeting = installTargets(world);

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");
// Real templates through renderTemplate (installed after init, as card-visibility.test.ts does).
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());

type Obj = Record<string, unknown>;
const inputOf = (m: ChatMessageModel | undefined) => (cardSource(m).input ?? {}) as Obj;
const cardWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "ChatMessage");

/** Steps until an event matches; the messages and ChatMessage writes of that step. */
async function stepUntil(combat: Tempo, match: (e: Ev) => boolean, max = 80) {
  for (let i = 0; i < max; i++) {
    const writes = world.writes.length;
    const messages = chat.messages.length;
    const events = await step(world, combat);
    if (events.some(match)) return { events, messages: chat.messages.slice(messages), writes: cardWrites(writes) };
  }
  throw new Error("no such event");
}

describe("save and pending cards from a step's events", () => {
  it("PHS-12: in the end phase, one save card per effect that calls for a save; none for creatures without", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "phase", ["Ash", "Bram", "Cole"]);
    await actors.Ash?.createEmbeddedDocuments("ActiveEffect", [
      { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } },
      { name: "Haste", flags: { tempo: { endPhaseSave: "sustains" } } },
      { name: "Blessed" },
    ]);
    await combat.startCombat();
    await world.idle();
    const saves = await stepUntil(combat, (e) => e.type === "savesDue");
    const due = saves.events.filter((e) => e.type === "savesDue").map((e) => e.combatantId);
    expect(due).toContain(ids.Ash);
    expect(saves.messages.map((m) => [m.type, inputOf(m).combatantId, inputOf(m).effect])).toEqual([
      ["save", ids.Ash, "Burning"],
      ["save", ids.Ash, "Haste"],
    ]);
    expect(saves.writes).toHaveLength(2);
    expect(saves.messages.map((m) => cardSource(m).combatId)).toEqual([combat.id, combat.id]);
    expect(inputOf(saves.messages[0])).toMatchObject({ kind: "endPhase", formula: "2d6", target: 7 });
    expect(inputOf(saves.messages[1])).toMatchObject({ endPhaseKind: "sustains", total: null });

    // Undo takes the step back and posts nothing; redo brings it again and posts nothing either.
    const before = world.writes.length;
    await combat.previousTurn();
    await world.idle();
    await combat.tempoCommand({ type: "redo" });
    await world.idle();
    expect(cardWrites(before)).toEqual([]);
  });

  it("PHS-12, issue 18: a hidden creature's save card is whispered to the GMs, speaks as the combat and names it only by reference; the GM's card reads its name, a player's chat has none of it", async () => {
    const player = world.users.get("phs12p") ?? world.addUser("phs12p");
    const { combat, ids, actors } = await effectEncounter(world, "phase", ["Ash", "Bram", "Wraith"], player);
    await actors.Wraith?.createEmbeddedDocuments("ActiveEffect", [
      { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } },
    ]);
    await actors.Ash?.createEmbeddedDocuments("ActiveEffect", [
      { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } },
    ]);
    const wraith = combat.combatants.get(ids.Wraith ?? "");
    await (wraith as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
    await combat.startCombat();
    await world.idle();
    const saves = (await stepUntil(combat, (e) => e.type === "savesDue")).messages;
    const hidden = saves.find((m) => inputOf(m).combatantId === ids.Wraith);
    const seen = saves.find((m) => inputOf(m).combatantId === ids.Ash);
    if (hidden === undefined || seen === undefined) throw new Error("no save cards");
    expect(hidden.whisper).toEqual([world.gm.id]);
    expect(hidden.speaker).toMatchObject({ actor: null, alias: combat.name });
    expect(inputOf(hidden).name).toBe(`@${ids.Wraith ?? ""}`);
    // A whisper still reaches every client: neither its data nor its speaker names the creature.
    expect(JSON.stringify(hidden._source)).not.toContain("Wraith");
    expect(await world.as(world.gm, () => renderCardHtml(asChatMessage(hidden)))).toContain("Wraith");
    const theirs = await world.as(player, () => renderCardHtml(asChatMessage(hidden)));
    expect(theirs).toContain("TEMPO.CHAT.Private");
    expect(theirs).not.toContain(ids.Wraith ?? "-");
    // The visible creature's card is everyone's, spoken by its actor.
    expect(seen.whisper).toEqual([]);
    expect(seen.speaker).toMatchObject({ actor: actors.Ash?.id, alias: "Ash" });
  });

  it("CNT-11: in count, a creature's save cards come once its last action of the round is over; its owner rolls 1d20 and a 10 ends the effect", async () => {
    const owner = world.users.get("cnt11") ?? world.addUser("cnt11");
    const { combat, ids, actors } = await effectEncounter(world, "count", ["Ash", "Bram"], owner);
    await actors.Ash?.createEmbeddedDocuments("ActiveEffect", [
      { name: "Burning", flags: { tempo: { endPhaseSave: "ends" } } },
      { name: "Blessed" },
    ]);
    await combat.startCombat();
    await world.idle();
    const found = await stepUntil(combat, (e) => e.type === "savesDue" && e.combatantId === ids.Ash);
    const saves = found.messages.filter((m) => m.type === "save");
    expect(saves.map((m) => inputOf(m))).toMatchObject([
      { kind: "ongoing", combatantId: ids.Ash, effect: "Burning", formula: "1d20", target: 10, total: null },
    ]);
    const card = saves[0];
    if (card === undefined) throw new Error("no save card");
    world.scriptedTotals.push(10);
    expect(await world.as(owner, () => runCardAction(asChatMessage(card), "roll"))).toBeNull();
    await world.idle();
    expect(inputOf(chat.messages.find((m) => m.id === card.id))).toMatchObject({ total: 10 });
    expect(actors.Ash?.effects.contents.map((e) => e.name)).toEqual(["Blessed"]);
  });

  it("CNT-14: an unconscious creature's death save card comes in the end step", async () => {
    const { combat, ids } = await effectEncounter(world, "count", ["Dara", "Eske"]);
    await firstTurn(world, combat);
    await combat.tempoCommand({ type: "unconscious", combatantId: ids.Dara ?? "" });
    await world.idle();
    const found = await stepUntil(combat, (e) => e.type === "deathSavesDue");
    expect(found.messages).toHaveLength(1);
    expect(found.writes).toHaveLength(1);
    expect(found.messages[0]?.type).toBe("save");
    expect(inputOf(found.messages[0])).toMatchObject({
      kind: "death",
      combatantId: ids.Dara,
      name: "Dara",
      formula: "1d20",
      target: 10,
    });
  });

  it("CNT-14 (ruling): a stable creature gets no death save card; falling unconscious again starts its tally over", async () => {
    const { combat, ids } = await effectEncounter(world, "count", ["Dara", "Eske"]);
    await firstTurn(world, combat);
    const dara = combat.combatants.get(ids.Dara ?? "");
    const setTally = (successes: number, failures: number) =>
      dara?.update({ flags: { tempo: { deathSaves: { successes, failures } } } } as Combatant.UpdateData);
    await setTally(3, 1);
    await combat.tempoCommand({ type: "unconscious", combatantId: ids.Dara ?? "" });
    await world.idle();
    // Falling unconscious started the tally over, so the end step asks for a death save again.
    expect((dara?.flags as { tempo?: Obj }).tempo?.deathSaves).toEqual({ successes: 0, failures: 0 });
    await setTally(3, 0);
    const found = await stepUntil(combat, (e) => e.type === "deathSavesDue");
    expect(found.messages.filter((m) => inputOf(m).combatantId === ids.Dara)).toEqual([]);
  });

  it("CNT-6, CNT-7: a Heavy attack declared on a count lands 2 counts later with a pending card for its row", async () => {
    const { combat } = await effectEncounter(world, "count", ["Fenn", "Gale"]);
    const acting = await firstTurn(world, combat);
    const writes = world.writes.length;
    await combat.tempoCommand({
      type: "declare",
      combatantId: acting,
      action: { kind: "attack", properties: ["heavy"], targets: [null] },
    });
    await world.idle();
    expect(cardWrites(writes)).toEqual([]); // declared, not landed
    const landed = await stepUntil(combat, (e) => e.type === "actionResolved");
    const action = landed.events.find((e) => e.type === "actionResolved")?.action as Obj;
    expect(landed.messages.map((m) => m.type)).toEqual(["pending"]);
    expect(inputOf(landed.messages[0])).toMatchObject({
      combatId: combat.id,
      combatantId: acting,
      entryKey: `pending:${String(action.id)}`,
      rule: action.round === action.declaredRound ? "CNT-6" : "CNT-9",
      resolved: false,
    });
  });
});

describe("SEG-10: concentration after Apply", () => {
  const NO_DR = { physical: 0, elemental: 0, arcane: 0 };
  const health = {
    hp: { value: 20, max: 20 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
  };
  const card = {
    attacker: "Ogre",
    target: "Mage",
    formula: "1d8",
    swings: [5],
    kind: "slashing",
    dr: NO_DR,
    drMode: "perHit" as const,
  };

  it("SEG-10: a concentrating caster hit in segment rounds loses its concentration outright: no check card, its status off, one message saying why", async () => {
    await game.settings.set("tempo", "ruleset", "segment");
    const mage = await world.addActor("Mage", [], "character", { weaponSkills: [], ...health });
    await mage.toggleStatusEffect("concentrating");
    const soldier = await world.addActor("Soldier", [], "npc", { weaponSkills: [], ...health });
    targeting.target(world.gm, [mage, soldier]);
    await postCard({ type: "damage", input: card });
    const message = chat.messages.at(-1) as ChatMessageModel;
    const writes = world.writes.length;
    const created = chat.messages.length;
    const refusal = await runCardAction(asChatMessage(message), "apply");
    expect(refusal).toBeNull();
    const made = chat.messages.slice(created);
    expect(made.map((m) => m.type)).not.toContain("save");
    expect(made.map((m) => String(m.content ?? ""))).toEqual([
      expect.stringContaining("TEMPO.CONDITIONS.ConcentrationLost.Damage"),
    ]);
    expect(mage.statuses.has("concentrating")).toBe(false);
    // Health, the card's record, the status taken off, the message: no Combat write (no combat here).
    expect(world.writes.slice(writes).map((w) => w.document)).toEqual([
      "Actor",
      "ChatMessage",
      "ActiveEffect",
      "ChatMessage",
    ]);
  });

  it("SEG-10: concentration is kept outside segment rounds", async () => {
    await game.settings.set("tempo", "ruleset", "rotation");
    const mage = await world.addActor("Mage", [], "character", { weaponSkills: [], ...health });
    await mage.toggleStatusEffect("concentrating");
    targeting.target(world.gm, [mage]);
    await postCard({ type: "damage", input: card });
    const created = chat.messages.length;
    await runCardAction(asChatMessage(lastMessage(chat)), "apply");
    expect(chat.messages.slice(created)).toEqual([]);
  });
});
