/**
 * Declaration merging into fvtt-types: tells the compiler which document classes, subtypes and
 * settings Tempo registers at runtime (see `init.ts`, which registers exactly these).
 */
import type { RulesetId } from "../engine/initiative/index.ts";
import type { TEMPO } from "./config.ts";
import type { CountCombatModel } from "./data/combat/count-combat-model.ts";
import type { TempoCombatantModel } from "./data/combatant/combatant-model.ts";
import type { WeaponModel } from "./data/item/weapon-model.ts";
import type { TempoCombat } from "./documents/combat.ts";

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "tempo";
  }

  /** Tempo's code runs from the `init` hook on, when `game.settings` and `CONFIG` exist. */
  interface AssumeHookRan {
    init: never;
  }

  interface DocumentClassConfig {
    Combat: typeof TempoCombat;
  }

  interface DataModelConfig {
    Combat: {
      count: typeof CountCombatModel;
    };
    Combatant: {
      base: typeof TempoCombatantModel;
    };
    Item: {
      weapon: typeof WeaponModel;
    };
  }

  interface SettingConfig {
    "tempo.ruleset": RulesetId;
  }
}

declare global {
  interface CONFIG {
    TEMPO: typeof TEMPO;
  }
}
