/**
 * The segment ruleset's economy, per round (SEG-9, SEG-11, SEG-16).
 *
 * - SEG-9: one major action per round plus any number of minor actions. Movement of 10 ft or less is a
 *   minor action only after the major action and never in melee; otherwise movement is the major action.
 * - SEG-11: one spell per round, an immediate one included. A spell that is not immediate is also the
 *   round's major action.
 * - SEG-16: an attack routine is normally one per round, and the first one is the major action (creatures
 *   with multi-attack may be allowed more). A free attack needs no action, but the attacker gets at most
 *   one per opponent per round and one per segment, and surprised creatures cannot make one (it breaks
 *   the attacker's concentration: see `concentrationBroken` in conditions). An immediate attack follows
 *   the same limits and uses the major action, which must be unspent.
 *
 * Rulings: one positioning move (10 ft or less, after the major action) per round, or the movement
 * rule would allow any distance in 10 ft pieces; the surprised condition lasts until the round ends.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { CommonEvent } from "../initiative/contract.ts";
import { defineEconomy, type ActionEconomy } from "./economy.ts";

export type SegmentActionKind =
  "major" | "minor" | "move" | "spell" | "attackRoutine" | "freeAttack" | "immediateAttack";

export interface SegmentSpendContext {
  /** `move`: feet moved. */
  readonly feet?: number;
  /** `move`: the creature is in melee. */
  readonly inMelee?: boolean;
  /** `spell`: cast as an immediate action. */
  readonly immediate?: boolean;
  /** `freeAttack`, `immediateAttack` (required), `attackRoutine` (optional): the opponent attacked. */
  readonly opponentId?: string;
  /** `freeAttack`, `immediateAttack`: the segment it happens in, 1–10. */
  readonly segment?: number;
}

export interface SegmentActions {
  readonly major: number;
  readonly minors: number;
  readonly positioned: boolean;
  readonly spell: number;
  readonly attackRoutinesAllowed: number;
  readonly attackRoutinesUsed: number;
  /** Segments in which a free or immediate attack was made this round. */
  readonly freeAttackSegments: readonly number[];
  /**
   * Opponents already attacked this round by a free or immediate attack, or by an attack routine whose
   * target was named: SEG-16 allows one free attack "(or attack routine)" per opponent per round.
   */
  readonly attackedOpponents: readonly string[];
  readonly surprised: boolean;
}

/** SEG-9, SEG-16: A creature at the start of a round. `attackRoutines` is 1 unless it has multi-attack. */
export function segmentActions(surprised: boolean, attackRoutines = 1): SegmentActions {
  return {
    major: 1,
    minors: 0,
    positioned: false,
    spell: 1,
    attackRoutinesAllowed: Math.max(1, Math.floor(attackRoutines)),
    attackRoutinesUsed: 0,
    freeAttackSegments: [],
    attackedOpponents: [],
    surprised,
  };
}

/** SEG-9: positioning movement of this many feet or less can be a minor action. */
export const POSITIONING_MOVE_FEET = 10;

/** SEG-9, SEG-11, SEG-16: what the segment ruleset spends. */
export const SEGMENT_ACTION_KINDS: readonly SegmentActionKind[] = [
  "major",
  "minor",
  "move",
  "spell",
  "attackRoutine",
  "freeAttack",
  "immediateAttack",
];

const LABELS = {
  major: "TEMPO.ACTIONS.Major",
  minor: "TEMPO.ACTIONS.Minor",
  move: "TEMPO.ACTIONS.Move",
  spell: "TEMPO.ACTIONS.Spell",
  attackRoutine: "TEMPO.ACTIONS.AttackRoutine",
  freeAttack: "TEMPO.ACTIONS.FreeAttack",
  immediateAttack: "TEMPO.ACTIONS.ImmediateAttack",
} as const;

function spendSegment(
  state: SegmentActions,
  kind: SegmentActionKind,
  context?: SegmentSpendContext,
): Result<SegmentActions> {
  const none = err<SegmentActions>("TEMPO.ERRORS.Actions.NoneLeft", { kind });
  switch (kind) {
    case "major":
      return state.major > 0 ? ok({ ...state, major: 0 }) : none;
    case "minor":
      // SEG-4's weapon-speed count comes from the declaration (initiative/segment), not from this tracker.
      return ok({ ...state, minors: state.minors + 1 });
    case "move": {
      const feet = context?.feet;
      if (feet === undefined || !Number.isFinite(feet) || feet < 0)
        return err("TEMPO.ERRORS.Actions.InvalidDetail", { kind });
      if (state.major > 0) return ok({ ...state, major: 0 });
      if (feet > POSITIONING_MOVE_FEET || context?.inMelee === true || state.positioned)
        return err("TEMPO.ERRORS.Actions.MoveNeedsMajor");
      return ok({ ...state, positioned: true, minors: state.minors + 1 });
    }
    case "spell":
      if (state.spell <= 0) return err("TEMPO.ERRORS.Actions.OneSpellPerRound");
      if (context?.immediate === true) return ok({ ...state, spell: 0 });
      return state.major > 0 ? ok({ ...state, spell: 0, major: 0 }) : err("TEMPO.ERRORS.Actions.NeedsMajor", { kind });
    case "attackRoutine": {
      if (state.attackRoutinesUsed >= state.attackRoutinesAllowed) return err("TEMPO.ERRORS.Actions.OneAttackRoutine");
      const first = state.attackRoutinesUsed === 0;
      if (first && state.major <= 0) return err("TEMPO.ERRORS.Actions.NeedsMajor", { kind });
      const target = context?.opponentId;
      return ok({
        ...state,
        major: first ? 0 : state.major,
        attackRoutinesUsed: state.attackRoutinesUsed + 1,
        attackedOpponents:
          target === undefined || state.attackedOpponents.includes(target)
            ? state.attackedOpponents
            : [...state.attackedOpponents, target],
      });
    }
    case "freeAttack":
    case "immediateAttack": {
      const opponentId = context?.opponentId;
      const segment = context?.segment;
      if (
        opponentId === undefined ||
        segment === undefined ||
        !Number.isInteger(segment) ||
        segment < 1 ||
        segment > 10
      ) {
        return err("TEMPO.ERRORS.Actions.InvalidDetail", { kind });
      }
      if (state.surprised) return err("TEMPO.ERRORS.Actions.Surprised", { kind });
      if (state.freeAttackSegments.includes(segment))
        return err("TEMPO.ERRORS.Actions.OneFreeAttackPerSegment", { segment });
      if (state.attackedOpponents.includes(opponentId)) return err("TEMPO.ERRORS.Actions.OneFreeAttackPerOpponent");
      if (kind === "immediateAttack" && state.major <= 0) return err("TEMPO.ERRORS.Actions.NeedsMajor", { kind });
      return ok({
        ...state,
        major: kind === "immediateAttack" ? 0 : state.major,
        freeAttackSegments: [...state.freeAttackSegments, segment],
        attackedOpponents: [...state.attackedOpponents, opponentId],
      });
    }
  }
}

/** SEG-9, SEG-11, SEG-16: the segment ruleset's action tracker. */
export const segmentEconomy: ActionEconomy<SegmentActions, SegmentActionKind, SegmentSpendContext> = defineEconomy({
  ruleset: "segment",
  kinds: SEGMENT_ACTION_KINDS,
  labels: LABELS,

  spend: spendSegment,
  sound: (state: SegmentActions) => Array.isArray(state.freeAttackSegments) && Array.isArray(state.attackedOpponents),

  left(state: SegmentActions) {
    const routines =
      state.attackRoutinesUsed === 0 && state.major <= 0 ? 0 : state.attackRoutinesAllowed - state.attackRoutinesUsed;
    return {
      major: state.major,
      minor: null,
      move: state.major + (state.positioned ? 0 : 1),
      spell: state.spell,
      attackRoutine: routines,
      freeAttack: state.surprised ? 0 : 10 - state.freeAttackSegments.length,
      immediateAttack: state.surprised ? 0 : state.major,
    };
  },

  observe(state: SegmentActions, event: CommonEvent): SegmentActions {
    if (event.type === "roundStarted") return segmentActions(state.surprised, state.attackRoutinesAllowed);
    if (event.type === "roundEnded" && state.surprised) return { ...state, surprised: false };
    return state;
  },
});
