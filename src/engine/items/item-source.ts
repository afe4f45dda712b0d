/**
 * Item sources as documents and pack files hold them: migration from older shapes, defaults, and the one
 * check both the Foundry models and the pack build run (`checkItemSource`).
 */
import { isRecord } from "../dice/checks.ts";
import { validateArmorStats } from "./armor-stats.ts";
import { validateFeatStats } from "./feat-stats.ts";
import { validateGearStats } from "./gear-stats.ts";
import { ProblemList, type ItemProblem } from "./item-problem.ts";
import { ITEM_DEFAULTS, ITEM_TYPES, type ItemType } from "./item-types.ts";
import { validatePowerStats } from "./power-stats.ts";
import { validateSpellStats } from "./spell-stats.ts";
import { validateWeaponStats } from "./weapon-stats.ts";

type Source = Record<string, unknown>;

/** Fields every item type stores beside its stats (rich text the rules never read). */
export const ITEM_TEXT_FIELDS: readonly string[] = ["description"];

const VALIDATORS: Readonly<Record<ItemType, (source: Readonly<Source>) => ItemProblem[]>> = {
  weapon: validateWeaponStats,
  spell: validateSpellStats,
  armor: validateArmorStats,
  feat: validateFeatStats,
  power: (source) => validatePowerStats(source),
  gear: validateGearStats,
};

export function isItemType(type: unknown): type is ItemType {
  return typeof type === "string" && (ITEM_TYPES as readonly string[]).includes(type);
}

/** Every problem of an item's system data (complete: defaults already applied). */
export function validateItemStats(type: ItemType, source: Readonly<Source>): ItemProblem[] {
  return VALIDATORS[type](source);
}

/**
 * Brings an older source up to the current shape, in place (Foundry's `migrateData` contract), and
 * returns it. Weapons stored before issue 10 (packs/weapons on main: damage, five property flags and
 * apCost) gain the *Light* flag, `constantDamage` (AP-2), `speed` (SEG-4) and `group` (ATK-ROT-1) with
 * their defaults; nothing they held changes meaning. Weapons and spells stored before items carried a
 * damage kind (DR-1) gain `damageKind` with the kind ITEM_USE_RULINGS gave them until then (weapons
 * physical, spells dissonance), so they deal what they dealt. Fields already present are left alone.
 */
export function migrateItemSource(type: ItemType, source: Source): Source {
  if (type === "spell" && !("damageKind" in source)) source.damageKind = ITEM_DEFAULTS.spell.damageKind;
  if (type !== "weapon") return source;
  const defaults = ITEM_DEFAULTS.weapon;
  if (isRecord(source.properties) && !Array.isArray(source.properties) && !("light" in source.properties)) {
    source.properties.light = defaults.properties.light;
  }
  if (!("constantDamage" in source)) source.constantDamage = defaults.constantDamage;
  if (!("speed" in source)) source.speed = defaults.speed;
  if (!("group" in source)) source.group = defaults.group;
  if (!("damageKind" in source)) source.damageKind = defaults.damageKind;
  return source;
}

/** A deep copy of JSON data (pack files, document sources). */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copyData(inner)]));
}

/** Fills what a source leaves out with the type's defaults, recursively (as Foundry's fields do). */
function withDefaults(defaults: Readonly<Source>, source: Readonly<Source>): Source {
  const out: Source = { ...source };
  for (const [key, initial] of Object.entries(defaults)) {
    const given = source[key];
    if (given === undefined) out[key] = copyData(initial);
    else if (isRecord(initial) && isRecord(given) && !Array.isArray(given)) out[key] = withDefaults(initial, given);
  }
  return out;
}

/**
 * The check a pack source (or any stored item) must pass: migrated, completed with defaults, no field the
 * type does not have, and every value sound. Returns every problem, each naming its field under `system`.
 */
export function checkItemSource(type: ItemType, system: unknown): ItemProblem[] {
  const list = new ProblemList();
  const defaults: unknown = ITEM_DEFAULTS[type];
  const copy = copyData(system);
  if (!list.record("", copy) || !isRecord(defaults)) return list.problems;
  const source = withDefaults(defaults, migrateItemSource(type, copy));
  for (const key of Object.keys(source)) {
    if (!(key in defaults) && !ITEM_TEXT_FIELDS.includes(key)) list.add(key, "TEMPO.ERRORS.Item.UnknownField");
  }
  for (const key of ITEM_TEXT_FIELDS) if (key in source) list.text(key, source[key]);
  return [...list.problems, ...validateItemStats(type, source)];
}
