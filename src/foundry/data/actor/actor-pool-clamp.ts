/**
 * Applies the engine's clamp of bounded resources (engine/actors/clamp-pools.ts) to the two places an
 * actor's system data is written from: a whole source (`migrateData`, on load and creation) and a
 * document update's changes (`_preUpdate`). Nothing here decides a bound.
 */
import { POOL_IDS, clampedPoolValues, type PoolId, type PoolSides } from "../../../engine/index.ts";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** The pools a system object carries, read by name (a prepared model's fields may be accessors). */
function poolsOf(system: unknown): Partial<Record<PoolId, PoolSides>> {
  const out: Partial<Record<PoolId, PoolSides>> = {};
  if (typeof system !== "object" || system === null) return out;
  for (const id of POOL_IDS) {
    const pool: unknown = Reflect.get(system, id);
    if (isObj(pool)) out[id] = pool;
  }
  return out;
}

/** A source (or a change giving both sides of a pool): its overshooting values clamped, in place. */
export function clampSourcePools(source: Obj): Obj {
  const fixes = clampedPoolValues({}, poolsOf(source));
  for (const [id, value] of Object.entries(fixes)) {
    const pool = source[id];
    if (isObj(pool)) pool.value = value;
  }
  return source;
}

/**
 * An update's changes (`{ system: { hp: { value } } }`, expanded as `_preUpdate` receives them) with
 * each overshooting pool value replaced by its clamped one, read against `stored`, the data before.
 */
export function clampPoolChanges(changes: unknown, stored: unknown): void {
  const system: unknown = isObj(changes) ? changes.system : undefined;
  if (!isObj(system)) return;
  const fixes = clampedPoolValues(poolsOf(stored), poolsOf(system));
  for (const [id, value] of Object.entries(fixes)) {
    const pool = system[id];
    if (isObj(pool)) pool.value = value;
  }
}
