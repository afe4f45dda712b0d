/**
 * Encounters with actors and timed ActiveEffects on the runtime model, driven the way a GM drives them:
 * `nextTurn` (or rolling what waits) one step at a time, reading the `tempo.*` hooks each step fires.
 * The actors are the runtime model's (world.addActor): the GM client's copies, which a test acting as
 * another user uses through that user's own copy.
 */
import type { RulesetId } from "../../src/engine/index.ts";
import { effectDurationData, type EffectLength } from "../../src/foundry/compat/effect-duration.ts";
import { ActiveEffectModel, type ActorModel } from "./runtime/actor.ts";
import type { WorldUser, World } from "./foundry-world.ts";
import { worldGeneration } from "./runtime/generation.ts";

/**
 * Whether an expiry switched the effect off, as the running generation shows it: v13 `disabled`, v14
 * `duration.expired` (src/foundry/combat/effect-expiry.ts).
 */
export function effectOff(effect: ActiveEffectModel): boolean {
  return worldGeneration.current >= 14 ? effect.duration.expired === true : effect.disabled;
}

/** The flags Tempo leaves on an effect it switched off (v13's mark; v14 needs none). */
export const expiredMark = (): object => (worldGeneration.current >= 14 ? {} : { tempo: { expired: true } });

export type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
export type Ev = { readonly type: string; readonly [field: string]: unknown };

export interface EffectEncounter {
  readonly combat: Tempo;
  /** Combatant id by actor name, and the actors. */
  readonly ids: Record<string, string>;
  readonly actors: Record<string, ActorModel>;
}

interface SystemWithState {
  readonly state: unknown;
  readonly host: { pending(state: unknown): readonly unknown[] };
}

/** A combat of `ruleset` with one combatant per name, each with its own actor (`owner` owns the first). */
export async function effectEncounter(
  world: World,
  ruleset: RulesetId,
  names: readonly string[],
  owner: WorldUser | null = null,
): Promise<EffectEncounter> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const create = (Combat as unknown as { create(d: object): Promise<Tempo> }).create.bind(Combat);
  const combat = await create({});
  const actors: Record<string, ActorModel> = {};
  for (const [i, name] of names.entries())
    actors[name] = await world.addActor(name, i === 0 && owner ? [owner.id] : []);
  await addCombatants(world, combat, names, actors, owner);
  const ids: Record<string, string> = {};
  for (const c of combat.combatants) ids[c.name ?? ""] = c.id ?? "";
  return { combat, ids, actors };
}

/** Adds one combatant per name for those actors (a join when the combat runs). */
export async function addCombatants(
  world: World,
  combat: Tempo,
  names: readonly string[],
  actors: Readonly<Record<string, { readonly id: string | null }>>,
  owner: WorldUser | null = null,
): Promise<void> {
  const list = names.map((name, i) => ({
    name,
    actorId: actors[name]?.id,
    owners: i === 0 && owner ? [owner.id] : [],
    system: { initiativeBonus: 3 - i, int: i % 3, agi: (i + 1) % 2, side: i === 0 ? "pc" : "enemy" },
  }));
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", list);
  await world.idle();
}

/** One step as the GM takes it: roll what waits, else `nextTurn`. The `tempo.*` events it fired. */
export async function step(world: World, combat: Tempo): Promise<Ev[]> {
  const from = world.hooks.length;
  const system = combat.system as unknown as SystemWithState;
  if (system.host.pending(system.state).length > 0) await combat.rollAll();
  else await combat.nextTurn();
  await world.idle();
  return world.hooks
    .slice(from)
    .filter((h) => h.name.startsWith("tempo."))
    .map((h) => h.args[1] as Ev);
}

/** A turn for durations: a turn event of this creature (in `phase`, its battle turn). */
export function isTurn(event: Ev, type: "turnStarted" | "turnEnded", id: string): boolean {
  return event.type === type && event.combatantId === id && (event.phase === undefined || event.phase === "battle");
}

/** Steps until a turn (for durations) starts in round 1 or later; the creature whose turn it is. */
export async function firstTurn(world: World, combat: Tempo): Promise<string> {
  await combat.startCombat();
  await world.idle();
  for (let i = 0; i < 60; i++) {
    const started = (await step(world, combat)).find(
      (e) => e.type === "turnStarted" && Number(e.round) >= 1 && (e.phase === undefined || e.phase === "battle"),
    );
    if (started !== undefined) return String(started.combatantId);
  }
  throw new Error("no turn started");
}

/** Steps until this creature's turn (for durations) starts again; the events of every step. */
export async function untilTurn(world: World, combat: Tempo, id: string, max = 60): Promise<Ev[][]> {
  const steps: Ev[][] = [];
  for (let i = 0; i < max; i++) {
    const events = await step(world, combat);
    steps.push(events);
    if (events.some((e) => isTurn(e, "turnStarted", id))) return steps;
  }
  throw new Error(`no turn of ${id}`);
}

export interface Expiry {
  /** The originator's turns (for durations) started in later rounds, up to this step. */
  readonly turn: number;
  readonly events: readonly Ev[];
}

/** Steps until every effect is off; for each, the originator's later turn count and the step that ended it. */
export async function expiries(
  world: World,
  combat: Tempo,
  effects: readonly ActiveEffectModel[],
  originatorId: string,
  createdRound: number,
  max = 120,
): Promise<Map<ActiveEffectModel, Expiry>> {
  const found = new Map<ActiveEffectModel, Expiry>();
  const rounds = new Set<number>();
  for (let i = 0; i < max && found.size < effects.length; i++) {
    const events = await step(world, combat);
    for (const e of events) {
      if (isTurn(e, "turnStarted", originatorId) && Number(e.round) > createdRound) rounds.add(Number(e.round));
    }
    for (const effect of effects) {
      if (effectOff(effect) && !found.has(effect)) found.set(effect, { turn: rounds.size, events });
    }
  }
  return found;
}

/**
 * A timed effect on `bearer` made by `origin` (its actor's UUID as the origin, as systems set it), its
 * length in the running generation's shape (v13's `{seconds}`, `{rounds, turns}`; v14's `{value, units}`).
 */
export async function giveEffect(
  world: World,
  bearer: ActorModel,
  origin: ActorModel | null,
  duration: Partial<EffectLength>,
  name = "Hex",
): Promise<ActiveEffectModel> {
  const [effect] = await bearer.createEmbeddedDocuments("ActiveEffect", [
    {
      name,
      origin: origin === null ? null : `${origin.uuid}.Item.spell00000000001`,
      ...effectDurationData(duration),
    },
  ]);
  await world.idle();
  if (!(effect instanceof ActiveEffectModel)) throw new Error("no effect made");
  return effect;
}
