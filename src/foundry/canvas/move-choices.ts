/**
 * The move each creature chose this round (PHS-5, ROT-11), kept on its combat at `flags.tempo.moves.<id>`
 * (a Combat only its GM may write, so a player cannot widen its own allowance), and cleared with the GM's
 * record of what it moved (turn-moves.ts) and the token's movement history when the creature's turn starts
 * (issue 21 item 2: movement history per the ruleset's turn; a phase creature's movement slot and battle turn
 * are each a turn).
 * - rotation: the sheet's Move, 5 ft step and Disengage give the engine's `use` command (rotation-uses.ts),
 *   which spends the action; the step's own Combat update records the move (combat/turn-moves-record.ts);
 * - phase: a movement power item chosen on the sheet asks the active GM (`move` request), who checks
 *   that it is the creature's movement slot and its first power this round, then records the power; a
 *   Disengage in the battle phase records where its 2-square shift starts (PHS-11), in the step's update too.
 * Each choice keeps the undo steps of the uses that made it: two rotation Moves add up, and the tracker's
 * undo of a use takes its choice back, its redo gives it back (engine move-steps.ts decides both), written in
 * the undo's or redo's own Combat update (combat/turn-moves-record.ts).
 * Core clears a combatant's movement history on its turn start in `Combat#_onStartTurn`
 * (API: foundryvtt.com/api/classes/foundry.documents.Combat.html `_clearMovementHistoryOnStartTurn`);
 * Tempo's turns are the engine's (`tempo.turnStarted`, documents/combat.ts), so Tempo clears it there,
 * with `TokenDocument#clearMovementHistory` (API: foundryvtt.com/api/classes/foundry.documents.TokenDocument.html).
 */
import {
  chooseWithStep,
  choiceAddsUp,
  newestUndoStep,
  moveAccess,
  movementPowerOf,
  type Message,
  type MoveChoice,
  type MoveHow,
  type PowerStats,
} from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { readableCombat, tempoModelOf } from "../combat/tempo-model.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { showNotice } from "../notice.ts";
import { askActiveGm, registerRequestHandler, type Answer } from "../socket/socket-channel.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { TempoCombat } from "../documents/combat.ts";
import {
  MOVE_CHOICE_FLAG,
  UNDONE_MOVE_FLAG,
  combatFlagEntry,
  readChoice,
  turnMovesOf,
  type RecordedChoice,
} from "../combat/turn-moves-record.ts";

const FLAG = MOVE_CHOICE_FLAG;
const UNDONE = UNDONE_MOVE_FLAG;

/** The creature's recorded choice in `combat`, or null. */
export function moveChoiceOf(combat: Combat.Implementation, combatantId: string): RecordedChoice | null {
  return readChoice(combatFlagEntry(combat, FLAG, combatantId));
}

type Updatable = { update(data: Record<string, unknown>): Promise<unknown> };

/**
 * The GM's write of one creature's choice (null clears it), made by the combat's newest step when
 * `byStep` (a use on the tracker or the sheet): a second rotation Move adds to the first (engine chooseWithStep).
 */
async function writeChoice(
  combat: Combat.Implementation,
  combatantId: string,
  choice: MoveChoice | null,
  byStep = false,
) {
  const key = `flags.${SYSTEM_ID}.${FLAG}.${combatantId}`;
  const previous = moveChoiceOf(combat, combatantId);
  const readable = byStep ? readableCombat(combat) : null;
  const step = readable?.ok === true ? newestUndoStep(readable.value.stored.history) : null;
  const stepped = choice === null ? null : chooseWithStep(previous, choice, step);
  const kept = choice !== null && previous !== null && choiceAddsUp(previous, choice);
  const sinceFeet = kept ? previous.sinceFeet : turnMovesOf(combat, combatantId).feet;
  const recorded = stepped === null ? null : { ...stepped, sinceFeet };
  const undone = `flags.${SYSTEM_ID}.${UNDONE}.${combatantId}`;
  const stash = combatFlagEntry(combat, UNDONE, combatantId);
  const stale = stash !== undefined && stash !== null;
  await (combat as unknown as Updatable).update(stale ? { [key]: recorded, [undone]: null } : { [key]: recorded });
}

interface TurnEvent {
  readonly combatantId?: unknown;
  readonly task?: unknown;
}

type HookOn = { on(hook: string, fn: (combat: Combat.Implementation, event: TurnEvent) => void): number };

/**
 * Issue 21 item 2: the creature's turn starts: its token's movement history (the ruler's path) is cleared. Its
 * last choice goes and the GM's record of what it moved starts again in the step's own Combat update
 * (combat/turn-moves-record.ts), so the click stays one Combat write.
 */
function onTurnStarted(combat: Combat.Implementation, event: TurnEvent): void {
  if (!isActiveGm() || tempoModelOf(combat) === null || typeof event.combatantId !== "string") return;
  const id = event.combatantId;
  const token = combat.combatants.get(id)?.token as
    | {
        clearMovementHistory?: () => Promise<unknown>;
        getFlag?: (scope: string, key: string) => unknown;
        unsetFlag?: (scope: string, key: string) => Promise<unknown>;
      }
    | null
    | undefined;
  void inWriterQueue(combat, async () => {
    if (typeof token?.clearMovementHistory === "function") await token.clearMovementHistory();
    // Earlier versions listed movements in these token flags, growing all session; nothing reads them now.
    for (const key of ["revertedMovements", "forcedMovements"])
      if (token?.getFlag?.(SYSTEM_ID, key) !== undefined) await token.unsetFlag?.(SYSTEM_ID, key);
  });
}

interface PowerRequest {
  readonly combatId?: unknown;
  readonly combatantId?: unknown;
  readonly itemId?: unknown;
}

const refused = (error: Message): Answer => ({ ok: false, error });

/** PHS-5: the GM side of a movement power chosen on the sheet; every check is made again here. */
export async function answerPowerChoice(data: PowerRequest, sender: User.Implementation): Promise<Answer> {
  const found: unknown = game.combats.get(typeof data?.combatId === "string" ? data.combatId : "");
  const combat = found instanceof TempoCombat ? found : undefined;
  const model = tempoModelOf(combat);
  const id = typeof data?.combatantId === "string" ? data.combatantId : "";
  const combatant = combat?.combatants.get(id);
  if (combat === undefined || model === null || model.state === null || combatant === undefined)
    return refused({ key: "TEMPO.ERRORS.Host.NotTempo" });
  if (!combatant.testUserPermission(sender, "OWNER")) return refused({ key: "TEMPO.SHEET.Combat.NotOwner" });
  const item = combatant.actor?.items.get(typeof data.itemId === "string" ? data.itemId : "");
  const stats = (item?.system as { stats?: PowerStats } | undefined)?.stats;
  if (item === undefined || item.type !== "power" || stats?.kind !== "movement")
    return refused({ key: "TEMPO.ERRORS.Movement.NotAMovementPower", data: { name: item?.name ?? "?" } });
  const round = model.host.round(model.state);
  if (moveChoiceOf(combat, id)?.round === round) return refused({ key: "TEMPO.ERRORS.Movement.PowerTaken" });
  const access = moveAccess({ host: model.host, state: model.state, combatantId: id, isGM: false, choice: null });
  // Only "choose a power first" says it is this creature's movement slot with no power yet.
  if (access.ok || access.error.key !== "TEMPO.ERRORS.Movement.ChoosePower")
    return refused(access.ok ? { key: "TEMPO.ERRORS.Movement.NotYourSlot" } : access.error);
  const how: MoveHow = { kind: "power", power: movementPowerOf(item.id ?? item.name, stats) };
  await inWriterQueue(combat, () => writeChoice(combat, id, { how, round }));
  return { ok: true };
}

/** PHS-5: the sheet's movement power: asks the active GM to record it; false (with the reason shown) when refused. */
export async function chooseMovementPower(
  combat: Combat.Implementation,
  combatantId: string,
  itemId: string,
): Promise<boolean> {
  const answer = await askActiveGm("move", { combatId: combat.id, combatantId, itemId });
  if (!answer.ok) showNotice(answer.error);
  return answer.ok;
}

export function registerMoveChoices(): void {
  const hooks = Hooks as unknown as HookOn;
  hooks.on("tempo.turnStarted", onTurnStarted);
  registerRequestHandler("move", (data, sender) => answerPowerChoice(data as PowerRequest, sender));
}
