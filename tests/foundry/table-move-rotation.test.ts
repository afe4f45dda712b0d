/**
 * Moving tokens in a rotation combat (issue 21 items 2 and 3): Vex (a player's, acting first) and a Raider
 * (the GM's) on a scene of 100 px squares. The player chooses a move on the sheet (the engine's `use`
 * command, as the sheet's buttons give it), then drags the token (`token.move`, preMoveToken on the
 * player's client, moveToken everywhere); opportunity attack cards are read off the chat log.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, type RotationTask } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog } from "../support/chat-log.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { installTargets } from "../support/targets.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { TokenModel } from "../support/runtime/scene.ts";
import { planMovement } from "../support/runtime/token-move.ts";

const world = installFoundryWorld(2111);
afterAll(() => world.uninstall());
const chat = chatLog(world);
installTargets(world);
const player = world.addUser("player");
await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { rotationUseCommand } = await import("../../src/view/sheets/rotation-uses.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
const { buildChatCard } = await import("../../src/view/chat/chat-cards.ts");

const SQUARE = 100;
const at = (x: number, y: number) => ({ x: x * SQUARE, y: y * SQUARE });

async function creature(name: string, type: "character" | "npc", owners: string[]) {
  return world.addActor(
    name,
    owners,
    type,
    creatureSystem(60, {
      weaponSkills: [{ group: "blades", bonus: 5, proficient: true }],
      ap: { value: 20, max: 20 },
      defenses: { dodge: 12, armor: 12 },
    }),
  );
}

await game.settings.set("tempo", "ruleset", "rotation");
const scene = await addScene(world, { squares: 12, size: SQUARE, padding: 0 });
const vex = await creature("Vex", "character", [player.id]);
const raider = await creature("Raider", "npc", []);
await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6", group: "blades", apCost: 10 });
const vexToken = await placeToken(world, scene, vex, { ...at(3, 2), actorLink: true, disposition: 1 });
const raiderToken = await placeToken(world, scene, raider, { ...at(4, 2), actorLink: true, disposition: -1 });
const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
await (
  combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
).createEmbeddedDocuments("Combatant", [
  { name: "Vex", actorId: vex.id, tokenId: vexToken.id, sceneId: scene.id, system: { side: "pc" } },
  { name: "Raider", actorId: raider.id, tokenId: raiderToken.id, sceneId: scene.id, system: { side: "enemy" } },
]);
await world.idle();
world.scriptedTotals.push(20, 5);
await combat.startCombat();
await world.idle();
await combat.rollAll();
await world.idle();
const idOf = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
const vexId = idOf("Vex");

function left(id: string): Record<string, number | null> {
  const row = trackerInputOf(combat, game.user)?.combatants.find((c) => c.id === id);
  return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
}
const use = async (id: string, task: RotationTask) => {
  const given = await sendSheetCommand(combat, rotationUseCommand(id, task));
  await world.idle();
  return given;
};
const drag = async (token: TokenModel, x: number, y: number, as = player) => {
  const moved = await world.as(as, () => token.move([at(x, y)]));
  await world.idle();
  return moved;
};
const square = (token: TokenModel) => [token.x / SQUARE, token.y / SQUARE];
const lastNotice = () => world.notices.at(-1)?.text ?? "";
const playerClient = () => world.runtime.clientOf(player.id);
const turnMoves = (id: string) =>
  (combat as unknown as { flags: { tempo?: { turnMoves?: Record<string, { feet: number }> } } }).flags.tempo
    ?.turnMoves?.[id];
/** The Tempo text of the last label the user's ruler of `token` shows (null: core's label only). */
function rulerText(token: TokenModel, user: { id: string }): string | null {
  const client = world.runtime.clientOf(user.id);
  const copy = client.copyOf("Token", token.id ?? "", scene.id) as TokenModel;
  const labels = client.run(() => copy.object.ruler.labels);
  const tempo = labels.at(-1)?.context.tempo as { text?: string } | undefined;
  return tempo?.text ?? null;
}
const opportunityCards = () =>
  chat.messages.filter((m) => m.type === "pending" && "opportunity" in (cardSource(m).input as object));

describe("moving tokens in a rotation combat", () => {
  it("ROT-11: a move is chosen on the sheet first; only the acting creature moves; a console write past the allowance is put back", async () => {
    expect(await drag(vexToken, 3, 1)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.ChooseRotationMove");
    expect(square(vexToken)).toEqual([3, 2]);
    // The Raider is not acting: its owner (the GM) may still move it; a player may not move a creature out of turn.
    expect(await use(vexId, "step")).toBe(true);
    expect(await drag(vexToken, 3, 0)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.TooFarForMove");
    // Core's blink (a teleport every user may pick on the token HUD) would pass no square and spend nothing:
    // a player's is refused while the rules hold the creature to its move.
    expect(await world.as(player, () => vexToken.move([{ ...at(9, 9), action: "blink" }]))).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.NoTeleport");
    expect(square(vexToken)).toEqual([3, 2]);
    // A console's token.update({ x, y }) is a movement too (core runs preMoveToken on that client): refused there.
    await world.as(player, () => vexToken.update(at(3, 0)));
    await world.idle();
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.TooFarForMove");
    expect(square(vexToken)).toEqual([3, 2]);
    // A modified client's request skips core's client workflow: the GM puts it back when it lands.
    await world.runtime.clientOf(player.id).request({
      action: "update",
      documentName: "Token",
      parentId: scene.id,
      data: [{ _id: vexToken.id, ...at(3, 0) }],
      options: {},
    });
    await world.idle();
    expect(square(vexToken)).toEqual([3, 2]);
    expect(world.notices.some((n) => n.user === player.id && n.text.includes("TEMPO.MOVEMENT.Reverted"))).toBe(true);
  });

  it("ROT-11: Disengage and a 5 ft step do not provoke and spend a Full and a Swift action", async () => {
    const before = opportunityCards().length;
    const spent = left(vexId);
    // The 5 ft step taken above (a Swift action): one square, still next to the Raider.
    expect(await drag(vexToken, 3, 1)).toBe(true);
    expect(await use(vexId, "disengage")).toBe(true);
    expect(left(vexId).full).toBe((spent.full ?? 0) - 1);
    expect(left(vexId).swift).toBe((spent.swift ?? 0) - 2);
    // Disengage: away from the Raider, 5 ft; nothing provoked.
    expect(await drag(vexToken, 2, 1)).toBe(true);
    expect(square(vexToken)).toEqual([2, 1]);
    expect(opportunityCards().length).toBe(before);
  });

  it("ROT-10: moving on past a stationary creature within 5 ft gives its owner an attack card that spends the Reaction, no AP", async () => {
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    expect(await drag(vexToken, 2, 2)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.NotYourTurn");
    expect(await use(idOf("Raider"), "move")).toBe(true);
    // The GM walks the Raider past Vex: (3,2) is within 5 ft of Vex at (2,1), and it keeps moving.
    expect(await world.as(world.gm, () => raiderToken.move([at(3, 2), at(3, 4)]))).toBe(true);
    await world.idle();
    const [card] = opportunityCards();
    expect(card).toBeDefined();
    if (card === undefined) return;
    expect(cardSource(card)).toMatchObject({
      input: { rule: "ROT-10", combatantId: vexId, resolved: false },
      command: { type: "use", combatantId: vexId, task: "opportunityAttack" },
    });
    expect([...(card.whisper ?? [])].sort()).toEqual([world.gm.id, player.id].sort());
    // The card's one button is Resolve (no tracker row to show).
    const view = buildChatCard(
      { type: "pending", input: cardSource(card).input as never },
      { isGM: false, owns: true, showOdds: false },
    );
    expect((view as { buttons: { action: string }[] }).buttons.map((b) => b.action)).toEqual(["resolve"]);
    expect(left(vexId)).toMatchObject({ full: 0, reaction: 1 });
    const attacks = chat.messages.filter((m) => m.type === "attack").length;
    world.scriptedTotals.push(15, 4);
    expect(await world.as(player, () => runCardAction(asChatMessage(card), "resolve"))).toBeNull();
    await world.idle();
    expect(left(vexId)).toMatchObject({ full: 0, reaction: 0 });
    expect(chat.messages.filter((m) => m.type === "attack").length).toBe(attacks + 1);
    expect(cardSource(card)).toMatchObject({ input: { resolved: true } });
    // Displaced (core's forced move without a path) past Vex: no square is left by moving, no card.
    const displace = (x: number, y: number) => ({ ...at(x, y), action: "displace" });
    await world.as(world.gm, () => raiderToken.move([displace(3, 2), displace(3, 0)]));
    await world.idle();
    expect(square(raiderToken)).toEqual([3, 0]);
    expect(opportunityCards()).toHaveLength(1);
  });

  it("ROT-11: two Move actions add up to twice the speed; the tracker's undo of a Move takes it back, its redo gives it back", async () => {
    await game.settings.set("tempo", "movementBudget", "refuse");
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    // A new rotation: Vex acts again, its history and choice cleared. Vex walks 30 ft.
    expect(await use(vexId, "move")).toBe(true);
    expect(await use(vexId, "move")).toBe(true);
    await world.as(world.gm, () => combat.tempoCommand({ type: "undo" }));
    await world.idle();
    // One Move left after the undo: 45 ft is too far.
    expect(await drag(vexToken, 2, 10)).toBe(false);
    expect(lastNotice()).toContain('"left":"30"');
    await world.as(world.gm, () => combat.tempoCommand({ type: "undo" }));
    await world.idle();
    expect(await drag(vexToken, 2, 2)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.ChooseRotationMove");
    // The tracker's redo gives both Moves back.
    for (let i = 0; i < 2; i++) {
      await world.as(world.gm, () => combat.tempoCommand({ type: "redo" }));
      await world.idle();
    }
    expect(await drag(vexToken, 2, 10)).toBe(true);
    expect(square(vexToken)).toEqual([2, 10]);
  });

  it("issue 21 item 2: a GM moves a creature that is not acting: it lands, spends none of that creature's movement and warns of nothing", async () => {
    const raiderId = idOf("Raider");
    const gmNotices = () => world.notices.filter((n) => n.user === world.gm.id).length;
    const told = gmNotices();
    // What the Raider moved on its own turn (the ROT-10 walk above), as the GM recorded it.
    const moved = turnMoves(raiderId)?.feet;
    // Vex acts (at (2,10)), the table refuses moves over budget. The GM drags the Raider 35 ft, past its 30 ft
    // walk, with no Move chosen, and back: its ruler shows core's distance only, no budget, and both moves land.
    const gmClient = world.runtime.clientOf(world.gm.id);
    gmClient.run(() => planMovement(gmClient, raiderToken, [at(3, 7)]));
    await world.idle();
    expect(rulerText(raiderToken, world.gm)).toBeNull();
    expect(rulerText(raiderToken, player)).toBeNull();
    expect(await drag(raiderToken, 3, 7, world.gm)).toBe(true);
    expect(square(raiderToken)).toEqual([3, 7]);
    expect(await drag(raiderToken, 3, 0, world.gm)).toBe(true);
    expect(square(raiderToken)).toEqual([3, 0]);
    expect(gmNotices()).toBe(told);
    expect(turnMoves(raiderId)?.feet).toBe(moved);
    // Vex, the acting creature, keeps its budget on its ruler.
    playerClient().run(() => planMovement(playerClient(), vexToken, [at(2, 9)]));
    await world.idle();
    expect(rulerText(vexToken, player)).toContain("TEMPO.MOVEMENT.Ruler.Moved");
  });

  it("ROT-10: a GM's forced move (CONFIG.TEMPO.movement.forcedMove) provokes, though the creature's own 5 ft step does not, and spends none of its movement", async () => {
    expect(await use(vexId, "step")).toBe(true);
    const before = opportunityCards().length;
    // Vex at (2,10), the Raider at (3,0). The GM puts Vex next to the Raider with core's displace (a teleport):
    // nothing provoked, nothing spent.
    await world.as(world.gm, () => vexToken.move([{ ...at(2, 1), action: "displace" }]));
    await world.idle();
    expect(opportunityCards()).toHaveLength(before);
    expect(await world.as(player, () => CONFIG.TEMPO.movement.forcedMove(vexToken, [at(2, 3)]))).toBe(false);
    // Pushed on past the Raider: (2,1) is within 5 ft of it, and Vex goes on.
    expect(await world.as(world.gm, () => CONFIG.TEMPO.movement.forcedMove(vexToken, [at(2, 3)]))).toBe(true);
    await world.idle();
    expect(square(vexToken)).toEqual([2, 3]);
    expect(opportunityCards()).toHaveLength(before + 1);
    // The push spent none of Vex's own movement: its 5 ft step is still there.
    expect(await drag(vexToken, 2, 4)).toBe(true);
  });

  it("ROT-10, ROT-11: a console move put back for going past the speed provokes nothing and is put back once", async () => {
    for (let i = 0; i < 2; i++) await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    expect(await use(vexId, "move")).toBe(true);
    const cards = opportunityCards().length;
    const told = world.notices.filter((n) => n.user === player.id && n.text.includes("TEMPO.MOVEMENT.Reverted")).length;
    // From a console (no preMoveToken): past the Raider at (3,0) and on, 45 ft with a 30 ft speed.
    const id = vexToken.id ?? "";
    const movement = {
      id: "console0000001",
      origin: at(2, 4),
      passed: {
        waypoints: [
          { ...at(3, 1), action: "walk", cost: 0 },
          { ...at(9, 1), action: "walk", cost: 0 },
        ],
      },
      method: "api",
      recorded: true,
    };
    await world.runtime.clientOf(player.id).request({
      action: "update",
      documentName: "Token",
      parentId: scene.id,
      data: [{ _id: id, ...at(9, 1) }],
      options: { _movement: { [id]: movement } },
    });
    await world.idle();
    expect(square(vexToken)).toEqual([2, 4]);
    expect(opportunityCards()).toHaveLength(cards);
    const now = world.notices.filter((n) => n.user === player.id && n.text.includes("TEMPO.MOVEMENT.Reverted"));
    expect(now).toHaveLength(told + 1);
  });

  it("ROT-11: the creature's next turn starts the GM's record of its movement again and clears its token's history, inside the step's one Combat write", async () => {
    const record = () =>
      (combat as unknown as { flags: { tempo?: { turnMoves?: Record<string, { feet: number }> } } }).flags.tempo
        ?.turnMoves?.[vexId];
    expect(await drag(vexToken, 2, 6)).toBe(true);
    expect(record()?.feet).toBe(10);
    expect(vexToken.movementHistory.length).toBeGreaterThan(0);
    // Vex ends its turn, the Raider its own: a new rotation, Vex acts again.
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    const from = world.writes.length;
    await world.as(world.gm, () => combat.tempoCommand({ type: "endTurn" }));
    await world.idle();
    expect(combat.combatant?.id).toBe(vexId);
    expect(record()?.feet).toBe(0);
    expect(vexToken.movementHistory).toHaveLength(0);
    // The choice of Move went in that same write too.
    const combatWrites = world.writes.slice(from).filter((w) => w.document === "Combat");
    expect(combatWrites).toHaveLength(1);
  });

  it("ROT-11: the tracker's undo and redo of a 5 ft step and a Disengage each take the move choice back or give it back in one Combat write", async () => {
    const choice = () =>
      (combat as unknown as { flags: { tempo?: { moves?: Record<string, { how?: { move?: string } } | null> } } }).flags
        .tempo?.moves?.[vexId]?.how?.move ?? null;
    const oneWrite = async (command: "undo" | "redo") => {
      const from = world.writes.length;
      await world.as(world.gm, () => combat.tempoCommand({ type: command }));
      await world.idle();
      return world.writes.slice(from).filter((w) => w.document === "Combat").length;
    };
    // Vex's turn has just started: nothing chosen yet.
    expect(choice()).toBeNull();
    expect(await use(vexId, "step")).toBe(true);
    expect(await use(vexId, "disengage")).toBe(true);
    expect(choice()).toBe("disengage");
    expect(await oneWrite("undo")).toBe(1);
    expect(choice()).toBe("step");
    expect(await oneWrite("undo")).toBe(1);
    expect(choice()).toBeNull();
    expect(await drag(vexToken, 2, 5)).toBe(false);
    expect(lastNotice()).toContain("TEMPO.ERRORS.Movement.ChooseRotationMove");
    expect(await oneWrite("redo")).toBe(1);
    expect(choice()).toBe("step");
    expect(await oneWrite("redo")).toBe(1);
    expect(choice()).toBe("disengage");
    // The Disengage given back lets Vex move its 5 ft (Vex stands at (2,6), far from the Raider).
    expect(await drag(vexToken, 2, 7)).toBe(true);
    expect(square(vexToken)).toEqual([2, 7]);
  });
});
