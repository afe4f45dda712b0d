/**
 * A real encounter of any ruleset, played through the preview's combat (the same table steps and
 * stored form as the Foundry layer), and the tracker context one viewer gets for it.
 */
import type { RulesetId } from "../../src/engine/index.ts";
import { PreviewCombat } from "../../src/preview/preview-combat.ts";
import { playPreviewOpening } from "../../src/preview/preview-opening.ts";
import { previewTrackerInput } from "../../src/preview/preview-tracker-input.ts";
import { previewCombatants } from "../../src/preview/sample-encounters.ts";
import { buildOrderListContext, type OrderListContext } from "../../src/view/tracker/order-list-context.ts";
import { buildTrackerContext, type TrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { trackerScope, type TrackerInput } from "../../src/view/tracker/tracker-input.ts";

export interface Played {
  readonly combat: PreviewCombat;
  readonly input: TrackerInput;
  readonly context: TrackerContext;
  readonly list: OrderListContext;
}

export interface PlayOptions {
  readonly isGM: boolean;
  /** `next` this many times after every initiative is rolled; -1: do not roll (stay waiting). */
  readonly turns: number;
  /** A crowd of this many instead of the sample encounter. */
  readonly size?: number;
  readonly npcInitiativeVisible?: boolean;
}

export function trackerInputOf(combat: PreviewCombat, options: PlayOptions): TrackerInput {
  return previewTrackerInput(combat, options);
}

export function playedTracker(ruleset: RulesetId, options: PlayOptions): Played {
  const combat = new PreviewCombat(ruleset, previewCombatants(options.size ?? null, ruleset), 7);
  combat.run({ type: "start" });
  playPreviewOpening(combat, ruleset, options.size ?? null, options.turns >= 0);
  if (options.turns >= 0) combat.roll(() => true);
  for (let i = 0; i < options.turns; i++) combat.run({ type: "next" });
  const input = trackerInputOf(combat, options);
  return { combat, input, context: buildTrackerContext(input), list: buildOrderListContext(trackerScope(input)) };
}
