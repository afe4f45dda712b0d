/**
 * What the table does right after the start of the preview's encounter, so the page shows the ruleset's
 * features (sample-encounters.ts has the commands given before anyone rolls). In phase rounds the sample
 * is played into its battle phase: Brannoc seizes the initiative (PHS-4), everyone rolls and moves, the
 * first creature to act defends (PHS-10) and the second delays until after another (PHS-9). Undo steps
 * back through all of it.
 */
import { phaseTrackerFactsOf, type RulesetId } from "../engine/index.ts";
import type { PreviewCombat } from "./preview-combat.ts";
import { previewOpening } from "./sample-encounters.ts";

/** A phase round never has more turns than this in the sample (6 creatures, two lanes). */
const MAX_STEPS = 20;

/** `roll`: false leaves the initiative waiting (only the commands given before anyone rolls are run). */
export function playPreviewOpening(combat: PreviewCombat, ruleset: RulesetId, size: number | null, roll = true): void {
  for (const command of previewOpening(ruleset, size)) combat.run(command);
  if (roll && ruleset === "phase" && size === null) playPhaseSample(combat);
}

function playPhaseSample(combat: PreviewCombat): void {
  const facts = () => phaseTrackerFactsOf(combat.host, combat.state);
  combat.roll(() => true);
  for (let i = 0; i < MAX_STEPS && facts()?.phase !== "battle"; i++) combat.run({ type: "next" });
  const defender = facts()?.current;
  if (defender == null) return;
  combat.run({ type: "defend", combatantId: defender });
  combat.run({ type: "next" });
  const now = facts();
  const delayer = now?.current;
  // Waits for a creature everyone sees (not the hidden lurker), the last of them to act.
  const target = now?.delayTargets.filter((id) => combat.combatants.find((c) => c.id === id)?.hidden === false).at(-1);
  if (delayer == null || target === undefined) return;
  combat.run({ type: "delay", combatantId: delayer, afterId: target });
}
