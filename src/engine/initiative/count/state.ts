/**
 * Building the count-track state and the small helpers every transition uses: look a combatant up
 * (brought up to date for the round, CNT-13), write it back (O(log n), see shared/persistent-vector.ts),
 * read a count for a round.
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";
import type { RollReasons } from "../contract.ts";
import { d20Roll, type PendingRollBase } from "../shared/linear-commands.ts";
import { COUNT_END_STEP, COUNT_TRACK_LENGTH } from "./delay.ts";
import { compareCountTies } from "./order.ts";
import type {
  CountCombatant,
  CountCombatantInput,
  CountEvent,
  CountOptions,
  CountPendingAction,
  CountState,
} from "./types.ts";
import { countIn, trackRound } from "./walk.ts";
import { vectorFromJoins, vectorGet, vectorGetById, vectorSet, vectorValues } from "../shared/persistent-vector.ts";

export const COUNT_DEFAULT_OPTIONS: CountOptions = { surprise: "automatic" };

/** CNT-2, CNT-5: the reasons of the count track's dice requests: a creature's initiative, a tie contest. */
export const COUNT_ROLL_REASONS = {
  initiative: "TEMPO.COMBAT.Count.RollReason.Initiative",
  contest: "TEMPO.COMBAT.Count.RollReason.Contest",
} as const satisfies RollReasons;

/** Events gathered while one command is applied (the dice it asks for follow from the state, requests.ts). */
export interface CountOut {
  readonly events: CountEvent[];
}

/** CNT-1: checks a combatant input (a non-empty id, an integer bonus) and builds its track record. */
export function validateCombatantInput(input: CountCombatantInput): Result<CountCombatant> {
  if (typeof input !== "object" || input === null) return err("TEMPO.ERRORS.Count.InvalidCombatant");
  if (typeof input.id !== "string" || input.id.length === 0) return err("TEMPO.ERRORS.Count.InvalidCombatant");
  if (!Number.isInteger(input.bonus)) return err("TEMPO.ERRORS.Count.InvalidBonus", { id: input.id });
  return ok(newCombatant(input));
}

/** CNT-2, CNT-5: a fresh track record: not rolled, no kept contest totals, nothing pending. */
export function newCombatant(input: CountCombatantInput): CountCombatant {
  return {
    id: input.id,
    // + 0 turns −0 into 0, which JSON would do anyway: the stored state must round-trip exactly.
    bonus: input.bonus + 0,
    isPlayer: input.isPlayer === true,
    defeated: input.defeated === true,
    result: null,
    count: null,
    countRound: -1,
    contest: [],
    secretContest: 0,
    surprised: false,
    unconscious: false,
    turnRound: -1,
    turnCount: -1,
    actedRound: -1,
    reactedRound: -1,
    resolvedRound: -1,
    savesRound: -1,
    casting: null,
    pending: [],
  };
}

/** CNT-4 (setting): a count-track encounter before `start`; duplicate ids or a non-integer bonus are refused. */
export function createCountState(
  combatants: readonly CountCombatantInput[],
  options: CountOptions = COUNT_DEFAULT_OPTIONS,
): Result<CountState> {
  if (options.surprise !== "automatic" && options.surprise !== "declared") {
    return err("TEMPO.ERRORS.Count.InvalidOptions");
  }
  const roster = vectorFromJoins(
    combatants,
    validateCombatantInput,
    (record) => record,
    "TEMPO.ERRORS.Count.DuplicateCombatant",
  );
  if (!roster.ok) return roster;
  const records = vectorValues(roster.value.combatants);
  // CNT-5: nobody has a contest total yet, so the tie order is by id.
  const tieOrder = records
    .map((record, slot) => ({ record, slot }))
    .sort((a, b) => compareCountTies(a.record, b.record))
    .map((e) => e.slot);
  return ok({
    scheme: "count",
    options: { surprise: options.surprise },
    status: "setup",
    round: -1,
    upcomingRound: -1,
    contestRound: -1,
    surpriseDeclared: false,
    combatants: roster.value.combatants,
    slots: roster.value.index,
    tieOrder,
    count: -1,
    scan: -1,
    current: null,
    queued: [],
    pending: {},
    nextAction: 1,
  });
}

/** A record brought up to date for `round` (itself when it already is). */
export function upToDate(c: CountCombatant, round: number): CountCombatant {
  if (round <= c.countRound) return c;
  return { ...c, count: countIn(c, round), countRound: round };
}

/** DEF-1: a combatant's track record by id (defeated ones too), up to date for the round, or null once it left. */
export function getCombatant(state: CountState, id: string): CountCombatant | null {
  const c = vectorGetById(state.slots, state.combatants, id);
  return c === null ? null : upToDate(c, trackRound(state));
}

/** The record in `slot` as stored (not brought up to date: read counts with `countIn`), or null. */
export function recordAt(state: CountState, slot: number): CountCombatant | null {
  return vectorGet(state.combatants, slot);
}

/** DEF-1: writes a record got from `getCombatant` back in O(log n); unknown ids change nothing. */
export function putCombatant(state: CountState, combatant: CountCombatant): CountState {
  const slot = slotOf(state, combatant.id);
  if (slot === null) return state;
  return { ...state, combatants: vectorSet(state.combatants, slot, combatant) };
}

/** The slot of a combatant still in the encounter, or null (own keys only: "__proto__" is an ordinary id). */
export function slotOf(state: CountState, id: string): number | null {
  if (typeof id !== "string" || !Object.hasOwn(state.slots, id)) return null;
  return state.slots[id] ?? null;
}

/** DEF-1: every combatant still in the encounter (the defeated too), in roster order, up to date. O(n). */
export function presentCombatants(state: CountState): CountCombatant[] {
  const round = trackRound(state);
  return vectorValues(state.combatants).map((c) => upToDate(c, round));
}

/** CNT-9: a count of a round as one position on the running track (round × 20 + count). */
export function absolutePosition(round: number, count: number): number {
  return round * COUNT_TRACK_LENGTH + count;
}

/** CNT-9: the round an absolute position falls in. */
export function roundOfPosition(position: number): number {
  return Math.floor(position / COUNT_TRACK_LENGTH);
}

/**
 * CNT-2, CNT-5: a creature's roll with the bonus written into its formula, and the totals it can give.
 * Initiative is "1d20 - bonus" (its total is the result, CNT-2), a contest "1d20 + bonus" (its total is
 * the kept contest total, CNT-5): the total fed back is the formula's, as in every scheduler.
 */
export function countRoll(id: string, c: Pick<CountCombatant, "id" | "bonus">, reason: I18nKey): PendingRollBase {
  return d20Roll(id, c.id, null, reason === COUNT_ROLL_REASONS.contest ? c.bonus : -c.bonus, reason);
}

/** CNT-6: the pending action a reference points at, or null. */
export function findAction(state: CountState, at: number, index: number): CountPendingAction | null {
  const bucket = state.pending[String(at)];
  if (bucket === undefined) return null;
  return vectorGet(bucket, index);
}

/** CNT-4, CNT-6: the count of the turn under way (20 − bonus in the surprise round). */
export function currentTurnCount(state: CountState): number {
  return Math.min(Math.max(state.count, 0), COUNT_END_STEP);
}

/**
 * CNT-12: the creatures a pending action is aimed at as the track holds it: the ones its declaration or a
 * later reaction (retarget, redirect) named, or null when none is named there. **Ruling:** an action
 * declared with an item but no target named on the track (the sheet's Attack, aimed at the user's
 * targeted tokens) rolls on the targets recorded with the item until a reaction names others; undoing the
 * reaction gives those back.
 */
export function countTargetsInForce(action: Pick<CountPendingAction, "targets">): readonly string[] | null {
  return action.targets.length > 0 ? action.targets : null;
}

/**
 * CNT-12: the point of origin an area spell is declared with. **Ruling:** the seed fixes the "target
 * position" of an area spell once declared without saying what it is; an area is aimed at one creature
 * (damage/areas.ts), so its origin is that creature's space (the caster's own, aimed at nobody), and no
 * reaction retargets the spell after that.
 */
export function countAreaOrigin(casterId: string, aimedAt: string | null): string {
  return aimedAt ?? casterId;
}

/** A creature's pending actions in declaration order (what a reaction can retarget, CNT-12). */
export function countPendingActionsOf(state: CountState, id: string): CountPendingAction[] {
  const c = getCombatant(state, id);
  if (c === null) return [];
  return c.pending
    .map((ref) => findAction(state, ref.at, ref.index))
    .filter((a): a is CountPendingAction => a !== null);
}
