/** The chosen move's allowance, for the ruler's speeds (movement-speeds.ts). */
import { moveAccess, moveAllowanceFeet, rotationMovesTaken } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { moveChoiceOf } from "./move-choices.ts";
import { movementEnded } from "./movement-context.ts";
import { tokenCombatOf } from "./token-combat.ts";

/**
 * PHS-5, PHS-11, ROT-11: the chosen move's allowance for the ruler and the speeds (s12-move's `speedsFor`
 * may cap a token's speeds with it): the feet the move allows, counted from `sinceFeet`, the feet the GM had
 * recorded the creature moved this turn when it chose the move; null where the creature's speeds decide
 * (or no combat rules apply).
 */
export function chosenMoveAllowance(token: TokenDocument.Implementation): { feet: number; sinceFeet: number } | null {
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null) return null;
  const choice = moveChoiceOf(found.combat, found.combatantId);
  const access = moveAccess({
    host: model.host,
    state: model.state,
    combatantId: found.combatantId,
    isGM: false,
    choice,
    movementEnded: movementEnded(token),
  });
  const feet = access.ok && access.how !== null ? moveAllowanceFeet(access.how) : null;
  return feet === null ? null : { feet, sinceFeet: choice?.sinceFeet ?? 0 };
}

/** ROT-11: how many Move actions the token's creature took this round (1 when none or another move). */
export function rotationMovesOf(token: TokenDocument.Implementation): number {
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null || model.ruleset !== "rotation") return 1;
  const choice = moveChoiceOf(found.combat, found.combatantId);
  return choice !== null && choice.round === model.host.round(model.state) ? rotationMovesTaken(choice) : 1;
}
