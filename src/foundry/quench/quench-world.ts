/**
 * What the multi-client Quench batches (issue 17) share: a small running combat of a ruleset made
 * through Foundry's documents, hook listeners removed afterwards, and a clean-up that leaves the world
 * as it was (the combat, the roll summaries it posted, the world time it moved, an actor it made).
 * The combat's options are pinned to the rules' defaults (combat-batch.ts), so a world's settings do
 * not change what is checked.
 */
import type { RulesetId } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { writerQueueIdle } from "../combat/writer-queue.ts";
import { ROLL_SUMMARY, RULE_DEFAULTS, until, type TestCombatant } from "./combat-batch.ts";

/** Four creatures, two a side, with facts every ruleset reads (bonus, INT, AGI). */
export const QUENCH_CREATURES: readonly TestCombatant[] = [
  { name: "Ash", side: "pc", initiativeBonus: 2, int: 1, agi: 1 },
  { name: "Birch", side: "ally", initiativeBonus: 0, int: 0, agi: 0 },
  { name: "Cinder", side: "enemy", initiativeBonus: 1, int: 2, agi: 1 },
  { name: "Dusk", side: "enemy", initiativeBonus: 3, int: 0, agi: 0 },
];

export type Listener = (...args: unknown[]) => void;

/** `Hooks` by name, for hooks the Foundry types do not list or type as v11 did (read when called). */
export const anyHooks = (): { on(hook: string, fn: Listener): number; off(hook: string, id: number): void } =>
  Hooks as unknown as { on(hook: string, fn: Listener): number; off(hook: string, id: number): void };

/** The engine's view of a combat: its state and host, or a failure. */
export function engineOf(combat: Combat.Implementation): {
  readonly state: unknown;
  readonly host: NonNullable<ReturnType<typeof tempoModelOf>>["host"];
  readonly seq: number;
} {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) throw new Error("The combat's engine state cannot be read.");
  return { state: model.state, host: model.host, seq: model.seq };
}

/** `value` as JSON with every object's keys sorted: field order is not meaning (state-cache.ts). */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v !== "object" || v === null) return v;
    const record = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sort(record[key])]),
    );
  };
  return JSON.stringify(sort(value));
}

/** Whether this client is the active GM (turn events and the writer queue run here then). */
export const isActiveGmHere = (): boolean => game.users.activeGM?.isSelf ?? false;

/** One batch's world: the combat it made, the hooks it listens to, and what it undoes afterwards. */
export class QuenchWorld {
  combat: Combat.Implementation | null = null;
  actor: Actor.Implementation | null = null;
  readonly #listeners: { readonly hook: string; readonly id: number }[] = [];
  readonly #messages: string[] = [];
  #worldTimeAtStart: number | null = null;

  on(hook: string, fn: Listener): void {
    this.#listeners.push({ hook, id: anyHooks().on(hook, fn) });
  }

  /**
   * A combat of `ruleset` with the four creatures (names prefixed) plus `extra` (another combatant's
   * data, such as one for a player's actor), rebuilt by `resetAll`, not started.
   */
  async create(ruleset: RulesetId, prefix: string, extra: readonly object[] = []): Promise<Combat.Implementation> {
    this.#worldTimeAtStart ??= game.time.worldTime;
    if (this.#messages.length === 0 && !this.#listeners.some((l) => l.hook === "createChatMessage")) {
      this.on("createChatMessage", (message) => {
        if (message instanceof ChatMessage && message.id !== null && message.content.includes(ROLL_SUMMARY))
          this.#messages.push(message.id);
      });
    }
    const created = await Combat.create({ type: ruleset });
    if (created === undefined || created === null) throw new Error("Combat.create returned nothing.");
    this.combat = created;
    await created.update({ system: { options: RULE_DEFAULTS } } as Combat.UpdateData);
    const data = [
      ...QUENCH_CREATURES.map((c) => ({
        name: `${prefix} ${c.name}`,
        type: "base" as const,
        system: { side: c.side, initiativeBonus: c.initiativeBonus, int: c.int, agi: c.agi },
      })),
      ...extra,
    ];
    const combatants = (await created.createEmbeddedDocuments("Combatant", data as Combatant.CreateData[])) ?? [];
    const ids = combatants.map((c) => c.id ?? "");
    await until(() => {
      const model = tempoModelOf(created);
      const known = model?.state == null ? new Set<string>() : new Set(model.host.order(model.state));
      return ids.every((id) => known.has(id));
    }, "the engine to add the new combatants");
    await created.resetAll();
    return created;
  }

  /** `create`, then started and its first rolls rolled. */
  async start(ruleset: RulesetId, prefix: string, extra: readonly object[] = []): Promise<Combat.Implementation> {
    const combat = await this.create(ruleset, prefix, extra);
    await combat.startCombat();
    await writerQueueIdle(combat);
    await settleRolls(combat);
    return combat;
  }

  /** Removes the listeners, then what the batch made, and puts world time back. */
  async cleanUp(): Promise<void> {
    for (const { hook, id } of this.#listeners.splice(0)) anyHooks().off(hook, id);
    const combat = this.combat;
    this.combat = null;
    if (combat?.id != null && game.combats.get(combat.id) !== undefined) await combat.delete();
    const messages = this.#messages.splice(0).filter((id) => game.messages.get(id) !== undefined);
    if (messages.length > 0) await ChatMessage.deleteDocuments(messages);
    const actor = this.actor;
    this.actor = null;
    if (actor?.id != null && game.actors.get(actor.id) !== undefined) await actor.delete();
    if (this.#worldTimeAtStart === null) return;
    const drift = game.time.worldTime - this.#worldTimeAtStart;
    this.#worldTimeAtStart = null;
    if (drift !== 0) await game.time.advance(-drift);
  }
}

/** Rolls what waits (initiative, contests) until nothing does, as the GM's Roll All does. */
export async function settleRolls(combat: Combat.Implementation): Promise<void> {
  for (let i = 0; i < 5 && engineOf(combat).host.pending(engineOf(combat).state).length > 0; i++) {
    await combat.rollAll();
    await writerQueueIdle(combat);
  }
}

/** One GM step: the dice that wait, else `nextTurn`; returns once this client's writer queue is idle. */
export async function step(combat: Combat.Implementation): Promise<"roll" | "next"> {
  const { host, state } = engineOf(combat);
  const kind = host.pending(state).length > 0 ? "roll" : "next";
  if (kind === "roll") await combat.rollAll();
  else await combat.nextTurn();
  await writerQueueIdle(combat);
  return kind;
}
