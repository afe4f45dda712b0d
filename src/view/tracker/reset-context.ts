/**
 * The tracker of a combat that must be reset before it runs again (saved by another Tempo:
 * engine/host/combat-format.ts): the reason as heading, announcement and body, and for the GM the one
 * control that helps, Reset, which rebuilds the encounter from its combatants. Nothing else is offered:
 * every other command would be refused.
 */
import type { Message, RulesetId } from "../../engine/index.ts";
import type { TrackerContext } from "./tracker-context.ts";
import { trackerControl } from "./tracker-controls.ts";

export function buildResetTrackerContext(ruleset: RulesetId, isGM: boolean, reason: Message): TrackerContext {
  const reset = trackerControl("tempoCommand", "TEMPO.TRACKER.Control.Reset", "fa-solid fa-rotate-left", null, {
    command: { type: "reset" },
  });
  return {
    ruleset,
    isGM,
    heading: { key: "TEMPO.TRACKER.NeedsReset.Heading" },
    announcement: reason,
    controls: isGM ? [reset] : [],
    body: {
      part: "list",
      list: { groups: [], empty: true, emptyLabel: isGM ? reason : { key: "TEMPO.TRACKER.NeedsReset.Player" } },
    },
  };
}
