/**
 * Issue 17 (item 6): a combat saved in an older stored format moves forward when it loads (the Combat
 * model's migrateData); one that cannot (saved by a newer Tempo, or a state that no longer reads) is not
 * stuck: the tracker shows why and offers the GM Reset, and Reset starts it again from its combatants.
 */
import { clearStateCache } from "../../src/foundry/combat/state-cache.ts";
import { afterAll, describe, expect, it } from "vitest";
import {
  COMBAT_FORMAT,
  EMPTY_PATCH_HISTORY,
  diffStored,
  encodeStored,
  storeCombatState,
  readCombatState,
  recordStep,
  type RulesetId,
  type StoredObject,
} from "../../src/engine/index.ts";
import { columnize } from "../../src/engine/storage/columns.ts";
import { HOT_FIELDS } from "../../src/engine/host/stored-pack.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(17);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await world.loadSystem();
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

async function encounter(ruleset: RulesetId = "standard", size = 3): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const create = (Combat as unknown as { create(d: object): Promise<Tempo> }).create.bind(Combat);
  const combat = await create({});
  const list = Array.from({ length: size }, (_, i) => i).map((i) => ({
    name: `C${i}`,
    system: { initiativeBonus: i, side: i ? "enemy" : "pc" },
  }));
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
  it("a combat saved before the format had a version loads as it is, runs, and its first write stores the current format", async () => {
    const combat = await encounter();
    storedAs(combat, ({ format: _, ...system }) => system);
    expect(model(combat).format).toBe(0);
    expect(model(combat).resetReason).toBeNull();
    await combat.startCombat();
    expect(model(combat).host.started(model(combat).state)).toBe(true);
    expect([model(combat).format, serverSystem(combat).format]).toEqual([COMBAT_FORMAT, COMBAT_FORMAT]);
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

/** The engine state as format 1 stored it: unpacked, in stored-json's encoding. */
const format1 = (state: unknown) => encodeStored(state as never) as StoredObject;
/** The Combat's system data as the server holds it (what a reload reads). */
function serverSystem(combat: Tempo): Obj {
  const entries = JSON.parse(world.runtime.snapshotCombat(combat.id ?? "")) as { documentName: string; source: Obj }[];
  return entries.find((e) => e.documentName === "Combat")?.source.system as Obj;
}
/** A reload: every client reads the combat again from what the server holds. */
function reload(combat: Tempo): void {
  clearStateCache();
  world.runtime.restoreCombat(world.runtime.snapshotCombat(combat.id ?? ""));
}

/** Starts `combat`, rolls everyone and takes one step: the states after the roll and after the step. */
async function rolledAndStepped(combat: Tempo): Promise<[unknown, unknown]> {
  await combat.startCombat();
  await combat.rollAll();
  await world.idle();
  const first = model(combat).state;
  return [first, await stepped(combat)];
}

/** One Next turn, delivered: the state after it. */
async function stepped(combat: Tempo): Promise<unknown> {
  await combat.nextTurn();
  await world.idle();
  return model(combat).state;
}

/**
 * Puts `engine` and `history` on the server as an older Tempo stored them in `format`, and checks every
 * client reads it as it is: the same state (`state`), no reset, the old format kept until the next write.
 */
function savedAs(combat: Tempo, format: number, engine: unknown, history: unknown, state: unknown): void {
  storedAs(combat, (system) => ({ ...system, format, engine, history }));
  expect(model(combat).resetReason).toBeNull();
  expect(model(combat).state).toEqual(state);
  expect(model(combat).format).toBe(format);
}

/**
 * After the step that moved an older combat forward (`third`): a reload reads `third`, two undos give
 * `second` and `first`, and after another reload two redos give `second` and `third` again.
 */
async function exactAcross(combat: Tempo, [first, second, third]: readonly unknown[]): Promise<void> {
  reload(combat);
  expect(model(combat).state).toEqual(third);
  for (const expected of [second, first]) {
    await combat.previousTurn();
    await world.idle();
    expect(model(combat).state).toEqual(expected);
  }
  reload(combat);
  for (const expected of [second, third]) {
    await combat.tempoCommand({ type: "redo" });
    await world.idle();
    expect(model(combat).state).toEqual(expected);
  }
  expect(model(combat).resetReason).toBeNull();
}

describe("a running combat saved in format 1 (before the stored format 2)", () => {
  it.each(["standard", "rotation", "segment", "count", "phase"] as const)(
    "%s: it reads as it is, the next step writes the current format over it on the server, and undo reaches back across",
    async (ruleset) => {
      const combat = await encounter(ruleset);
      const [first, second] = await rolledAndStepped(combat);
      const host = model(combat).host;
      expect(host.started(second)).toBe(true);
      // What the previous Tempo stored: the state unpacked, its undo patch between unpacked states.
      const history = recordStep(EMPTY_PATCH_HISTORY, format1(first), format1(second));
      savedAs(combat, 1, format1(second), history, second);

      const third = await stepped(combat);
      expect(third).not.toEqual(second);
      const onServer = serverSystem(combat);
      expect(onServer.format).toBe(COMBAT_FORMAT);
      // The server merged the update into the format-1 source: it must read back as the clients' state.
      expect(readCombatState(host, onServer.engine)).toEqual({ ok: true, value: third });

      reload(combat);
      expect(model(combat).resetReason).toBeNull();
      expect(model(combat).state).toEqual(third);
      await combat.previousTurn();
      await world.idle();
      expect(model(combat).state).toEqual(second);
      await combat.previousTurn();
      await world.idle();
      expect(model(combat).state).toEqual(first);
      reload(combat);
      expect(model(combat).state).toEqual(first);
      await combat.nextTurn();
      await world.idle();
      expect(model(combat).resetReason).toBeNull();
      expect(serverSystem(combat).format).toBe(COMBAT_FORMAT);
    },
  );
});

describe("a running combat saved in format 2 (every undo patch stored as an encoded update)", () => {
  it.each(["standard", "rotation", "segment", "count", "phase"] as const)(
    "%s: its patches still apply, the next step writes the current format over it, and undo and redo are exact across",
    async (ruleset) => {
      const combat = await encounter(ruleset, 24);
      const [first, second] = await rolledAndStepped(combat);
      // What format 2 stored: the same packed state; each undo patch the encoded update back, never compressed.
      const [before, after] = [storeCombatState(first), storeCombatState(second)];
      const history = { undo: { "1": encodeStored(diffStored(after, before) as never) }, redo: {} };
      savedAs(combat, 2, after, history, second);

      const third = await stepped(combat);
      expect(serverSystem(combat).format).toBe(COMBAT_FORMAT);
      await exactAcross(combat, [first, second, third]);
    },
  );
});

describe("a running count combat saved in format 3 (its tie order stored)", () => {
  it("CNT-5: it reads as it is, the next step writes the current format over it (the tie order gone on the server), and undo and redo are exact across", async () => {
    const combat = await encounter("count", 24);
    const [first, second] = await rolledAndStepped(combat);
    // What format 3 stored: the packed state with its tie order, the undo patch between such states.
    const format3 = (state: unknown): StoredObject => ({
      ...storeCombatState(state),
      tieOrder: encodeStored((state as { tieOrder: number[] }).tieOrder) as StoredObject,
    });
    const [before, after] = [format3(first), format3(second)];
    const history = { undo: { "1": encodeStored(diffStored(after, before) as never) }, redo: {} };
    savedAs(combat, 3, after, history, second);

    const third = await stepped(combat);
    const onServer = serverSystem(combat);
    expect([onServer.format, Object.hasOwn(onServer.engine as Obj, "tieOrder")]).toEqual([COMBAT_FORMAT, false]);
    expect(readCombatState(model(combat).host, onServer.engine)).toEqual({ ok: true, value: third });
    await exactAcross(combat, [first, second, third]);
  });
});

describe("a running count combat saved in format 4 (no secret contest marks)", () => {
  it("CNT-5, issue 18 item 5: its records read as having no secret contest total, the next step writes the current format over it, and undo and redo are exact across", async () => {
    const combat = await encounter("count", 24);
    const [first, second] = await rolledAndStepped(combat);
    // What format 4 stored: the packed state of records without `secretContest`, its undo patch between such.
    const format4 = (state: unknown): StoredObject =>
      storeCombatState(
        JSON.parse(JSON.stringify(state), (key, v: unknown) => (key === "secretContest" ? undefined : v)),
      );
    const [before, after] = [format4(first), format4(second)];
    expect(JSON.stringify(after)).not.toContain("secretContest");
    const history = { undo: { "1": encodeStored(diffStored(after, before) as never) }, redo: {} };
    savedAs(combat, 4, after, history, second);

    const third = await stepped(combat);
    const onServer = serverSystem(combat);
    expect(onServer.format).toBe(COMBAT_FORMAT);
    expect(JSON.stringify(onServer.engine)).toContain("secretContest");
    expect(readCombatState(model(combat).host, onServer.engine)).toEqual({ ok: true, value: third });
    await exactAcross(combat, [first, second, third]);
  });
});

describe("a running phase combat saved in format 3 (its ranking and rolled values stored as they are)", () => {
  it("PHS-2: it reads as it is, the next step writes the current format over it on the server, and undo and redo are exact across", async () => {
    const combat = await encounter("phase", 40);
    const [first, second] = await rolledAndStepped(combat);
    const host = model(combat).host;
    // What format 3 stored: the state in columns (no phase packing), its undo patch compressed against it.
    const format3 = (state: unknown): StoredObject =>
      encodeStored(columnize(state as never, HOT_FIELDS)) as StoredObject;
    const [before, after] = [format3(first), format3(second)];
    expect(JSON.stringify(after)).not.toContain('"rolls"');
    const history = recordStep(EMPTY_PATCH_HISTORY, before, after);
    savedAs(combat, 3, after, history, second);

    const third = await stepped(combat);
    const onServer = serverSystem(combat);
    expect(onServer.format).toBe(COMBAT_FORMAT);
    // The server merged the update into the format-3 source: it reads back as the clients' state, packed.
    expect(readCombatState(host, onServer.engine)).toEqual({ ok: true, value: third });
    expect(JSON.stringify(onServer.engine)).toContain('"rolls"');
    await exactAcross(combat, [first, second, third]);
  });
});
