/**
 * Issue 19 items 3 and 5: the Tempo section of the token HUD for a creature in a Tempo combat — what its
 * action budget has left this turn, in words (the tracker row's economy, STD-6, ACT-ROT …, as the host's
 * tracker keeps it; phase's battle action, segment's major and minors and count's declared action as the
 * combat's own state keeps them, PHS-7, SEG-9, CNT-7), and the buttons its owner may press now: exactly the actor sheet's combat buttons
 * (actor-combat.ts `combatControlsOf`: the tracker row's owner controls, the ruleset's — rotation's Move,
 * 5 ft step, Disengage, Grapple, Trip, Break free, Stand up; standard's Delay/Ready; phase's Defend,
 * Disengage, Delay; segment's Declare/Delay; count's Declare/React — and the one-click reactions), each
 * tried on the state first, so a refused one is drawn disabled with the engine's reason. Nothing is
 * decided here that the sheet and the tracker do not already decide.
 */
import { RULESET_LABELS, type Message } from "../../engine/index.ts";
import { combatControlsOf } from "../sheets/actor-combat.ts";
import type { SheetCombat } from "../sheets/sheet-input.ts";
import { actionPips, turnLeftPips, type PipContext } from "../tracker/row-extras.ts";
import type { ControlContext } from "../tracker/tracker-controls.ts";

export interface TokenHudContext {
  /** "Rotation" …: which ruleset's budget this is. */
  readonly rulesetLabel: Message;
  /** One line per action kind: its label and "left", "spent" or "3 left" (text, not only the pip's icon). */
  readonly economy: readonly PipContext[];
  readonly actions: readonly ControlContext[];
}

/**
 * The section for `combat`'s creature as this viewer sees it, or null when the viewer may not act for it
 * (a player who does not own it) or it is not in the combat's list.
 */
export function buildTokenHud(combat: SheetCombat): TokenHudContext | null {
  const combatant = combat.input.combatants.find((c) => c.id === combat.combatantId);
  if (combatant === undefined || !(combat.input.viewer.isGM || combatant.owned)) return null;
  return {
    rulesetLabel: { key: RULESET_LABELS[combat.input.host.id] },
    economy: [
      ...(combatant.economy === undefined ? [] : actionPips(combatant.economy, () => true)),
      ...turnLeftPips(combat.input, combatant),
    ],
    actions: combatControlsOf(combat),
  };
}
