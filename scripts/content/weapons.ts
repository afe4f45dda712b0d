/**
 * The weapons pack: every weapon the rules name (the Great weapons of CNT-16, the weapons the segment
 * and rotation examples use) plus the common arms a table expects, and the AP weapons of AP-1/AP-2
 * (constant-damage ones included). One row per weapon; the summary is written from the numbers.
 */
import { paragraphs, type Doc, type ItemSpec } from "./documents.ts";

type Property = "heavy" | "thrown" | "great" | "reach" | "versatile" | "light";

export interface WeaponRow {
  readonly name: string;
  readonly damage: string;
  readonly properties: readonly Property[];
  /** AP per swing; null for a constant-damage weapon (AP-2). */
  readonly apCost: number | null;
  readonly speed: number;
  readonly group: string;
  /** DR-1: the damage kind it deals (bludgeoning, piercing and slashing are physical). */
  readonly kind: string;
  /** A sentence of flavour-free use notes, or "". */
  readonly note?: string;
  /** Ids the pack used before the tables existed (kept so links into the pack stay valid). */
  readonly id?: string;
}

export const WEAPONS: readonly WeaponRow[] = [
  {
    name: "Dagger",
    damage: "1d4",
    properties: ["thrown", "light"],
    apCost: 10,
    speed: 2,
    group: "blades",
    kind: "piercing",
    id: "34hEsgGwt5kVRUiV",
  },
  {
    name: "Shortsword",
    damage: "1d6",
    properties: ["light"],
    apCost: 15,
    speed: 3,
    group: "blades",
    kind: "piercing",
    id: "PFWmztTUQpVY5K7F",
  },
  { name: "Scimitar", damage: "1d6", properties: ["light"], apCost: 15, speed: 4, group: "blades", kind: "slashing" },
  { name: "Rapier", damage: "1d8", properties: [], apCost: 15, speed: 2, group: "blades", kind: "piercing" },
  {
    name: "Longsword",
    damage: "1d8",
    properties: ["versatile"],
    apCost: 20,
    speed: 5,
    group: "blades",
    kind: "slashing",
    id: "MpHajzmnsTzL45sQ",
  },
  {
    name: "Greatsword",
    damage: "2d6",
    properties: ["great"],
    apCost: 40,
    speed: 10,
    group: "blades",
    kind: "slashing",
    id: "z9xSbYFMuhK3QzvO",
  },
  {
    name: "Handaxe",
    damage: "1d6",
    properties: ["thrown", "light"],
    apCost: 15,
    speed: 4,
    group: "axes",
    kind: "slashing",
    id: "klWb38XYaKUDtXYT",
  },
  {
    name: "Battleaxe",
    damage: "1d8",
    properties: ["versatile"],
    apCost: 20,
    speed: 7,
    group: "axes",
    kind: "slashing",
    note: "Segment rounds: weapon speed 7, 8 after a 1-segment activity first (SEG-4).",
  },
  {
    name: "Greataxe",
    damage: "1d12",
    properties: ["great"],
    apCost: 40,
    speed: 9,
    group: "axes",
    kind: "slashing",
    id: "8EXZTtRiXqBD8sED",
  },
  { name: "Club", damage: "1d4", properties: ["light"], apCost: 10, speed: 4, group: "hammers", kind: "bludgeoning" },
  { name: "Mace", damage: "1d6", properties: [], apCost: 15, speed: 7, group: "hammers", kind: "bludgeoning" },
  { name: "Morningstar", damage: "1d8", properties: [], apCost: 20, speed: 7, group: "hammers", kind: "piercing" },
  { name: "Flail", damage: "1d8", properties: [], apCost: 20, speed: 7, group: "hammers", kind: "bludgeoning" },
  {
    name: "Warhammer",
    damage: "1d10",
    properties: ["heavy"],
    apCost: 25,
    speed: 4,
    group: "hammers",
    kind: "bludgeoning",
    id: "ifMUycSVEMISp8rp",
  },
  {
    name: "Maul",
    damage: "2d6",
    properties: ["great"],
    apCost: 40,
    speed: 10,
    group: "hammers",
    kind: "bludgeoning",
    id: "KYKxa14weisbnNvV",
  },
  {
    name: "Quarterstaff",
    damage: "1d6",
    properties: ["versatile"],
    apCost: 15,
    speed: 4,
    group: "staves",
    kind: "bludgeoning",
  },
  {
    name: "Spear",
    damage: "1d6",
    properties: ["thrown", "versatile"],
    apCost: 20,
    speed: 6,
    group: "polearms",
    kind: "piercing",
    id: "yN3HyRErVyIxnhlp",
  },
  { name: "Javelin", damage: "1d6", properties: ["thrown"], apCost: 15, speed: 4, group: "polearms", kind: "piercing" },
  {
    name: "Trident",
    damage: "1d6",
    properties: ["thrown", "versatile"],
    apCost: 20,
    speed: 7,
    group: "polearms",
    kind: "piercing",
  },
  {
    name: "Glaive",
    damage: "1d10",
    properties: ["heavy", "reach"],
    apCost: 30,
    speed: 8,
    group: "polearms",
    kind: "slashing",
    id: "csBCUdSC0pDfWg2r",
  },
  {
    name: "Halberd",
    damage: "1d10",
    properties: ["heavy", "reach"],
    apCost: 30,
    speed: 9,
    group: "polearms",
    kind: "slashing",
    note: "Needs an open adjacent square when swung to chop (SEG-19).",
  },
  {
    name: "Pike",
    damage: "1d10",
    properties: ["heavy", "reach"],
    apCost: 30,
    speed: 13,
    group: "polearms",
    kind: "piercing",
  },
  {
    name: "Lance",
    damage: "1d12",
    properties: ["heavy", "reach"],
    apCost: 35,
    speed: 8,
    group: "polearms",
    kind: "piercing",
  },
  {
    name: "Whip",
    damage: "1d4",
    properties: ["light", "reach"],
    apCost: 10,
    speed: 5,
    group: "flails",
    kind: "slashing",
  },
  { name: "Sling", damage: "1d4", properties: [], apCost: 10, speed: 6, group: "slings", kind: "bludgeoning" },
  { name: "Shortbow", damage: "1d6", properties: [], apCost: 15, speed: 6, group: "bows", kind: "piercing" },
  { name: "Longbow", damage: "1d8", properties: ["heavy"], apCost: 25, speed: 8, group: "bows", kind: "piercing" },
  {
    name: "Greatbow",
    damage: "1d12",
    properties: ["great"],
    apCost: 40,
    speed: 8,
    group: "bows",
    kind: "piercing",
    id: "d7gWGEmu4jdelAw8",
  },
  { name: "Light Crossbow", damage: "1d8", properties: [], apCost: 25, speed: 7, group: "crossbows", kind: "piercing" },
  {
    name: "Heavy Crossbow",
    damage: "1d10",
    properties: ["heavy"],
    apCost: 40,
    speed: 10,
    group: "crossbows",
    kind: "piercing",
  },
  {
    name: "Repeating Crossbow",
    damage: "1d6",
    properties: [],
    apCost: 10,
    speed: 5,
    group: "crossbows",
    kind: "piercing",
  },
  {
    name: "Chain Blade",
    damage: "1d10",
    properties: [],
    apCost: 10,
    speed: 6,
    group: "blades",
    kind: "slashing",
    note: "The AP-1 example weapon: 80 AP swings it 8 times in one Full action.",
  },
  {
    name: "Hand Cannon",
    damage: "2d6",
    properties: ["heavy"],
    apCost: 40,
    speed: 10,
    group: "firearms",
    kind: "piercing",
  },
  {
    name: "Flamespitter",
    damage: "1d6",
    properties: [],
    apCost: null,
    speed: 5,
    group: "projectors",
    kind: "fire",
    note: "Fire damage: Elemental DR applies (DR-1).",
  },
  {
    name: "Arc Lash",
    damage: "1d4",
    properties: ["reach"],
    apCost: null,
    speed: 5,
    group: "projectors",
    kind: "dissonance",
    note: "Arcane damage: Arcane DR applies (DR-1).",
  },
];

const PROPERTY_NOTES: Readonly<Record<Property, string>> = {
  heavy: "Heavy: each attack resolves 2 counts after it is declared (CNT-7); can Cleave or make a Charged Attack.",
  thrown:
    "Thrown: each attack resolves 2 counts later (CNT-7); can make a Charged Attack; need not be equipped to throw (ROT-11).",
  great: "Great: each attack resolves 3 counts later (CNT-7, CNT-16); can Cleave or make a Charged Attack.",
  reach: "Reach: a Cleave covers the 3 squares within 5 ft and the 5 squares at 10 ft (FEAT-CLEAVE).",
  versatile: "Versatile: in two hands it counts as Heavy and its die is one ladder step higher (FEAT-VERSATILE).",
  light: "Light: no delay of its own; attacks with it resolve at once unless another property delays them (CNT-7).",
};

const PROPERTY_ORDER: readonly Property[] = ["heavy", "thrown", "great", "reach", "versatile", "light"];

function pacing(row: WeaponRow): string {
  if (row.apCost === null)
    return "Constant damage: no AP cost; it damages its target every turn, one attack roll per rotation (AP-2).";
  const swings = Math.floor(80 / row.apCost);
  return `AP ${row.apCost} per swing: a creature with 80 AP swings it ${swings} time${swings === 1 ? "" : "s"} per Full action (AP-1).`;
}

function summary(row: WeaponRow): string {
  const lines = [`${row.damage} ${row.kind} damage. Weapon speed ${row.speed} (SEG-4). Group: ${row.group}.`];
  for (const property of PROPERTY_ORDER) if (row.properties.includes(property)) lines.push(PROPERTY_NOTES[property]);
  lines.push(pacing(row));
  if (row.note !== undefined) lines.push(row.note);
  return paragraphs(...lines);
}

/** The stored system data of a weapon row (every field written, as the weapon model stores it). */
export function weaponSystem(row: WeaponRow): Doc {
  const properties: Record<string, boolean> = {};
  for (const property of PROPERTY_ORDER) properties[property] = row.properties.includes(property);
  return {
    damage: row.damage,
    properties,
    apCost: row.apCost,
    constantDamage: row.apCost === null,
    speed: row.speed,
    group: row.group,
    damageKind: row.kind,
    // OSH-2: no weapon of the pack sets a status on a hit.
    statuses: "",
    statusesBypassShield: false,
    // SEG-16 (ruling): a pack weapon is in no routine; a creature's stat block sets it (npc-stats.ts `inRoutine`).
    routineAttacks: null,
    description: summary(row),
  };
}

export function weaponSpec(row: WeaponRow): ItemSpec {
  return { name: row.name, type: "weapon", system: weaponSystem(row) };
}

export function weaponRow(name: string): WeaponRow {
  const row = WEAPONS.find((w) => w.name === name);
  if (row === undefined) throw new Error(`No weapon named ${name} in scripts/content/weapons.ts.`);
  return row;
}
