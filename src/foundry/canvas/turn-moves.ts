/**
 * Issue 21 items 1 and 2: what each creature moved this Tempo turn, as the active GM accepted it (engine
 * landed-move.ts `TurnMoves`: feet, diagonal steps, where the token last stood), kept on its combat at
 * `flags.tempo.turnMoves.<combatantId>`. A Combat is written by its GM only (a player may write only its
 * turn and round: the Nimble system's PR Nimble-Co/FoundryVTT-Nimble#853), and its flags survive a reload,
 * so neither a player's console nor a GM's reload changes them. The token's own movement history and flags
 * are its owner's to write (`TokenDocument#clearMovementHistory`, any flag), so the budget never reads them.
 * The record starts again when the creature's turn starts, standing where its token is, in the step's own
 * Combat update (combat/turn-moves-record.ts).
 */
import type { TurnMoves } from "../../engine/index.ts";
import { TURN_MOVES_FLAG, turnMovesOf } from "../combat/turn-moves-record.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { tokenCombatOf } from "./token-combat.ts";

type Updatable = { update(data: Record<string, unknown>): Promise<unknown> };

/** The record of the token's creature in its Tempo combat, or null when it fights in none. */
export function tokenTurnMoves(token: TokenDocument.Implementation): TurnMoves | null {
  const found = tokenCombatOf(token);
  return found === null ? null : turnMovesOf(found.combat, found.combatantId);
}

/** The active GM's write of one creature's record. */
export async function writeTurnMoves(combat: Combat.Implementation, combatantId: string, record: TurnMoves) {
  const at = record.at === null ? null : { x: record.at.x, y: record.at.y };
  await (combat as unknown as Updatable).update({
    [`flags.${SYSTEM_ID}.${TURN_MOVES_FLAG}.${combatantId}`]: { feet: record.feet, diagonals: record.diagonals, at },
  });
}
