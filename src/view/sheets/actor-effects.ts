/**
 * The actor sheet's effects part: the rules' conditions the world's ruleset names (the engine's status
 * table), each with whether the actor has it now — said in words and by `aria-pressed`, never by colour
 * alone — and, for an owner, a toggle (the same status effect the token HUD sets). Conditions the actor
 * has that this ruleset does not name are listed too, so nothing on the token is hidden from the sheet.
 */
import { CONDITIONS, CONDITION_IDS, statusToggledByHand, type ConditionId, type Message } from "../../engine/index.ts";
import type { ActorSheetInput } from "./sheet-input.ts";

export interface ConditionContext {
  readonly id: ConditionId;
  readonly name: Message;
  readonly active: boolean;
  readonly state: Message;
  /** "true"/"false" for aria-pressed. */
  readonly pressed: string;
  readonly rules: string;
  /**
   * The scheduler sets and clears it in this ruleset (held-conditions.ts); a toggle, if it has one, is
   * turned into the engine's command (status-toggles.ts).
   */
  readonly held: boolean;
  readonly toggle: boolean;
}

export interface ActorEffectsContext {
  readonly conditions: readonly ConditionContext[];
}

export function buildActorEffects(input: ActorSheetInput): ActorEffectsContext {
  const on = new Set(input.actor.conditions);
  const conditions = CONDITION_IDS.filter((id) => on.has(id) || CONDITIONS[id].rulesets.includes(input.ruleset)).map(
    (id): ConditionContext => {
      const spec = CONDITIONS[id];
      const active = on.has(id);
      const held = spec.heldBy.includes(input.ruleset);
      return {
        id,
        name: { key: spec.name },
        active,
        state: { key: active ? "TEMPO.SHEET.Condition.On" : "TEMPO.SHEET.Condition.Off" },
        pressed: active ? "true" : "false",
        rules: spec.rules.join(", "),
        held,
        // A held one the engine takes from a toggle (SEG-7's delayed, surprised …) keeps its toggle.
        toggle: input.editable && (!held || statusToggledByHand(input.ruleset, id)),
      };
    },
  );
  return { conditions };
}
