/**
 * NPCs of segment rounds (SEG-12 descending AC, SEG-13 hit dice or a class level, SEG-14 enhanced hit
 * dice such as 4+4 and 5+5 with hit points Xd8 + X·Y at their average, SEG-17 Dexterity reaction) and of
 * rotations (AP-1 AP, DR-1 the three DR kinds, OSH-* overshields, ATK-ROT-1 Dodge, Armor and weapon
 * skills, ATK-ROT-4 critical thresholds, the Sneak and Cognition skills).
 */
import type { ActorSpec } from "./documents.ts";
import { inRoutine, natural, npcSystem, spell, weapon } from "./npc-stats.ts";

/** SEG-14: the average of Xd8 + X·Y, rounded down. */
function averageHp(dice: number, bonus: number): number {
  return Math.floor(dice * 4.5) + dice * bonus;
}

export const SEGMENT_NPCS: readonly ActorSpec[] = [
  {
    name: "Skeleton",
    system: npcSystem({ hp: averageHp(1, 0), hitDice: "1", defenses: { descendingAc: 7 }, speeds: { walk: 40 } }),
    items: [weapon("Shortsword")],
  },
  {
    name: "Gnoll Brute",
    system: npcSystem({ hp: averageHp(2, 0), hitDice: "2", defenses: { descendingAc: 5 } }),
    // SEG-16: its routine with the bow is two arrows (the ruling on mixed routines).
    items: [weapon("Battleaxe"), inRoutine(weapon("Longbow"), 2)],
  },
  {
    name: "Bugbear Ambusher",
    system: npcSystem({
      hp: averageHp(3, 1),
      hitDice: "3+1",
      initiative: { dexReaction: 1 },
      defenses: { descendingAc: 5 },
    }),
    items: [weapon("Morningstar"), weapon("Javelin")],
  },
  {
    name: "Barrow Hound",
    system: npcSystem({ hp: averageHp(4, 4), hitDice: "4+4", defenses: { descendingAc: 4 }, speeds: { walk: 50 } }),
    items: [natural("Bite", "1d8", "piercing")],
  },
  {
    name: "Bog Troll",
    system: npcSystem({
      hp: averageHp(5, 5),
      hitDice: "5+5",
      defenses: { descendingAc: 4 },
      speeds: { walk: 40, swim: 30 },
    }),
    items: [
      natural("Claw", "1d4", "slashing"),
      natural("Claw (off hand)", "1d4", "slashing"),
      natural("Bite", "1d8", "piercing"),
    ],
  },
  {
    name: "Orc Warlord",
    system: npcSystem({
      hp: 38,
      hitDice: "1",
      level: 6,
      aac0: 14,
      abilities: { str: 2 },
      initiative: { dexReaction: 0 },
      defenses: { descendingAc: 2 },
    }),
    items: [weapon("Halberd"), weapon("Heavy Crossbow")],
  },
  {
    name: "Hedge Sorcerer",
    system: npcSystem({
      hp: 14,
      hitDice: "",
      level: 5,
      aac0: 19,
      initiative: { dexReaction: 1 },
      defenses: { descendingAc: 8 },
    }),
    items: [weapon("Quarterstaff"), spell("Binding Vines"), spell("Slowing Fog")],
  },
];

export const ROTATION_NPCS: readonly ActorSpec[] = [
  {
    name: "Street Duelist",
    system: npcSystem({
      hp: 24,
      ap: 60,
      initiative: { modifier: 2 },
      criticalThreshold: 19,
      skills: { sneak: 2, cognition: 1, dexterity: 3 },
      weaponSkills: [["blades", 5, true]],
      defenses: { dodge: 15, armor: 10 },
      dr: { physical: 1 },
    }),
    items: [weapon("Shortsword"), weapon("Dagger")],
  },
  {
    name: "Clockwork Sentry",
    system: npcSystem({
      hp: 50,
      ap: 50,
      skills: { cognition: 4, vigor: 4 },
      weaponSkills: [["hammers", 4, true]],
      defenses: { dodge: 8, armor: 17 },
      dr: { physical: 4, elemental: 2 },
    }),
    items: [weapon("Warhammer")],
  },
  {
    name: "Warded Magus",
    system: npcSystem({
      hp: 30,
      ap: 40,
      skills: { intellect: 5, cognition: 3 },
      weaponSkills: [
        ["projectors", 4, true],
        ["staves", 1, true],
      ],
      overshield: { hp: 20, dr: { arcane: 3 }, effect: "Arcane ward" },
      defenses: { dodge: 12, armor: 11 },
    }),
    items: [weapon("Arc Lash"), weapon("Quarterstaff"), spell("Warding Shell")],
  },
  {
    name: "Veil Shade",
    system: npcSystem({
      hp: 26,
      ap: 60,
      skills: { sneak: 7, cognition: 3 },
      weaponSkills: [["natural", 4, true]],
      overshield: { hp: 0, effect: "Veil of shadow", condition: "Until it takes solar damage" },
      defenses: { dodge: 16, armor: 8 },
      dr: { arcane: 2 },
      speeds: { walk: 30, fly: 30 },
    }),
    items: [natural("Chilling Touch", "1d8", "ice", 20)],
  },
  {
    name: "Mercenary Captain",
    system: npcSystem({
      hp: 45,
      ap: 80,
      initiative: { modifier: 3 },
      criticalThreshold: 18,
      skills: { cognition: 2, vigor: 3 },
      weaponSkills: [
        ["blades", 6, true],
        ["crossbows", 3, true],
      ],
      defenses: { dodge: 12, armor: 15 },
      dr: { physical: 2 },
    }),
    items: [weapon("Chain Blade"), weapon("Repeating Crossbow")],
  },
  {
    name: "Flame Cultist",
    system: npcSystem({
      hp: 28,
      ap: 40,
      skills: { intellect: 2 },
      weaponSkills: [
        ["projectors", 3, true],
        ["blades", 2, false],
      ],
      defenses: { dodge: 11, armor: 11 },
      dr: { elemental: 3 },
    }),
    items: [weapon("Flamespitter"), weapon("Dagger")],
  },
  {
    name: "Ogre Brawler",
    system: npcSystem({
      hp: 70,
      ap: 40,
      skills: { vigor: 6 },
      weaponSkills: [["hammers", 4, false]],
      defenses: { dodge: 7, armor: 13 },
      dr: { physical: 2 },
      speeds: { walk: 40 },
    }),
    items: [weapon("Maul")],
  },
];
