/**
 * Issue 17 (item 6): a combat saved in an older stored format moves forward when it loads (the Combat
 * model's migrateData); one that cannot (saved by a newer Tempo, or a state that no longer reads) is not
 * stuck: the tracker shows why and offers the GM Reset, and Reset starts it again from its combatants.
 */
import { clearStateCache } from "../../src/foundry/combat/state-cache.ts";
import { afterAll, describe, expect, it } from "vitest";
import { COMBAT_FORMAT } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(17);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await import("../../src/foundry/init.ts");
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { TempoCombatModel } = await import("../../src/foundry/data/combat/combat-model.ts");
const { resetTrackerContextOf } = await import("../../src/foundry/applications/tracker-reset.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");

type Obj = Record<string, unknown>;

function model(combat: Tempo): InstanceType<typeof TempoCombatModel> {
  const system: unknown = combat.system;
  if (!(system instanceof TempoCombatModel)) throw new Error("not a Tempo combat");
  return system;
}

async function encounter(): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", "standard");
  const create = (Combat as unknown as { create(d: object): Promise<Tempo> }).create.bind(Combat);
  const combat = await create({});
  const list = [0, 1, 2].map((i) => ({ name: `C${i}`, system: { initiativeBonus: i, side: i ? "enemy" : "pc" } }));
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", list);
  await world.idle();
  return combat;
}

/** Replaces the stored system data as an older (or newer) Tempo left it, and loads it again on every client. */
function storedAs(combat: Tempo, edit: (system: Obj) => Obj): void {
  const entries = JSON.parse(world.runtime.snapshotCombat(combat.id ?? "")) as { documentName: string; source: Obj }[];
  for (const e of entries)
    if (e.documentName === "Combat") e.source.system = edit(structuredClone(e.source.system as Obj));
  clearStateCache(); // a reload starts with empty module state
  world.runtime.restoreCombat(JSON.stringify(entries));
}

describe("a combat saved by another Tempo", () => {
  it("a combat saved before the format had a version loads in the current format and runs", async () => {
    const combat = await encounter();
    storedAs(combat, ({ format: _, ...system }) => system);
    expect(model(combat).format).toBe(COMBAT_FORMAT);
    expect(model(combat).resetReason).toBeNull();
    await combat.startCombat();
    expect(model(combat).host.started(model(combat).state)).toBe(true);
  });

  it("one from a newer Tempo shows why on the tracker, refuses commands, and the GM's Reset starts it again", async () => {
    const combat = await encounter();
    storedAs(combat, (system) => ({ ...system, format: COMBAT_FORMAT + 1 }));
    expect(model(combat).state).toBeNull();
    expect(trackerInputOf(combat, world.gm as unknown as User.Implementation)).toBeNull();

    const gmView = resetTrackerContextOf(combat, world.gm as unknown as User.Implementation);
    expect(gmView?.announcement.key).toBe("TEMPO.TRACKER.NeedsReset.Newer");
    expect(gmView?.controls.map((c) => [c.action, c.command, c.disabled])).toEqual([
      ["tempoCommand", JSON.stringify({ type: "reset" }), false],
    ]);
    const playerView = resetTrackerContextOf(combat, player as unknown as User.Implementation);
    expect(playerView?.controls).toEqual([]);

    const refused = await combat.tempoCommand({ type: "start" });
    expect(refused).toMatchObject({ ok: false });

    await combat.resetAll();
    expect(model(combat).resetReason).toBeNull();
    expect(model(combat).format).toBe(COMBAT_FORMAT);
    expect(model(combat).host.order(model(combat).state)).toHaveLength(3);
    expect(resetTrackerContextOf(combat, world.gm as unknown as User.Implementation)).toBeNull();
    await combat.startCombat();
    expect(model(combat).host.started(model(combat).state)).toBe(true);
  });

  it("one whose stored state no longer reads is marked the same way, and Reset leaves no stale keys", async () => {
    const combat = await encounter();
    storedAs(combat, (system) => ({ ...system, engine: { ...(system.engine as Obj), leftover: { "#": 3 } } }));
    expect(model(combat).resetReason?.key).toBe("TEMPO.TRACKER.NeedsReset.Older");
    await combat.resetAll();
    expect(model(combat).resetReason).toBeNull();
    const stored = (combat as unknown as { _source: { system: { engine: Obj } } })._source.system.engine;
    expect("leftover" in stored).toBe(false);
  });
});
