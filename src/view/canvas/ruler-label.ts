/**
 * STD-7, STD-8, PHS-6: what a token ruler's waypoint label says about the movement budget: the feet
 * moved and what is left of each speed, or why the path is over budget. Messages; the Foundry layer
 * localizes them (src/foundry/canvas/token-ruler.ts).
 */
import type { Message, MovementBudget, Result } from "../../engine/index.ts";
import { SPEED_LABELS } from "../sheets/sheet-labels.ts";

export interface RulerBudgetLabel {
  readonly parts: readonly Message[];
  readonly over: boolean;
}

/** A movement refusal whose `mode` is named by the speed's label key (localized with the message). */
export function movementMessage(message: Message): Message {
  const mode = message.data?.mode;
  if (typeof mode !== "string" || !(mode in SPEED_LABELS)) return message;
  return { ...message, data: { ...message.data, mode: SPEED_LABELS[mode as keyof typeof SPEED_LABELS] } };
}

export function rulerBudgetLabel(budget: Result<MovementBudget>): RulerBudgetLabel {
  if (!budget.ok) return { parts: [movementMessage(budget.error)], over: true };
  const moved: Message = { key: "TEMPO.MOVEMENT.Ruler.Moved", data: { feet: budget.value.movedFeet } };
  const left = Object.entries(budget.value.remaining).map(([mode, feet]): Message => ({
    key: "TEMPO.MOVEMENT.Ruler.Left",
    data: { mode: SPEED_LABELS[mode as keyof typeof SPEED_LABELS], feet },
  }));
  return { parts: [moved, ...left], over: false };
}
