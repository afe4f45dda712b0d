/**
 * Moving tokens in a phase combat (issue 21 items 2 and 3): Kara (one player's) and a Wolf (another
 * player's, hostile) on a scene of 100 px squares. The GM runs the round from the tracker; each player
 * chooses a movement power on their sheet (its Move with… button) and drags the token (`token.move`,
 * preMoveToken on the player's client, moveToken everywhere); opportunity attack cards are read off the chat.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog } from "../support/chat-log.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { installTargets } from "../support/targets.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { TokenModel } from "../support/runtime/scene.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(2112);
afterAll(() => world.uninstall());
const chat = chatLog(world);
installTargets(world);
const player = world.addUser("player");
const wolfPlayer = world.addUser("wolfPlayer");
await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { actorSheetInputOf } = await import("../../src/foundry/applications/sheets/sheet-documents.ts");
const { buildActorSheetContext } = await import("../../src/view/sheets/actor-sheet-context.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { chosenMoveAllowance } = await import("../../src/foundry/canvas/chosen-move.ts");
const { speedsFor } = await import("../../src/foundry/canvas/movement-speeds.ts");

const SQUARE = 100;
const at = (x: number, y: number) => ({ x: x * SQUARE, y: y * SQUARE });
const power = (squares: number, provokes: boolean) => ({ ...ITEM_DEFAULTS.power, kind: "movement", squares, provokes });
const bite = { ...ITEM_DEFAULTS.weapon, damage: "1d6" };

await game.settings.set("tempo", "ruleset", "phase");
const scene = await addScene(world, { squares: 12, size: SQUARE, padding: 0 });
const kara = await world.addActor("Kara", [player.id], "character", creatureSystem(30, { atk: 3 }));
const wolf = await world.addActor("Wolf", [wolfPlayer.id], "npc", creatureSystem(30, { atk: 3 }));
const shift = await ownedItem(world, kara, "Shift", "power", power(1, false));
const karaWalk = await ownedItem(world, kara, "Walk", "power", power(6, true));
const wolfWalk = await ownedItem(world, wolf, "Walk", "power", power(6, true));
await ownedItem(world, kara, "Spear", "weapon", bite);
const karaToken = await placeToken(world, scene, kara, { ...at(3, 2), actorLink: true, disposition: 1 });
const wolfToken = await placeToken(world, scene, wolf, { ...at(4, 2), actorLink: true, disposition: -1 });
const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
await (
  combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
).createEmbeddedDocuments("Combatant", [
  { name: "Kara", actorId: kara.id, tokenId: karaToken.id, sceneId: scene.id },
  { name: "Wolf", actorId: wolf.id, tokenId: wolfToken.id, sceneId: scene.id },
]);
await world.idle();
const idOf = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";

const drag = async (token: TokenModel, as: typeof player, ...squares: [number, number][]) => {
  const moved = await world.as(as, () => token.move(squares.map(([x, y]) => at(x, y))));
  await world.idle();
  return moved;
};
const square = (token: TokenModel) => [token.x / SQUARE, token.y / SQUARE];
const noticeOf = (user: typeof player) => world.notices.filter((n) => n.user === user.id).at(-1)?.text ?? "";
/** The actor as its owner's sheet holds it (that user's own copy). */
const sheetActor = (user: typeof player, actor: ActorModel) =>
  world.runtime.clientOf(user.id).actors.get(actor.id ?? "") as unknown as Actor.Implementation;
const choose = async (user: typeof player, actor: ActorModel, itemId: string | null) => {
  const chosen = await world.as(user, () => useSheetItem(sheetActor(user, actor), itemId ?? ""));
  await world.idle();
  return chosen;
};
const phaseOf = () => (combat.system as unknown as { state: { phase: string | null } | null }).state?.phase ?? null;
const opportunityCards = () =>
  chat.messages.filter((m) => m.type === "pending" && "opportunity" in (cardSource(m).input as object));

describe("moving tokens in a phase combat", () => {
  it("PHS-3, PHS-4: in the movement phase only the slot's creature moves its token; a seizer moves first", async () => {
    await combat.startCombat();
    await world.idle();
    await combat.tempoCommand({ type: "seize", combatantId: idOf("Kara") });
    world.scriptedTotals.push(12, 5); // Kara 12, the Wolf 5: lowest first, but Kara seized
    for (let i = 0; i < 4 && phaseOf() !== "movement"; i++) {
      const m = combat.system as unknown as { host: { pending(s: unknown): unknown[] }; state: unknown };
      if (m.host.pending(m.state).length > 0) await combat.rollAll();
      else await combat.nextTurn();
      await world.idle();
    }
    expect(phaseOf()).toBe("movement");
    expect(combat.combatant?.name).toBe("Kara");
    expect(await choose(wolfPlayer, wolf, wolfWalk.id)).toBe(false);
    expect(await drag(wolfToken, wolfPlayer, [5, 2])).toBe(false);
    expect(noticeOf(wolfPlayer)).toContain("TEMPO.ERRORS.Movement.NotYourSlot");
    expect(square(wolfToken)).toEqual([4, 2]);
  });

  it("PHS-5: the movement power chosen on the sheet sets the slot's allowance; one power a round", async () => {
    const row = buildActorSheetContext(
      actorSheetInputOf(sheetActor(player, kara), "play", true) ?? (null as never),
      "inventory",
    ).inventory.powers.find((r) => r.name === "Shift");
    expect(row?.use).toMatchObject({ action: "useItem", label: { key: "TEMPO.SHEET.Action.MoveWith" } });
    expect(await drag(karaToken, player, [2, 2])).toBe(false);
    expect(noticeOf(player)).toContain("TEMPO.ERRORS.Movement.ChoosePower");
    expect(await choose(player, kara, shift.id)).toBe(true);
    expect(chosenMoveAllowance(karaToken as never)).toEqual({ feet: 5, sinceFeet: 0 });
    // The ruler's speeds are the power's: Shift's one square.
    expect(speedsFor(karaToken)).toEqual({ walk: 5 });
    expect(await choose(player, kara, karaWalk.id)).toBe(false);
    expect(noticeOf(player)).toContain("TEMPO.ERRORS.Movement.PowerTaken");
    expect(await drag(karaToken, player, [1, 2])).toBe(false);
    expect(noticeOf(player)).toContain("TEMPO.ERRORS.Movement.TooFarForMove");
    // Shift: one square, away from the Wolf, provoking nothing.
    expect(await drag(karaToken, player, [2, 2])).toBe(true);
    expect(square(karaToken)).toEqual([2, 2]);
    expect(opportunityCards()).toHaveLength(0);
  });

  it("PHS-6: leaving a threatened square provokes an opportunity attack from the creature threatening it", async () => {
    await combat.nextTurn();
    await world.idle();
    expect(combat.combatant?.name).toBe("Wolf");
    expect(await drag(karaToken, player, [2, 3])).toBe(false);
    expect(await choose(wolfPlayer, wolf, wolfWalk.id)).toBe(true);
    // The Wolf walks next to Kara (3,2), then on: leaving that square provokes Kara.
    expect(await drag(wolfToken, wolfPlayer, [3, 2], [3, 5])).toBe(true);
    const [card] = opportunityCards();
    if (card === undefined) throw new Error("no opportunity attack card");
    expect(cardSource(card)).toMatchObject({ input: { rule: "PHS-6", combatantId: idOf("Kara") }, command: null });
    expect([...(card.whisper ?? [])].sort()).toEqual([world.gm.id, player.id].sort());
    const attacks = chat.messages.filter((m) => m.type === "attack").length;
    world.scriptedTotals.push(6, 6, 3);
    expect(await world.as(player, () => runCardAction(asChatMessage(card), "resolve"))).toBeNull();
    await world.idle();
    expect(chat.messages.filter((m) => m.type === "attack").length).toBe(attacks + 1);
    expect(cardSource(card)).toMatchObject({ input: { resolved: true } });
  });

  it("PHS-11: in the battle phase only a creature that took Disengage moves: 2 squares, provoking nothing; the Disengage is one Combat write", async () => {
    await combat.nextTurn();
    await world.idle();
    expect(phaseOf()).toBe("battle");
    expect(combat.combatant?.name).toBe("Wolf"); // Kara seized: she acts last
    expect(await drag(wolfToken, wolfPlayer, [3, 4])).toBe(false);
    expect(noticeOf(wolfPlayer)).toContain("TEMPO.ERRORS.Movement.NotMovementPhase");
    // The Wolf, at (3,5), walks up to Kara's side first with the GM (no rules for a GM), then disengages.
    await world.as(world.gm, () => wolfToken.move([at(3, 3)]));
    await world.idle();
    const cards = opportunityCards().length;
    const from = world.writes.length;
    await world.as(wolfPlayer, () => combat.tempoCommand({ type: "disengage", combatantId: idOf("Wolf") }));
    await world.idle();
    // Issue 17: the Disengage and the shift it opens are one Combat write.
    expect(world.writes.slice(from).filter((w) => w.document === "Combat")).toHaveLength(1);
    expect(await drag(wolfToken, wolfPlayer, [3, 6])).toBe(false);
    expect(noticeOf(wolfPlayer)).toContain("TEMPO.ERRORS.Movement.TooFarForMove");
    expect(await drag(wolfToken, wolfPlayer, [3, 5])).toBe(true);
    expect(opportunityCards()).toHaveLength(cards);
  });

  it("PHS-6: a creature Slowed before its movement slot moves nothing in it and chooses no power; once the Slowed condition ends, it moves", async () => {
    await world.as(world.gm, () => kara.toggleStatusEffect("slowed", { active: true }));
    await world.idle();
    // On to the next round's movement phase: the Wolf (5) moves first, then Kara (12).
    world.scriptedTotals.push(12, 5);
    const m = () => combat.system as unknown as { host: { pending(s: unknown): unknown[] }; state: unknown };
    for (let i = 0; i < 12 && !(phaseOf() === "movement" && combat.combatant?.name === "Kara"); i++) {
      if (m().host.pending(m().state).length > 0) await combat.rollAll();
      else await combat.nextTurn();
      await world.idle();
    }
    expect(phaseOf()).toBe("movement");
    expect(combat.combatant?.name).toBe("Kara");
    const from = square(karaToken);
    expect(await choose(player, kara, karaWalk.id)).toBe(false);
    expect(noticeOf(player)).toContain("TEMPO.ERRORS.Movement.SlowedInSlot");
    expect(await drag(karaToken, player, [from[0] ?? 0, (from[1] ?? 0) + 1])).toBe(false);
    expect(noticeOf(player)).toContain("TEMPO.ERRORS.Movement.SlowedInSlot");
    expect(square(karaToken)).toEqual(from);
    // The GM ends the condition during the slot: Kara chooses her Walk and moves.
    await world.as(world.gm, () => kara.toggleStatusEffect("slowed", { active: false }));
    await world.idle();
    expect(await choose(player, kara, karaWalk.id)).toBe(true);
    expect(await drag(karaToken, player, [from[0] ?? 0, (from[1] ?? 0) + 1])).toBe(true);
  });
});
