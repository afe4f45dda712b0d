/**
 * Registers the actor models and what tokens may show of them: hit points (the primary bar, see
 * system.json `primaryTokenAttribute`), the overshield (the secondary bar) and AP as bars; DR, defences
 * and speeds as values. Draw Steel and dnd5e set `CONFIG.Actor.trackableAttributes` per actor type the
 * same way, so the token HUD and bar menus offer exactly these.
 */
import { CharacterModel } from "./character-model.ts";
import { NpcModel } from "./npc-model.ts";
import { EncounterModel } from "./encounter-model.ts";

const TRACKABLE = {
  bar: ["hp", "overshield", "ap"],
  value: [
    "dr.physical",
    "dr.elemental",
    "dr.arcane",
    "defenses.ac",
    "defenses.descendingAc",
    "defenses.def",
    "defenses.dodge",
    "defenses.armor",
    "speeds.walk",
    "speeds.swim",
    "speeds.fly",
    "speeds.climb",
    "speeds.burrow",
  ],
};

export function registerActorModels(): void {
  CONFIG.Actor.dataModels.character = CharacterModel;
  CONFIG.Actor.dataModels.npc = NpcModel;
  // Issue 12: a ready fight (encounter-model.ts); it has no token bars.
  CONFIG.Actor.dataModels.encounter = EncounterModel;
  CONFIG.Actor.trackableAttributes = { character: TRACKABLE, npc: TRACKABLE };
}
