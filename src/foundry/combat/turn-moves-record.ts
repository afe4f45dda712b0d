/**
 * Issue 21 items 1 and 2: the active GM's record of what each creature moved this Tempo turn (engine
 * landed-move.ts `TurnMoves`), kept on its combat at `flags.tempo.turnMoves.<combatantId>` (canvas/turn-moves.ts
 * says why there). When a creature's turn starts its record starts again, standing where its token is, and its
 * last move choice goes (with one an undo took back); a move a step chooses is recorded; the tracker's undo or
 * redo takes a choice back or gives it back: all of it rides in the step's own Combat update (write-step.ts), so
 * a click stays one Combat write (issue 17).
 */
import {
  DEFAULT_MOVEMENT_POWERS,
  choiceAddsUp,
  choiceAfterUndo,
  chooseWithStep,
  newestUndoStep,
  readTurnMoves,
  type CombatStep,
  type HostEvent,
  type MoveChoice,
  type MoveHow,
  type SteppedChoice,
  type StoredCombat,
  type TurnMoves,
} from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";

export const TURN_MOVES_FLAG = "turnMoves";
/** The move chosen this turn (canvas/move-choices.ts), and the one an undo took back, by combatant id. */
export const MOVE_CHOICE_FLAG = "moves";
export const UNDONE_MOVE_FLAG = "undoneMoves";

/** `flags.tempo.<key>` of `combat` as stored, by combatant id (empty when absent). */
export function combatFlagEntries(combat: Combat.Implementation, key: string): Readonly<Record<string, unknown>> {
  const flags = (combat as unknown as { flags?: Record<string, unknown> }).flags?.[SYSTEM_ID];
  const all = typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[key] : undefined;
  return typeof all === "object" && all !== null ? (all as Record<string, unknown>) : {};
}

/** `flags.tempo.<key>.<combatantId>` of `combat` as stored (undefined when absent). */
export function combatFlagEntry(combat: Combat.Implementation, key: string, combatantId: string): unknown {
  return combatFlagEntries(combat, key)[combatantId];
}

/** The creature's record in `combat` (nothing moved, standing nowhere yet, when there is none). */
export function turnMovesOf(combat: Combat.Implementation, combatantId: string): TurnMoves {
  return readTurnMoves(combatFlagEntry(combat, TURN_MOVES_FLAG, combatantId) ?? null);
}

/**
 * A recorded choice: the engine's, and `sinceFeet`, the feet the GM had recorded the creature moved this turn
 * when it was made (turn-moves.ts; the chosen move's allowance counts from there: a 5 ft step after a Move
 * is 5 ft).
 */
export interface RecordedChoice extends SteppedChoice {
  readonly sinceFeet: number;
}

/** A stored choice read back (its `prior` one level deep), or null. */
export function readChoice(choice: unknown, depth = 0): RecordedChoice | null {
  if (typeof choice !== "object" || choice === null) return null;
  const c = choice as { how?: unknown; round?: unknown; sinceFeet?: unknown; steps?: unknown; prior?: unknown };
  const sinceFeet =
    typeof c.sinceFeet === "number" && Number.isFinite(c.sinceFeet) && c.sinceFeet >= 0 ? c.sinceFeet : 0;
  const steps = Array.isArray(c.steps) ? c.steps.filter((k): k is string => typeof k === "string") : [];
  const prior = depth === 0 ? readChoice(c.prior, 1) : null;
  return typeof c.round === "number" && typeof c.how === "object" && c.how !== null
    ? { how: c.how as MoveHow, round: c.round, sinceFeet, steps, prior }
    : null;
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
export function turnMovesResets(
  combat: Combat.Implementation,
  events: readonly HostEvent[],
  chosen: ChoiceInput | null = null,
): object | null {
  const resets: Record<string, Record<string, unknown>> = {};
  const choices: Record<string, SteppedChoice | null> = {};
  const undone: Record<string, RecordedChoice | null> = {};
  const held = (key: string, id: string): boolean => {
    const entry = combatFlagEntry(combat, key, id);
    return entry !== null && entry !== undefined;
  };

  const choiceMoves: Record<string, RecordedChoice | null> = {};
  for (const event of events) {
    const id = (event as { combatantId?: unknown }).combatantId;
    const choice = chosen === null || typeof id !== "string" ? null : choiceOf(event, chosen);
    if (choice !== null && typeof id === "string") {
      choiceMoves[id] = recordedChoice(combat, id, choice, chosen?.undoStep ?? null);
      if (held(UNDONE_MOVE_FLAG, id)) undone[id] = null;
    }
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
  const moved = events.some((e) => e.type === "undone" || e.type === "redone");
  const back = moved && chosen !== null ? choicesAfterHistoryMove(combat, chosen.history) : null;
  const tempo: Record<string, object> = {};
  if (Object.keys(resets).length > 0) tempo[TURN_MOVES_FLAG] = resets;
  const allChoices = { ...choices, ...choiceMoves, ...back?.choices };
  if (Object.keys(allChoices).length > 0) tempo[MOVE_CHOICE_FLAG] = allChoices;
  const allUndone = { ...undone, ...back?.undone };
  if (Object.keys(allUndone).length > 0) tempo[UNDONE_MOVE_FLAG] = allUndone;
  return Object.keys(tempo).length === 0 ? null : { [SYSTEM_ID]: tempo };
}

/** A creature's record after a move that lands with the step (a move that ends a casting, SEG-10). */
export interface MovedRecord {
  readonly combatantId: string;
  readonly record: TurnMoves;
}

/**
 * The step's `flags` with a landed move's record in them too (canvas/landed-move.ts: the move and the
 * interrupt it causes are one Combat write), or the flags as they were.
 */
export function withMovedRecord(flags: object | null, moved: MovedRecord | null): object | null {
  if (moved === null) return flags;
  const tempo = ((flags as Record<string, Record<string, object>> | null)?.[SYSTEM_ID] ?? {}) as Record<string, object>;
  const { feet, diagonals, at } = moved.record;
  const entry = { feet, diagonals, at: at === null ? null : { x: at.x, y: at.y } };
  const records = { ...(tempo[TURN_MOVES_FLAG] ?? {}), [moved.combatantId]: entry };
  return { [SYSTEM_ID]: { ...tempo, [TURN_MOVES_FLAG]: records } };
}

/**
 * What a step's move choices need: the combat's ruleset, its round after the step, the step's undo number and
 * the combat's undo history after the step (an undo or redo reads the choices again from it).
 */
export interface ChoiceInput {
  readonly ruleset: string;
  readonly round: number;
  readonly undoStep: string | null;
  readonly history: StoredCombat["history"];
}

/**
 * The tracker's undo or redo (a step whose history moved): a choice made by a use the undo took back goes (engine
 * choiceAfterUndo); the choice as it stood is kept in `flags.tempo.undoneMoves` until a redo gives back its steps
 * (the same engine reading of the history) or a new choice replaces it. Only the entries that change.
 */
function choicesAfterHistoryMove(
  combat: Combat.Implementation,
  history: StoredCombat["history"],
): { choices: Record<string, SteppedChoice | null>; undone: Record<string, RecordedChoice | null> } {
  const choices: Record<string, SteppedChoice | null> = {};
  const undone: Record<string, RecordedChoice | null> = {};
  const ids = new Set([
    ...Object.keys(combatFlagEntries(combat, MOVE_CHOICE_FLAG)),
    ...Object.keys(combatFlagEntries(combat, UNDONE_MOVE_FLAG)),
  ]);
  for (const id of ids) {
    const choice = readChoice(combatFlagEntry(combat, MOVE_CHOICE_FLAG, id));
    const stash = readChoice(combatFlagEntry(combat, UNDONE_MOVE_FLAG, id));
    const fullest = stash ?? choice;
    // A choice read back carries its own `sinceFeet` (and its prior's), which the engine's reading keeps.
    const after = choiceAfterUndo(fullest, history);
    if (JSON.stringify(after) !== JSON.stringify(choice)) choices[id] = after;
    const keep = after === fullest ? null : fullest;
    if (JSON.stringify(keep) !== JSON.stringify(stash)) undone[id] = keep;
  }
  return { choices, undone };
}

const ROTATION_MOVES = new Set(["move", "step", "disengage"]);

/**
 * The move an event of the step chooses: ROT-11, a rotation Move, 5 ft step or Disengage the engine let
 * through; PHS-11, a phase Disengage opens the creature's 2-square shift (moveAccess gives the shift itself).
 */
function choiceOf(event: HostEvent, input: ChoiceInput): MoveChoice | null {
  const task = (event as { task?: unknown }).task;
  if (
    input.ruleset === "rotation" &&
    event.type === "actionUsed" &&
    typeof task === "string" &&
    ROTATION_MOVES.has(task)
  )
    return { how: { kind: "rotation", move: task } as MoveHow, round: input.round };
  if (input.ruleset === "phase" && event.type === "disengaged")
    return { how: { kind: "disengageShift", squares: DEFAULT_MOVEMENT_POWERS.disengage.squares }, round: input.round };
  return null;
}

/** The choice as stored after the step: a second rotation Move adds to the first (engine chooseWithStep). */
function recordedChoice(
  combat: Combat.Implementation,
  id: string,
  choice: MoveChoice,
  undoStep: string | null,
): RecordedChoice {
  const previous = readChoice(combatFlagEntry(combat, MOVE_CHOICE_FLAG, id));
  const stepped: SteppedChoice = chooseWithStep(previous, choice, undoStep);
  const kept = previous !== null && choiceAddsUp(previous, choice);
  return { ...stepped, sinceFeet: kept ? previous.sinceFeet : turnMovesOf(combat, id).feet };
}

/** The step's choice input (null when the combat is not Tempo's). */
export function choiceInputOf(ruleset: string | null, round: number, step: CombatStep): ChoiceInput | null {
  const history = step.stored.history;
  return ruleset === null ? null : { ruleset, round, undoStep: newestUndoStep(history), history };
}
