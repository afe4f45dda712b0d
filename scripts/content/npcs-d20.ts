/**
 * NPCs of the count-up track (CNT-1 reads INT and DEX, AC, weapons whose properties set the delay), of
 * standard turn order (STD-1 DEX, AC, speeds used in tandem, STD-8) and of phase rounds (PHS-2 INT and
 * AGI, PHS-8 tier, ATK and DEF).
 */
import type { ActorSpec } from "./documents.ts";
import { natural, npcSystem, spell, weapon } from "./npc-stats.ts";

export const COUNT_NPCS: readonly ActorSpec[] = [
  {
    name: "Goblin Cutpurse",
    system: npcSystem({ abilities: { str: -1, dex: 2, int: 0 }, hp: 7, defenses: { ac: 13 } }),
    items: [weapon("Shortsword"), weapon("Dagger")],
  },
  {
    name: "Orc Reaver",
    system: npcSystem({ abilities: { str: 3, dex: 1, con: 3, int: -2 }, hp: 15, defenses: { ac: 13 } }),
    items: [weapon("Greataxe"), weapon("Javelin")],
  },
  {
    name: "Hobgoblin Sergeant",
    system: npcSystem({ abilities: { str: 2, dex: 1, con: 2, int: 1 }, hp: 39, defenses: { ac: 17 } }),
    items: [weapon("Longsword"), weapon("Longbow")],
  },
  {
    name: "Ogre Smasher",
    system: npcSystem({
      abilities: { str: 4, dex: -1, con: 3, int: -3 },
      hp: 59,
      defenses: { ac: 11 },
      speeds: { walk: 40 },
    }),
    items: [weapon("Maul")],
  },
  {
    name: "Cult Adept",
    system: npcSystem({ abilities: { dex: 1, int: 3, wis: 1 }, hp: 22, defenses: { ac: 12 } }),
    items: [weapon("Dagger"), spell("Spark"), spell("Frost Needle"), spell("Fireburst")],
  },
  {
    name: "Greatbow Sniper",
    system: npcSystem({ abilities: { str: 1, dex: 4, int: 1 }, hp: 27, defenses: { ac: 15 } }),
    items: [weapon("Greatbow"), weapon("Shortsword")],
  },
];

export const STANDARD_NPCS: readonly ActorSpec[] = [
  {
    name: "Road Bandit",
    system: npcSystem({ abilities: { str: 0, dex: 1 }, hp: 11, defenses: { ac: 12 } }),
    items: [weapon("Scimitar"), weapon("Light Crossbow")],
  },
  {
    name: "Veteran Guard",
    system: npcSystem({ abilities: { str: 3, dex: 1, con: 2 }, hp: 58, defenses: { ac: 17 } }),
    items: [weapon("Longsword"), weapon("Heavy Crossbow")],
  },
  {
    name: "Reef Crab",
    system: npcSystem({ abilities: { str: 2, dex: 1 }, hp: 13, defenses: { ac: 15 }, speeds: { walk: 30, swim: 30 } }),
    items: [natural("Pincer", "1d6", "bludgeoning")],
  },
  {
    name: "Harpy",
    system: npcSystem({ abilities: { dex: 1, cha: 1 }, hp: 38, defenses: { ac: 11 }, speeds: { walk: 20, fly: 40 } }),
    items: [natural("Talons", "1d8", "slashing")],
  },
  {
    name: "Marsh Hunter",
    system: npcSystem({
      abilities: { str: 2, dex: 0, wis: 1 },
      hp: 22,
      defenses: { ac: 15 },
      speeds: { walk: 30, swim: 45 },
    }),
    items: [weapon("Spear"), weapon("Javelin")],
  },
  {
    name: "Cave Spider",
    system: npcSystem({ abilities: { str: 2, dex: 3 }, hp: 26, defenses: { ac: 14 }, speeds: { walk: 30, climb: 30 } }),
    items: [natural("Bite", "1d8", "piercing")],
  },
  {
    name: "Tunnel Maw",
    system: npcSystem({
      abilities: { str: 4, dex: 0, con: 5 },
      hp: 94,
      defenses: { ac: 17 },
      speeds: { walk: 40, burrow: 40 },
    }),
    items: [natural("Bite", "2d12", "piercing")],
  },
];

export const PHASE_NPCS: readonly ActorSpec[] = [
  {
    name: "Kobold Trapper",
    system: npcSystem({ abilities: { int: 1, agi: 2 }, hp: 8, tier: 1, atk: 1, defenses: { def: 10 } }),
    items: [weapon("Sling"), weapon("Dagger")],
  },
  {
    name: "Rat Swarm",
    system: npcSystem({ abilities: { int: -2, agi: 2 }, hp: 12, tier: 1, atk: 0, defenses: { def: 9 } }),
    items: [natural("Bites", "1d6", "piercing")],
  },
  {
    name: "Gnoll Marauder",
    system: npcSystem({ abilities: { int: 0, agi: 1, str: 2 }, hp: 22, tier: 2, atk: 2, defenses: { def: 12 } }),
    items: [weapon("Spear"), weapon("Longbow")],
  },
  {
    name: "Barrow Wight",
    system: npcSystem({ abilities: { int: 1, agi: 1 }, hp: 45, tier: 2, atk: 2, defenses: { def: 13 } }),
    items: [weapon("Longsword"), natural("Draining Touch", "1d6", "blight")],
  },
  {
    name: "Stone Sentinel",
    system: npcSystem({ abilities: { int: -1, agi: -1, str: 4 }, hp: 80, tier: 3, atk: 4, defenses: { def: 15 } }),
    items: [natural("Slam", "2d8", "bludgeoning")],
  },
  {
    name: "Young Drake",
    system: npcSystem({
      abilities: { int: 2, agi: 2, str: 4 },
      hp: 110,
      tier: 4,
      atk: 5,
      defenses: { def: 16 },
      speeds: { walk: 30, fly: 60 },
    }),
    items: [natural("Bite", "2d10", "piercing"), natural("Claw", "2d6", "slashing")],
  },
];
