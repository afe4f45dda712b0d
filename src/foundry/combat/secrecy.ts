/**
 * Issue 18 item 3: which of a combat's creatures the published state keeps secrets of
 * (engine/host/published.ts): those no player owns (`hasPlayerOwner`, API v13 Combatant) and the
 * hidden ones (`combatant.hidden`).
 */
import type { Secrecy } from "../../engine/index.ts";

export function secrecyOf(combat: Combat.Implementation): Secrecy {
  const gmOnly = new Set<string>();
  const hidden = new Set<string>();
  for (const c of combat.combatants) {
    if (c.id === null) continue;
    if (!c.hasPlayerOwner) gmOnly.add(c.id);
    if (c.hidden) hidden.add(c.id);
  }
  return { gmOnly, hidden };
}
