/**
 * Who may move a token now, and how (PHS-3, PHS-4, PHS-5, PHS-11, ROT-11, issue 21 item 2): a GM may always
 * move anything; before the combat starts, and for a creature not in it, a move is free. Otherwise:
 * - `phase`: only in the movement phase, only the creature whose movement slot it is (the scheduler's
 *   lane: lowest initiative first, seizers first, PHS-3, PHS-4), with the movement power it chose for
 *   the slot (PHS-5); in the battle phase only the acting creature after Disengage, its 2-square shift
 *   (PHS-11);
 * - `rotation`: only the acting creature, with the move it took from the sheet (Move, 5 ft step or
 *   Disengage: ROT-11, each spending its action);
 * - the others: only the acting creature, with its speeds.
 * **Ruling:** in `phase` and `rotation` a player chooses the power or the move before dragging (the
 * choice spends the budget, and a drag alone would not say which one was meant).
 * **Ruling** (issue 21 item 2): once the combat has started, a creature moves on its own only when its move is
 * now (`ownMoveNow`: the acting creature; in `phase` the creature whose movement slot it is, or the acting one
 * with its Disengage shift). A GM moving any other creature places it by fiat: the move spends none of that
 * creature's movement (host/landed-move.ts), and its ruler shows no budget.
 * **Ruling** (PHS-6, a creature Slowed before its movement slot): the source says "If you are Slowed at any
 * point during your movement, you lose all remaining squares of movement and end your turn". A creature
 * that is Slowed when its movement slot comes is Slowed at the first point of its movement: it loses every
 * square, so it moves nothing in that slot and chooses no movement power (`Movement.SlowedInSlot`, which
 * also tells it that its slot is over). Being Slowed is not a smaller speed: the source gives Slowed no
 * other effect on movement. Once the condition ends (the end-phase save, PHS-12, or the GM) the creature
 * moves again, in this slot too if it is still running. A GM may still move it (by fiat, as above). A
 * creature that becomes Slowed while its slot runs ends the slot at once (host/status-toggles.ts, issue 19).
 */
import type { Message } from "../core/result.ts";
import { phaseDisengageShift } from "../initiative/phase/modifiers.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { checkMoveHow, type MoveHow } from "../movement/move-consequences.ts";
import { hasFields } from "./host-common.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";

/** PHS-5, ROT-11: the move a creature chose this round (kept by the Foundry layer beside the combat). */
export interface MoveChoice {
  readonly how: MoveHow;
  readonly round: number;
}

/**
 * The answer: `how` is the move as the rules take it (null: no combat rules apply, the token is not in a
 * started combat); `enforced` is false for a GM, whose move is never refused nor held to an allowance
 * (its consequences, opportunity attacks, still follow `how`).
 */
export type MoveAccess =
  | { readonly ok: true; readonly how: MoveHow | null; readonly enforced: boolean }
  | { readonly ok: false; readonly error: Message };

export interface MoveAccessInput {
  readonly host: AnyRulesetHost;
  readonly state: unknown;
  /** The moving creature's combatant id, or null when the token is not in this combat. */
  readonly combatantId: string | null;
  readonly isGM: boolean;
  /** The creature's recorded choice, or null. */
  readonly choice: MoveChoice | null;
  /** The creature's movement has ended (it is Slowed, PHS-6). */
  readonly movementEnded: boolean;
}

const FREE: MoveAccess = { ok: true, how: null, enforced: false };
const allowed = (how: MoveHow): MoveAccess => ({ ok: true, how, enforced: true });

function refused(key: string, data: Record<string, string | number> = {}): MoveAccess {
  return { ok: false, error: { key, data } } as MoveAccess;
}

/** PHS-5, ROT-11: the recorded choice when it is this round's and one the rules know. */
function chosen(choice: MoveChoice | null, round: number): MoveHow | null {
  if (choice === null || typeof choice !== "object" || choice.round !== round) return null;
  const how = checkMoveHow(choice.how);
  return how.ok ? how.value : null;
}

function phaseAccess(state: PhaseState, id: string, choice: MoveChoice | null, ended: boolean): MoveAccess {
  if (state.phase === "movement") {
    if (state.current !== id) return refused("TEMPO.ERRORS.Movement.NotYourSlot");
    // PHS-6: Slowed at the slot's first point (the ruling above).
    if (ended) return refused("TEMPO.ERRORS.Movement.SlowedInSlot");
    const how = chosen(choice, state.round);
    return how?.kind === "power" ? allowed(how) : refused("TEMPO.ERRORS.Movement.ChoosePower");
  }
  const shift = phaseDisengageShift(state, id);
  if (shift !== null) return allowed({ kind: "disengageShift", squares: shift.squares });
  return refused("TEMPO.ERRORS.Movement.NotMovementPhase");
}

/** PHS-3, PHS-11, issue 21 item 2: whether it is the creature's own move now (see the ruling above). */
export function ownMoveNow(host: AnyRulesetHost, state: unknown, combatantId: string): boolean {
  if (!host.started(state)) return true;
  if (host.id === "phase" && hasFields(state, ["phase", "current", "round", "combatants"])) {
    const phase = state as unknown as PhaseState;
    if (phase.phase === "movement") return phase.current === combatantId;
    return phaseDisengageShift(phase, combatantId) !== null;
  }
  return host.current(state) === combatantId;
}

/** PHS-3, PHS-4, PHS-5, PHS-11, ROT-11: whether the creature may move now, and how. */
export function moveAccess(input: MoveAccessInput): MoveAccess {
  const { host, state, combatantId } = input;
  if (combatantId === null || !host.started(state)) return FREE;
  // A GM's move: the creature's choice this round where it made one, else a plain move.
  if (input.isGM)
    return { ok: true, how: chosen(input.choice, host.round(state)) ?? { kind: "move" }, enforced: false };
  if (host.defeated(state, combatantId)) return refused("TEMPO.ERRORS.Movement.Defeated");
  if (host.id === "phase" && hasFields(state, ["phase", "current", "round", "combatants"])) {
    // The phase host's states are PhaseStates (phase-tracker.ts takes them back the same way).
    return phaseAccess(state as unknown as PhaseState, combatantId, input.choice, input.movementEnded);
  }
  if (host.current(state) !== combatantId) return refused("TEMPO.ERRORS.Movement.NotYourTurn");
  if (host.id !== "rotation") return allowed({ kind: "move" });
  const how = chosen(input.choice, host.round(state));
  return how?.kind === "rotation" ? allowed(how) : refused("TEMPO.ERRORS.Movement.ChooseRotationMove");
}
