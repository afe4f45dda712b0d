/**
 * AP-2 in a rotation combat: a constant-damage weapon has no AP cost; it damages its target every turn,
 * with one attack roll per rotation (action-points.ts holds the pacing rules; this is how a combat keeps them).
 *
 * **Ruling (AP-2 at the table):**
 * - The attack with a constant-damage weapon is an attack action (ROT-11: a Full action, or the Reaction
 *   of an attack of opportunity, ROT-10). Its roll is recorded on the wielder's rotation tracker
 *   (`RotationActions.constant`, GM-only `Combatant.system.actions`) together with the targets it hit,
 *   in the same step that spends the action, so one Undo gives back both. The targets hit are the active
 *   GM's reading of the roll's attack cards (`trustedConstantHits`), never the attacking client's list.
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
  /**
   * The attack messages of the roll, as the attacking client sends them: the active GM derives `hits`
   * from them (`trustedConstantHits`) and gives the engine only what they show.
   */
  readonly attacks?: readonly string[];
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
  // Each target once: a target listed twice would get the weapon's damage card twice on every turn
  // (review of issue 19). Which targets the roll really hit is the active GM's `trustedConstantHits`.
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

/** AP-2, issue 18: an attack message a constant-damage claim names, as the active GM's client reads it. */
export interface ConstantAttackFacts {
  readonly id: string;
  /** Whether the message's author (as the server records it) is the user who gave the command. */
  readonly byClaimant: boolean;
  /** The UUIDs the attack card records. */
  readonly attackerUuid: unknown;
  readonly itemUuid: unknown;
  readonly targetUuid: unknown;
  /** Whether the card's resolution is a hit (null: no verdict, or no attack card). */
  readonly hit: boolean | null;
}

/** AP-2, issue 18: a `use` command's constant-damage claim with the facts the active GM read for it. */
export interface ConstantClaim {
  /** The wielder's actor (its combatant's, read on the GM's side) and the weapon the command names. */
  readonly wielderUuid: string;
  readonly item: string;
  /** The attack messages the command names (null: no such message on the GM's client). */
  readonly attacks: readonly (ConstantAttackFacts | null)[];
  /** The actors of this combat's combatants. */
  readonly combatants: readonly string[];
  /** The attack messages that backed an earlier constant-damage roll of the wielder. */
  readonly used: readonly string[];
}

/**
 * AP-2, issue 18: the targets a constant-damage roll hit, derived by the active GM from the attack messages
 * the command names, never from the client's list. **Ruling:** a hit counts only from an attack card the
 * command's own user posted, for this wielder and this weapon, that records a hit on a creature in this
 * combat, and that backed no earlier roll; each card backs one target once, so there are never more hits
 * than the attacks rolled. Anything else is left out (a forged list gives nothing); whether the card's
 * own roll hit is trusted as a damage card's is (trust/trusted-damage.ts).
 */
export function trustedConstantHits(claim: ConstantClaim): string[] {
  const hits: string[] = [];
  const seen = new Set<string>();
  for (const attack of claim.attacks) {
    if (attack === null || seen.has(attack.id) || claim.used.includes(attack.id)) continue;
    seen.add(attack.id);
    const target = attack.targetUuid;
    const holds =
      attack.byClaimant &&
      attack.hit === true &&
      attack.attackerUuid === claim.wielderUuid &&
      attack.itemUuid === claim.item &&
      typeof target === "string" &&
      target !== claim.wielderUuid &&
      claim.combatants.includes(target);
    if (holds && !hits.includes(target)) hits.push(target);
  }
  return hits;
}
