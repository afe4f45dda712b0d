/** The `rotation` scheduler's commands and events (scheduler.ts runs them). */
import type { TurnSkipped } from "../shared/turn-walk.ts";
import type { CommonCommand, CommonEvent } from "../contract.ts";
import type { RotationInitiator, RotationKind } from "./state.ts";
import type { ConstantHold } from "../../damage/constant-damage.ts";

export type RotationCommand =
  | CommonCommand
  /** A creature enters; with a `groupId` it shares that group's result (ROT-4, ROT-5). */
  | {
      readonly type: "join";
      readonly combatantId: string;
      readonly kind: RotationKind;
      readonly modifier: number;
      readonly groupId: string | null;
    }
  /** ROT-7: the GM says which side started the encounter, before the planning phase begins. */
  | { readonly type: "setInitiator"; readonly initiator: RotationInitiator }
  /**
   * ACT-ROT: a creature uses an action (a swing, grapple, trip, Swift …): `task` names what it does
   * (the action economy, actions/rotation-actions.ts, says what that costs and refuses an overspend).
   * Each use is its own step, so undo gives back exactly what it spent. AP-2: an attack with a
   * constant-damage weapon carries its roll (`constant`, damage/constant-damage.ts).
   */
  | { readonly type: "use"; readonly combatantId: string; readonly task: string; readonly constant?: unknown };

export type RotationEvent =
  | CommonEvent
  /** DEF-1: a defeated creature's slot came and was passed over. */
  | TurnSkipped
  /** ROT-7: the planning phase begins (round 0); `initiator` is the side taking planning turns. */
  | { readonly type: "planningStarted"; readonly initiator: RotationInitiator }
  /** ROT-7: the planning phase is over; the first rotation starts next. */
  | { readonly type: "planningEnded" }
  /** ROT-7: the side that started the encounter (the one taking the planning turns) was set. */
  | { readonly type: "initiatorSet"; readonly initiator: RotationInitiator }
  /**
   * ACT-ROT: a creature used an action for `task` (the action economy spends it). AP-2: `constant` is the
   * constant-damage roll it made, stamped with the rotation (the tracker keeps it until its next turn).
   */
  | {
      readonly type: "actionUsed";
      readonly combatantId: string;
      readonly task: string;
      readonly constant?: ConstantHold;
    };
