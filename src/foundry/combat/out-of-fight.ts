/**
 * DEF-1 (issue 19 item 8): whether a combatant is out of the fight, for the code that leaves such creatures out
 * (who threatens a square, who watches for a sneaking creature, who keeps a constant hold): the engine's
 * `defeated` (an unconscious creature outside count included, which core's flag no longer draws: engine
 * status-toggles.ts `defeatedFlag`), or core's own `isDefeated` (the flag, or the defeated status shown).
 */
import { tempoModelOf } from "./tempo-model.ts";

export function outOfFight(combat: Combat.Implementation, combatant: Combatant.Implementation): boolean {
  const model = tempoModelOf(combat);
  const engine = model !== null && model.state !== null && combatant.id !== null;
  return (engine && model.host.defeated(model.state, combatant.id ?? "")) || combatant.isDefeated;
}
