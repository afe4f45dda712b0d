/**
 * Issue 20: a v13 world's effects on v14. For every ruleset, a v13 world is made and its effects written
 * by Tempo's v13 code (timed in seconds, rounds, turns, "1 round and 1 turn", with a change); one is made
 * as an older release left it (no length stamp) and stamped at the next `ready`. Its combat is run to
 * learn when each effect ends. The world's actors and their effects, as the v13 server stored them
 * before the fight, are then loaded into a v14 world: the v14 page reads them as core migrates them on
 * load (one unit of rounds + turns, runtime/active-effect-shape.ts `loadedEffectSource`), the active GM's
 * `ready` rewrites them from Tempo's stamps (src/foundry/compat/effect-migration.ts), and the same fight
 * ends each effect on the same turn and the same side of it as on v13.
 * Items' effects (a world Item's and an Item owned by A) and an unlinked token's effect (its ActorDelta's,
 * runtime/synthetic-actor.ts) are written on v13 too: their changes and lengths survive, and the token's
 * effect, timed by Tempo on the token's combatant, ends on the same turn on v14.
 * Not covered: effects of items the token's delta owns (the model has none).
 */
import { describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { installFoundryWorld, type World } from "../support/foundry-world.ts";
import { addCombatants, expiries, giveEffect, isTurn, type Expiry, type Tempo } from "../support/effect-encounter.ts";
import { ActiveEffectModel, type ActorModel } from "../support/runtime/actor.ts";
import type { Obj } from "../support/runtime/diff.ts";
import { loadedEffectSource } from "../support/runtime/active-effect-shape.ts";
import type { Generation } from "../support/runtime/generation.ts";
import { effectDurationData, type EffectLength } from "../../src/foundry/compat/effect-duration.ts";
import { migrateEffectsToV14, v14EffectUpdate } from "../../src/foundry/compat/effect-migration.ts";
import { stampEffectLengths } from "../../src/foundry/compat/effect-length-stamp.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import { deltaEffectSources } from "../support/runtime/active-effect-shape.ts";
import type { TokenModel } from "../support/runtime/scene.ts";

const TOKEN_EFFECT = "Token: end of the next turn";
const HASTE = { key: "system.speed", value: "2", mode: 2, priority: 20 };
const HASTE_V14 = { key: "system.speed", value: "2", type: "add", priority: 20 };

/** The GM's copy of the one unlinked token. */
function tokenOf(world: World): TokenModel {
  const token = world.runtime.clientOf(world.gm.id).scenes.contents[0]?.tokens.contents[0];
  if (token === undefined) throw new Error("no token");
  return token;
}

const NAMES = ["A", "B", "C"] as const;
const ROUND_SECONDS: Readonly<Record<RulesetId, number>> = {
  count: 10,
  standard: 5,
  phase: 10,
  segment: 60,
  rotation: 6,
};

/** The effects every world is given, each on A (its own originator), before the fight. */
function lengthsFor(ruleset: RulesetId): Record<string, Partial<EffectLength>> {
  return {
    "One round of seconds": { seconds: ROUND_SECONDS[ruleset] },
    "Two rounds": { rounds: 2 },
    "One turn": { turns: 1 },
    "End of the next turn": { rounds: 1, turns: 1 },
    "Made by an older release": { rounds: 1, turns: 1 },
  };
}

async function bootWorld(seed: number, generation: Generation): Promise<World> {
  const world = installFoundryWorld(seed, { generation });
  world.addUser("p1");
  await world.loadSystem();
  world.callHook("init");
  await game.settings.set("tempo", "roundSeconds", 10);
  return world;
}

/** The world's stored documents before any fight (actors, items, effects, the scene and its token). */
function storedActors(world: World): ReturnType<World["runtime"]["server"]["snapshot"]> {
  return world.runtime.server.snapshot().filter((d) => d.documentName !== "ChatMessage");
}

/** The GM's page is loaded again (a reload, or the first page of a moved world): init, load, ready. */
async function reloadGm(world: World): Promise<void> {
  world.gm.active = false;
  world.gm.active = true;
  await world.idle();
}

/** When each effect ended: the originator's later turn, and whether it was at that turn's start or end. */
function when(found: ReadonlyMap<ActiveEffectModel, Expiry>, effect: ActiveEffectModel, originator: string): string {
  const expiry = found.get(effect);
  if (expiry === undefined) return "never";
  const side = expiry.events.some((e) => isTurn(e, "turnEnded", originator)) ? "end" : "start";
  return `${String(expiry.turn)}:${side}`;
}

/** A combat of `ruleset` with the three actors; the effects' endings (by effect name). */
async function fight(world: World, ruleset: RulesetId, actors: Record<string, ActorModel>): Promise<Obj> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await addCombatants(world, combat, NAMES, actors);
  const token = tokenOf(world);
  const unlinked = { name: "T", actorId: token.actorId, tokenId: token.id, sceneId: token.parent?.id ?? null };
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { ...unlinked, system: { initiativeBonus: 0, int: 1, agi: 1, side: "enemy" } },
  ]);
  const originator = combat.combatants.contents.find((c) => c.name === "A")?.id ?? "";
  const onToken = token.actor?.effects.contents.filter((e) => e.name === TOKEN_EFFECT) ?? [];
  expect(onToken.length).toBe(1);
  const effects = [...(actors.A?.effects.contents ?? []), ...onToken];
  await combat.startCombat();
  await world.idle();
  const found = await expiries(world, combat, effects, originator, 0);
  return Object.fromEntries(effects.map((e) => [e.name, when(found, e, originator)]));
}

const actorsOf = (world: World): Record<string, ActorModel> =>
  Object.fromEntries(world.runtime.clientOf(world.gm.id).actors.contents.map((a) => [a.name, a]));

/** The v13 world: Tempo's v13 code writes the effects; the stored actors before the fight, and the endings. */
async function v13World(
  ruleset: RulesetId,
  seed: number,
): Promise<{ stored: ReturnType<typeof storedActors>; ends: Obj }> {
  const world = await bootWorld(seed, 13);
  try {
    for (const name of NAMES) await world.addActor(name);
    const a = actorsOf(world).A;
    if (a === undefined) throw new Error("no actor A");
    for (const [name, length] of Object.entries(lengthsFor(ruleset))) await giveEffect(world, a, null, length, name);
    const change = { key: "system.speed", value: "2", mode: 2, priority: 20 };
    const [hasted] = await a.createEmbeddedDocuments("ActiveEffect", [
      { name: "Hasted", changes: [change], ...effectDurationData({ rounds: 3 }) },
    ]);
    // An effect an older release wrote: no stamp. The active GM's next `ready` on v13 stamps it.
    const older = a.effects.contents.find((e) => e.name === "Made by an older release");
    const olderSource = world.runtime.server.childrenOf(a.id ?? "").find((s) => s._id === older?.id) ?? {};
    const { flags: _flags, ...unstamped } = olderSource;
    world.runtime.server.replace([
      { documentName: "Actor", source: world.runtime.server.source("Actor", a.id ?? "") ?? {}, parentId: null },
      ...world.runtime.server.childrenOf(a.id ?? "").map((s) => ({
        documentName: "ActiveEffect" as const,
        source: s._id === older?.id ? unstamped : s,
        parentId: a.id,
      })),
    ]);
    await reloadGm(world);
    expect(await stampEffectLengths()).toBe(0); // the reload's `ready` stamped it already
    const stamps = world.runtime.server
      .childrenOf(a.id ?? "")
      .map((s) => [s.name, (s.flags as { tempo?: { v13Length?: unknown } }).tempo?.v13Length]);
    expect(Object.fromEntries(stamps)).toMatchObject({
      "End of the next turn": { seconds: null, rounds: 1, turns: 1 },
      "Made by an older release": { seconds: null, rounds: 1, turns: 1 },
      Hasted: { seconds: null, rounds: 3, turns: null },
    });
    expect(hasted).toBeInstanceOf(ActiveEffectModel);
    // A world Item's effect, an owned Item's, and an unlinked token's own effect (its delta's), by v13 code.
    const hastedData = { name: "Hasted", changes: [HASTE], ...effectDurationData({ rounds: 3 }) };
    const Item = world.runtime.clientOf(world.gm.id).documentClass("Item") as unknown as {
      create(d: object): Promise<ActorModel>;
    };
    const boots = await Item.create({ name: "Boots" });
    await boots.createEmbeddedDocuments("ActiveEffect", [hastedData]);
    const [ring] = await a.createEmbeddedDocuments("Item", [{ name: "Ring" }]);
    await ring?.createEmbeddedDocuments("ActiveEffect", [hastedData]);
    const t = await world.addActor("T");
    await placeToken(world, await addScene(world), t, { actorLink: false });
    await giveEffect(world, tokenOf(world).actor ?? t, a, { rounds: 1, turns: 1 }, TOKEN_EFFECT);
    await reloadGm(world); // nothing left to stamp
    expect(await stampEffectLengths()).toBe(0);
    const itemStamps = [boots.id, ring?.id].map((id) => world.runtime.server.childrenOf(id ?? "")[0]?.flags);
    expect(itemStamps).toEqual([0, 1].map(() => ({ tempo: { v13Length: { seconds: null, rounds: 3, turns: null } } })));
    const delta = deltaEffectSources(world.runtime.server.source("Token", tokenOf(world).id ?? "") ?? {});
    expect(delta.map((e) => [e.name, e.flags])).toEqual([
      [TOKEN_EFFECT, { tempo: { v13Length: { seconds: null, rounds: 1, turns: 1 } } }],
    ]);
    const stored = storedActors(world);
    const ends = await fight(world, ruleset, actorsOf(world));
    expect(world.deprecations).toEqual([]);
    return { stored, ends };
  } finally {
    world.uninstall();
  }
}

describe("issue 20: a v13 world's effects on v14, every ruleset", () => {
  for (const [i, ruleset] of RULESET_IDS.entries()) {
    it(`DUR-1, TIME-1: ${ruleset}: effects Tempo wrote on v13 keep their lengths and changes on v14, rewritten once by the GM, and end on the same turn`, async () => {
      const seed = 1400 + i;
      const { stored, ends } = await v13World(ruleset, seed);
      expect(Object.values(ends)).not.toContain("never");
      const world = await bootWorld(seed, 14);
      try {
        // The v14 server loads the moved world's data as core does, each effect migrated (one unit kept).
        for (const d of stored) if (d.documentName === "ActiveEffect") loadedEffectSource(d.source);
        for (const d of stored)
          if (d.documentName === "Token") deltaEffectSources(d.source).forEach(loadedEffectSource);
        world.runtime.server.replace(stored);
        const from = world.writes.length;
        await reloadGm(world); // the moved world's first v14 page: core migrates on load, Tempo at `ready`
        const a = actorsOf(world).A;
        const effect = (name: string) =>
          world.runtime.server.childrenOf(a?.id ?? "").find((s) => s.name === name) ?? {};
        // One write per document holding effects: A's, A's Ring's, the world's Boots', the token's delta.
        expect(world.writes.slice(from).map((w) => [w.document, w.action, w.userId])).toEqual([
          ["ActiveEffect", "update", world.gm.id],
          ["ActiveEffect", "update", world.gm.id],
          ["ActiveEffect", "update", world.gm.id],
          ["Token", "update", world.gm.id],
        ]);
        const all = world.runtime.server.snapshot();
        const itemEffects = all.filter(
          (d) =>
            d.documentName === "ActiveEffect" &&
            all.some((i) => i.documentName === "Item" && i.source._id === d.parentId),
        );
        expect(itemEffects.length).toBe(2);
        for (const { source } of itemEffects) {
          expect(source.duration).toMatchObject({ value: 3, units: "rounds", expiry: null });
          expect(source.system).toEqual({ changes: [HASTE_V14] });
          expect(source.flags).toEqual({ tempo: {} });
        }
        const [onToken] = deltaEffectSources(world.runtime.server.source("Token", tokenOf(world).id ?? "") ?? {});
        expect(onToken?.duration).toMatchObject({ value: 1, units: "rounds", expiry: "turnEnd" });
        expect(onToken?.flags).toEqual({ tempo: {} });
        expect(effect("End of the next turn").duration).toMatchObject({ value: 1, units: "rounds", expiry: "turnEnd" });
        expect(effect("Made by an older release").duration).toMatchObject({
          value: 1,
          units: "rounds",
          expiry: "turnEnd",
        });
        expect(effect("Two rounds").duration).toMatchObject({ value: 2, units: "rounds", expiry: null });
        expect(effect("One turn").duration).toMatchObject({ value: 1, units: "turns", expiry: null });
        expect(effect("One round of seconds").duration).toMatchObject({
          value: ROUND_SECONDS[ruleset],
          units: "seconds",
        });
        for (const e of a?.effects.contents ?? []) expect(e.flags, e.name).toEqual({ tempo: {} }); // no stamp left
        expect(a?.effects.contents.find((e) => e.name === "Hasted")?._source.system).toEqual({ changes: [HASTE_V14] });
        expect(await migrateEffectsToV14()).toBe(0); // once: nothing left to rewrite
        expect(await fight(world, ruleset, actorsOf(world))).toEqual(ends);
        expect(world.deprecations).toEqual([]);
      } finally {
        world.uninstall();
      }
    }, 60_000);
  }
});

describe("issue 20: what the v14 migration reads", () => {
  it("v13's duration keys left as accessors on a v14 source (as v14 core leaves them) are neither read nor taken for v13 data", () => {
    const duration: Obj = { value: 1, units: "rounds", expiry: null, expired: false };
    for (const key of ["seconds", "rounds", "turns", "startTime", "startRound", "startTurn", "combat"])
      Object.defineProperty(duration, key, {
        enumerable: true,
        get: () => {
          throw new Error(`read the deprecated duration.${key}`);
        },
      });
    const source = { _id: "e1", duration, start: {}, system: { changes: [] }, flags: {} };
    expect(v14EffectUpdate(source)).toBeNull();
    // With a stamp, only the stamp is read, and removed in the same update.
    const stamped = { ...source, flags: { tempo: { v13Length: { seconds: null, rounds: 1, turns: 1 } } } };
    const world = installFoundryWorld(3, { generation: 14 });
    try {
      const update = v14EffectUpdate(stamped);
      expect(update?.duration).toEqual({ value: 1, units: "rounds", expiry: "turnEnd" });
      expect(Object.keys((update?.flags as { tempo: object }).tempo)).toEqual(["v13Length"]);
      // A source still holding v13's fields as data (not migrated by core) is rewritten from them.
      const change = { key: "system.speed", value: "2", mode: 2, priority: 20 };
      const v13 = { _id: "e2", changes: [change], duration: { rounds: 1, turns: 1, startTime: 7, combat: null } };
      const rewritten = v14EffectUpdate(v13);
      expect(rewritten?.duration).toMatchObject({ value: 1, units: "rounds", expiry: "turnEnd" });
      expect(Object.keys(rewritten?.duration ?? {}).sort()).toEqual(
        ["combat", "expiry", "rounds", "startTime", "turns", "units", "value"].sort(),
      ); // v13's keys deleted (ForcedDeletion)
      expect(rewritten?.start).toEqual({ time: 7, combat: null, round: null, turn: null });
      expect(rewritten?.system).toEqual({ changes: [{ key: "system.speed", value: "2", type: "add", priority: 20 }] });
      expect(world.deprecations).toEqual([]);
    } finally {
      world.uninstall();
    }
  });
});
