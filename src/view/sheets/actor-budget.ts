/**
 * The actor sheet's action resources outside combat: the world's ruleset's budget for a fresh turn, as the
 * engine derives it from that ruleset's tracker (`ActorDerived.actions`, engine/actors/actor-actions.ts).
 * In a combat the tracker's "left this turn" (actor-combat.ts) is shown instead. In edit mode the one
 * stored override (SEG-16 attack routines) is a field, in the segment ruleset only.
 */
import { DEFAULT_ACTION_OVERRIDES, type ActorDerived, type Message } from "../../engine/index.ts";
import { numberField, type FieldContext } from "./sheet-field.ts";
import type { ActorSheetInput } from "./sheet-input.ts";

export interface BudgetEntryContext {
  readonly kind: string;
  readonly label: Message;
  /** How many a fresh turn brings ("any number" when the ruleset sets no limit). */
  readonly amount: Message;
}

export interface ActorBudgetContext {
  readonly entries: readonly BudgetEntryContext[];
  readonly shown: boolean;
  /** Edit mode, segment ruleset: SEG-16 attack routines per round (the creature's multi-attack). */
  readonly fields: readonly FieldContext[];
  readonly hasFields: boolean;
}

/** Whether the actor fights in a combat now (its combatant is in the tracker's list). */
function inCombat(input: ActorSheetInput): boolean {
  const combat = input.combat;
  return combat !== null && combat.input.combatants.some((c) => c.id === combat.combatantId);
}

/** How many a fresh turn brings: a count, or "any number" (null: the ruleset sets no limit). */
function amountOf(left: number | null): Message {
  return left === null ? { key: "TEMPO.SHEET.Budget.Any" } : { key: "TEMPO.SHEET.Budget.Count", data: { count: left } };
}

export function buildActorBudget(input: ActorSheetInput, derived: ActorDerived): ActorBudgetContext {
  const entries =
    input.mode === "play" && !inCombat(input)
      ? derived.actions[input.ruleset].map((a) => ({
          kind: a.kind,
          label: { key: a.label },
          amount: amountOf(a.left),
        }))
      : [];
  const routines = (input.actor.actions ?? DEFAULT_ACTION_OVERRIDES).segment.attackRoutines;
  const fields =
    input.mode === "edit" && input.ruleset === "segment"
      ? [
          numberField(
            "edit",
            "system.actions.segment.attackRoutines",
            "TEMPO.SHEET.Budget.AttackRoutines",
            routines,
            String(routines),
            1,
          ),
        ]
      : [];
  return { entries, shown: entries.length > 0, fields, hasFields: fields.length > 0 };
}
