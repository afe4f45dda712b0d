/**
 * SEG-10 "… or is impeded": a move the active GM accepted that takes the mover past half its movement this
 * turn ends its concentration (the engine decides, from the record before and after the move: conditions/
 * concentration-move.ts `moveEndsConcentration`; this only reads the token and writes what it ends).
 * A casting in its segment combat is interrupted in the same Combat write as the move's record (run-command.ts
 * `moved`), so the move stays one Combat write; the statuses come off and a message says why
 * (conditions/break-concentration.ts). Called by landed-move.ts inside the combat's writer queue.
 */
import {
  moveEndsConcentration,
  type Message,
  type MovedSegment,
  type RulesetId,
  type TurnMoves,
} from "../../engine/index.ts";
import { runCommand } from "../combat/run-command.ts";
import { breakConcentration, concentrationHeld, type Interrupter } from "../conditions/break-concentration.ts";
import { speedsFor } from "./movement-speeds.ts";
import type { TokenCombat } from "./token-combat.ts";

const MOVED: Message = { key: "TEMPO.CONDITIONS.ConcentrationLost.Moved" };

/**
 * SEG-10: ends the mover's concentration when its move (`before` → `after`, the GM's record) took it past
 * its allowance. Whether the record was written with the interrupt (then the caller writes it no more).
 */
export async function endConcentrationByMove(
  token: TokenDocument.Implementation,
  found: TokenCombat,
  ruleset: RulesetId,
  measured: { readonly segments: readonly MovedSegment[] },
  before: TurnMoves,
  after: TurnMoves,
): Promise<boolean> {
  const actor = token.actor;
  if (actor === null) return false;
  const move = {
    feetThisTurn: after.feet,
    feetBefore: before.feet,
    segments: measured.segments,
    speeds: speedsFor(token),
  };
  if (moveEndsConcentration(ruleset, concentrationHeld(actor).held, move) === null) return false;
  let recorded = false;
  const interrupt: Interrupter = async (casting) => {
    const command = { type: "interrupt", combatantId: casting.combatantId } as const;
    if (casting.combat.id !== found.combat.id) {
      await casting.combat.tempoCommand(command);
      return;
    }
    const ran = await runCommand(casting.combat, command, true, { combatantId: found.combatantId, record: after });
    recorded = ran.ok;
  };
  await breakConcentration(actor, MOVED, interrupt);
  return recorded;
}
