/**
 * Rotations (seeds/004, RULES §5): the state the `rotation` scheduler keeps. Plain JSON throughout.
 *
 * The order is made of *units*: a creature on its own, or a group sharing one initiative result
 * (ROT-4 shared initiative, ROT-5 enemy groups). A unit's members take their own turns one after
 * another, in the order they joined. Every member carries the unit's result in `initiative`.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { DiceRequest, RollReasons } from "../contract.ts";
import { noNegativeZero } from "../shared/highest-first.ts";
import { NO_ROUND_YET, type LinearRound } from "../shared/round-order.ts";

/** ROT-3: one rotation is 6 seconds. */
export const ROTATION_SECONDS = 6;
/** ROT-3: 10 rotations make a minute. */
export const ROTATIONS_PER_MINUTE = 10;
/** ROT-5: enemies are grouped 1 to 3 to a group. */
export const ROTATION_MAX_ENEMY_GROUP = 3;
/** ROT-6: at most this many player characters act in a row. */
export const ROTATION_MAX_PLAYERS_IN_ROW = 2;

/** `pc`: a player character. `ally`: a non-player creature on the players' side. `enemy`: the other side. */
export type RotationKind = "pc" | "ally" | "enemy";
/** ROT-7: who started the encounter. */
export type RotationInitiator = "players" | "enemies" | "both";

/** The GM's choices for this encounter (the *(setting)* rulings of RULES §5), kept in the state. */
export interface RotationOptions {
  /** ROT-4: creatures may share one initiative result (any group, any size). */
  readonly sharedInitiative: boolean;
  /** ROT-5: enemies may be put in groups of 1–3 sharing one result. */
  readonly enemyGroups: boolean;
  /** ROT-6: no more than two player characters in a row. */
  readonly noThreePlayersInRow: boolean;
  /** ROT-7: a planning phase before the first rotation. */
  readonly planningPhase: boolean;
  /** ROT-7: the side that started the encounter gets the planning phase's swift actions. */
  readonly initiator: RotationInitiator;
}

/** ROT-4..7: every *(setting)* off, the players started the encounter. */
export const DEFAULT_ROTATION_OPTIONS: RotationOptions = {
  sharedInitiative: false,
  enemyGroups: false,
  noThreePlayersInRow: false,
  planningPhase: false,
  initiator: "players",
};

export interface RotationCombatant {
  readonly id: string;
  readonly kind: RotationKind;
  /** ROT-1: initiative modifiers, +0 unless something raises them. An integer. */
  readonly modifier: number;
  /** The group sharing this creature's initiative (ROT-4, ROT-5), or null. */
  readonly groupId: string | null;
  /** Join order: members of a group act in this order. */
  readonly seq: number;
  /** ROT-1, ROT-2: the result (1d20 + modifiers, plus any tie bonus), or null until rolled. */
  readonly initiative: number | null;
  /** DEF-1. */
  readonly defeated: boolean;
}

/**
 * ROT-2: units whose rerolls tied each other, rolling 1d20 again among themselves for the places they share.
 */
export interface RotationRollOff {
  readonly rolling: readonly string[];
  /** The results their places give, highest first, one per unit (the lowest place may keep the tie's value). */
  readonly places: readonly number[];
  /** This reroll's results so far, by unit. */
  readonly results: Readonly<Record<string, number>>;
}

/**
 * ROT-2: a tie at `value` being rolled off (see contest.ts). `units` are the units of the roll-off that still
 * hold `value`: those rolling, and the one that placed last and keeps it. A unit that placed higher has its
 * new result and has left `units`. `rollOffs` are the rerolls still under way (the first ranks everyone at
 * once; later ones are among units whose rerolls tied); the roll-off is over when none is left.
 */
export interface RotationContest {
  readonly value: number;
  readonly units: readonly string[];
  readonly rollOffs: readonly RotationRollOff[];
}

/** ROT-1, ROT-2: the reasons of rotation's dice requests, by the kind of pending roll they ask for. */
export const ROTATION_ROLL_REASONS = {
  initiative: "TEMPO.COMBAT.Rotation.InitiativeRoll",
  contest: "TEMPO.COMBAT.Rotation.TieRoll",
} as const satisfies Readonly<Record<RotationPendingRoll["kind"], string>> & RollReasons;

export interface RotationPendingRoll {
  readonly request: DiceRequest;
  readonly kind: "initiative" | "contest";
  /** The unit the roll is for (see `rotationUnitKey`). */
  readonly unit: string;
  readonly min: number;
  readonly max: number;
}

/**
 * `setup` before start; `rolling` initiative; `planning` the ROT-7 planning phase (round 0);
 * `running` rotations 1, 2, …
 */
export type RotationStatus = "setup" | "rolling" | "planning" | "running";

/** `round` is the rotation under way (ROT-3), 0 during planning; `order` is this rotation's (or planning's) turns. */
export interface RotationState extends LinearRound {
  readonly scheme: "rotation";
  readonly options: RotationOptions;
  readonly status: RotationStatus;
  readonly combatants: Readonly<Record<string, RotationCombatant>>;
  /**
   * Creatures that joined while turns were being taken and have not started a turn yet → the round
   * they joined. Their slot may sit among the turns already taken (they wait for the next rotation):
   * the tracker does not show them as done.
   */
  readonly firstTurnDue: Readonly<Record<string, number>>;
  readonly contests: readonly RotationContest[];
  readonly rolls: readonly RotationPendingRoll[];
  /** Counter for request ids ("rot-1", …) and join order. */
  readonly nextRequest: number;
  readonly nextSeq: number;
  /**
   * ACT-ROT: how many actions have been used this combat (`use`); absent until the first. Each use
   * changes the state, so the combat's undo history holds it as its own step.
   */
  readonly uses?: number;
}

export interface RotationCombatantInput {
  readonly id: string;
  readonly kind: RotationKind;
  readonly modifier?: number;
  readonly groupId?: string | null;
  readonly initiative?: number | null;
}

const KINDS: readonly string[] = ["pc", "ally", "enemy"];
const INITIATORS: readonly string[] = ["players", "enemies", "both"];

/** ROT-7: one of the three initiators. */
export function isRotationInitiator(value: unknown): value is RotationInitiator {
  return typeof value === "string" && INITIATORS.includes(value);
}

/** ROT-1: a combatant or group id is a non-empty string that cannot reach an object's prototype. */
export function validRotationId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0 && id !== "__proto__";
}

/** ROT-4, ROT-5: the unit a creature belongs to: its group, or itself. Prefixed so group and creature ids never clash. */
export function rotationUnitKey(c: Pick<RotationCombatant, "id" | "groupId">): string {
  return c.groupId === null ? `c:${c.id}` : `g:${c.groupId}`;
}

/** ROT-7: the side a creature fights on. */
export function rotationSide(kind: RotationKind): "players" | "enemies" {
  return kind === "enemy" ? "enemies" : "players";
}

/** ROT-4..7: the encounter's settings, each a boolean, and a known initiator. */
export function validateRotationOptions(options: RotationOptions): Result<RotationOptions> {
  const flags = [options.sharedInitiative, options.enemyGroups, options.noThreePlayersInRow, options.planningPhase];
  if (flags.some((f) => typeof f !== "boolean") || !INITIATORS.includes(options.initiator)) {
    return err("TEMPO.ERRORS.Rotation.InvalidOptions");
  }
  return ok(options);
}

/**
 * ROT-4, ROT-5: a group is allowed when shared initiative is on (any creatures), or when it is all
 * enemies and enemy groups are on. While enemy groups are on, an all-enemy group has 1–3 members.
 */
export function validateRotationGroup(
  combatants: Readonly<Record<string, RotationCombatant>>,
  groupId: string,
  options: RotationOptions,
): Result<true> {
  if (!options.sharedInitiative && !options.enemyGroups)
    return err("TEMPO.ERRORS.Rotation.GroupsDisabled", { group: groupId });
  const members = Object.values(combatants).filter((c) => c.groupId === groupId);
  const allEnemies = members.every((c) => c.kind === "enemy");
  if (allEnemies && options.enemyGroups && members.length > ROTATION_MAX_ENEMY_GROUP) {
    return err("TEMPO.ERRORS.Rotation.GroupTooLarge", {
      group: groupId,
      size: members.length,
      max: ROTATION_MAX_ENEMY_GROUP,
    });
  }
  if (!allEnemies && !options.sharedInitiative) return err("TEMPO.ERRORS.Rotation.GroupNotEnemies", { group: groupId });
  return ok(true);
}

/** ROT-1: checks one new creature's own data (not its group). */
export function validateRotationCombatant(input: {
  readonly id: unknown;
  readonly kind: unknown;
  readonly modifier: unknown;
  readonly groupId: unknown;
}): Result<true> {
  if (!validRotationId(input.id)) return err("TEMPO.ERRORS.Rotation.InvalidId");
  if (typeof input.kind !== "string" || !KINDS.includes(input.kind))
    return err("TEMPO.ERRORS.Rotation.InvalidKind", { id: input.id });
  if (typeof input.modifier !== "number" || !Number.isInteger(input.modifier)) {
    return err("TEMPO.ERRORS.Rotation.InvalidModifier", { id: input.id });
  }
  if (input.groupId !== null && !validRotationId(input.groupId))
    return err("TEMPO.ERRORS.Rotation.InvalidGroup", { id: input.id });
  return ok(true);
}

/** ROT-1, ROT-4, ROT-5: builds the state before `start`. Members of a group given with different initiatives take the first one's. */
export function createRotationState(
  combatants: readonly RotationCombatantInput[] = [],
  options: Partial<RotationOptions> = {},
): Result<RotationState> {
  const merged = validateRotationOptions({ ...DEFAULT_ROTATION_OPTIONS, ...options });
  if (!merged.ok) return merged;
  const record: Record<string, RotationCombatant> = {};
  const groupValue = new Map<string, number | null>();
  let seq = 1;
  for (const input of combatants) {
    const modifier = input.modifier ?? 0;
    const groupId = input.groupId ?? null;
    const valid = validateRotationCombatant({ id: input.id, kind: input.kind, modifier, groupId });
    if (!valid.ok) return valid;
    if (Object.hasOwn(record, input.id)) return err("TEMPO.ERRORS.Rotation.DuplicateCombatant", { id: input.id });
    let initiative = input.initiative ?? null;
    if (initiative !== null && !Number.isFinite(initiative))
      return err("TEMPO.ERRORS.Rotation.InvalidInitiative", { id: input.id });
    if (groupId !== null) {
      if (groupValue.has(groupId)) initiative = groupValue.get(groupId) ?? null;
      else groupValue.set(groupId, initiative);
    }
    record[input.id] = {
      id: input.id,
      kind: input.kind,
      modifier: noNegativeZero(modifier),
      groupId,
      seq: seq++,
      initiative: initiative === null ? null : noNegativeZero(initiative),
      defeated: false,
    };
  }
  for (const groupId of groupValue.keys()) {
    const valid = validateRotationGroup(record, groupId, merged.value);
    if (!valid.ok) return valid;
  }
  return ok({
    scheme: "rotation",
    options: merged.value,
    status: "setup",
    ...NO_ROUND_YET,
    combatants: record,
    firstTurnDue: {},
    contests: [],
    rolls: [],
    nextRequest: 1,
    nextSeq: seq,
  });
}
