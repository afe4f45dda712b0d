/**
 * The world every attack runs in (issue 18 attack suite): a GM, the attacking players (`cheat` for
 * damage cards, `forger` for saves, pending cards and socket messages, `spammer` for the rate limit,
 * each with its own request budget), and `victim`, another player. Creatures on the runtime model's
 * server: the cheat's Vex (an AP blade: 3 swings), the victim's Wren (a blade), a Raider and the King
 * (NPCs, the GM's). A phase combat with Vex (the cheat's and the forger's), Wren and the King, and the
 * GM's save cards for Vex: an end-phase save against a Bleeding effect and a death save.
 */
import { afterAll } from "vitest";
import { installTargets, type Targeting } from "../targets.ts";
import { chatLog, lastMessage, type ChatLog, type ChatMessageModel } from "../chat-log.ts";
import { installFoundryWorld, type WorldUser, type World } from "../foundry-world.ts";
import type { ActorModel } from "../runtime/actor.ts";
import { armed, installItemUuids, type Armed } from "./rolled-cards.ts";

type Obj = Record<string, unknown>;
type Tempo = import("../../../src/foundry/documents/combat.ts").TempoCombat;

export interface AttackContext {
  readonly world: World;
  readonly chat: ChatLog;
  readonly targeting: Targeting;
  readonly cheat: WorldUser;
  readonly forger: WorldUser;
  readonly spammer: WorldUser;
  readonly victim: WorldUser;
  readonly vex: Armed;
  readonly wren: Armed;
  readonly raider: ActorModel;
  readonly king: ActorModel;
  readonly combat: Tempo;
  /** Combatant ids by name. */
  readonly combatants: Readonly<Record<string, string>>;
  readonly endPhaseSave: ChatMessageModel;
  readonly deathSave: ChatMessageModel;
}

/** Every byte the server holds: documents and world settings (what a forgery must leave alone). */
export function serverBytes(world: World): string {
  const docs = world.runtime.server.snapshot().sort((a, b) => String(a.source._id).localeCompare(String(b.source._id)));
  const settings = [...world.runtime.server.settings.entries()].sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ docs, settings });
}

async function saveCard(ctx: { world: World; chat: ChatLog }, combat: Tempo, vexId: string, input: Obj) {
  const { postCard } = await import("../../../src/foundry/chat/post-card.ts");
  const card = {
    combatantId: vexId,
    name: "Vex",
    effect: null,
    formula: "1d20",
    target: 10,
    endPhaseKind: "ends",
    concentration: "maintaining",
    total: null,
    ...input,
  };
  await postCard({ type: "save", input: card } as never, { combatId: combat.id ?? null, whisper: [] });
  await ctx.world.idle();
  return lastMessage(ctx.chat);
}

/** Builds the world (once per test file). */
export async function attackContext(seed = 18): Promise<AttackContext> {
  const world = installFoundryWorld(seed);
  afterAll(() => world.uninstall());
  const chat = chatLog(world);
  const cheat = world.addUser("p1");
  const forger = world.addUser("p2");
  const spammer = world.addUser("p3");
  const victim = world.addUser("p4");
  const targeting = installTargets(world);
  installItemUuids();
  await world.loadSystem();
  world.callHook("init");
  await game.settings.set("tempo", "ruleset", "phase");
  const vex = await armed(world, "Vex", [cheat.id, forger.id], { apCost: 10 }, { ap: { value: 30, max: 30 } });
  const wren = await armed(world, "Wren", [victim.id]);
  const npc = { weaponSkills: [], hp: { value: 40, max: 40 }, dr: { physical: 3, elemental: 0, arcane: 0 } };
  const raider = await world.addActor("Raider", [], "npc", npc);
  const king = await world.addActor("King", [], "npc", npc);
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Vex", actorId: vex.actor.id, owners: [cheat.id, forger.id], system: { side: "pc" } },
    { name: "Wren", actorId: wren.actor.id, owners: [victim.id], system: { side: "pc" } },
    { name: "King", actorId: king.id, owners: [], system: { side: "enemy" } },
  ]);
  await world.idle();
  const combatants = Object.fromEntries(combat.combatants.contents.map((c) => [c.name ?? "", c.id ?? ""]));
  const vexId = combatants.Vex ?? "";
  await vex.actor.createEmbeddedDocuments("ActiveEffect", [
    { name: "Bleeding", statuses: [], flags: { tempo: { endPhaseSave: "ends" } } },
  ]);
  const base = { world, chat };
  const endPhaseSave = await saveCard(base, combat, vexId, {
    kind: "endPhase",
    effect: "Bleeding",
    formula: "2d6",
    target: 7,
  });
  const deathSave = await saveCard(base, combat, vexId, { kind: "death" });
  return {
    world,
    chat,
    targeting,
    cheat,
    forger,
    spammer,
    victim,
    vex,
    wren,
    raider,
    king,
    combat,
    combatants,
    endPhaseSave,
    deathSave,
  };
}
