/**
 * Issue 17, "One writer, in order": when a GM connects it reconciles the statuses once (reconcile.ts,
 * reconcile-step.ts). A status a player toggles on its own token while no GM is connected reaches no
 * engine at the time (status-sync.ts answers on the active GM's client only); the GM who connects
 * turns it into the command status-sync.ts would have sent, through the combat's writer queue, every
 * change of a combat in ONE Combat write (with at most one batched Combatant update), and tells nobody
 * anything. A change the engine refuses is left out silently; nothing changed, nothing is written.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { AnyRulesetHost, RulesetId } from "../../src/engine/index.ts";
import { heldConditionsOf } from "../../src/engine/index.ts";
import { installFoundryWorld, type Write } from "../support/foundry-world.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import { addCombatants, effectEncounter, firstTurn, type Tempo } from "../support/effect-encounter.ts";
import { copyOn } from "../support/client-combats.ts";

const world = installFoundryWorld(83);
const owner = world.addUser("owner");
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");

const gm = world.gm;
const runtime = world.runtime;

interface Model {
  readonly state: unknown;
  readonly host: AnyRulesetHost;
}
const modelOf = (combat: Tempo) => combat.system as unknown as Model;
/** The combat as the GM's client holds it now (a reconnected GM is a new page). */
const gmCopy = (id: string): Tempo => copyOn(runtime.clientOf(gm.id), id);
const held = (combat: Tempo, id: string): string[] => [
  ...(heldConditionsOf(modelOf(combat).host, modelOf(combat).state).get(id) ?? []),
];
const defeatedInEngine = (combat: Tempo, id: string): boolean =>
  modelOf(combat).host.defeated(modelOf(combat).state, id);
const describeWrite = (w: Write) => `${w.userId} ${w.action ?? "update"} ${w.document}`;

/** A running combat: the owner's "A" and "Own2", and the GM's "B" and "C". */
async function running(
  ruleset: RulesetId,
): Promise<{ combat: Tempo; ids: Record<string, string>; actors: Record<string, ActorModel> }> {
  const { combat, ids, actors } = await effectEncounter(world, ruleset, ["A", "B", "C"], owner);
  const own2 = await world.addActor("Own2", [owner.id]);
  await addCombatants(world, combat, ["Own2"], { Own2: own2 }, owner);
  await firstTurn(world, combat);
  const all: Record<string, string> = { ...ids };
  for (const c of combat.combatants) all[c.name ?? ""] = c.id ?? "";
  return { combat, ids: all, actors: { ...actors, Own2: own2 } };
}

/** Disconnects the GM, runs `meanwhile` as the owner, reconnects the GM; the writes and notices of the reconnection. */
async function whileNoGm(meanwhile: () => Promise<unknown>): Promise<{ writes: Write[]; notices: unknown[] }> {
  gm.active = false;
  await world.idle();
  await world.as(owner, meanwhile);
  await world.idle();
  const from = world.writes.length;
  const notices = world.notices.length;
  gm.active = true;
  await world.idle();
  const writes = world.writes.slice(from).filter((w) => w.document !== "ChatMessage");
  return { writes, notices: world.notices.slice(notices) };
}

function expectOneTempoWrite(writes: readonly Write[]): void {
  expect(writes.filter((w) => w.document === "Combat").map(describeWrite)).toEqual([`${gm.id} update Combat`]);
  const others = writes.filter((w) => w.document !== "Combat");
  expect(others.length).toBeLessThanOrEqual(1);
  expect(others.map(describeWrite)).toEqual(others.length === 0 ? [] : [`${gm.id} update Combatant`]);
}

describe("issue 17: statuses changed while no GM was connected are reconciled once when a GM connects", () => {
  it("DEF-1: the owner puts core's defeated status on its token with no GM: the GM who connects does not defeat it (issue 18: `defeat` is the GM's), no notice", async () => {
    const { combat, ids, actors } = await running("standard");
    const id = combat.id ?? "";
    const a = ids.A ?? "";
    const { writes, notices } = await whileNoGm(async () => {
      await actors.A?.toggleStatusEffect("dead", { active: true });
      expect(defeatedInEngine(combat, a)).toBe(false);
    });
    expect(writes.filter((w) => w.document === "Combat")).toEqual([]);
    expect(notices).toEqual([]);
    const now = gmCopy(id);
    expect(defeatedInEngine(now, a)).toBe(false);
    expect(now.combatants.get(a)?.defeated).toBe(false);
  });

  it("CNT-14, DEF-1: two creatures' statuses changed by their owner with no GM (unconscious on one, core's defeated on the other): the GM's commands are not given (issue 18)", async () => {
    const { combat, ids, actors } = await running("count");
    const id = combat.id ?? "";
    const { writes, notices } = await whileNoGm(async () => {
      await actors.A?.toggleStatusEffect("unconscious", { active: true });
      await actors.Own2?.toggleStatusEffect("dead", { active: true });
    });
    expect(writes.filter((w) => w.document === "Combat")).toEqual([]);
    expect(notices).toEqual([]);
    const now = gmCopy(id);
    expect(held(now, ids.A ?? "")).toEqual([]);
    expect(defeatedInEngine(now, ids.Own2 ?? "")).toBe(false);
  });

  it("DEF-1: a roster change and a status change made with no GM (the owner deletes one creature and defeats the other by its token): ONE Combat write, the leave only (issue 18)", async () => {
    const { combat, ids, actors } = await running("phase");
    const id = combat.id ?? "";
    const own2 = ids.Own2 ?? "";
    const { writes, notices } = await whileNoGm(async () => {
      const copy = copyOn(runtime.clientOf(owner.id), id) as unknown as {
        deleteEmbeddedDocuments(n: string, ids: string[]): Promise<unknown>;
      };
      await copy.deleteEmbeddedDocuments("Combatant", [own2]);
      await actors.A?.toggleStatusEffect("dead", { active: true });
    });
    expectOneTempoWrite(writes);
    expect(notices).toEqual([]);
    const now = gmCopy(id);
    expect(modelOf(now).host.order(modelOf(now).state)).not.toContain(own2);
    expect(defeatedInEngine(now, ids.A ?? "")).toBe(false);
  });

  it("CNT-14: unconscious taken off its token by the owner with no GM: the GM who connects does not wake the creature (issue 18: regainConsciousness is the GM's)", async () => {
    const { combat, ids, actors } = await running("count");
    const id = combat.id ?? "";
    const a = ids.A ?? "";
    await actors.A?.toggleStatusEffect("unconscious", { active: true }); // the GM's, answered at once
    await world.idle();
    expect(held(combat, a)).toEqual(["unconscious"]);
    const { writes, notices } = await whileNoGm(
      () => actors.A?.toggleStatusEffect("unconscious", { active: false }) ?? Promise.resolve(),
    );
    expect(writes.filter((w) => w.document === "Combat")).toEqual([]);
    expect(notices).toEqual([]);
    expect(held(gmCopy(id), a)).toEqual(["unconscious"]);
  });

  it("CNT-4: a status the engine refuses now (surprised once the first round is under way) is left out: nothing written, no notice", async () => {
    const { combat, ids, actors } = await running("count");
    const id = combat.id ?? "";
    const { writes, notices } = await whileNoGm(
      () => actors.A?.toggleStatusEffect("surprised", { active: true }) ?? Promise.resolve(),
    );
    expect(writes.map(describeWrite)).toEqual([]);
    expect(notices).toEqual([]);
    expect(held(gmCopy(id), ids.A ?? "")).toEqual([]);
  });

  it("DEF-1: nothing changed while the GM was away (a reload): nothing is written and the defeated stay defeated", async () => {
    const { combat, ids } = await running("rotation");
    const id = combat.id ?? "";
    const b = ids.B ?? "";
    await (
      combat as unknown as { updateEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).updateEmbeddedDocuments("Combatant", [{ _id: b, defeated: true }]);
    await world.idle();
    expect(defeatedInEngine(combat, b)).toBe(true);
    const { writes, notices } = await whileNoGm(async () => undefined);
    expect(writes.map(describeWrite)).toEqual([]);
    expect(notices).toEqual([]);
    expect(defeatedInEngine(gmCopy(id), b)).toBe(true);
  });
});
