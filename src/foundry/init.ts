/**
 * The system's entry point (bundled as `tempo.mjs`). Registers documents, data models, settings and
 * configuration on `init`; everything else hangs off those.
 */
import "../../styles/tempo.css";
import { TEMPO } from "./config.ts";
import { CountCombatModel } from "./data/combat/count-combat-model.ts";
import { TempoCombatantModel } from "./data/combatant/combatant-model.ts";
import { WeaponModel } from "./data/item/weapon-model.ts";
import { TempoCombat } from "./documents/combat.ts";
import { registerSettings } from "./settings.ts";

Hooks.once("init", () => {
  CONFIG.TEMPO = TEMPO;
  CONFIG.Combat.documentClass = TempoCombat;
  CONFIG.Combat.dataModels.count = CountCombatModel;
  CONFIG.Combatant.dataModels.base = TempoCombatantModel;
  CONFIG.Item.dataModels.weapon = WeaponModel;
  registerSettings();
});
