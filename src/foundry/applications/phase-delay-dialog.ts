/**
 * PHS-9: "Delay until after…", from the acting row's control and from the context menu alike: asks whom
 * to wait for among the creatures the engine allows (`phaseDelayChoices`, hidden ones only for the GM)
 * and gives the `delay` command. With nobody to choose the command is given anyway, so the engine's own
 * reason is what the user reads.
 */
import type { HostCommand } from "../../engine/index.ts";
import { phaseDelayChoices } from "../../view/tracker/phase-actions.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { askCombatant } from "./tracker-dialogs.ts";
import { trackerInputOf } from "./tracker-input.ts";

/** The delay command the user chose, or null when cancelled. */
export async function askPhaseDelay(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<HostCommand | null> {
  const input = trackerInputOf(combat, game.user);
  const choices = input === null ? [] : phaseDelayChoices(input, combatantId);
  if (choices.length === 0) return { type: "delay", combatantId, afterId: "" };
  const afterId = await askCombatant("TEMPO.TRACKER.Menu.Delay", "TEMPO.TRACKER.Menu.DelayAfter", choices, opener);
  return afterId === null ? null : { type: "delay", combatantId, afterId };
}
