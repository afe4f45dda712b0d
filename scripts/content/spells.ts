/**
 * The spells pack: two spells at every slot level from cantrip (0) to 10th, each with its casting time
 * in segments (SEG-5), damage, area, concentration and save. The count-track delay (CNT-8) is the slot
 * level and the segment it resolves in is the casting time; the summary states both.
 */
import { paragraphs, type Doc, type ItemSpec } from "./documents.ts";

type Shape = "none" | "cone" | "line" | "sphere" | "cube" | "cylinder";

export interface SpellRow {
  readonly name: string;
  readonly level: number;
  readonly castingTime: number;
  readonly damage: string;
  /** DR-1: the damage kind it deals (a kind of DEFAULT_DAMAGE_KINDS; spells without damage keep the default). */
  readonly kind: string;
  readonly area: readonly [Shape, number];
  readonly concentration: boolean;
  /** The ability the target saves with ("" for none). */
  readonly save: string;
  readonly effect: string;
}

export const SPELLS: readonly SpellRow[] = [
  {
    name: "Spark",
    level: 0,
    castingTime: 1,
    damage: "1d8",
    kind: "fire",
    area: ["none", 0],
    concentration: false,
    save: "",
    effect: "A snap of flame at one creature in range; an attack roll decides the hit.",
  },
  {
    name: "Guiding Glow",
    level: 0,
    castingTime: 1,
    damage: "",
    kind: "solar",
    area: ["sphere", 10],
    concentration: true,
    save: "",
    effect: "A light hovers where the caster points and sheds dim light around it while concentration holds.",
  },
  {
    name: "Frost Needle",
    level: 1,
    castingTime: 1,
    damage: "2d6",
    kind: "ice",
    area: ["none", 0],
    concentration: false,
    save: "con",
    effect: "A shard of ice; on a failed save the target's speed drops by 10 ft until its next turn.",
  },
  {
    name: "Quiet Step",
    level: 1,
    castingTime: 2,
    damage: "",
    kind: "dissonance",
    area: ["none", 0],
    concentration: true,
    save: "",
    effect: "One willing creature moves without sound; its next Sneak roll gains +2.",
  },
  {
    name: "Shatterpoint",
    level: 2,
    castingTime: 2,
    damage: "3d8",
    kind: "dissonance",
    area: ["sphere", 10],
    concentration: false,
    save: "con",
    effect: "A ringing burst; a successful save halves the damage.",
  },
  {
    name: "Binding Vines",
    level: 2,
    castingTime: 3,
    damage: "",
    kind: "bludgeoning",
    area: ["cube", 20],
    concentration: true,
    save: "str",
    effect: "Roots grip every creature in the area; a failed save leaves it unable to move until it breaks free.",
  },
  {
    name: "Fireburst",
    level: 3,
    castingTime: 3,
    damage: "8d6",
    kind: "fire",
    area: ["sphere", 20],
    concentration: false,
    save: "dex",
    effect: "Flame fills the area; a successful save halves the damage. Elemental DR applies.",
  },
  {
    name: "Slowing Fog",
    level: 3,
    castingTime: 3,
    damage: "",
    kind: "dissonance",
    area: ["cube", 40],
    concentration: true,
    save: "wis",
    effect: "Creatures that fail the save are slowed while they stay in the fog.",
  },
  {
    name: "Ice Wall",
    level: 4,
    castingTime: 4,
    damage: "2d6",
    kind: "ice",
    area: ["line", 60],
    concentration: true,
    save: "dex",
    effect: "A wall of ice rises along the line; creatures in it take cold damage and are pushed aside.",
  },
  {
    name: "Veil of Unseeing",
    level: 4,
    castingTime: 4,
    damage: "",
    kind: "dissonance",
    area: ["none", 0],
    concentration: true,
    save: "",
    effect: "The caster or one touched creature cannot be seen; attacking ends the veil.",
  },
  {
    name: "Storm Column",
    level: 5,
    castingTime: 5,
    damage: "6d10",
    kind: "dissonance",
    area: ["cylinder", 10],
    concentration: false,
    save: "dex",
    effect: "Lightning and thunder strike down in a column; a successful save halves the damage.",
  },
  {
    name: "Warding Shell",
    level: 5,
    castingTime: 5,
    damage: "",
    kind: "dissonance",
    area: ["sphere", 10],
    concentration: true,
    save: "",
    effect:
      "An overshield of 20 hit points with Arcane DR 2 for each ally inside when the spell resolves (OSH-1, OSH-4).",
  },
  {
    name: "Sunlance",
    level: 6,
    castingTime: 6,
    damage: "6d8",
    kind: "solar",
    area: ["line", 60],
    concentration: false,
    save: "con",
    effect: "A beam of searing light; a failed save also blinds the target until its next turn.",
  },
  {
    name: "Stone Grasp",
    level: 6,
    castingTime: 6,
    damage: "",
    kind: "blight",
    area: ["none", 0],
    concentration: true,
    save: "con",
    effect: "Flesh turns slowly to stone; a creature failing three saves is petrified.",
  },
  {
    name: "Blizzard Ring",
    level: 7,
    castingTime: 7,
    damage: "7d8",
    kind: "ice",
    area: ["cylinder", 40],
    concentration: true,
    save: "con",
    effect: "Freezing wind fills the ring each round the caster concentrates.",
  },
  {
    name: "Far Door",
    level: 7,
    castingTime: 7,
    damage: "",
    kind: "dissonance",
    area: ["none", 0],
    concentration: false,
    save: "",
    effect: "The caster and up to eight touching allies step to a place the caster has seen.",
  },
  {
    name: "Sundering Quake",
    level: 8,
    castingTime: 8,
    damage: "5d6",
    kind: "bludgeoning",
    area: ["sphere", 60],
    concentration: true,
    save: "dex",
    effect: "The ground heaves; a failed save knocks a creature down and deals the damage.",
  },
  {
    name: "Mind Blank Ward",
    level: 8,
    castingTime: 8,
    damage: "",
    kind: "dissonance",
    area: ["none", 0],
    concentration: false,
    save: "",
    effect: "One creature is shielded from every effect that reads or sways its mind for a day.",
  },
  {
    name: "Falling Star",
    level: 9,
    castingTime: 9,
    damage: "20d6",
    kind: "fire",
    area: ["sphere", 40],
    concentration: false,
    save: "dex",
    effect: "Four burning stones strike points the caster picks; a successful save halves the damage.",
  },
  {
    name: "Time Halt",
    level: 9,
    castingTime: 9,
    damage: "",
    kind: "dissonance",
    area: ["none", 0],
    concentration: false,
    save: "",
    effect: "Time stops for everyone but the caster, who acts alone for two extra turns.",
  },
  {
    name: "Unmaking",
    level: 10,
    castingTime: 10,
    damage: "24d8",
    kind: "blight",
    area: ["none", 0],
    concentration: false,
    save: "con",
    effect: "A 10th-level working that unravels one creature; a successful save still leaves half the damage.",
  },
  {
    name: "World Wall",
    level: 10,
    castingTime: 10,
    damage: "",
    kind: "dissonance",
    area: ["sphere", 100],
    concentration: true,
    save: "",
    effect: "A dome nothing can cross, in or out, while concentration lasts.",
  },
];

const ORDINALS = ["Cantrip", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"];

function timing(row: SpellRow): string {
  const level = ORDINALS[row.level] ?? String(row.level);
  const segments = `${row.castingTime} segment${row.castingTime === 1 ? "" : "s"}`;
  return `${level} level. Count track: resolves ${row.level} count${row.level === 1 ? "" : "s"} after it is declared (CNT-8). Segment rounds: casting time ${segments}, resolving in segment ${row.castingTime} of step 7 (SEG-5).`;
}

function summary(row: SpellRow): string {
  const lines = [timing(row), row.effect];
  if (row.damage !== "") lines.push(`${row.damage} ${row.kind} damage (DR-1).`);
  if (row.concentration) lines.push("Concentration: damage, a failed save or being impeded ends it (SEG-10).");
  return paragraphs(...lines);
}

export function spellSpec(row: SpellRow): ItemSpec {
  const system: Doc = {
    slotLevel: row.level,
    castingTime: row.castingTime,
    // STD-6: every spell of the pack takes the Action in a standard combat (the seed names no Quick Action spell).
    castingAction: "action",
    damage: row.damage,
    damageKind: row.kind,
    area: { shape: row.area[0], size: row.area[1] },
    concentration: row.concentration,
    save: { ability: row.save, dc: null },
    // OSH-3, OSH-5: the pack's spells deal damage (or none); none grants a shield or sets a status.
    use: "damage",
    shieldCondition: "",
    statuses: "",
    statusesBypassShield: false,
    description: summary(row),
  };
  return { name: row.name, type: "spell", system };
}

export function spellRow(name: string): SpellRow {
  const row = SPELLS.find((s) => s.name === name);
  if (row === undefined) throw new Error(`No spell named ${name} in scripts/content/spells.ts.`);
  return row;
}
