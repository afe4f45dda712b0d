/**
 * What the view needs to know about a combatant, whatever hosts it (a Foundry Combatant or the
 * preview's in-memory encounter). The Foundry layer builds these from documents; the view never
 * sees a document.
 */
export interface CombatantSnapshot {
  readonly id: string;
  readonly name: string;
  /** Portrait path, or null to show the initial instead. */
  readonly img: string | null;
  readonly isPlayer: boolean;
  /** Hidden from players (GM-only combatants are not shown to them at all). */
  readonly hidden: boolean;
}
