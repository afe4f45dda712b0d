/**
 * Writing an npc's system data compactly: every statistic the actor models store (ACTOR_SOURCE_SHAPE),
 * starting from the values a new npc has, with only what a creature changes given. Each ruleset reads
 * only its own part (src/engine/actors/actor-stats.ts).
 */
import type { Doc, ItemSpec } from "./documents.ts";
import { paragraphs } from "./documents.ts";
import { spellRow, spellSpec } from "./spells.ts";
import { weaponRow, weaponSpec } from "./weapons.ts";

type Abilities = Partial<Record<"str" | "dex" | "con" | "int" | "wis" | "cha" | "agi", number>>;
type Dr = Partial<Record<"physical" | "elemental" | "arcane", number>>;

export interface NpcStats {
  readonly abilities?: Abilities;
  /** SEG-16: attack routines a round, when more than one. */
  readonly attackRoutines?: number;
  readonly hp: number;
  readonly initiative?: { readonly modifier?: number; readonly dexReaction?: number };
  readonly overshield?: { readonly hp: number; readonly dr?: Dr; readonly effect: string; readonly condition?: string };
  readonly dr?: Dr;
  readonly ap?: number;
  readonly criticalThreshold?: number;
  readonly skills?: Partial<Record<"sneak" | "cognition" | "intellect" | "vigor" | "dexterity", number>>;
  readonly weaponSkills?: readonly (readonly [group: string, bonus: number, proficient: boolean])[];
  readonly tier?: number;
  /** PHS-8: the attack modifier. */
  readonly atk?: number;
  readonly level?: number;
  readonly hitDice?: string;
  readonly aac0?: number | null;
  readonly defenses?: Partial<Record<"ac" | "descendingAc" | "def" | "dodge" | "armor", number>>;
  readonly speeds?: Partial<Record<"walk" | "swim" | "fly" | "climb" | "burrow", number>>;
}

function dr(values: Dr = {}): Doc {
  return { physical: values.physical ?? 0, elemental: values.elemental ?? 0, arcane: values.arcane ?? 0 };
}

/** The complete system data of an npc with these statistics. */
export function npcSystem(s: NpcStats): Doc {
  const a = s.abilities ?? {};
  const shield = s.overshield;
  const ap = s.ap ?? 0;
  const skills = s.skills ?? {};
  const def = s.defenses ?? {};
  const speeds = s.speeds ?? {};
  return {
    abilities: {
      str: a.str ?? 0,
      dex: a.dex ?? 0,
      con: a.con ?? 0,
      int: a.int ?? 0,
      wis: a.wis ?? 0,
      cha: a.cha ?? 0,
      agi: a.agi ?? 0,
    },
    // CNT-15, FEAT-CHARGED: a creature fights with the better of its STR and DEX.
    primaryAbility: (a.dex ?? 0) > (a.str ?? 0) ? "dex" : "str",
    initiative: { modifier: s.initiative?.modifier ?? 0, dexReaction: s.initiative?.dexReaction ?? 0 },
    hp: { value: s.hp, max: s.hp },
    overshield: {
      value: shield?.hp ?? 0,
      max: shield?.hp ?? 0,
      dr: dr(shield?.dr),
      effect: shield?.effect ?? "",
      condition: shield?.condition ?? "",
    },
    dr: dr(s.dr),
    ap: { value: ap, max: ap },
    criticalThreshold: s.criticalThreshold ?? 20,
    skills: {
      sneak: skills.sneak ?? 0,
      cognition: skills.cognition ?? 0,
      intellect: skills.intellect ?? 0,
      vigor: skills.vigor ?? 0,
      dexterity: skills.dexterity ?? 0,
    },
    weaponSkills: (s.weaponSkills ?? []).map(([group, bonus, proficient]) => ({ group, bonus, proficient })),
    tier: s.tier ?? 1,
    atk: s.atk ?? 0,
    level: s.level ?? 0,
    hitDice: s.hitDice ?? "",
    aac0: s.aac0 ?? null,
    defenses: {
      ac: def.ac ?? 10,
      descendingAc: def.descendingAc ?? 10,
      def: def.def ?? 10,
      dodge: def.dodge ?? 10,
      armor: def.armor ?? 10,
    },
    speeds: {
      walk: speeds.walk ?? 30,
      swim: speeds.swim ?? 0,
      fly: speeds.fly ?? 0,
      climb: speeds.climb ?? 0,
      burrow: speeds.burrow ?? 0,
    },
    side: null,
    // SEG-16: attack routines a round (1 unless the creature has more).
    actions: { segment: { attackRoutines: s.attackRoutines ?? 1 } },
    // Written by the pack (scripts/content/npc-summary.ts), from these same statistics.
    biography: "",
  };
}

/** A weapon of the weapons pack, as a creature carries it. */
export function weapon(name: string): ItemSpec {
  return weaponSpec(weaponRow(name));
}

/**
 * SEG-16 (engine ruling on mixed routines, segment/declaration.ts `routineWeapons`): `spec` as a weapon of the
 * creature's stat block routine, making `attacks` attacks in it (a bow's two arrows).
 */
export function inRoutine(spec: ItemSpec, attacks: number): ItemSpec {
  return { ...spec, system: { ...spec.system, routineAttacks: attacks } };
}

/** A spell of the spells pack, as a creature knows it. */
export function spell(name: string): ItemSpec {
  return spellSpec(spellRow(name));
}

/** A natural weapon (claws, bite …) and its damage kind (DR-1): a weapon item only the creature has. */
export function natural(
  name: string,
  damage: string,
  kind: string,
  apCost: number | null = null,
  reach = false,
): ItemSpec {
  return {
    name,
    type: "weapon",
    img: "icons/svg/claw.svg",
    system: {
      damage,
      properties: { heavy: false, thrown: false, great: false, reach, versatile: false, light: false },
      apCost,
      constantDamage: false,
      speed: 1,
      group: "natural",
      damageKind: kind,
      statuses: "",
      statusesBypassShield: false,
      // SEG-16: natural, so in the routine once (routineWeapons) without a number.
      routineAttacks: null,
      description: paragraphs(`A natural weapon: ${damage} ${kind} damage.`),
    },
  };
}
