/**
 * Issue 17 (item 6): an actor write that overshoots a bounded resource ends clamped instead of throwing:
 * hit points above their maximum (a sheet or token-bar edit, a lowered maximum, a damage card's Undo after
 * the maximum dropped), an overshield or AP below 0. Through the runtime model: its Actor gives every update
 * to the data model's `_preUpdate`, as Foundry's document `_preUpdate` forwards it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { chatLog, asChatMessage, lastMessage } from "../support/chat-log.ts";
import { installTargets } from "../support/targets.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const world = installFoundryWorld(71);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const targeting = installTargets(world);

await world.loadSystem();
world.callHook("init");
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");

type Obj = Record<string, unknown>;
const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

/** A world actor on the runtime model (the GM's client's copy); its stored source is the server's. */
function creature(hp: number, max: number, extra: Obj = {}): Promise<ActorModel> {
  return world.addActor("Raider", [], "npc", {
    weaponSkills: [],
    hp: { value: hp, max },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...extra,
  });
}

const pool = (a: ActorModel, id: string) =>
  (world.runtime.server.source("Actor", a.id ?? "")?.system as Obj)[id] as { value: number; max: number };

describe("actor writes that overshoot are clamped, not refused", () => {
  it("DR-3: a sheet edit of hit points above the maximum stores the maximum", async () => {
    const raider = await creature(7, 10);
    await expect(raider.update({ "system.hp.value": 15 })).resolves.toBe(raider);
    expect(pool(raider, "hp")).toEqual({ value: 10, max: 10 });
  });

  it("DR-3: lowering the maximum below the hit points brings them down with it", async () => {
    const raider = await creature(10, 10);
    await raider.update({ "system.hp.max": 6 });
    expect(pool(raider, "hp")).toEqual({ value: 6, max: 6 });
  });

  it("DR-3: hit points below 0 are kept (dying creatures sit there, CNT-14)", async () => {
    const raider = await creature(4, 10);
    await raider.update({ "system.hp.value": -7 });
    expect(pool(raider, "hp").value).toBe(-7);
  });

  it("OSH-1, AP-1: an overshield and AP written below 0 store 0; above the maximum, the maximum", async () => {
    const knight = await creature(10, 10, {
      overshield: { value: 3, max: 5, dr: NO_DR, effect: "ward", condition: "" },
      ap: { value: 40, max: 80 },
    });
    await knight.update({ "system.overshield.value": -2, "system.ap.value": 95 });
    expect(pool(knight, "overshield").value).toBe(0);
    expect(pool(knight, "ap").value).toBe(80);
  });

  it("DR-3: a damage card's Undo after the maximum dropped gives back no more than the new maximum", async () => {
    const raider = await creature(30, 30);
    targeting.target(world.gm, [raider]);
    await world.as(world.gm, () =>
      postCard({
        type: "damage",
        input: {
          attacker: "Vex",
          target: "Raider",
          formula: "1d8",
          swings: [8],
          kind: "slashing",
          dr: NO_DR,
          drMode: "perHit",
        },
      }),
    );
    const message = lastMessage(chat);
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(message), "apply"))).toBeNull();
    expect(pool(raider, "hp").value).toBe(22);
    await raider.update({ "system.hp.max": 25 });
    expect(await world.as(world.gm, () => runCardAction(asChatMessage(message), "undo"))).toBeNull();
    expect(pool(raider, "hp")).toEqual({ value: 25, max: 25 });
  });

  it("a stored source that overshoots (older data) is read clamped", async () => {
    const raider = await creature(14, 10);
    expect(pool(raider, "hp")).toEqual({ value: 14, max: 10 }); // stored as written
    // Read through the actor model (the GM client's copy).
    expect({ ...((raider.system as Obj).hp as Obj) }).toEqual({ value: 10, max: 10 });
  });
});
