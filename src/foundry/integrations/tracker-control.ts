/**
 * A tracker control given from outside the tracker (issue 22: the Carousel Combat Tracker's icons): the
 * same command the tracker's button gives for the same control (applications/combat-tracker.ts, its
 * `actions`): a command control through the combat's one entry point, and the controls that first ask
 * (ready, declare, delay, react) through the same dialogs (Declare… with an item: the attack dialog, as the
 * tracker's). The GM side checks every command again.
 */
import type { HostCommand } from "../../engine/index.ts";
import { parseCommand } from "../applications/combat-tracker.ts";
import { askCountReaction } from "../applications/count-dialogs.ts";
import { declareOnCount } from "../chat/count-declare-use.ts";
import { askPhaseDelay } from "../applications/phase-delay-dialog.ts";
import { activateFromTracker } from "../applications/phase-activate-dialog.ts";
import { PHASE_ACTIVATE_ACTION } from "../../view/tracker/phase-actions.ts";
import { askSegmentDeclaration, askSegmentTarget } from "../applications/segment-declare-dialog.ts";
import { askText } from "../applications/tracker-dialogs.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { TempoCombat } from "../documents/combat.ts";

export interface TrackerControlCall {
  readonly action: string;
  readonly command: string | null;
  readonly combatantId: string;
}

async function commandFor(combat: TempoCombat, call: TrackerControlCall): Promise<HostCommand | null> {
  const { combatantId } = call;
  switch (call.action) {
    case "tempoCommand":
      return parseCommand(call.command ?? undefined);
    case "endTurn":
      return { type: "endTurn", combatantId };
    case "tempoReady": {
      const trigger = await askText("TEMPO.TRACKER.Standard.ReadyTitle", "TEMPO.TRACKER.Standard.ReadyPrompt");
      return trigger === null ? null : { type: "ready", combatantId, trigger };
    }
    case "segmentDeclare":
      return askSegmentDeclaration(combat, combatantId, call.command ?? undefined);
    case "segmentNameTarget":
      return askSegmentTarget(combat, combatantId);
    case "phaseDelay":
      return askPhaseDelay(combat, combatantId);
    case "countReact":
      return askCountReaction(combat, combatantId);
    default:
      return null;
  }
}

/** Gives the control's command on `combat` (nothing for a combat that is not Tempo's or a cancelled dialog). */
export async function runTrackerControl(combat: Combat.Implementation | null, call: TrackerControlCall): Promise<void> {
  if (!(combat instanceof TempoCombat) || tempoModelOf(combat) === null) return;
  // Issue 19: Declare… may declare with an item through the attack dialog, which gives its own command.
  if (call.action === "countDeclare") {
    await declareOnCount(combat, call.combatantId);
    return;
  }
  // PHS-7: Activate Item asks which item and activates it as the sheet does (phase-activate-dialog.ts).
  if (call.action === PHASE_ACTIVATE_ACTION) {
    await activateFromTracker(combat, call.combatantId);
    return;
  }
  const command = await commandFor(combat, call);
  if (command !== null) await combat.tempoCommand(command);
}
