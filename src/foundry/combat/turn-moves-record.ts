/**
 * Issue 21 items 1 and 2: the active GM's record of what each creature moved this Tempo turn (engine
 * landed-move.ts `TurnMoves`), kept on its combat at `flags.tempo.turnMoves.<combatantId>` (canvas/turn-moves.ts
 * says why there). When a creature's turn starts its record starts again, standing where its token is, and its
 * last move choice goes (with one an undo took back): those changes ride in the step's own Combat update
 * (write-step.ts), so a click stays one Combat write (issue 17).
 */
import { readTurnMoves, type HostEvent, type TurnMoves } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export const TURN_MOVES_FLAG = "turnMoves";
/** The move chosen this turn (canvas/move-choices.ts), and the one an undo took back, by combatant id. */
export const MOVE_CHOICE_FLAG = "moves";
export const UNDONE_MOVE_FLAG = "undoneMoves";

/** The creature's record in `combat` (nothing moved, standing nowhere yet, when there is none). */
export function turnMovesOf(combat: Combat.Implementation, combatantId: string): TurnMoves {
  const flags = (combat as unknown as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  const all = typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[TURN_MOVES_FLAG] : null;
  return readTurnMoves(typeof all === "object" && all !== null ? (all as Record<string, unknown>)[combatantId] : null);
}

type Spot = { x: number; y: number };

function tokenSpot(combat: Combat.Implementation, combatantId: string): Spot | null {
  const token = combat.combatants.get(combatantId)?.token as { x?: unknown; y?: unknown } | null | undefined;
  return typeof token?.x === "number" && typeof token.y === "number" ? { x: token.x, y: token.y } : null;
}

/**
 * The `flags` part of a step's Combat update for the creatures whose turn the step starts (only the keys that
 * change, Foundry merging objects key by key; a choice is cleared with null, as move-choices.ts writes it), or
 * null when nothing changes.
 */
export function turnMovesResets(combat: Combat.Implementation, events: readonly HostEvent[]): object | null {
  const resets: Record<string, Record<string, unknown>> = {};
  const choices: Record<string, null> = {};
  const undone: Record<string, null> = {};
  const flags = (combat as unknown as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  const held = (key: string, id: string): boolean => {
    const all = typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[key] : null;
    const entry = typeof all === "object" && all !== null ? (all as Record<string, unknown>)[id] : null;
    return entry !== null && entry !== undefined;
  };
  for (const event of events) {
    const id = (event as { combatantId?: unknown }).combatantId;
    if (event.type !== "turnStarted" || typeof id !== "string") continue;
    const record = turnMovesOf(combat, id);
    const at = tokenSpot(combat, id);
    const change: Record<string, unknown> = {};
    if (record.feet !== 0) change.feet = 0;
    if (record.diagonals !== 0) change.diagonals = 0;
    if (at !== null && (record.at?.x !== at.x || record.at.y !== at.y)) change.at = at;
    if (Object.keys(change).length > 0) resets[id] = change;
    if (held(MOVE_CHOICE_FLAG, id)) choices[id] = null;
    if (held(UNDONE_MOVE_FLAG, id)) undone[id] = null;
  }
  const tempo: Record<string, object> = {};
  if (Object.keys(resets).length > 0) tempo[TURN_MOVES_FLAG] = resets;
  if (Object.keys(choices).length > 0) tempo[MOVE_CHOICE_FLAG] = choices;
  if (Object.keys(undone).length > 0) tempo[UNDONE_MOVE_FLAG] = undone;
  return Object.keys(tempo).length === 0 ? null : { [SYSTEM_ID]: tempo };
}
