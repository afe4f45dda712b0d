/**
 * Encounters for the group tests (ROT-4, ROT-5, SEG-2) on the runtime model: a combat of named creatures
 * with sides and actors, and what the tests read of it (the documents' groups, the engine's), for
 * tests/foundry/combatant-groups.test.ts and segment-groups.test.ts.
 */
import { engineGroupOf, type HostCommand, type RulesetId } from "../../src/engine/index.ts";
import { installFoundryWorld, type WorldUser, type World } from "./foundry-world.ts";

type Answer = import("../../src/foundry/combat/queries.ts").CommandAnswer;
type ModelClass = typeof import("../../src/foundry/data/combat/combat-model.ts").TempoCombatModel;

/** What the tests read and call of the runtime model's documents. */
export interface GroupDoc {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}
export interface CombatantDoc {
  readonly id: string;
  readonly name: string;
  readonly initiative: number | null;
  readonly _source: { readonly group: string | null };
  update(data: object): Promise<unknown>;
}
export interface Collection<T> {
  readonly size: number;
  readonly contents: T[];
  get(id: string): T | undefined;
}
export interface CombatDoc {
  readonly system: unknown;
  readonly round: number;
  readonly combatant: { readonly id: string } | undefined;
  readonly groups: Collection<GroupDoc>;
  readonly combatants: Collection<CombatantDoc>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<void>;
  tempoCommand(command: HostCommand): Promise<Answer>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  rollAll(): Promise<unknown>;
}

export interface Creature {
  readonly name: string;
  readonly side: "pc" | "ally" | "enemy";
  readonly actorId?: string;
}

/** The helpers, bound to the test file's world, its player and the Combat model class (imported after init). */
export function groupEncounters(world: World, player: WorldUser, TempoCombatModel: ModelClass) {
  async function encounter(ruleset: RulesetId, flags: Record<string, boolean>, list: Creature[]): Promise<CombatDoc> {
    await game.settings.set("tempo", "ruleset", ruleset);
    for (const key of ["enemyGroups", "sharedInitiative"] as const)
      await game.settings.set("tempo", key, flags[key] === true);
    const create = (Combat as unknown as { create(d: object): Promise<CombatDoc> }).create.bind(Combat);
    const combat = await create({});
    await combat.createEmbeddedDocuments(
      "Combatant",
      list.map((c) => ({
        name: c.name,
        actorId: c.actorId,
        owners: c.side === "pc" ? [player.id] : [],
        system: { side: c.side },
      })),
    );
    await world.idle();
    return combat;
  }

  const host = (combat: CombatDoc) => {
    const m = combat.system;
    if (!(m instanceof TempoCombatModel)) throw new Error("not a Tempo combat");
    return { host: m.host, state: m.state };
  };
  const byName = (combat: CombatDoc, name: string): CombatantDoc => {
    const found = combat.combatants.contents.find((c) => c.name === name);
    if (found === undefined) throw new Error(`no ${name}`);
    return found;
  };
  const engineGroup = (combat: CombatDoc, name: string) => {
    const { host: h, state } = host(combat);
    return engineGroupOf(h, state, byName(combat, name).id);
  };
  const docGroup = (combat: CombatDoc, name: string) => byName(combat, name)._source.group;
  const writesSince = (from: number) => world.writes.slice(from).filter((w) => w.document !== "ChatMessage");
  async function newGroup(combat: CombatDoc, name: string): Promise<string> {
    const [group] = (await combat.createEmbeddedDocuments("CombatantGroup", [
      { name, type: "initiative" },
    ])) as GroupDoc[];
    await world.idle();
    return group?.id ?? "";
  }
  async function give(combat: CombatDoc, command: HostCommand): Promise<Answer> {
    const answer = await combat.tempoCommand(command);
    await world.idle();
    return answer;
  }
  const ids = (combat: CombatDoc, ...names: string[]) => names.map((n) => byName(combat, n).id);
  return { encounter, host, byName, engineGroup, docGroup, writesSince, newGroup, give, ids };
}

export const goblins = (n: number): Creature[] =>
  Array.from({ length: n }, (_, i) => ({ name: `Goblin ${i}`, side: "enemy", actorId: "goblin" }));

/**
 * A world for the group tests: the runtime model with a player ("p1"), Tempo's `init` run as Foundry
 * runs it, and the encounters above on it.
 */
export async function installGroupWorld(seed: number) {
  const world = installFoundryWorld(seed);
  const player = world.addUser("p1");
  await world.loadSystem();
  world.callHook("init");
  const { TempoCombatModel } = await import("../../src/foundry/data/combat/combat-model.ts");
  return { world, player, TempoCombatModel, ...groupEncounters(world, player, TempoCombatModel) };
}
