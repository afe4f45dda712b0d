/**
 * Phase rounds (`phase`, RULES §3): the state, commands and events of the phase scheduler.
 * State is plain JSON; "never" is 0 for round numbers (rounds start at 1), "no value" is `null`.
 *
 * Stored shape (issue 8): a step writes only what it changes, so per-round facts are tagged with their
 * round rather than cleared on everyone when a round starts, and the round's order is built once, when
 * the initiative phase's dice settle. A phase boundary then moves a cursor and flips the phase.
 */
import type { CommonCommand, CommonEvent, RollReasons } from "../contract.ts";
import type { PersistentVector, SlotIndex } from "../shared/persistent-vector.ts";

/** PHS-1: the four phases of every round, in order. */
export type PhaseName = "initiative" | "movement" | "battle" | "end";
export const PHASE_NAMES: readonly PhaseName[] = ["initiative", "movement", "battle", "end"];

/** The phases in which creatures take turns. */
export type PhaseTurnPhase = "movement" | "battle";

export interface PhaseCombatant {
  readonly id: string;
  /** Join order: the last tie-break, so every order is total and stable. */
  readonly slot: number;
  readonly int: number;
  readonly agi: number;
  /**
   * PHS-2: the 2d6 + INT + AGI rolled (or set) for `initiativeRound`, or null. A creature up when a
   * later round starts must roll again: until it does, it has no initiative in that round (see
   * `roundInitiative`); a defeated one keeps its last value and place (DEF-1).
   */
  readonly initiative: number | null;
  /** The round `initiative` and `rollOff` belong to; 0 = never rolled. */
  readonly initiativeRound: number;
  /** PHS-2: d6 roll-offs kept for `initiativeRound`, compared element by element (higher wins). */
  readonly rollOff: readonly number[];
  /**
   * PHS-2: its next d6 roll-off is asked for (it is level with another creature). Counts only in
   * `initiativeRound`, while that round's phases roll: a new round, a new total or an answer ends it.
   */
  readonly rollingOff: boolean;
  readonly defeated: boolean;
  /**
   * DEF-1: a round in which it keeps its earlier initiative although it is up: it was defeated when
   * that round's initiative phase began and revived after it. 0 = never.
   */
  readonly keptRound: number;
  /** PHS-4: the round this creature seized the initiative in; 0 = never. */
  readonly seizedRound: number;
  /** PHS-10: attacks against it have 1 source of disadvantage until its next turn starts. */
  readonly defending: boolean;
  /** PHS-11: the round it disengaged in (its attacks have disadvantage through the next round); 0 = never. */
  readonly disengagedRound: number;
  /**
   * The round of its last movement turn, or of one it lost: passed while it was defeated, then moved
   * to the part of the lane still to come (it does not move late). 0 = never.
   */
  readonly movedRound: number;
  /** The round its battle turn started (a delay counts as started); 0 = never. */
  readonly actedRound: number;
}

/** PHS-9: `delayerId` acts as soon as `afterId` has finished its battle turn. */
export interface PhaseWait {
  readonly delayerId: string;
  readonly afterId: string;
}

/** PHS-9: a delay declared in `round` (the tracker shows the delayer after its target that round). */
export interface PhaseDelay extends PhaseWait {
  readonly round: number;
}

export type PhaseRollKind = "initiative" | "rollOff";

/** PHS-2: the reasons of phase's dice requests: a creature's 2d6 + INT + AGI, a d6 roll-off. */
export const PHASE_ROLL_REASONS = {
  initiative: "TEMPO.COMBAT.Phase.InitiativeRoll",
  rollOff: "TEMPO.COMBAT.Phase.RollOff",
} as const satisfies Readonly<Record<PhaseRollKind, string>> & RollReasons;

/** PHS-7: the battle action taken in the current turn (one per turn), or null. */
export type PhaseTurnAction = "defend" | "disengage" | "delay" | PhaseUseAction;

/** PHS-7: the battle actions an attack or an item from the sheet takes (`battleAction`). */
export type PhaseUseAction = "attack" | "activateItem";

export interface PhaseState {
  /** 0 before the combat starts. */
  readonly round: number;
  /** null before the combat starts. */
  readonly phase: PhaseName | null;
  readonly combatants: PersistentVector<PhaseCombatant>;
  /** Combatant id → slot. A departed combatant's slot holds null. */
  readonly index: SlotIndex;
  /**
   * PHS-3, PHS-4, PHS-7: the round's order: highest initiative first with the seizers last, which is
   * the battle lane; the movement lane reads it from the end. Built in the initiative phase whenever
   * no dice are pending (the roll that settles the last tie builds it), kept until the next round's
   * dice settle. Everyone with an initiative this round is in it, defeated creatures included (DEF-1).
   */
  readonly ranking: readonly string[];
  /**
   * Index in `ranking` of the last entry the current phase's lane has reached: the battle lane walks
   * up from -1, the movement lane down from `ranking.length`.
   */
  readonly cursor: number;
  /** Whose turn it is, or null. */
  readonly current: string | null;
  /** PHS-9: delayers released by a finished turn, acting before the battle lane continues. */
  readonly upNext: readonly string[];
  /**
   * DEF-1: creatures placed during the movement phase (joined, revived, initiative set) where the
   * movement lane has already passed, that have not moved yet: they move next, lowest first. (Their
   * place in the ranking is their battle place.)
   */
  readonly catchUp: readonly string[];
  /** PHS-9: delayers still waiting, in the order they declared. */
  readonly waits: readonly PhaseWait[];
  /** PHS-9: the delays declared, released or not; only this round's count (older ones go with the next delay). */
  readonly delays: readonly PhaseDelay[];
  /** Combatants whose initiative changed mid-round (joined, revived, set): placed again once settled. */
  readonly unplaced: readonly string[];
  readonly turnAction: PhaseTurnAction | null;
}

export interface PhaseJoin {
  readonly id: string;
  readonly int: number;
  readonly agi: number;
}

export type PhaseCommand =
  | CommonCommand
  | { readonly type: "join"; readonly combatant: PhaseJoin }
  /** PHS-4: during the initiative phase, before anyone moves. */
  | { readonly type: "seize"; readonly combatantId: string }
  /** PHS-9: the current battle actor waits until `afterId` has finished its turn. */
  | { readonly type: "delay"; readonly combatantId: string; readonly afterId: string }
  /** PHS-10 */
  | { readonly type: "defend"; readonly combatantId: string }
  /** PHS-11 */
  | { readonly type: "disengage"; readonly combatantId: string }
  /** PHS-7: the current battle actor attacks or activates an item (the sheet gives it before the roll). */
  | { readonly type: "battleAction"; readonly combatantId: string; readonly action: PhaseUseAction };

type TurnEvents = { readonly type: "turnStarted" } | { readonly type: "turnEnded" };

export type PhaseEvent =
  | Exclude<CommonEvent, TurnEvents>
  | {
      readonly type: "turnStarted";
      readonly round: number;
      readonly combatantId: string;
      readonly phase: PhaseTurnPhase;
    }
  | { readonly type: "turnEnded"; readonly round: number; readonly combatantId: string; readonly phase: PhaseTurnPhase }
  | { readonly type: "phaseStarted"; readonly round: number; readonly phase: PhaseName }
  | { readonly type: "initiativeRolled"; readonly combatantId: string; readonly total: number }
  | { readonly type: "rollOffRolled"; readonly combatantId: string; readonly total: number }
  | { readonly type: "seized"; readonly round: number; readonly combatantId: string }
  | { readonly type: "delayed"; readonly round: number; readonly combatantId: string; readonly afterId: string }
  | { readonly type: "defended"; readonly round: number; readonly combatantId: string }
  | { readonly type: "disengaged"; readonly round: number; readonly combatantId: string }
  /** PHS-7: the creature took its turn's battle action to attack or activate an item. */
  | {
      readonly type: "battleActed";
      readonly round: number;
      readonly combatantId: string;
      readonly action: PhaseUseAction;
    }
  /** PHS-12: the end phase: this creature's effects that call for a save roll 2d6 now (7+ succeeds). */
  | { readonly type: "savesDue"; readonly combatantId: string; readonly round: number };
