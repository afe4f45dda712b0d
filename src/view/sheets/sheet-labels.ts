/** The sheets' label keys, written out whole so the localization audit finds every one. */
import type {
  AbilityId,
  ArmorCategory,
  BattleAction,
  Defenses,
  I18nKey,
  ItemType,
  MovementMode,
  PhaseActionKind,
  SpellCastingAction,
  SpellUse,
  PowerKind,
  RotationActionKind,
  SkillId,
  SpellAreaShape,
  WeaponProperty,
} from "../../engine/index.ts";

export const ABILITY_LABELS: Readonly<Record<AbilityId, I18nKey>> = {
  str: "TEMPO.SHEET.Ability.str",
  dex: "TEMPO.SHEET.Ability.dex",
  con: "TEMPO.SHEET.Ability.con",
  int: "TEMPO.SHEET.Ability.int",
  wis: "TEMPO.SHEET.Ability.wis",
  cha: "TEMPO.SHEET.Ability.cha",
  agi: "TEMPO.SHEET.Ability.agi",
};

export const DEFENSE_LABELS: Readonly<Record<keyof Defenses, I18nKey>> = {
  ac: "TEMPO.SHEET.Defense.ac",
  descendingAc: "TEMPO.SHEET.Defense.descendingAc",
  def: "TEMPO.SHEET.Defense.def",
  dodge: "TEMPO.SHEET.Defense.dodge",
  armor: "TEMPO.SHEET.Defense.armor",
};

export const SKILL_LABELS: Readonly<Record<SkillId, I18nKey>> = {
  sneak: "TEMPO.SHEET.Skill.sneak",
  cognition: "TEMPO.SHEET.Skill.cognition",
  intellect: "TEMPO.SHEET.Skill.intellect",
  vigor: "TEMPO.SHEET.Skill.vigor",
  dexterity: "TEMPO.SHEET.Skill.dexterity",
};

export const SPEED_LABELS: Readonly<Record<MovementMode, I18nKey>> = {
  walk: "TEMPO.SHEET.Speed.walk",
  swim: "TEMPO.SHEET.Speed.swim",
  fly: "TEMPO.SHEET.Speed.fly",
  climb: "TEMPO.SHEET.Speed.climb",
  burrow: "TEMPO.SHEET.Speed.burrow",
};

export const PROPERTY_LABELS: Readonly<Record<WeaponProperty, I18nKey>> = {
  heavy: "TEMPO.SHEET.Property.heavy",
  thrown: "TEMPO.SHEET.Property.thrown",
  great: "TEMPO.SHEET.Property.great",
  reach: "TEMPO.SHEET.Property.reach",
  versatile: "TEMPO.SHEET.Property.versatile",
  light: "TEMPO.SHEET.Property.light",
};

export const AREA_LABELS: Readonly<Record<SpellAreaShape, I18nKey>> = {
  none: "TEMPO.SHEET.Area.none",
  cone: "TEMPO.SHEET.Area.cone",
  line: "TEMPO.SHEET.Area.line",
  sphere: "TEMPO.SHEET.Area.sphere",
  cube: "TEMPO.SHEET.Area.cube",
  cylinder: "TEMPO.SHEET.Area.cylinder",
};

/** OSH-3, OSH-5: what a spell's formula does. */
export const SPELL_USE_LABELS: Readonly<Record<SpellUse, I18nKey>> = {
  damage: "TEMPO.SHEET.SpellUse.damage",
  healing: "TEMPO.SHEET.SpellUse.healing",
  shield: "TEMPO.SHEET.SpellUse.shield",
};

/** STD-6: the resource a spell's cast spends in a standard combat. */
export const SPELL_CASTING_ACTION_LABELS: Readonly<Record<SpellCastingAction, I18nKey>> = {
  action: "TEMPO.ACTIONS.Action",
  quickAction: "TEMPO.ACTIONS.QuickAction",
};

export const ARMOR_CATEGORY_LABELS: Readonly<Record<ArmorCategory, I18nKey>> = {
  light: "TEMPO.SHEET.ArmorCategory.light",
  medium: "TEMPO.SHEET.ArmorCategory.medium",
  heavy: "TEMPO.SHEET.ArmorCategory.heavy",
  shield: "TEMPO.SHEET.ArmorCategory.shield",
};

export const POWER_KIND_LABELS: Readonly<Record<PowerKind, I18nKey>> = {
  movement: "TEMPO.SHEET.PowerKind.movement",
  battle: "TEMPO.SHEET.PowerKind.battle",
};

export const BATTLE_ACTION_LABELS: Readonly<Record<BattleAction, I18nKey>> = {
  attack: "TEMPO.SHEET.BattleAction.attack",
  activateItem: "TEMPO.SHEET.BattleAction.activateItem",
  delay: "TEMPO.SHEET.BattleAction.delay",
  defend: "TEMPO.SHEET.BattleAction.defend",
  disengage: "TEMPO.SHEET.BattleAction.disengage",
};

/** Choices of a select field from one of these tables. */
export function choicesOf<V extends string>(labels: Readonly<Record<V, I18nKey>>): { value: V; label: I18nKey }[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

export const ACTOR_TYPE_LABELS: Readonly<Record<"character" | "npc", I18nKey>> = {
  character: "TEMPO.SHEET.ActorType.character",
  npc: "TEMPO.SHEET.ActorType.npc",
};

export const ITEM_TYPE_LABELS: Readonly<Record<ItemType, I18nKey>> = {
  weapon: "TEMPO.SHEET.ItemType.weapon",
  spell: "TEMPO.SHEET.ItemType.spell",
  armor: "TEMPO.SHEET.ItemType.armor",
  feat: "TEMPO.SHEET.ItemType.feat",
  power: "TEMPO.SHEET.ItemType.power",
  gear: "TEMPO.SHEET.ItemType.gear",
};

/** What using an item spends (the item sheet's derived `donCost`, `useCost`, `spends`), as words. */
export const ACTION_KIND_LABELS: Readonly<Record<RotationActionKind | PhaseActionKind, I18nKey>> = {
  full: "TEMPO.SHEET.ActionKind.full",
  swift: "TEMPO.SHEET.ActionKind.swift",
  free: "TEMPO.SHEET.ActionKind.free",
  reaction: "TEMPO.SHEET.ActionKind.reaction",
  twoFull: "TEMPO.SHEET.ActionKind.twoFull",
  wholeTurn: "TEMPO.SHEET.ActionKind.wholeTurn",
  movementPower: "TEMPO.SHEET.ActionKind.movementPower",
  battleAction: "TEMPO.SHEET.ActionKind.battleAction",
};
