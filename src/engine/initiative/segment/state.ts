/**
 * Segment rounds: creating the state, reading combatants, checking inputs.
 */
import { err, ok, type Result } from "../../core/result.ts";
import { vectorFromJoins, vectorGetById, vectorSet, vectorValues } from "../shared/persistent-vector.ts";
import {
  DEFAULT_SEGMENT_SETTINGS,
  type SegmentCombatant,
  type SegmentJoin,
  type SegmentOrderStep,
  type SegmentSettings,
  type SegmentState,
} from "./types.ts";

const ORDER_STEPS: readonly SegmentOrderStep[] = ["innate", "missile", "melee", "other"];

/** SEG-2: a creature that has declared nothing yet. */
export function newSegmentCombatant(join: SegmentJoin, slot: number): SegmentCombatant {
  return {
    id: join.id,
    slot,
    groupId: join.groupId,
    dexReaction: join.dexReaction,
    surprised: join.surprised,
    defeated: false,
    declaration: null,
    declaredRound: 0,
    revealed: false,
    initiative: null,
    initiativeRound: 0,
    delayedRound: 0,
    majorSpentRound: 0,
    immediateSpellRound: 0,
    castingFailedRound: 0,
    attackedRound: 0,
    attacked: [],
    freeAttackAt: -1,
  };
}

/** SEG-2, SEG-17: a join needs an id, a group, a whole Dexterity reaction adjustment and a surprise flag. */
export function checkSegmentJoin(join: SegmentJoin): Result<SegmentJoin> {
  if (typeof join.id !== "string" || join.id.length === 0) return err("TEMPO.ERRORS.Segment.InvalidCombatant");
  if (
    typeof join.groupId !== "string" ||
    join.groupId.length === 0 ||
    !Number.isSafeInteger(join.dexReaction) ||
    typeof join.surprised !== "boolean"
  ) {
    return err("TEMPO.ERRORS.Segment.InvalidCombatant", { id: join.id });
  }
  return ok(join);
}

/** SEG-3 (setting): the group order must name D1–D4 (innate, missile, melee, other) once each. */
export function checkSegmentSettings(settings: SegmentSettings): Result<SegmentSettings> {
  const order = settings.groupOrder;
  if (!Array.isArray(order) || order.length !== ORDER_STEPS.length || !ORDER_STEPS.every((s) => order.includes(s))) {
    return err("TEMPO.ERRORS.Segment.InvalidGroupOrder");
  }
  if (typeof settings.dexReaction !== "boolean") return err("TEMPO.ERRORS.Segment.InvalidSettings");
  return ok({ groupOrder: [...order], dexReaction: settings.dexReaction });
}

/** SEG-2: a combat that has not started, with these combatants in join order (O(n)). */
export function createSegmentState(
  combatants: readonly SegmentJoin[] = [],
  settings: SegmentSettings = DEFAULT_SEGMENT_SETTINGS,
): Result<SegmentState> {
  const checked = checkSegmentSettings(settings);
  if (!checked.ok) return checked;
  const roster = vectorFromJoins(
    combatants,
    checkSegmentJoin,
    newSegmentCombatant,
    "TEMPO.ERRORS.Segment.DuplicateCombatant",
  );
  if (!roster.ok) return roster;
  return ok({
    settings: checked.value,
    round: 0,
    step: 0,
    segment: 0,
    ...roster.value,
    groupRolls: {},
    schedule: [],
    scheduleRound: 0,
    cursor: -1,
    current: null,
    delayedTurns: [],
    rolls: [],
    nextRequest: 1,
  });
}

/** DEF-1: the combatant with this id, or null when it never joined or has left. */
export function segmentCombatant(state: SegmentState, id: string): SegmentCombatant | null {
  return vectorGetById(state.index, state.combatants, id);
}

/** DEF-1: every combatant present, in join order. */
export function segmentCombatants(state: SegmentState): SegmentCombatant[] {
  return vectorValues(state.combatants);
}

/** DEF-1: writes a combatant back into its own slot (O(log n)). */
export function putSegmentCombatant(state: SegmentState, combatant: SegmentCombatant): SegmentState {
  return { ...state, combatants: vectorSet(state.combatants, combatant.slot, combatant) };
}

/** DEF-1: frees a departed combatant's slot (its id may join again with a new one). */
export function freeSegmentSlot(state: SegmentState, combatant: SegmentCombatant): SegmentState {
  return { ...state, combatants: vectorSet(state.combatants, combatant.slot, null) };
}
