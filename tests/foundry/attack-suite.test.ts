/**
 * Issue 18, the attack suite: every cheat of tests/support/attacks/ tried from a player's client on the
 * runtime model (server + GM + player clients). Each must be refused by the server or by the GM's check,
 * change no byte the server holds (documents and world settings), and leave the player a localized
 * reason where one is due. Prints `attacks tried N, succeeded S` once.
 * The legit paths beside them keep working: a player's own attack card applied by the GM and undone,
 * and a real save roll.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ATTACKS } from "../support/attacks/index.ts";
import { attackContext, serverBytes } from "../support/attacks/attack-context.ts";
import { rolledDamage } from "../support/attacks/rolled-cards.ts";
import { rolledAttack } from "../support/attacks/critical-attacks.ts";
import { asChatMessage, cardSource, lastMessage } from "../support/chat-log.ts";

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const LANG = new Set(leaves(JSON.parse(readFileSync("lang/en.json", "utf8")) as Tree));
const ctx = await attackContext();
const { world, chat } = ctx;
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

let tried = 0;
let succeeded = 0;
afterAll(() => console.log(`attacks tried ${tried}, succeeded ${succeeded}`));

describe("issue 18: attacks from a player's client", () => {
  for (const attack of ATTACKS)
    it(attack.name, async () => {
      const exploit = await attack.prepare(ctx);
      await world.idle();
      const before = serverBytes(world);
      const verdict = await exploit();
      await world.idle();
      const after = serverBytes(world);
      tried++;
      if (verdict.kind === "allowed" || after !== before) succeeded++;
      expect(verdict.kind).not.toBe("allowed");
      expect(after === before).toBe(true);
      if (verdict.kind === "refused") expect(LANG.has(verdict.reason.key), verdict.reason.key).toBe(true);
    });
});

const hpOf = (id: string | null) =>
  (world.runtime.server.source("Actor", id ?? "")?.system as { hp: { value: number } }).hp.value;

describe("issue 18: the legit paths", () => {
  it("DR-1, AP-1: the GM applies a player's own attack card from its rolls (not the card's numbers), and undoes it", async () => {
    const hp = hpOf(ctx.raider.id);
    await rolledDamage(world, ctx.cheat, ctx.vex, ctx.raider, [7, 4, 10], { swings: [99, 99, 99], kind: "solar" });
    const message = lastMessage(chat);
    ctx.targeting.target(ctx.cheat, [ctx.raider]);
    const applied = await world.as(ctx.cheat, () => runCardAction(asChatMessage(message), "apply"));
    expect(applied).toBeNull();
    // 7, 4, 10 slashing, each less the Raider's physical DR 3 (DR-2 per hit): 4 + 1 + 7.
    expect(hpOf(ctx.raider.id)).toBe(hp - 12);
    const undone = await world.as(ctx.cheat, () => runCardAction(asChatMessage(message), "undo"));
    expect([undone, hpOf(ctx.raider.id)]).toEqual([null, hp]);
  });

  it("ATK-ROT-4: the GM grants a player's critical from the attack card's recorded natural 20 (Vex's threshold 20): 7 + 10", async () => {
    const hp = hpOf(ctx.raider.id);
    const attack = await rolledAttack(ctx, ctx.cheat, ctx.vex, ctx.raider, 20);
    await rolledDamage(world, ctx.cheat, ctx.vex, ctx.raider, [7], { criticalBonus: 10, attackMessageId: attack.id });
    const message = lastMessage(chat);
    ctx.targeting.target(ctx.cheat, [ctx.raider]);
    expect(await world.as(ctx.cheat, () => runCardAction(asChatMessage(message), "apply"))).toBeNull();
    // The blade's 1d8+2 rolled 7, plus its maximum 10 (one swing), less DR 3: 14.
    expect(hpOf(ctx.raider.id)).toBe(hp - 14);
    expect(await world.as(ctx.cheat, () => runCardAction(asChatMessage(message), "undo"))).toBeNull();
  });

  it("PHS-12: the owner's real roll of the GM's end-phase save is written with the total of its dice", async () => {
    world.scriptedTotals.push(9);
    const refusal = await world.as(ctx.forger, () => runCardAction(asChatMessage(ctx.endPhaseSave), "roll"));
    expect(refusal).toBeNull();
    expect((cardSource(ctx.endPhaseSave).input as { total: number }).total).toBe(9);
    expect(ctx.vex.actor.effects.contents.map((e) => e.name)).not.toContain("Bleeding");
  });
});
