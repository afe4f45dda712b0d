/**
 * A segment-rounds table on the runtime model for the seed tests (seeds/003 through the Foundry layer):
 * a GM and a player, creatures made as world actors with their items, a segment combat of them started
 * from the tracker, the tracker's buttons and the declare form answered as a user, the sheet's Attack
 * (attack dialog, then the declare form), the pending cards resolved and the damage cards applied.
 * The GM runs the round as at the table: Roll all while dice wait, else Next.
 *
 * Install it once per test file, before anything else touches Foundry globals; uninstall afterwards.
 */
import { expect } from "vitest";
import { segmentTrackerFacts, type SegmentDeclaration, type SegmentState } from "../../src/engine/index.ts";
import { asChatMessage, cardSource, chatLog, type ChatMessageModel } from "./chat-log.ts";
import { installFoundryWorld, type WorldUser } from "./foundry-world.ts";
import { installDialogs } from "./runtime/dialog-v2.ts";
import { installTargets, type Targetable } from "./targets.ts";
import { creatureSystem } from "./test-creature.ts";
import type { ActorModel } from "./runtime/actor.ts";

export type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;

/** A creature of the fight: its actor and its side (and its token on a drawn scene, when it has one). */
export interface Member {
  readonly actor: ActorModel;
  readonly side: "pc" | "ally" | "enemy";
  readonly token?: { readonly id: string | null; readonly parent: { readonly id: string | null } | null };
}

/** One turn the tracker showed: whose, in which step and part, in which segment. */
export interface TurnSeen {
  readonly name: string;
  readonly step: number;
  readonly part: string;
  readonly segment: number;
}

export async function installSegmentTable(seed: number) {
  const world = installFoundryWorld(seed);
  const player = world.addUser("player");
  const chat = chatLog(world);
  const targeting = installTargets(world);
  const dialogs = installDialogs();
  await world.loadSystem();
  world.callHook("init");
  const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
  const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
  const { runCardAction } = await import("../../src/foundry/chat/card-actions.ts");
  const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");
  await game.settings.set("tempo", "ruleset", "segment");

  const uninstall = () => {
    dialogs.uninstall();
    world.uninstall();
  };

  /** A world actor with `hp` hit points and `system` over the test defaults; `owners` own it. */
  const creature = (name: string, type: "character" | "npc", system: Obj = {}, owners: string[] = [], hp = 30) =>
    world.addActor(name, owners, type, creatureSystem(hp, system));

  /** `user`'s own copy of an actor (a player clicks on the sheet in their browser). */
  const copyOf = (user: WorldUser, actor: ActorModel): ActorModel => {
    const copy = world.runtime.clientOf(user.id).actors.get(actor.id ?? "");
    if (copy === undefined) throw new Error(`${actor.name} is not on ${user.id}'s client`);
    return copy;
  };

  /** A segment combat of these creatures, begun by the GM (step 1: declarations open). */
  const fight = async (members: readonly Member[]): Promise<Tempo> => {
    await game.settings.set("tempo", "ruleset", "segment");
    const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
    const list = members.map((m) => ({
      name: m.actor.name,
      actorId: m.actor.id,
      system: { side: m.side },
      ...(m.token === undefined ? {} : { tokenId: m.token.id, sceneId: m.token.parent?.id }),
    }));
    await (
      combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Combatant", list);
    await world.idle();
    await combat.startCombat();
    await world.idle();
    return combat;
  };

  const idOf = (combat: Tempo, name: string): string =>
    combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  const nameOf = (combat: Tempo, id: unknown): string =>
    combat.combatants.get(typeof id === "string" ? id : "")?.name ?? "";

  /** What `name` declared this round, as the GM's tracker holds it (null: nothing). */
  const declarationOf = (combat: Tempo, name: string): SegmentDeclaration | null => {
    const state = (combat.system as unknown as { state: SegmentState }).state;
    const facts = segmentTrackerFacts(state, { gm: true, combatantIds: [] });
    return facts.creatures.find((c) => c.id === idOf(combat, name))?.declaration ?? null;
  };

  /** `user` presses one of the tracker's buttons on a row, as core's click handler calls it. */
  const click = async (combat: Tempo, user: WorldUser, action: string, dataset: Record<string, string>) => {
    const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
      .DEFAULT_OPTIONS.actions;
    const handler = actions[action];
    if (handler === undefined) throw new Error(`no tracker action ${action}`);
    await world.as(user, () => handler.call({ viewed: combat }, {}, { dataset }));
    await world.idle();
  };

  /** `user` answers the Declare form of `name`'s row with `fields`. */
  const declare = async (combat: Tempo, user: WorldUser, name: string, fields: Record<string, string>) => {
    dialogs.answers.push({ fields });
    await click(combat, user, "segmentDeclare", { combatantId: idOf(combat, name) });
    expect(dialogs.answers).toEqual([]);
  };

  /** `user` presses a row's control that gives `command` (Delay, Immediate spell …). */
  const command = (combat: Tempo, user: WorldUser, name: string, given: Obj) =>
    click(combat, user, "tempoCommand", { combatantId: idOf(combat, name), command: JSON.stringify(given) });

  /**
   * `user` presses Attack on `actor`'s sheet for its item `item`, targeting `targets`; the attack dialog
   * is answered with `dialog` and (in a segment combat) the declare form with `form`. Whether it was used.
   */
  const sheetAttack = async (
    user: WorldUser,
    actor: ActorModel,
    item: string,
    targets: readonly Targetable[],
    dialog: Record<string, string> | null,
    form: Record<string, string> | null = null,
  ): Promise<boolean> => {
    targeting.target(user, targets);
    if (dialog !== null) dialogs.answers.push({ fields: dialog });
    if (form !== null) dialogs.answers.push({ fields: form });
    const own = copyOf(user, actor);
    const id = own.items.contents.find((i) => i.name === item)?.id ?? "";
    const used = await world.as(user, () => useSheetItem(own as unknown as Actor.Implementation, id));
    await world.idle();
    return used;
  };

  /** The last dialog titled `title` that opened. */
  const lastPrompt = (title: string) => dialogs.prompts.filter((p) => p.title === title).at(-1);

  /** The turns started since hook `from` (tempo.turnStarted), in order. */
  const turnsSince = (combat: Tempo, from: number): TurnSeen[] =>
    world.hooks
      .slice(from)
      .filter((h) => h.name === "tempo.turnStarted")
      .map((h) => h.args[1] as Obj)
      .map((e) => ({
        name: nameOf(combat, e.combatantId),
        step: Number(e.step),
        part: String(e.part),
        segment: Number(e.segment),
      }));

  /** The GM clicks once: Roll all while dice wait, else Next. */
  const gmStep = async (combat: Tempo) => {
    const model = combat.system as unknown as { state: unknown; host: { pending(s: unknown): readonly unknown[] } };
    if (model.host.pending(model.state).length > 0) await combat.rollAll();
    else await combat.nextTurn();
    await world.idle();
  };

  /**
   * The GM plays on until a pending card is posted (it is returned) or the round `untilRound` starts (null).
   */
  const playToCard = async (combat: Tempo, untilRound = combat.round + 1): Promise<ChatMessageModel | null> => {
    for (let i = 0; i < 40 && combat.round < untilRound; i++) {
      const before = chat.messages.length;
      await gmStep(combat);
      const card = chat.messages.slice(before).find((m) => m.type === "pending");
      if (card !== undefined) return card;
    }
    return null;
  };

  /** The GM plays the round out; every turn it showed, in order. */
  const playRound = async (combat: Tempo): Promise<TurnSeen[]> => {
    const round = combat.round;
    const from = world.hooks.length;
    for (let i = 0; i < 40 && combat.round === round; i++) await gmStep(combat);
    return turnsSince(combat, from).filter((t) => t.part !== "undefined");
  };

  /** `user` presses a card's button; the cards it posted. */
  const press = async (user: WorldUser, card: ChatMessageModel | null | undefined, action: string) => {
    if (card === null || card === undefined) throw new Error(`no card to ${action}`);
    const before = chat.messages.length;
    const refusal = await world.as(user, () => runCardAction(asChatMessage(card), action));
    await world.idle();
    return { refusal, posted: chat.messages.slice(before) };
  };

  /** The GM applies a damage card to `target` (its targeted token). */
  const apply = async (card: ChatMessageModel | undefined, target: Targetable) => {
    if (card === undefined) throw new Error("no damage card");
    targeting.target(world.gm, [target]);
    const { refusal } = await press(world.gm, card, "apply");
    expect(refusal).toBeNull();
  };

  /** What a card says to `user`, as text (its rendered template, tags taken out, spaces squeezed). */
  const said = async (card: ChatMessageModel | null | undefined, user: WorldUser = world.gm): Promise<string> => {
    if (card === null || card === undefined) throw new Error("no card");
    const html = await world.as(user, () => renderCardHtml(asChatMessage(card)));
    return String(html)
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  };

  const inputOf = (m: ChatMessageModel | null | undefined): Obj => (cardSource(m ?? undefined).input ?? {}) as Obj;
  const hpOf = (actor: ActorModel): number => (actor.system as unknown as { hp: { value: number } }).hp.value;
  const noticesSince = (from: number): string[] => world.notices.slice(from).map((n) => n.text);

  return {
    world,
    player,
    chat,
    targeting,
    dialogs,
    uninstall,
    creature,
    copyOf,
    fight,
    idOf,
    nameOf,
    declarationOf,
    click,
    declare,
    command,
    sheetAttack,
    lastPrompt,
    turnsSince,
    gmStep,
    playToCard,
    playRound,
    press,
    apply,
    said,
    inputOf,
    hpOf,
    noticesSince,
  };
}
