/**
 * STD-6: the acting creature uses its Action, Quick Action or Interaction (an attack or a cast from the
 * sheet spends the Action). The scheduler checks only that it is that creature's turn and the kind is one
 * of the three; whether it is left is the host's action tracker's call (actions/standard-actions.ts,
 * checked before the step). The Reaction is not spent here: a readied action's `trigger` spends it.
 *
 * **Ruling:** every use is its own step (the state's `uses` counter changes), so Undo gives back exactly
 * what that use spent.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import type { Transition } from "../contract.ts";
import { own } from "../shared/round-order.ts";
import type { StandardState } from "./state.ts";
import type { StandardEvent } from "./types.ts";

/** STD-6: what a creature spends on its own turn with `use`. */
export const STANDARD_TURN_USES: readonly string[] = ["action", "quickAction", "interaction"];

export function use(
  state: StandardState,
  combatantId: string,
  kind: unknown,
): Result<Transition<StandardState, StandardEvent>> {
  if (typeof kind !== "string" || !STANDARD_TURN_USES.includes(kind))
    return err("TEMPO.ERRORS.Actions.UnknownKind", { kind: shown(kind) });
  if (own(state.combatants, combatantId) === undefined)
    return err("TEMPO.ERRORS.Standard.UnknownCombatant", { id: shown(combatantId) });
  if (state.status !== "running" || state.order[state.turnIndex] !== combatantId)
    return err("TEMPO.ERRORS.Standard.NotTheirTurn", { id: combatantId });
  const uses = (state.uses ?? 0) + 1;
  const event: StandardEvent = { type: "actionUsed", round: state.round, combatantId, kind };
  return ok({ state: { ...state, uses }, events: [event], requests: [] });
}
