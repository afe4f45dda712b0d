/**
 * A count-up table on the runtime model, played as a GM and players play it (tests/foundry/seed-count.test.ts):
 * creatures made from actors' sheets join a count combat, the GM's tracker buttons step it (Begin, Roll all,
 * Next: core's `startCombat`, `rollAll`, `nextTurn`), and what lands, when, is read from the chat cards every
 * client receives. Dice are scripted totals (runtime/roll.ts fits the dice to a total).
 */
import { expect } from "vitest";
import { countTrackerFactsOf } from "../../src/engine/index.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { cardSource, type ChatLog, type ChatMessageModel } from "./chat-log.ts";
import { creatureSystem } from "./test-creature.ts";
import type { World } from "./foundry-world.ts";
import type { ActorModel } from "./runtime/actor.ts";

export type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
type Obj = Record<string, unknown>;

export interface CountTable {
  readonly combat: Tempo;
  /** Combatant id by name. */
  id(name: string): string;
  /** One GM click: Begin, else Roll all while dice wait, else Next. */
  next(): Promise<void>;
  /** Clicks until `name` acts (at most `max` clicks); throws otherwise. */
  untilActing(name: string, max?: number): Promise<void>;
  /** The count the acting creature acts on, as the tracker shows it. */
  count(): number | null;
  /**
   * The count track as the GM's tracker draws it: "count name" for each creature's row ("count name …" for a
   * pending action's), in track order, with the round's heading first.
   */
  track(): string[];
  /** The counts a creature's pending actions land on, in declaration order (this round's 0–19, later ones +20). */
  pendingCounts(name: string): number[];
}

/** The card's stored input. */
export const inputOf = (m: ChatMessageModel | undefined): Obj => (cardSource(m).input ?? {}) as Obj;

/** Where a pending card says its action landed: the count in its position label. */
export function landedOn(card: ChatMessageModel | undefined): number | null {
  const position = inputOf(card).position as { data?: { count?: unknown } } | undefined;
  return typeof position?.data?.count === "number" ? position.data.count : null;
}

/** A creature's hit points now. */
export const hp = (actor: ActorModel): number => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** A creature of the Foundry-layer tests: 60 hit points unless `system` says otherwise. */
export function countCreature(
  world: World,
  name: string,
  system: Obj = {},
  type: "character" | "npc" = "character",
  owners: string[] = [],
): Promise<ActorModel> {
  return world.addActor(name, owners, type, creatureSystem(60, system));
}

/**
 * A count combat of these creatures (their counts from their actors' INT and DEX, CNT-1), begun by the GM
 * with `totals` for the dice Roll all rolls (each a `1d20 − bonus` total: the creature's count), in the
 * order the creatures are given.
 */
/** A combatant of a token on a scene (an unlinked token's creature), named as its row shows it. */
export interface TokenRow {
  readonly name: string;
  readonly actorId: string | null;
  readonly tokenId: string | null;
  readonly sceneId: string | null;
}

export async function countTable(
  world: World,
  creatures: readonly (ActorModel | TokenRow)[],
  totals: readonly number[],
): Promise<CountTable> {
  // The Foundry layer loads once the world is installed (its classes extend the globals).
  const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
  await game.settings.set("tempo", "ruleset", "count");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  const rows = creatures.map((c) => ("tokenId" in c ? { ...c } : { name: c.name, actorId: c.id }));
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", rows);
  await world.idle();
  const model = () =>
    combat.system as unknown as {
      state: unknown;
      host: { id: string; started(s: unknown): boolean; pending(s: unknown): readonly unknown[] };
    };
  const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  const next = async () => {
    const m = model();
    if (!m.host.started(m.state)) await combat.startCombat();
    else if (m.host.pending(m.state).length > 0) await combat.rollAll();
    else await combat.nextTurn();
    await world.idle();
  };
  world.scriptedTotals.push(...totals);
  await next();
  await next();
  expect(world.scriptedTotals).toEqual([]);
  return {
    combat,
    id,
    next,
    async untilActing(name, max = 40) {
      for (let i = 0; i < max && combat.combatant?.id !== id(name); i++) await next();
      if (combat.combatant?.id !== id(name)) throw new Error(`${name} never acts`);
    },
    count: () => combat.combatant?.initiative ?? null,
    track() {
      const input = trackerInputOf(combat, game.user);
      const context = input === null ? null : buildTrackerContext(input);
      if (context?.body.part !== "count") return [];
      const rows = context.body.count.slots.flatMap((slot) =>
        slot.rows.map((row) => `${slot.count} ${row.name}${row.kind === "pending" ? " …" : ""}`),
      );
      return [`${context.heading.key} ${JSON.stringify(context.heading.data ?? {})}`, ...rows];
    },
    pendingCounts(name) {
      const m = model();
      const facts = countTrackerFactsOf(m.host as never, m.state);
      const round = combat.round ?? 0;
      return (facts?.pendingOf(id(name)) ?? []).map((a) => a.count + (a.round - round) * 20);
    },
  };
}

/** The cards of `type` posted since message `from`. */
export function postedSince(chat: ChatLog, from: number, type: string): ChatMessageModel[] {
  return chat.messages.slice(from).filter((m) => m.type === type);
}
