/**
 * The `setGroup` command (GM only): `{ type: "setGroup", combatantIds, groupId }` (or one
 * `combatantId`) moves those combatants into the combat's CombatantGroup `groupId`, or out of their
 * group with `groupId: null` (ROT-4, ROT-5, SEG-2). The rules decide whether the move is allowed now
 * (engine: regroup.ts); refused, nothing changes. Allowed, it writes one Combatant update (core's
 * `group`, and the initiative a new group shares) and one Combat update (the engine; the undo history
 * is cleared: undo cannot take a document back).
 */
import {
  err,
  ok,
  regroupCombatants,
  settle,
  type DiceRequest,
  type HostCommand,
  type Result,
} from "../../../engine/index.ts";
import { hostCombatantOf } from "../../data/combatant/combatant-model.ts";
import { readableCombat } from "../tempo-model.ts";
import { rosterMoves } from "./membership.ts";
import { writeMembership } from "./membership-write.ts";

interface SetGroup {
  readonly ids: readonly string[];
  readonly groupId: string | null;
}

function parse(command: HostCommand): Result<SetGroup> {
  const invalid = err<SetGroup>("TEMPO.ERRORS.Host.InvalidCommand", { type: command.type });
  const { combatantIds, combatantId, groupId } = command;
  const ids = Array.isArray(combatantIds) ? (combatantIds as unknown[]) : [combatantId];
  if (ids.length === 0 || !ids.every((id): id is string => typeof id === "string")) return invalid;
  if (groupId !== null && typeof groupId !== "string") return invalid;
  return ok({ ids, groupId });
}

/** Runs `setGroup`; the dice the move asked for (a tie rolled off in rotations) are the caller's to roll. */
export async function setGroup(
  combat: Combat.Implementation,
  command: HostCommand,
): Promise<Result<readonly DiceRequest[]>> {
  const parsed = parse(command);
  if (!parsed.ok) return parsed;
  const { ids, groupId } = parsed.value;
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const { model, stored, state } = read.value;
  const missing = ids.find((id) => !combat.combatants.has(id));
  if (missing !== undefined) return err("TEMPO.ERRORS.Groups.UnknownCombatant", { id: missing });
  if (groupId !== null && !combat.groups.has(groupId)) return err("TEMPO.ERRORS.Groups.UnknownGroup", { id: groupId });
  const host = model.host;
  const overrides = new Map(ids.map((id) => [id, groupId]));
  const moved = regroupCombatants(host, state, rosterMoves(combat, hostCombatantOf, overrides));
  if (!moved.ok) return moved;
  const step = moved.value.events.length > 0 ? settle(host, stored, state, moved.value, "reset") : null;
  await writeMembership(combat, host, step, overrides);
  return ok(step?.requests ?? []);
}
