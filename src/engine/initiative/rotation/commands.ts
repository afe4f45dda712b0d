/** The `rotation` scheduler's commands and events (scheduler.ts runs them). */
import type { TurnSkipped } from "../shared/turn-walk.ts";
import type { CommonCommand, CommonEvent } from "../contract.ts";
import type { RotationInitiator, RotationKind } from "./state.ts";

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
  | { readonly type: "setInitiator"; readonly initiator: RotationInitiator };

export type RotationEvent =
  | CommonEvent
  /** DEF-1: a defeated creature's slot came and was passed over. */
  | TurnSkipped
  /** ROT-7: the planning phase begins (round 0); `initiator` is the side taking planning turns. */
  | { readonly type: "planningStarted"; readonly initiator: RotationInitiator }
  /** ROT-7: the planning phase is over; the first rotation starts next. */
  | { readonly type: "planningEnded" }
  /** ROT-7: the side that started the encounter (the one taking the planning turns) was set. */
  | { readonly type: "initiatorSet"; readonly initiator: RotationInitiator };
