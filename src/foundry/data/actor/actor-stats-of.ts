/**
 * Reads an actor's system data (stored source or prepared model: both have the schema's shape) as the
 * engine's `ActorStats`. Nothing here decides a rule.
 */
import {
  ABILITY_IDS,
  ACTOR_SIDES,
  DEFAULT_ACTION_OVERRIDES,
  type ActorActionOverrides,
  type ActorStats,
  type WeaponSkill,
} from "../../../engine/index.ts";

type Num = number | null | undefined;

/** The parts of an actor's system data the engine reads, as Foundry hands them over. */
export interface ActorSystemLike {
  readonly abilities: Readonly<Record<keyof ActorStats["abilities"], Num>>;
  readonly initiative: { readonly modifier: Num; readonly dexReaction: Num };
  readonly hp: { readonly value: Num; readonly max: Num };
  readonly overshield: {
    readonly value: Num;
    readonly max: Num;
    readonly dr: Readonly<Record<keyof ActorStats["dr"], Num>>;
    readonly effect: string | null | undefined;
    readonly condition: string | null | undefined;
  };
  readonly dr: Readonly<Record<keyof ActorStats["dr"], Num>>;
  readonly ap: { readonly value: Num; readonly max: Num };
  readonly criticalThreshold: Num;
  readonly skills: Readonly<Record<keyof ActorStats["skills"], Num>>;
  readonly weaponSkills: readonly {
    readonly group: string | null | undefined;
    readonly bonus: Num;
    readonly proficient: boolean | null | undefined;
  }[];
  readonly tier: Num;
  readonly atk: Num;
  readonly level: Num;
  readonly hitDice: string | null | undefined;
  readonly aac0: Num;
  readonly defenses: Readonly<Record<keyof ActorStats["defenses"], Num>>;
  readonly speeds: Readonly<Record<keyof ActorStats["speeds"], Num>>;
  readonly side: string | null | undefined;
  readonly primaryAbility?: string | null | undefined;
  /** SEG-16: absent in a partial source; the rules' default then. */
  readonly actions?: { readonly segment?: { readonly attackRoutines?: Num } | undefined } | undefined;
}

/** A missing number reads as NaN, so the engine's checks refuse it instead of a silent 0. */
function num(value: Num): number {
  return typeof value === "number" ? value : Number.NaN;
}

function each<K extends string>(values: Readonly<Record<K, Num>>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of Object.keys(values) as K[]) out[key] = num(values[key]);
  return out;
}

function weaponSkill(skill: ActorSystemLike["weaponSkills"][number]): WeaponSkill {
  return { group: skill.group ?? "", bonus: num(skill.bonus), proficient: skill.proficient !== false };
}

export function actorStatsOf(system: ActorSystemLike): ActorStats {
  const o = system.overshield;
  return {
    abilities: each(system.abilities),
    primaryAbility: ABILITY_IDS.find((id) => id === system.primaryAbility) ?? "str",
    initiative: { modifier: num(system.initiative.modifier), dexReaction: num(system.initiative.dexReaction) },
    hp: { value: num(system.hp.value), max: num(system.hp.max) },
    overshield: {
      value: num(o.value),
      max: num(o.max),
      dr: each(o.dr),
      effect: o.effect ?? "",
      condition: o.condition ?? "",
    },
    dr: each(system.dr),
    ap: { value: num(system.ap.value), max: num(system.ap.max) },
    criticalThreshold: num(system.criticalThreshold),
    skills: each(system.skills),
    weaponSkills: system.weaponSkills.map(weaponSkill),
    tier: num(system.tier),
    atk: num(system.atk),
    level: num(system.level),
    hitDice: system.hitDice ?? "",
    aac0: system.aac0 ?? null,
    defenses: each(system.defenses),
    speeds: each(system.speeds),
    side: ACTOR_SIDES.find((side) => side === system.side) ?? null,
  };
}

/** SEG-16: the action resources the actor stores (a missing one: the rules' default; a non-number: NaN, refused). */
export function actorActionsOf(system: ActorSystemLike): ActorActionOverrides {
  const routines = system.actions?.segment?.attackRoutines;
  return {
    segment: {
      attackRoutines: routines === undefined ? DEFAULT_ACTION_OVERRIDES.segment.attackRoutines : num(routines),
    },
  };
}
