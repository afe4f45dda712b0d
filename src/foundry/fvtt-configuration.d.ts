/**
 * Declaration merging into fvtt-types: tells the compiler which document classes, subtypes and
 * settings Tempo registers at runtime (see `init.ts`, which registers exactly these).
 */
import type { RulesetId } from "../engine/initiative/index.ts";
import type { TEMPO } from "./config.ts";
import type {
  CountCombatModel,
  PhaseCombatModel,
  RotationCombatModel,
  SegmentCombatModel,
  StandardCombatModel,
} from "./data/combat/combat-model.ts";
import type { TempoCombatantModel } from "./data/combatant/combatant-model.ts";
import type { TempoCombatantGroupModel } from "./data/combatant-group/combatant-group-model.ts";
import type { WeaponModel } from "./data/item/weapon-model.ts";
import type { ArmorModel } from "./data/item/armor-model.ts";
import type { FeatModel } from "./data/item/feat-model.ts";
import type { GearModel } from "./data/item/gear-model.ts";
import type { PowerModel } from "./data/item/power-model.ts";
import type { SpellModel } from "./data/item/spell-model.ts";
import type { TempoCombat } from "./documents/combat.ts";
import type { CharacterModel } from "./data/actor/character-model.ts";
import type { NpcModel } from "./data/actor/npc-model.ts";
import type { EncounterModel } from "./data/actor/encounter-model.ts";

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "tempo";
  }

  /**
   * Tempo's code runs from the `init` hook on, when `game.settings` and `CONFIG` exist; everything that
   * localizes or reads users runs on user actions, long after `i18nInit` and `ready`.
   */
  interface AssumeHookRan {
    init: never;
    i18nInit: never;
    ready: never;
  }

  interface DocumentClassConfig {
    Combat: typeof TempoCombat;
  }

  interface DataModelConfig {
    Combat: {
      count: typeof CountCombatModel;
      standard: typeof StandardCombatModel;
      phase: typeof PhaseCombatModel;
      segment: typeof SegmentCombatModel;
      rotation: typeof RotationCombatModel;
    };
    Combatant: {
      tempo: typeof TempoCombatantModel;
    };
    Item: {
      weapon: typeof WeaponModel;
      spell: typeof SpellModel;
      armor: typeof ArmorModel;
      feat: typeof FeatModel;
      power: typeof PowerModel;
      gear: typeof GearModel;
    };
    CombatantGroup: {
      initiative: typeof TempoCombatantGroupModel;
    };
    Actor: {
      character: typeof CharacterModel;
      npc: typeof NpcModel;
      encounter: typeof EncounterModel;
    };
  }

  interface SettingConfig {
    "tempo.ruleset": RulesetId;
    "tempo.surprise": "automatic" | "declared";
    "tempo.drMode": "perHit" | "perAttack";
    "tempo.enemyGroups": boolean;
    "tempo.sharedInitiative": boolean;
    "tempo.twoInARow": boolean;
    "tempo.planningPhase": boolean;
    "tempo.dexReaction": boolean;
    "tempo.roundSeconds": number;
    "tempo.odds": "everyone" | "gm" | "nobody";
    "tempo.movementBudget": "refuse" | "warn";
    "tempo.npcInitiative": boolean;
    "tempo.damageLedger": unknown[];
    "tempo.attackChoices": Record<string, unknown>;
    "tempo.npcPackAccess": "NONE" | "LIMITED" | "OBSERVER";
  }
}

declare global {
  interface CONFIG {
    TEMPO: typeof TEMPO;
  }
}
