/**
 * Sample documents for the sheet preview (sheets.html), the template fixtures and the sheet benchmark:
 * a character and an NPC with items of every type, as plain data in the shapes the actor and item models
 * store (src/engine/actors, src/engine/items). `itemCount` pads the character's pack with more gear so the
 * benchmark draws a sheet of 20 items.
 */
import { ITEM_DEFAULTS, type ActorStats, type RulesetId } from "../engine/index.ts";
import type { ActorSheetInput, SheetCombat, SheetItem, SheetMode } from "../view/sheets/sheet-input.ts";

const DR = { physical: 0, elemental: 0, arcane: 0 };

export const SAMPLE_CHARACTER_STATS: ActorStats = {
  abilities: { str: 3, dex: 2, con: 1, int: 1, wis: 0, cha: -1, agi: 3 },
  primaryAbility: "str",
  initiative: { modifier: 2, dexReaction: 1 },
  hp: { value: 27, max: 34 },
  overshield: { value: 8, max: 12, dr: { physical: 2, elemental: 0, arcane: 1 }, effect: "Aegis", condition: "" },
  dr: { physical: 3, elemental: 1, arcane: 0 },
  ap: { value: 80, max: 80 },
  criticalThreshold: 20,
  skills: { sneak: 2, cognition: 1, intellect: 0, vigor: 3, dexterity: 2 },
  weaponSkills: [{ group: "blades", bonus: 3, proficient: true }],
  tier: 2,
  atk: 3,
  level: 4,
  hitDice: "",
  aac0: 18,
  defenses: { ac: 16, descendingAc: 4, def: 12, dodge: 13, armor: 11 },
  speeds: { walk: 30, swim: 15, fly: 0, climb: 15, burrow: 0 },
  side: "pc",
};

export const SAMPLE_NPC_STATS: ActorStats = {
  ...SAMPLE_CHARACTER_STATS,
  abilities: { str: 4, dex: 0, con: 3, int: -1, wis: 0, cha: -2, agi: 0 },
  initiative: { modifier: 0, dexReaction: 0 },
  hp: { value: 45, max: 45 },
  overshield: { value: 0, max: 0, dr: DR, effect: "", condition: "" },
  dr: { physical: 2, elemental: 0, arcane: 0 },
  ap: { value: 50, max: 50 },
  skills: { sneak: 0, cognition: 0, intellect: 0, vigor: 4, dexterity: 0 },
  weaponSkills: [],
  hitDice: "4+4",
  aac0: null,
  side: "enemy",
};

const W = ITEM_DEFAULTS.weapon;

/** One item of every type (two weapons, two spells), with the defaults the models give and a few changes. */
export const SAMPLE_ITEMS: readonly SheetItem[] = [
  {
    id: "longsword",
    name: "Longsword",
    img: null,
    type: "weapon",
    stats: {
      ...W,
      damage: "1d8",
      properties: { ...W.properties, versatile: true },
      apCost: 10,
      speed: 5,
      group: "blades",
    },
    description: "<p>A straight, double-edged blade.</p>",
  },
  {
    id: "javelin",
    name: "Javelin",
    img: null,
    type: "weapon",
    stats: {
      ...W,
      damage: "1d6",
      properties: { ...W.properties, thrown: true },
      apCost: 20,
      speed: 4,
      group: "spears",
    },
    description: "",
  },
  {
    id: "firebolt",
    name: "Fire Bolt",
    img: null,
    type: "spell",
    stats: { ...ITEM_DEFAULTS.spell, slotLevel: 1, castingTime: 3, damage: "1d10" },
    description: "<p>A mote of fire hurled at a creature.</p>",
  },
  {
    id: "web",
    name: "Web",
    img: null,
    type: "spell",
    stats: {
      ...ITEM_DEFAULTS.spell,
      slotLevel: 2,
      castingTime: 2,
      area: { shape: "cube", size: 20 },
      concentration: true,
      save: { ability: "dex", dc: 13 },
    },
    description: "",
  },
  {
    id: "mail",
    name: "Chain mail",
    img: null,
    type: "armor",
    stats: { category: "medium", acBonus: 5, armor: 3, dr: { physical: 2, elemental: 0, arcane: 0 }, equipped: true },
    description: "",
  },
  { id: "cleave", name: "Cleave", img: null, type: "feat", stats: { feat: "cleave" }, description: "" },
  {
    id: "charge",
    name: "Charge",
    img: null,
    type: "power",
    stats: { ...ITEM_DEFAULTS.power, squares: 8, straightLine: true },
    description: "",
  },
  {
    id: "rope",
    name: "Rope (50 ft)",
    img: null,
    type: "gear",
    stats: { quantity: 1, weight: 10, uses: { value: 0, max: 0 } },
    description: "",
  },
];

function padding(count: number): SheetItem[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => ({
    id: `torch${i}`,
    name: `Torch ${i + 1}`,
    img: null,
    type: "gear" as const,
    stats: { quantity: 1, weight: 1, uses: { value: 3, max: 3 } },
    description: "",
  }));
}

export interface SampleActorOptions {
  readonly kind: "character" | "npc";
  readonly ruleset: RulesetId;
  readonly mode: SheetMode;
  readonly itemCount?: number;
  readonly combat?: SheetCombat | null;
}

export function sampleActorInput(options: SampleActorOptions): ActorSheetInput {
  const character = options.kind === "character";
  const base = character ? SAMPLE_ITEMS : SAMPLE_ITEMS.filter((i) => i.type === "weapon" || i.type === "armor");
  const items = [...base, ...padding((options.itemCount ?? base.length) - base.length)];
  return {
    actor: {
      id: character ? "ilsa" : "ogre",
      name: character ? "Ilsa" : "Ogre",
      img: null,
      type: options.kind,
      stats: character ? SAMPLE_CHARACTER_STATS : SAMPLE_NPC_STATS,
      biography: character ? "<p>A sellsword from the river towns.</p>" : "",
      conditions: character ? ["concentrating"] : ["hidden"],
    },
    items,
    ruleset: options.ruleset,
    drMode: "perHit",
    mode: options.mode,
    editable: true,
    combat: options.combat ?? null,
  };
}
