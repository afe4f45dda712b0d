/** Builds valid creature statistics for engine tests; each test changes only what it is about. */
import type { ActorStats } from "../../src/engine/index.ts";

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

const BASE: ActorStats = {
  abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0, agi: 0 },
  primaryAbility: "str",
  initiative: { modifier: 0, dexReaction: 0 },
  hp: { value: 10, max: 10 },
  overshield: { value: 0, max: 0, dr: { physical: 0, elemental: 0, arcane: 0 }, effect: "", condition: "" },
  dr: { physical: 0, elemental: 0, arcane: 0 },
  ap: { value: 0, max: 0 },
  criticalThreshold: 20,
  skills: { sneak: 0, cognition: 0, intellect: 0, vigor: 0, dexterity: 0 },
  weaponSkills: [],
  tier: 1,
  atk: 0,
  level: 0,
  hitDice: "",
  aac0: null,
  defenses: { ac: 10, descendingAc: 10, def: 10, dodge: 10, armor: 10 },
  speeds: { walk: 30, swim: 0, fly: 0, climb: 0, burrow: 0 },
  side: "pc",
};

function mergeInto(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const old = base[key];
    const nested = typeof value === "object" && value !== null && !Array.isArray(value);
    out[key] =
      nested && typeof old === "object" && old !== null
        ? mergeInto(old as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

export function actorStats(over: DeepPartial<ActorStats> = {}): ActorStats {
  return mergeInto(
    BASE as unknown as Record<string, unknown>,
    over as Record<string, unknown>,
  ) as unknown as ActorStats;
}
