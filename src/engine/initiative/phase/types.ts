/**
 * Phase rounds (`phase`, RULES §3): the state, commands and events of the phase scheduler.
 * State is plain JSON; "never" is 0 for round numbers (rounds start at 1), "no value" is `null`.
 */
import type { CommonCommand, CommonEvent, DiceRequest, RollReasons } from "../contract.ts";
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
  /** PHS-2: this round's 2d6 + INT + AGI; a defeated creature keeps its last value (DEF-1). */
  readonly initiative: number | null;
  /** The round `initiative` was rolled (or set) for; 0 = never. */
  readonly initiativeRound: number;
  /** PHS-2: d6 roll-offs kept for `initiativeRound`, compared element by element (higher wins). */
  readonly rollOff: readonly number[];
  readonly defeated: boolean;
  /** PHS-4: the round this creature seized the initiative in; 0 = never. */
  readonly seizedRound: number;
  /** PHS-10: attacks against it have 1 source of disadvantage until its next turn starts. */
  readonly defending: boolean;
  /** PHS-11: the round it disengaged in (its attacks have disadvantage through the next round); 0 = never. */
  readonly disengagedRound: number;
  /** The round of its last movement turn; 0 = never. */
  readonly movedRound: number;
  /** The round its battle turn started (a delay counts as started); 0 = never. */
  readonly actedRound: number;
}

/** PHS-9: `delayerId` acts as soon as `afterId` has finished its battle turn. */
export interface PhaseWait {
  readonly delayerId: string;
  readonly afterId: string;
}

export type PhaseRollKind = "initiative" | "rollOff";

/** PHS-2: the reasons of phase's dice requests: a creature's 2d6 + INT + AGI, a d6 roll-off. */
export const PHASE_ROLL_REASONS = {
  initiative: "TEMPO.COMBAT.Phase.InitiativeRoll",
  rollOff: "TEMPO.COMBAT.Phase.RollOff",
} as const satisfies Readonly<Record<PhaseRollKind, string>> & RollReasons;

/** The battle action taken in the current turn (one per turn), or null. */
export type PhaseTurnAction = "defend" | "disengage" | "delay";

export interface PhaseState {
  /** 0 before the combat starts. */
  readonly round: number;
  /** null before the combat starts. */
  readonly phase: PhaseName | null;
  readonly combatants: PersistentVector<PhaseCombatant>;
  /** Combatant id → slot. A departed combatant's slot holds null. */
  readonly index: SlotIndex;
  /** This round's movement order (built when the movement phase starts), seizers first. */
  readonly moveOrder: readonly string[];
  /** This round's battle order (built with the movement order), seizers last. */
  readonly battleOrder: readonly string[];
  /** Index in the current phase's order of the last entry reached; -1 before the first. */
  readonly cursor: number;
  /** Whose turn it is, or null. */
  readonly current: string | null;
  /** PHS-9: delayers released by a finished turn, acting before the order continues. */
  readonly upNext: readonly string[];
  /** PHS-9: delayers still waiting, in the order they declared. */
  readonly waits: readonly PhaseWait[];
  /** PHS-9: every delay declared this round, released or not (the tracker shows delayers after their target). */
  readonly delays: readonly PhaseWait[];
  /** Combatants whose initiative changed mid-round (joined, revived, set): placed again once settled. */
  readonly unplaced: readonly string[];
  readonly turnAction: PhaseTurnAction | null;
  /** Dice asked for and not answered yet; a roll-off is told from an initiative roll by its reason. */
  readonly rolls: readonly DiceRequest[];
  /** Counter for request ids (never random). */
  readonly nextRequest: number;
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
  | { readonly type: "disengage"; readonly combatantId: string };

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
  /** PHS-12: the end phase: this creature's effects that call for a save roll 2d6 now (7+ succeeds). */
  | { readonly type: "savesDue"; readonly combatantId: string; readonly round: number };
