/**
 * Issue 20: effects a v13 world stored (v13's duration fields and `changes`) are rewritten once, persisted,
 * in v14's shape by the active GM on v14 (src/foundry/compat/effect-migration.ts), and expire on the same
 * turn as they did on v13 (DUR-1). The world plays v14 in both test projects; the v13 data is put in its
 * store as v13's Tempo wrote it (the model does not play core's own load-time conversion).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { effectEncounter, expiries, giveEffect } from "../support/effect-encounter.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import type { Obj } from "../support/runtime/diff.ts";
import { migrateEffectsToV14 } from "../../src/foundry/compat/effect-migration.ts";

const world = installFoundryWorld(9, { generation: 14 });
afterAll(() => world.uninstall());
world.addUser("p1");
await world.loadSystem();
world.callHook("init");

/** Puts an effect's stored source back to what v13 stored, on the server and every client. */
function storeAsV13(actor: ActorModel, id: string, v13: Obj): void {
  const stored = world.runtime.server.childrenOf(actor.id ?? "").find((s) => s._id === id) ?? {};
  const { start: _start, system: _system, duration: _duration, ...rest } = stored;
  const source = { ...rest, ...v13, system: {} };
  world.runtime.server.replace([{ documentName: "ActiveEffect", source, parentId: actor.id }]);
  for (const user of world.users.values())
    world.runtime
      .clientOf(user.id)
      .actors.get(actor.id ?? "")
      ?.effects.get(id)
      ?.resetSource(source);
}

describe("issue 20: v13 effects on v14", () => {
  it("DUR-1, TIME-1: the active GM rewrites a v13 world's effects once in v14's shape, changes and lengths kept; they end on the same turn", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    const a = actors.A;
    if (a === undefined) throw new Error("no actor");
    world.worldTime += 100;
    const time = world.worldTime;
    const early = await giveEffect(world, a, null, {}, "Made 7 s before the fight"); // 12 s: 5 s left
    const nextTurn = await giveEffect(world, a, null, {}, "Until the end of the next turn");
    const change = { key: "system.speed", value: "2", mode: 2, priority: 20 };
    storeAsV13(a, early.id ?? "", { changes: [change], duration: { seconds: 12, startTime: time, combat: null } });
    storeAsV13(a, nextTurn.id ?? "", { changes: [], duration: { rounds: 1, turns: 1, startTime: time } });
    world.worldTime += 7;
    const from = world.writes.length;
    expect(await world.as(world.users.get("p1") ?? world.gm, () => migrateEffectsToV14())).toBe(0); // not the GM
    expect(await migrateEffectsToV14()).toBe(2);
    await world.idle();
    const stored = (id: string | null) => world.runtime.server.childrenOf(a.id ?? "").find((s) => s._id === id) ?? {};
    expect(stored(early.id).duration).toEqual({ value: 12, units: "seconds", expiry: null }); // no v13 field left
    expect(stored(early.id).start).toEqual({ time, combat: null, round: null, turn: null });
    expect(stored(early.id).system).toEqual({
      changes: [{ key: "system.speed", value: "2", type: "add", priority: 20 }],
    });
    expect(stored(early.id)).not.toHaveProperty("changes");
    expect(stored(nextTurn.id).duration).toEqual({ value: 1, units: "rounds", expiry: "turnEnd" });
    expect(world.writes.slice(from).map((w) => [w.document, w.userId])).toEqual([["ActiveEffect", world.gm.id]]);
    expect(await migrateEffectsToV14()).toBe(0); // once: nothing left to rewrite
    await combat.startCombat();
    await world.idle();
    const timed = await expiries(world, combat, [early], ids.A ?? "", 0);
    expect(timed.get(early)?.turn).toBe(1); // as on v13 (effect-durations.test.ts, TIME-1)
    expect(world.deprecations).toEqual([]);
  });
});
