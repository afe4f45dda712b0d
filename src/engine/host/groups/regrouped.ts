/** The event every group move that changes the engine reports (regroup.ts). */
import type { HostEvent } from "../ruleset-host.ts";

/** ROT-4, ROT-5, SEG-2: the creature now shares `groupId`'s initiative (rotation null: its own). */
export interface RegroupedEvent extends HostEvent {
  readonly type: "combatantRegrouped";
  readonly combatantId: string;
  readonly groupId: string | null;
}

export function regrouped(combatantId: string, groupId: string | null): RegroupedEvent {
  return { type: "combatantRegrouped", combatantId, groupId };
}
