/**
 * The tracker input for the preview's combat (what src/foundry/applications/tracker-input.ts builds from
 * documents): each creature's snapshot, side and ownership for the viewer, its actions left and AP.
 */
import type { TrackerInput } from "../view/tracker/tracker-input.ts";
import type { PreviewCombat } from "./preview-combat.ts";
import { previewGroups } from "./sample-encounters.ts";

export interface PreviewViewer {
  readonly isGM: boolean;
  readonly npcInitiativeVisible?: boolean;
  /** The GM's hide toggles, by combatant id (a Foundry combatant's `hidden`). */
  readonly hidden?: ReadonlyMap<string, boolean>;
}

export function previewTrackerInput(combat: PreviewCombat, viewer: PreviewViewer): TrackerInput {
  const actions = combat.actionNows;
  return {
    host: combat.host,
    state: combat.state,
    combatants: combat.combatants.map((c) => {
      const economy = combat.actionsLeft(c.id);
      return {
        id: c.id,
        name: c.name,
        img: null,
        isPlayer: c.side === "pc",
        hidden: viewer.hidden?.get(c.id) ?? c.hidden,
        side: c.side,
        owned: viewer.isGM || c.ownedByPlayer,
        ap: c.ap,
        ...(economy === undefined ? {} : { economy }),
      };
    }),
    groups: previewGroups(combat.combatants),
    viewer: { isGM: viewer.isGM },
    canUndo: combat.canUndo,
    canRedo: combat.canRedo,
    canPing: false,
    npcInitiativeVisible: viewer.npcInitiativeVisible ?? false,
    ...(actions === undefined ? {} : { actions }),
  };
}
