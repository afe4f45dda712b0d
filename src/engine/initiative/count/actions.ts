/**
 * Declaring actions on the track (CNT-6 … CNT-10, FEAT-CHARGED) and reacting to pending ones (CNT-12).
 */
import { err, ok, type Result } from "../../core/result.ts";
import { shown } from "../../dice/checks.ts";
import { parseWeaponProperties } from "../../damage/weapon-properties.ts";
import { chargedAttackDelay, countResolution, spellDelay, staggeredAttackCounts, weaponAttackDelay } from "./delay.ts";
import { absolutePosition, currentTurnCount, findAction, getCombatant, putCombatant, type CountOut } from "./state.ts";
import { currentId, savesDueNow } from "./track.ts";
import type {
  CountActionInput,
  CountCombatant,
  CountPendingAction,
  CountPendingRef,
  CountReactionInput,
  CountState,
} from "./types.ts";
import { vectorEmpty, vectorPush, vectorSet } from "../shared/persistent-vector.ts";

/** One piece of a declared action (a single attack, a spell, a charged attack …): its pending fields. */
type Piece = Pick<CountPendingAction, "kind" | "delay" | "attack" | "attacks" | "targets" | "origin" | "slotLevel">;

function validTargets(targets: readonly unknown[]): boolean {
  return targets.every((t) => typeof t === "string" && t.length > 0);
}

/**
 * CNT-7, CNT-8, FEAT-CHARGED: splits a declaration into pieces with their delays, or says why it is not
 * valid. A weapon's property names are checked by `parseWeaponProperties` (Weapon.* errors).
 */
export function actionPieces(action: CountActionInput): Result<Piece[]> {
  if (typeof action !== "object" || action === null) return err("TEMPO.ERRORS.Count.InvalidAction");
  if ("targets" in action && !Array.isArray(action.targets)) return err("TEMPO.ERRORS.Count.InvalidTarget");
  switch (action.kind) {
    case "attack": {
      const properties = parseWeaponProperties(action.properties);
      if (!properties.ok) return properties;
      const n = action.targets.length;
      if (n < 1) return err("TEMPO.ERRORS.Count.InvalidAttacks");
      if (!action.targets.every((t) => t === null || (typeof t === "string" && t.length > 0))) {
        return err("TEMPO.ERRORS.Count.InvalidTarget");
      }
      // CNT-7: the k-th attack resolves at count + k × delay (the counts the sheet shows, from 0).
      const delays = staggeredAttackCounts(0, weaponAttackDelay(properties.value), n);
      return ok(
        action.targets.map((target, i) => ({
          kind: "attack" as const,
          delay: delays[i] ?? 0,
          attack: i + 1,
          attacks: n,
          targets: target === null ? [] : [target],
          origin: null,
          slotLevel: null,
        })),
      );
    }
    case "charged": {
      const properties = parseWeaponProperties(action.properties);
      if (!properties.ok) return properties;
      const delay = chargedAttackDelay(properties.value, action.modifier);
      if (!delay.ok) return delay;
      if (action.target !== null && !validTargets([action.target])) return err("TEMPO.ERRORS.Count.InvalidTarget");
      return ok([
        {
          kind: "charged",
          delay: delay.value,
          attack: 1,
          attacks: 1,
          targets: action.target === null ? [] : [action.target],
          origin: null,
          slotLevel: null,
        },
      ]);
    }
    case "spell": {
      const delay = spellDelay(action.slotLevel);
      if (!delay.ok) return delay;
      if (!validTargets(action.targets)) return err("TEMPO.ERRORS.Count.InvalidTarget");
      if (action.origin !== null && typeof action.origin !== "string") return err("TEMPO.ERRORS.Count.InvalidTarget");
      return ok([
        {
          kind: "spell",
          delay: delay.value,
          attack: 1,
          attacks: 1,
          targets: [...action.targets],
          origin: action.origin,
          slotLevel: action.slotLevel,
        },
      ]);
    }
    case "other": {
      if (!Number.isInteger(action.delay) || action.delay < 0) {
        return err("TEMPO.ERRORS.Count.InvalidDelay", { delay: shown(action.delay) });
      }
      return ok([
        { kind: "other", delay: action.delay, attack: 1, attacks: 1, targets: [], origin: null, slotLevel: null },
      ]);
    }
    default:
      return err("TEMPO.ERRORS.Count.InvalidAction");
  }
}

/** Takes a pending action off the track (its bucket slot becomes null) and off its owner. */
function removePending(state: CountState, owner: CountCombatant, ref: CountPendingRef): CountState {
  const key = String(ref.at);
  const bucket = state.pending[key];
  const s =
    bucket === undefined
      ? state
      : { ...state, pending: { ...state.pending, [key]: vectorSet(bucket, ref.index, null) } };
  return putCombatant(s, {
    ...owner,
    pending: owner.pending.filter((r) => r.id !== ref.id),
    casting: owner.casting === ref.id ? null : owner.casting,
  });
}

/** CNT-6: cancels every pending action of a creature that leaves the encounter. */
export function dropPending(state: CountState, owner: CountCombatant, out: CountOut): CountState {
  let s = state;
  let c = owner;
  for (const ref of owner.pending) {
    const action = findAction(s, ref.at, ref.index);
    s = removePending(s, c, ref);
    c = getCombatant(s, owner.id) ?? c;
    if (action !== null) out.events.push({ type: "actionCancelled", action });
  }
  return s;
}

/** CNT-6: the creature whose turn it is declares its action; it resolves at count + delay. */
export function declare(
  state: CountState,
  combatantId: string,
  action: CountActionInput,
  out: CountOut,
): Result<CountState> {
  const c = getCombatant(state, combatantId);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id: combatantId });
  if (currentId(state) !== combatantId) return err("TEMPO.ERRORS.Count.NotYourTurn");
  if (c.actedRound === state.round) return err("TEMPO.ERRORS.Count.ActionAlreadySpent");
  if (c.defeated || c.unconscious) return err("TEMPO.ERRORS.Count.CannotAct");
  const pieces = actionPieces(action);
  if (!pieces.ok) return pieces;

  // The owner and the pending buckets are built up locally and written back once (a step stays cheap).
  let owner: CountCombatant = c;
  let buckets = state.pending;
  // CNT-10: spending the action any other way ends the casting; the spell is lost with its slot.
  if (owner.casting !== null) {
    const ref = owner.pending.find((r) => r.id === owner.casting);
    const lost = ref === undefined ? null : findAction(state, ref.at, ref.index);
    const bucket = ref === undefined ? undefined : buckets[String(ref.at)];
    if (ref !== undefined && bucket !== undefined)
      buckets = { ...buckets, [String(ref.at)]: vectorSet(bucket, ref.index, null) };
    if (lost !== null) out.events.push({ type: "castingLost", action: lost });
    owner = { ...owner, pending: owner.pending.filter((r) => r.id !== owner.casting), casting: null };
  }
  const round = state.round;
  const count = currentTurnCount(state);
  const refs = [...owner.pending];
  let casting = owner.casting;
  let resolvedRound = owner.resolvedRound;
  let nextAction = state.nextAction;
  for (const piece of pieces.value) {
    const at = countResolution(round, count, piece.delay);
    const action: CountPendingAction = {
      id: `a${nextAction++}`,
      combatantId,
      kind: piece.kind,
      declaredRound: round,
      declaredCount: count,
      round: at.round,
      count: at.count,
      delay: piece.delay,
      attack: piece.attack,
      attacks: piece.attacks,
      targets: piece.targets,
      origin: piece.origin,
      slotLevel: piece.slotLevel,
    };
    out.events.push({ type: "actionDeclared", action });
    if (piece.delay === 0) {
      // CNT-6: delay 0 resolves at once (its saves wait for the last piece, below).
      out.events.push({ type: "actionResolved", action });
      resolvedRound = round;
      continue;
    }
    const position = absolutePosition(at.round, at.count);
    const key = String(position);
    const bucket = buckets[key] ?? vectorEmpty<CountPendingAction>();
    refs.push({ id: action.id, at: position, index: bucket.size });
    buckets = { ...buckets, [key]: vectorPush(bucket, action) };
    if (piece.kind === "spell") casting = action.id;
  }
  owner = { ...owner, actedRound: round, pending: refs, casting, resolvedRound };
  // CNT-11: with its action spent, an action resolved now may be its last this round.
  if (savesDueNow(state, owner, false)) {
    out.events.push({ type: "savesDue", combatantId, round });
    owner = { ...owner, savesRound: round };
  }
  return ok({ ...putCombatant(state, owner), pending: buckets, nextAction });
}

/** CNT-12: one reaction per round, resolving at once. */
export function react(
  state: CountState,
  combatantId: string,
  reaction: CountReactionInput,
  out: CountOut,
): Result<CountState> {
  const c = getCombatant(state, combatantId);
  if (c === null) return err("TEMPO.ERRORS.Count.UnknownCombatant", { id: combatantId });
  if (state.status !== "turns" && state.status !== "end") return err("TEMPO.ERRORS.Count.NotRunning");
  if (c.defeated || c.unconscious || c.count === null) return err("TEMPO.ERRORS.Count.CannotAct");
  // CNT-4: the surprised take no reactions in the surprise round.
  if (state.round === 0 && c.surprised) return err("TEMPO.ERRORS.Count.SurprisedCannotReact");
  if (c.reactedRound === state.round) return err("TEMPO.ERRORS.Count.ReactionUsed");
  if (typeof reaction !== "object" || reaction === null) return err("TEMPO.ERRORS.Count.InvalidReaction");

  let s = state;
  // Errors below discard `out`, so the event can lead: the reaction resolves, then its effects follow.
  out.events.push({ type: "reactionUsed", combatantId, kind: reaction.kind });
  switch (reaction.kind) {
    case "retarget": {
      const ref = c.pending.find((r) => r.id === reaction.actionId);
      const action = ref === undefined ? null : findAction(s, ref.at, ref.index);
      if (ref === undefined || action === null) return err("TEMPO.ERRORS.Count.UnknownAction");
      if (action.kind === "other") return err("TEMPO.ERRORS.Count.CannotRetarget");
      // CNT-12: an area spell's point of origin cannot change once declared.
      if (action.origin !== null) return err("TEMPO.ERRORS.Count.AreaOriginFixed");
      if (!Array.isArray(reaction.targets) || reaction.targets.length === 0 || !validTargets(reaction.targets)) {
        return err("TEMPO.ERRORS.Count.InvalidTarget");
      }
      s = retarget(s, ref, action, [...reaction.targets], out);
      break;
    }
    case "redirect": {
      const ids = reaction.actionIds;
      if (!Array.isArray(ids) || ids.length === 0 || new Set(ids).size !== ids.length) {
        return err("TEMPO.ERRORS.Count.InvalidRedirect");
      }
      if (!validTargets([reaction.target])) return err("TEMPO.ERRORS.Count.InvalidTarget");
      const found: [CountPendingRef, CountPendingAction][] = [];
      for (const id of ids) {
        const ref = c.pending.find((r) => r.id === id);
        const action = ref === undefined ? null : findAction(s, ref.at, ref.index);
        if (ref === undefined || action === null) return err("TEMPO.ERRORS.Count.UnknownAction");
        // CNT-12: redirecting is for attacks (a charged attack too, FEAT-CHARGED).
        if (action.kind !== "attack" && action.kind !== "charged") return err("TEMPO.ERRORS.Count.NotAnAttack");
        found.push([ref, action]);
      }
      for (const [ref, action] of found) s = retarget(s, ref, action, [reaction.target], out);
      break;
    }
    case "stopCasting": {
      const ref = c.casting === null ? undefined : c.pending.find((r) => r.id === c.casting);
      const action = ref === undefined ? null : findAction(s, ref.at, ref.index);
      if (ref === undefined || action === null) return err("TEMPO.ERRORS.Count.NotCasting");
      // CNT-10, CNT-12: stopping with a reaction keeps the slot.
      s = removePending(s, c, ref);
      out.events.push({ type: "castingStopped", action });
      break;
    }
    default:
      return err("TEMPO.ERRORS.Count.InvalidReaction");
  }
  const after = getCombatant(s, combatantId) ?? c;
  return ok(putCombatant(s, { ...after, reactedRound: s.round }));
}

function retarget(
  state: CountState,
  ref: CountPendingRef,
  action: CountPendingAction,
  targets: readonly string[],
  out: CountOut,
): CountState {
  const key = String(ref.at);
  const bucket = state.pending[key];
  if (bucket === undefined) return state;
  const updated: CountPendingAction = { ...action, targets };
  out.events.push({ type: "actionRetargeted", action: updated, from: action.targets });
  return { ...state, pending: { ...state.pending, [key]: vectorSet(bucket, ref.index, updated) } };
}
