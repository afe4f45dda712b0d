/**
 * SEG-16 "normally one per round": the active GM refuses a segment declaration of more attack routines than
 * the declaring creature's stat block gives it (`system.actions.segment.attackRoutines`), whoever declares
 * and from wherever (the tracker's form, the sheet's Attack, a macro). The engine decides
 * (`checkDeclaredRoutines`); this reads the creature's actor.
 */
import {
  checkDeclaredRoutines,
  ok,
  type HostCommand,
  type Result,
  type SegmentDeclaration,
} from "../../engine/index.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorActionsOf } from "../data/actor/actor-stats-of.ts";
import { tempoModelOf } from "./tempo-model.ts";

/** Ok, or the engine's refusal of a declaration that names more routines than the creature has. */
export function declaredRoutinesCheck(combat: Combat.Implementation, command: HostCommand): Result<true> {
  if (command.type !== "declare" || tempoModelOf(combat)?.ruleset !== "segment") return ok(true);
  const { combatantId, declaration } = command as { combatantId?: unknown; declaration?: unknown };
  if (typeof combatantId !== "string" || typeof declaration !== "object" || declaration === null) return ok(true);
  const system = tempoActorModelOf(combat.combatants.get(combatantId)?.actor ?? null);
  if (system === null) return ok(true);
  const checked = checkDeclaredRoutines(
    declaration as SegmentDeclaration,
    actorActionsOf(system).segment.attackRoutines,
  );
  return checked.ok ? ok(true) : checked;
}
