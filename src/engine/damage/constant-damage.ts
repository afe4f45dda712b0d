/**
 * AP-2 in a rotation combat: a constant-damage weapon has no AP cost; it damages its target every turn,
 * with one attack roll per rotation (action-points.ts holds the pacing rules; this is how a combat keeps them).
 *
 * **Ruling (AP-2 at the table):**
 * - The attack with a constant-damage weapon is an attack action (ROT-11: a Full action, or the Reaction
 *   of an attack of opportunity, ROT-10). Its roll is recorded on the wielder's rotation tracker
 *   (`RotationActions.constant`, GM-only `Combatant.system.actions`) together with the targets it hit,
 *   in the same step that spends the action, so one Undo gives back both.
 * - "Once per rotation" is counted from the wielder's own turn: a rotation is six seconds, and the
 *   wielder's are the seconds from one of its turns to the next. A second roll before its next turn
 *   starts is refused (`TEMPO.ERRORS.Rotation.ConstantRolled`); its next turn clears the record.
 * - "Every turn": a hit deals the weapon's damage at once (the attack's own damage card) and again at
 *   the start of every later turn of any creature until the wielder's next turn starts (then it must
 *   roll again). Each of those turns posts the weapon's damage card on each target hit, with Apply and
 *   Undo as any damage card; the GM decides whether the target is still in reach. A miss deals nothing
 *   until the wielder's next roll.
 * - A defeated wielder no longer damages anything; a wielder whose turn never comes stops after the
 *   rotation that follows its roll (DEF-1: a defeated creature's turn is passed over).
 */
import { err, ok, type Result } from "../core/result.ts";

/** AP-2: the `constant` part of a rotation `use` command: the weapon used and the targets its roll hit. */
export interface ConstantUse {
  /** The weapon (the Foundry layer writes its UUID). */
  readonly item: string;
  /** The targets the roll hit (the Foundry layer writes their actors' UUIDs); empty on a miss. */
  readonly hits: readonly string[];
}

/** AP-2: a constant-damage roll on the wielder's tracker: the use and the rotation it was made in. */
export interface ConstantHold extends ConstantUse {
  readonly round: number;
}

/** AP-2: the tasks that are an attack with the weapon (ROT-10, ROT-11). */
export const CONSTANT_TASKS: readonly string[] = ["attack", "opportunityAttack"];

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** AP-2: a command's `constant` field, checked; a typed error when it is not one. */
export function readConstantUse(value: unknown): Result<ConstantUse> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return err("TEMPO.ERRORS.Rotation.InvalidConstantUse");
  const v = value as Record<string, unknown>;
  if (!isText(v.item) || !Array.isArray(v.hits) || !v.hits.every(isText))
    return err("TEMPO.ERRORS.Rotation.InvalidConstantUse");
  // Each target once: the hits come from the attacking client, and a target listed twice would get the
  // weapon's damage card twice on every turn (review of issue 19). Which targets the roll really hit is
  // not checked here (see the session note).
  return ok({ item: v.item, hits: [...new Set(v.hits)] });
}

/** AP-2: a stored roll read back (`RotationActions.constant`), or null when it is not one. */
export function readConstantHold(value: unknown): ConstantHold | null {
  const use = readConstantUse(value);
  const round = (value as { round?: unknown } | null)?.round;
  if (!use.ok || typeof round !== "number" || !Number.isInteger(round) || round < 0) return null;
  return { ...use.value, round };
}

/** AP-2: one turn's damage from a constant-damage weapon that hit: whose weapon, which, on whom. */
export interface ConstantTick {
  readonly wielderId: string;
  readonly item: string;
  readonly target: string;
}

/** A creature's constant-damage roll as the tracker holds it, and whether it is defeated now. */
export interface ConstantHolder {
  readonly id: string;
  readonly hold: ConstantHold | null;
  readonly defeated: boolean;
}

/** ROT-7: planning turns (round 0) are no rotation's turns; nothing damages on them. */
const FIRST_ROTATION = 1;

/**
 * AP-2: the damage the turn starting now (`combatantId` in rotation `round`) brings from every hit that is
 * still on (see the ruling above). The holders are read after the step that started the turn, so the
 * wielder's own new turn has already cleared its roll.
 */
export function constantTicks(
  turn: { readonly combatantId: string; readonly round: number },
  holders: Iterable<ConstantHolder>,
): ConstantTick[] {
  const ticks: ConstantTick[] = [];
  if (turn.round < FIRST_ROTATION) return ticks;
  for (const { id, hold, defeated } of holders) {
    if (hold === null || defeated || id === turn.combatantId || turn.round > hold.round + 1) continue;
    for (const target of hold.hits) ticks.push({ wielderId: id, item: hold.item, target });
  }
  return ticks;
}
