/**
 * A table for playing a seed's worked examples through the Foundry layer (issue 19, "How it is checked"):
 * a runtime-model world with a GM and one player, the chat, targets and dialogs a user meets, and the
 * clicks a user makes, each through the code Foundry runs for it:
 * - the GM's tracker buttons Begin, Roll all and Next (core's `startCombat`, `rollAll`, `nextTurn`);
 * - a button the user's own tracker draws on a row (found in the tracker context built for that user and
 *   run by the tracker's action handler, as core's click handler calls it: combat-tracker.ts);
 * - an item row's Attack or Move with… on the user's own copy of the sheet (`useSheetItem`), its attack
 *   dialog answered as the user answers it (runtime/dialog-v2.ts).
 * Dice are scripted totals (runtime/roll.ts): each roll takes the next one the test pushed.
 */
import { afterAll, expect } from "vitest";
import { ITEM_DEFAULTS, type RulesetId, type WeaponStats } from "../../src/engine/index.ts";
import { chatLog, type ChatLog, type ChatMessageModel } from "./chat-log.ts";
import { installFoundryWorld, type World, type WorldUser } from "./foundry-world.ts";
import { ownedItem } from "./owned-items.ts";
import { installDialogs, type DialogUser } from "./runtime/dialog-v2.ts";
import type { ActorModel } from "./runtime/actor.ts";
import type { SceneModel, TokenModel } from "./runtime/scene.ts";
import { installTargets, type Targetable, type Targeting } from "./targets.ts";
import { creatureSystem } from "./test-creature.ts";
import { controlsIn } from "./tracker-controls.ts";

export type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;

export interface Fighter {
  readonly actor: ActorModel;
  readonly side: "pc" | "ally" | "enemy";
  /** Its token on a scene, when the example is about moving. */
  readonly token?: { readonly scene: SceneModel; readonly token: TokenModel };
}

export interface SeedTable {
  readonly world: World;
  /** The player who owns the creatures made with `[table.player.id]`. */
  readonly player: WorldUser;
  readonly chat: ChatLog;
  readonly targeting: Targeting;
  readonly dialogs: DialogUser;
  creature(name: string, owners: readonly string[], type: "character" | "npc", system: Obj): Promise<ActorModel>;
  /** A combat of `ruleset` (the world's setting), one combatant per fighter, not started. */
  fight(ruleset: RulesetId, fighters: readonly Fighter[]): Promise<Tempo>;
  idOf(combat: Tempo, actor: ActorModel): string;
  /** The GM clicks Begin, Roll all (while dice are asked for) or Next until `until` holds. */
  gmUntil(combat: Tempo, until: () => boolean, limit?: number): Promise<void>;
  /** The GM's one click: Begin, Roll all or Next. */
  gmClick(combat: Tempo): Promise<void>;
  /** `user` clicks the enabled `action` button (sending `type`, when given) its tracker draws on `id`'s row. */
  press(combat: Tempo, user: WorldUser, id: string, action: string, type?: string): Promise<void>;
  /** Whether `user`'s tracker draws that button enabled on `id`'s row. */
  offered(combat: Tempo, user: WorldUser, id: string, action: string, type?: string): boolean;
  /** `user` presses Attack on `attacker`'s weapon `name` (made when missing) against `targets`; the cards posted. */
  attack(
    user: WorldUser,
    attacker: ActorModel,
    targets: readonly Targetable[],
    totals: readonly number[],
    fields?: Record<string, string>,
    weapon?: Partial<WeaponStats>,
  ): Promise<{ done: boolean; cards: ChatMessageModel[] }>;
  /** `user` presses an item row's button (Attack, Cast, Move with…) on its own copy of `actor`'s sheet. */
  useItem(user: WorldUser, actor: ActorModel, itemId: string): Promise<boolean>;
  /** The engine's phase of a phase combat ("initiative", "movement", "battle", "end"). */
  phaseOf(combat: Tempo): string | null;
}

/**
 * The table's start: a world with the GM and one player `name`, chat, targets and dialogs, system loaded;
 * the dialogs and the world are uninstalled after the file's tests.
 */
export async function installTableWorld(seed: number, name: string) {
  const world = installFoundryWorld(seed);
  const player = world.addUser(name); // before the targets helper, which gives every user its targets
  return { player, ...(await tableOf(world)) };
}

/** `installTableWorld` with the GM alone (a file that adds its players later, or none). */
export const installGmTable = (seed: number) => tableOf(installFoundryWorld(seed));

async function tableOf(world: World) {
  const chat = chatLog(world);
  const targeting = installTargets(world);
  const dialogs = installDialogs();
  afterAll(() => {
    dialogs.uninstall();
    world.uninstall();
  });
  await world.loadSystem();
  world.callHook("init");
  return { world, chat, targeting, dialogs };
}

export async function installSeedTable(seed: number): Promise<SeedTable> {
  const { world, player, chat, targeting, dialogs } = await installTableWorld(seed, "player");
  const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
  const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
  const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
  const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
  const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");

  const here = <T>(document: T): T => (document as unknown as { here(): T }).here();
  const controlOf = (combat: Tempo, user: WorldUser, id: string, action: string, type?: string) => {
    const drawn = world.runtime.clientOf(user.id).run(() => {
      const input = trackerInputOf(here(combat), game.user);
      return input === null ? [] : controlsIn(buildTrackerContext(input));
    });
    return drawn.find(
      (c) =>
        c.combatantId === id &&
        c.action === action &&
        (type === undefined || (typeof c.command === "string" && c.command.includes(`"type":"${type}"`))),
    );
  };
  const gmClick = async (combat: Tempo) => {
    const m = tempoModelOf(combat);
    if (m === null) throw new Error("not a Tempo combat");
    if (!m.host.started(m.state)) await combat.startCombat();
    else if (m.host.pending(m.state).length > 0) await combat.rollAll();
    else await combat.nextTurn();
    await world.idle();
  };
  const useItem = async (user: WorldUser, actor: ActorModel, itemId: string) => {
    const done = await world.as(user, () => useSheetItem(here(actor) as unknown as Actor.Implementation, itemId));
    await world.idle();
    return done;
  };

  return {
    world,
    player,
    chat,
    targeting,
    dialogs,
    creature: (name, owners, type, system) => world.addActor(name, owners, type, creatureSystem(60, system)),
    async fight(ruleset, fighters) {
      await game.settings.set("tempo", "ruleset", ruleset);
      const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
      const rows = fighters.map(({ actor, side, token }) => ({
        name: actor.name,
        actorId: actor.id,
        system: { side },
        ...(token === undefined ? {} : { tokenId: token.token.id, sceneId: token.scene.id }),
      }));
      await (
        combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("Combatant", rows);
      // The GM's new encounter is the one it runs (API Combat#activate; core records movement history only
      // for the active, started combat: foundryvtt/foundryvtt#11730), not an earlier test's.
      await (combat as unknown as { activate(): Promise<unknown> }).activate();
      await world.idle();
      return combat;
    },
    idOf: (combat, actor) => combat.combatants.contents.find((c) => c.actor?.id === actor.id)?.id ?? "",
    async gmUntil(combat, until, limit = 40) {
      for (let i = 0; i < limit && !until(); i++) await gmClick(combat);
      expect(until()).toBe(true);
    },
    gmClick,
    async press(combat, user, id, action, type) {
      const control = controlOf(combat, user, id, action, type);
      if (control === undefined || control.disabled === true)
        throw new Error(`no enabled ${action} ${type ?? ""} button on ${id} for ${user.id}`);
      const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
        .DEFAULT_OPTIONS.actions;
      const handler = actions[action];
      if (handler === undefined) throw new Error(`no tracker action ${action}`);
      const dataset: Record<string, string> = { combatantId: id };
      if (typeof control.command === "string") dataset.command = control.command;
      await world.as(user, () => handler.call({ viewed: here(combat) }, {}, { dataset }));
      await world.idle();
    },
    offered(combat, user, id, action, type) {
      const control = controlOf(combat, user, id, action, type);
      return control !== undefined && control.disabled !== true;
    },
    async attack(user, attacker, targets, totals, fields = {}, weapon = {}) {
      const name = String(weapon.group ?? "Blade");
      const item =
        attacker.items.contents.find((i) => i.name === name) ??
        (await ownedItem(world, attacker, name, "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6", ...weapon }));
      targeting.target(user, targets);
      world.scriptedTotals.push(...totals);
      dialogs.answers.push({ fields });
      const before = chat.messages.length;
      const done = await useItem(user, attacker, item.id ?? "");
      return { done, cards: chat.messages.slice(before) };
    },
    useItem,
    phaseOf: (combat) => (tempoModelOf(combat)?.state as { phase?: string } | null | undefined)?.phase ?? null,
  };
}

/**
 * A combat of `pc` (side pc) and `enemy` (side enemy), in the world's ruleset, begun and rolled as the GM's
 * Begin and Roll all do, each die the next of `totals`: the combat and each one's combatant id.
 */
export async function rolledDuel(world: World, pc: ActorModel, enemy: ActorModel, totals: readonly number[]) {
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: pc.name, actorId: pc.id, system: { side: "pc" } },
    { name: enemy.name, actorId: enemy.id, system: { side: "enemy" } },
  ]);
  await world.idle();
  world.scriptedTotals.push(...totals);
  await combat.startCombat();
  await world.idle();
  await combat.rollAll();
  await world.idle();
  const idOf = (actor: ActorModel) => combat.combatants.contents.find((c) => c.actor?.id === actor.id)?.id ?? "";
  return { combat, pcId: idOf(pc), enemyId: idOf(enemy) };
}
