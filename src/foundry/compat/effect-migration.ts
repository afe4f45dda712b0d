/**
 * Issue 20: ActiveEffects a v13 world stored are rewritten once, persisted, in v14's shape when the
 * world runs on v14, by the active GM (so that Tempo's timers and core read one shape, and nothing is
 * left to v14's compatibility shims, which warn). The pattern is Star Wars FFG's (StarWarsFoundryVTT/
 * StarWarsFFG PR #2280, modules/migration/active-effects-v14.js: active GM, generation ≥ 14; world
 * actors, world items, embedded items and unlinked tokens' actors; `changes` to `system.changes` with
 * the numeric mode as a string type; the duration fields to `duration {value, units}` and `start`).
 *
 * Lengths are written by effect-duration.ts, so a v13 `rounds 1, turns 1` ("end of your next turn")
 * keeps its meaning as `1 round, expiry turnEnd`, which core's own conversion cannot keep (v14 has "a
 * single unit and a single value", foundryvtt/foundryvtt #14112). v13 modes 0–5 are CONST.ACTIVE_EFFECT_MODES
 * CUSTOM, MULTIPLY, ADD, DOWNGRADE, UPGRADE, OVERRIDE (https://foundryvtt.com/api/v13/variables/CONST.ACTIVE_EFFECT_MODES.html);
 * v14's change types are the lower-case names (https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html).
 * Compendium packs are not migrated (locked system packs are rebuilt with each release).
 */
import { deletionOf } from "./deletion.ts";
import { effectDurationData } from "./effect-duration.ts";
import { isGenerationAtLeast } from "./generation.ts";

type Source = Record<string, unknown>;

const LEGACY_DURATION = ["seconds", "rounds", "turns", "startTime", "startRound", "startTurn", "combat"];
const CHANGE_TYPES = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

const obj = (value: unknown): Source =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Source) : {};
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

function v14Change(change: unknown): Source {
  const { mode, ...rest } = obj(change);
  const type = typeof mode === "number" ? (CHANGE_TYPES[mode] ?? `custom.${String(mode)}`) : "custom";
  return { ...rest, type };
}

/** The v14 update (with `_id`) of an effect source still in v13's shape, or null when it is v14's. */
export function v14EffectUpdate(source: Source): Source | null {
  const duration = obj(source.duration);
  const legacy = LEGACY_DURATION.filter((key) => key in duration);
  const changes = Array.isArray(source.changes) ? (source.changes as unknown[]) : null;
  if (legacy.length === 0 && changes === null) return null;
  const update: Source = { _id: source._id };
  if (legacy.length > 0) {
    const length = { seconds: num(duration.seconds), rounds: num(duration.rounds), turns: num(duration.turns) };
    const start = {
      time: num(duration.startTime),
      combat: typeof duration.combat === "string" ? duration.combat : null,
    };
    const data = obj(effectDurationData(length, start));
    update.duration = Object.assign(obj(data.duration), ...legacy.map((key) => deletionOf(key)));
    update.start = { ...obj(data.start), round: num(duration.startRound), turn: num(duration.startTurn) };
  }
  if (changes !== null) {
    update.system = { changes: changes.map(v14Change) };
    Object.assign(update, deletionOf("changes"));
  }
  return update;
}

interface EffectParent {
  readonly effects?: Iterable<{ toObject(): unknown }>;
  readonly items?: Iterable<EffectParent>;
  updateEmbeddedDocuments(name: "ActiveEffect", updates: object[]): Promise<unknown>;
}

/** Rewrites a document's effects (one write) and its items' effects; the number of effects rewritten. */
async function migrateParent(parent: EffectParent): Promise<number> {
  const updates: Source[] = [];
  for (const effect of parent.effects ?? []) {
    const update = v14EffectUpdate(obj(effect.toObject()));
    if (update !== null) updates.push(update);
  }
  if (updates.length > 0) await parent.updateEmbeddedDocuments("ActiveEffect", updates);
  let count = updates.length;
  for (const item of parent.items ?? []) count += await migrateParent(item);
  return count;
}

/** The world's documents that hold effects: actors, items, unlinked tokens' actors. */
function effectParents(): EffectParent[] {
  const world = game as unknown as {
    actors?: Iterable<EffectParent>;
    items?: Iterable<EffectParent>;
    scenes?: Iterable<{ tokens?: Iterable<{ actorLink?: boolean; actor?: EffectParent | null }> }>;
  };
  const out: EffectParent[] = [...(world.actors ?? []), ...(world.items ?? [])];
  for (const scene of world.scenes ?? [])
    for (const token of scene.tokens ?? []) if (token.actorLink !== true && token.actor) out.push(token.actor);
  return out;
}

/**
 * On v14, the active GM rewrites every v13-shaped effect of the world; the number rewritten (0 on v13,
 * on another client, or when there is none left: running it again writes nothing).
 */
export async function migrateEffectsToV14(): Promise<number> {
  if (!isGenerationAtLeast(14) || game.users.activeGM?.isSelf !== true) return 0;
  let count = 0;
  for (const parent of effectParents()) count += await migrateParent(parent);
  return count;
}
