/**
 * Issue 18: when the world's NPC-initiative setting changes, every Tempo combat's combatants are
 * prepared again on this client, so `combatant.initiative` follows it at once (combatant-model.ts,
 * view/tracker/initiative-shown.ts), and the tracker is drawn again.
 */
import { tempoModelOf } from "./tempo-model.ts";

export function refreshShownInitiative(): void {
  for (const combat of (game.combats?.contents ?? []) as Combat.Implementation[]) {
    if (tempoModelOf(combat) === null) continue;
    for (const combatant of combat.combatants) combatant.prepareData();
  }
  void ui.combat?.render();
}
