/** Tempo's Item subtypes and their data models, in the engine's order (init.ts registers each). */
import type { ItemType } from "../../../engine/index.ts";
import { ArmorModel } from "./armor-model.ts";
import { FeatModel } from "./feat-model.ts";
import { GearModel } from "./gear-model.ts";
import { PowerModel } from "./power-model.ts";
import { SpellModel } from "./spell-model.ts";
import { WeaponModel } from "./weapon-model.ts";

export const ITEM_MODELS = {
  weapon: WeaponModel,
  spell: SpellModel,
  armor: ArmorModel,
  feat: FeatModel,
  power: PowerModel,
  gear: GearModel,
} as const satisfies Record<ItemType, unknown>;
