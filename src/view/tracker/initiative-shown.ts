/**
 * Issue 18 item 3: the initiative a client shows on a combatant (`combatant.initiative`, which core's
 * tracker, `hasRolled` and modules read; derived on every client: combatant-model.ts). The GM sees every
 * value; a player sees a hidden combatant's only when it owns it (its own view, combat/owner-view.ts), and
 * an NPC's only when the world's NPC-initiative setting says players may (the rule the tracker's rows follow: tracker-input.ts `initiativeVisibleTo`).
 */

/** Who looks at which combatant. */
export interface InitiativeViewer {
  readonly isGM: boolean;
  /** World setting: players see NPCs' initiative values. */
  readonly npcInitiativeVisible: boolean;
}

export interface InitiativeSubject {
  readonly hidden: boolean;
  /** A player character (side `pc`). */
  readonly playerCharacter: boolean;
  /** The viewer owns it. */
  readonly owned: boolean;
}

/** The value the viewer is shown: the engine's, or null where it may not see it. */
export function initiativeShown(
  value: number | null,
  viewer: InitiativeViewer,
  subject: InitiativeSubject,
): number | null {
  if (viewer.isGM) return value;
  if (subject.hidden) return subject.owned ? value : null;
  return subject.playerCharacter || subject.owned || viewer.npcInitiativeVisible ? value : null;
}
