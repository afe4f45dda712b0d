/**
 * What a Tempo button of the token HUD does (token-hud.ts): the actor sheet's own handlers for the same
 * controls (actor-sheet.ts), so the HUD sends exactly the commands the sheet sends — through the combat's
 * one entry point, tried on the state first (sheet-commands.ts `sendSheetCommand`), the contests and
 * Stand up through rotation-contest.ts, SEG-16's free and immediate attacks through segment-free-attack.ts,
 * the declarations through their dialogs, an item row's Attack/Cast through the sheet's `useSheetItem`,
 * SEG-11's Name target… through the tracker's dialog (`askSegmentTarget`).
 * Token Action HUD's entries run through here too
 * (`CONFIG.TEMPO.actions.run`, integrations/actions-api.ts). Nothing is decided here.
 */
import { askPhaseDelay } from "../phase-delay-dialog.ts";
import { activateFromTracker } from "../phase-activate-dialog.ts";
import { PHASE_ACTIVATE_ACTION } from "../../../view/tracker/phase-actions.ts";
import { askSegmentDeclaration, askSegmentTarget } from "../segment-declare-dialog.ts";
import { askText } from "../tracker-dialogs.ts";
import { parseCommand } from "../combat-tracker.ts";
import { actorCombatOf, sendSheetCommand } from "../sheets/sheet-commands.ts";
import { sheetCountDeclare, sheetCountReact, useSheetItem } from "../sheets/sheet-item-use.ts";
import { USE_ITEM_ACTION } from "../../../view/sheets/item-rows.ts";
import { SEGMENT_NAME_TARGET_ACTION } from "../../../view/tracker/tracker-controls.ts";
import { rotationContest, rotationStandUp } from "../../chat/rotation-contest.ts";
import { segmentFreeAttack } from "../../chat/segment-free-attack.ts";
import { SEGMENT_ATTACK_ACTION, segmentAttackKindOf } from "../../../view/sheets/segment-attacks.ts";

/** The controls' actions the HUD runs (src/view/tracker's names); any other is not drawn. */
export const HUD_ACTIONS: ReadonlySet<string> = new Set([
  "tempoCommand",
  "rollInitiative",
  "endTurn",
  "tempoReady",
  "segmentDeclare",
  SEGMENT_NAME_TARGET_ACTION,
  "phaseDelay",
  PHASE_ACTIVATE_ACTION,
  "countDeclare",
  "countReact",
  "rotationContest",
  SEGMENT_ATTACK_ACTION,
  USE_ITEM_ACTION,
]);

/** What a pressed control carries: its `data-command` JSON, and for an item's button the item's id. */
export interface HudControl {
  readonly command?: string | null | undefined;
  readonly itemId?: string | null | undefined;
}

/** Runs the control `action` with what `control` carries, for `actor` (in its Tempo combat but an item's use). */
export async function runHudAction(actor: Actor.Implementation, action: string, control: HudControl): Promise<void> {
  if (action === USE_ITEM_ACTION) {
    if (typeof control.itemId === "string") await useSheetItem(actor, control.itemId);
    return;
  }
  const found = actorCombatOf(actor);
  if (found === null) return;
  const { combat, combatantId } = found;
  const command = parseCommand(control.command ?? undefined);
  switch (action) {
    case "tempoCommand":
      if (command !== null) await sendSheetCommand(combat, command);
      return;
    case "rollInitiative":
      await combat.rollInitiative([combatantId]);
      return;
    case "endTurn":
      await combat.tempoCommand({ type: "endTurn", combatantId });
      return;
    case "tempoReady": {
      const trigger = await askText("TEMPO.TRACKER.Standard.ReadyTitle", "TEMPO.TRACKER.Standard.ReadyPrompt");
      if (trigger !== null) await combat.tempoCommand({ type: "ready", combatantId, trigger });
      return;
    }
    case "segmentDeclare": {
      const declared = await askSegmentDeclaration(combat, combatantId, control.command ?? undefined);
      if (declared !== null) await combat.tempoCommand(declared);
      return;
    }
    case SEGMENT_NAME_TARGET_ACTION: {
      // SEG-11: on the caster's D1 turn, which creature its spell is aimed at.
      const named = await askSegmentTarget(combat, combatantId);
      if (named !== null) await combat.tempoCommand(named);
      return;
    }
    case "phaseDelay": {
      const delayed = await askPhaseDelay(combat, combatantId);
      if (delayed !== null) await combat.tempoCommand(delayed);
      return;
    }
    case PHASE_ACTIVATE_ACTION:
      // PHS-7: which item, then activated as the sheet's item row does (phase-activate-dialog.ts).
      await activateFromTracker(combat, combatantId);
      return;
    case "countDeclare":
      await sheetCountDeclare(actor);
      return;
    case "countReact":
      await sheetCountReact(actor);
      return;
    case "rotationContest": {
      // ROT-8, ROT-9: against the user's one target (breaking free: the grappler), or Stand up.
      const task = command?.type === "use" ? command.task : null;
      if (task === "grapple" || task === "trip" || task === "escape") await rotationContest(actor, task);
      if (task === "standUp") await rotationStandUp(actor);
      return;
    }
    case SEGMENT_ATTACK_ACTION: {
      // SEG-16: a free or immediate attack asks for its weapon and opponent (segment-free-attack.ts).
      const kind = segmentAttackKindOf(command);
      if (kind !== null) await segmentFreeAttack(actor, kind);
      return;
    }
    default:
      return;
  }
}
