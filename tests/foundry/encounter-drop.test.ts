import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { addCompendiumActor, addScene } from "../support/world-scenes.ts";
import { menuEntries } from "../support/runtime/context-menu.ts";

// Scenes, world and compendium actors on the runtime model (runtime/scene.ts, runtime/uuid.ts).
const world = installFoundryWorld(9);
afterAll(() => world.uninstall());
const player = world.addUser("player");
await world.loadSystem();
world.callHook("init");
const { deployEncounter } = await import("../../src/foundry/encounters/deploy.ts");
const { dropOnCombat } = await import("../../src/foundry/encounters/drop-on-combat.ts");
const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");

type Combat = import("../../src/foundry/documents/combat.ts").TempoCombat;

const GOBLIN = addCompendiumActor(world, "tempo.npcs", { _id: "gob1in0000000001", name: "Goblin", type: "npc" });
const wolf = await world.addActor("Wolf", [], "npc");
const scene = await addScene(world, { squares: 20, size: 100, padding: 0.15 });

/** A world encounter actor (its system data is the encounter model, validated on the server). */
async function encounterActor(system: object): Promise<string> {
  const actor = await world.addActor("Wolves", [], "encounter", system as Record<string, unknown>);
  return actor.uuid;
}

async function deployed(ruleset: string, groups = false): Promise<Combat> {
  const result = await deployEncounter(
    {
      ruleset,
      surprise: "none",
      groups: groups ? [{ id: "g", name: "Guards" }] : [],
      entries: [{ uuid: GOBLIN, name: "Goblin", count: 2, side: "enemy", group: groups ? "g" : null }],
    },
    { scene: scene as unknown as Scene.Implementation, point: { x: 1050, y: 1050 }, party: false },
  );
  await world.idle();
  if (!result.ok) throw new Error(result.error.key);
  return result.value.combat as Combat;
}

function engineOrder(combat: Combat): readonly string[] {
  const model = tempoModelOf(combat);
  return model?.state == null ? [] : model.host.order(model.state);
}

describe("dropping onto the tracker (issue 12 item 3)", () => {
  it("STD-3: a dropped NPC joins the running combat, rolls and is slotted in; the acting creature keeps its turn", async () => {
    const combat = await deployed("standard");
    const model = tempoModelOf(combat);
    const acting = model?.state == null ? null : model.host.current(model.state);
    const tokensBefore = scene.tokens.contents.length;
    const result = await dropOnCombat(combat, { type: "Actor", uuid: wolf.uuid });
    await world.idle();
    expect(result.ok && result.value).toEqual({ added: 1, missing: [], unplaced: [] });
    expect(scene.tokens.contents.length).toBe(tokensBefore + 1);
    const added = combat.combatants.filter((c) => c.actorId === wolf.id)[0];
    expect(engineOrder(combat)).toContain(added?.id);
    expect(added?.initiative).not.toBeNull();
    const after = tempoModelOf(combat);
    expect(after?.state == null ? null : after.host.current(after.state)).toBe(acting);
  });

  it("ROT-4: a dropped encounter brings its group, and its members share one initiative", async () => {
    const combat = await deployed("rotation", true);
    const uuid = await encounterActor({
      ruleset: "rotation",
      surprise: "none",
      groups: [{ id: "w", name: "Wolf pack" }],
      entries: [{ uuid: wolf.uuid, name: "Wolf", count: 3, side: "enemy", group: "w" }],
    });
    const groupsBefore = combat.groups.size;
    const result = await dropOnCombat(combat, { type: "Actor", uuid });
    await world.idle();
    expect(result.ok && result.value.added).toBe(3);
    expect(combat.groups.size).toBe(groupsBefore + 1);
    const wolves = combat.combatants.filter((c) => c.actorId === wolf.id);
    expect(new Set(wolves.map((w) => w._source.group)).size).toBe(1);
    expect(new Set(wolves.map((w) => w.initiative)).size).toBe(1);
    for (const w of wolves) expect(engineOrder(combat)).toContain(w.id);
  });

  it("groups are left out where the combat's ruleset has none; nobody who joins late is surprised", async () => {
    const combat = await deployed("count");
    const uuid = await encounterActor({
      ruleset: "rotation",
      surprise: "enemies",
      groups: [{ id: "w", name: "Wolf pack" }],
      entries: [{ uuid: wolf.uuid, name: "Wolf", count: 2, side: "enemy", group: "w" }],
    });
    const result = await dropOnCombat(combat, { type: "Actor", uuid });
    await world.idle();
    expect(result.ok && result.value.added).toBe(2);
    expect(combat.groups.size).toBe(0);
    const wolves = combat.combatants.filter((c) => c.actorId === wolf.id);
    expect(wolves.map((w) => (w.system as unknown as { surprised: boolean }).surprised)).toEqual([false, false]);
  });

  it("what is not an actor, or a player's drop, changes nothing", async () => {
    const combat = await deployed("standard");
    const from = world.writes.length;
    const item = await dropOnCombat(combat, { type: "Item", uuid: "Item.abc" });
    expect(item.ok ? null : item.error.key).toBe("TEMPO.ERRORS.Encounter.NotDroppable");
    const gone = await dropOnCombat(combat, { type: "Actor", uuid: "Actor.nope000000000001" });
    expect(gone.ok ? null : gone.error.key).toBe("TEMPO.ERRORS.Encounter.NotDroppable");
    const asPlayer = await world.as(player, () => dropOnCombat(combat, { type: "Actor", uuid: wolf.uuid }));
    expect(asPlayer.ok ? null : asPlayer.error.key).toBe("TEMPO.ERRORS.Encounter.GmOnly");
    expect(world.writes.length).toBe(from);
  });
});

/** The creature whose turn it is, by its combatant's initiative (count, segment group roll, phase roll). */
function acting(combat: Combat): number | null {
  const model = tempoModelOf(combat);
  const id = model?.state == null ? null : model.host.current(model.state);
  return id === null ? null : (combat.combatants.get(id)?.initiative ?? null);
}

async function next(combat: Combat): Promise<number | null> {
  await combat.nextTurn();
  await world.idle();
  return acting(combat);
}

/** Drops a pack of `count` wolves (one group) onto `combat`, their dice scripted to `totals`. */
async function dropWolves(combat: Combat, ruleset: string, totals: number[], count = 2) {
  // Only segment and rotation encounters may have groups (the encounter model refuses others).
  const grouped = ruleset === "segment" || ruleset === "rotation";
  const uuid = await encounterActor({
    ruleset,
    surprise: "none",
    groups: grouped ? [{ id: "w", name: "Wolf pack" }] : [],
    entries: [{ uuid: wolf.uuid, name: "Wolf", count, side: "enemy", group: grouped ? "w" : null }],
  });
  const before = new Set(combat.combatants.map((c) => c.id));
  world.scriptedTotals.push(...totals);
  const result = await dropOnCombat(combat, { type: "Actor", uuid });
  await world.idle();
  expect(world.scriptedTotals).toEqual([]);
  expect(result.ok && result.value.added).toBe(count);
  return combat.combatants.filter((c) => !before.has(c.id));
}

describe("dropping mid-round in every ruleset with its own join rule", () => {
  beforeEach(() => {
    world.scriptedTotals.length = 0;
  });

  it("CNT-2, CNT-3: mid-round a dropped creature's count is its roll; past the current count it acts this round, below it next round", async () => {
    world.scriptedTotals.push(8, 3); // the goblins' counts
    const combat = await deployed("count");
    expect(acting(combat)).toBe(3);
    expect(await next(combat)).toBe(8);
    const wolves = await dropWolves(combat, "count", [5, 12]);
    expect(wolves.map((w) => w.initiative).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([5, 12]);
    expect(acting(combat)).toBe(8); // the acting goblin keeps its turn
    expect(await next(combat)).toBe(12); // count 12 is still to come this round
    const round = combat.round;
    let now: number | null = null;
    for (let i = 0; i < 4 && combat.round === round; i++) now = await next(combat);
    expect(combat.round).toBe((round ?? 0) + 1);
    // Round 2 counts up from 0: the goblin on 3, then the wolf that rolled 5 (past this round's count 8).
    expect(now).toBe(3);
    expect(await next(combat)).toBe(5);
  });

  it("SEG-2: a group dropped mid-round joins as a group of its own and its d6 is rolled at once; nothing waits for dice", async () => {
    const combat = await deployed("segment", true);
    await next(combat); // the groups have rolled
    const guards = combat.combatants.contents.map((c) => c._source.group);
    const groupsBefore = combat.groups.size;
    const wolves = await dropWolves(combat, "segment", [4]);
    expect(combat.groups.size).toBe(groupsBefore + 1);
    const pack = wolves[0]?._source.group ?? null;
    expect(pack).not.toBeNull();
    expect(guards).not.toContain(pack);
    expect(wolves.map((w) => w._source.group)).toEqual([pack, pack]);
    expect(wolves.map((w) => w.initiative)).toEqual([4, 4]); // the pack's d6, shown on each wolf
    const model = tempoModelOf(combat);
    expect(model?.state == null ? null : model.host.pending(model.state)).toEqual([]);
    for (const w of wolves) expect(engineOrder(combat)).toContain(w.id);
  });

  it("PHS-2, PHS-3, PHS-7: a creature dropped in the movement phase rolls and moves in the turns still to come, lowest first", async () => {
    world.scriptedTotals.push(9, 4); // the goblins' initiative
    const combat = await deployed("phase");
    expect(await next(combat)).toBe(4); // movement: lowest first
    await dropWolves(combat, "phase", [11, 2]);
    expect(acting(combat)).toBe(4); // the moving goblin keeps its turn
    // The wolf on 2 would have moved first; it moves in the turns still to come, lowest first.
    expect([await next(combat), await next(combat), await next(combat)]).toEqual([2, 9, 11]);
    // PHS-7: the battle phase takes everyone, highest first.
    expect([await next(combat), await next(combat), await next(combat), await next(combat)]).toEqual([11, 9, 4, 2]);
  });
});

describe("the GM's encounter controls", () => {
  /** A drop event as the browser gives it: core's drag data as JSON in `text/plain`. */
  function dropEvent(data: object): Event {
    const event = new Event("drop", { cancelable: true });
    Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify(data) } });
    return event;
  }

  it("Tempo's tracker takes an actor dropped on it into the combat it shows, once however often it renders", async () => {
    const combat = await deployed("standard");
    const element = new EventTarget();
    const app = { viewed: combat };
    world.callHook("renderTempoCombatTracker", app, element);
    world.callHook("renderTempoCombatTracker", app, element);
    const count = combat.combatants.size;
    const before = new Set(combat.combatants.map((c) => c.id));
    const event = dropEvent({ type: "Actor", uuid: wolf.uuid });
    element.dispatchEvent(event);
    await world.idle();
    expect(event.defaultPrevented).toBe(true);
    expect(combat.combatants.size).toBe(count + 1);
    // The listener does not wait for the drop: the newcomer's initiative is rolled once the engine holds
    // it (deploy-steps.ts `untilJoined` polls), so wait for that roll before the test ends (STD-3).
    const added = combat.combatants.find((c) => !before.has(c.id));
    for (let i = 0; i < 50 && added?.initiative == null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await world.idle();
    }
    expect(added?.initiative).toEqual(expect.any(Number));
  });

  it("the Actors directory offers Deploy on an encounter, to the GM only", async () => {
    const entries: unknown[] = [];
    world.callHook("getActorContextOptions", null, entries);
    const deploy = menuEntries(entries).find((e) => e.label === "TEMPO.ENCOUNTERS.Deploy");
    const uuid = await encounterActor({ ruleset: "count", surprise: "none", groups: [], entries: [] });
    const li = (id: string) => ({ dataset: { entryId: id } }) as unknown as HTMLElement;
    expect(deploy?.shown(li(uuid.slice(6)))).toBe(true);
    expect(deploy?.shown(li(wolf.id ?? ""))).toBe(false);
    expect(await world.as(player, async () => deploy?.shown(li(uuid.slice(6))))).toBe(false);
  });
});
