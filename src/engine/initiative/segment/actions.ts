/**
 * Segment rounds: delay and the delayed condition (SEG-6, SEG-7), concentration (SEG-10), one spell per
 * round and its target named in D1 (SEG-11), free and immediate attacks (SEG-16).
 */
import { err, ok } from "../../core/result.ts";
import { done, draft, running, turnsAhead, type Step } from "./draft.ts";
import { segmentDeclarationOf, segmentEntriesFor } from "./order.ts";
import { failCasting, reschedule, schedule, spellPending, unschedule } from "./reschedule.ts";
import { putSegmentCombatant, segmentCombatant } from "./state.ts";
import { advance, currentEntry } from "./turns.ts";
import type { SegmentCombatant, SegmentState } from "./types.ts";

/**
 * SEG-6: announced on the creature's own turn during group actions (ruling: "any time during group
 * actions" means when its turn comes). In HIGH it loses its actions until LOW and is delayed for the
 * rest of the round (SEG-7); in LOW it loses its major action and acts again after everyone in LOW.
 */
export function delay(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  const entry = currentEntry(state);
  if (entry === null || entry.step !== 5) return err("TEMPO.ERRORS.Segment.NotGroupActions");
  if (state.current !== id) return err("TEMPO.ERRORS.Segment.NotYourTurn", { id });
  if (c.majorSpentRound === state.round) return err("TEMPO.ERRORS.Segment.AlreadyDelayed", { id });
  // SEG-8: a complex activity allows nothing else that round, a delay included.
  if (entry.part === "complex") return err("TEMPO.ERRORS.Segment.ComplexAlone", { id });
  // The turn it announces the delay on has happened: it stays in the schedule (the tracker shows it done),
  // given up, and the creature takes a turn again later.
  const d = draft({ ...state, current: null, delayedTurns: [...state.delayedTurns, entry.key] });
  if (entry.band === "high") {
    const delayed: SegmentCombatant = { ...c, delayedRound: state.round };
    d.state = putSegmentCombatant(d.state, delayed);
    d.events.push({ type: "delayed", round: state.round, combatantId: id, condition: true });
    reschedule(d, delayed, entry);
  } else {
    let spent: SegmentCombatant = { ...c, majorSpentRound: state.round };
    d.events.push(
      { type: "delayed", round: state.round, combatantId: id, condition: false },
      { type: "majorActionLost", round: state.round, combatantId: id },
    );
    if (spellPending(state, id)) spent = failCasting(d, spent);
    d.state = putSegmentCombatant(d.state, spent);
    const { state: cut } = unschedule(d.state, id);
    d.state = schedule(cut, segmentEntriesFor(cut, spent), true);
  }
  advance(d);
  return done(d);
}

/**
 * SEG-10: is the creature casting a spell this round (its declaration shown or still secret)? While the round
 * runs, its spell has not gone off yet; before (steps 1 and 2), it declared one and has not lost it already.
 */
export function segmentCastingUnderway(state: SegmentState, id: string): boolean {
  const c = segmentCombatant(state, id);
  if (c === null || c.castingFailedRound === state.round) return false;
  if (running(state)) return spellPending(state, id);
  return state.round > 0 && state.step < 3 && segmentDeclarationOf(state, c).action === "spell";
}

/** SEG-10: concentration broken while casting (even before the declaration is shown): the spell fails and is lost as if cast. */
export function interrupt(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!segmentCastingUnderway(state, id)) return err("TEMPO.ERRORS.Segment.NotCasting", { id });
  const d = draft(state);
  failCasting(d, c);
  return done(d);
}

/**
 * Has the creature's declared major action begun (or been given up)? A caster still casting has not, nor
 * has a creature that delayed on its turn (SEG-6: that turn spent nothing).
 */
function majorSpent(state: SegmentState, c: SegmentCombatant): boolean {
  if (c.majorSpentRound === state.round) return true;
  if (segmentDeclarationOf(state, c).action === "none") return false;
  const last = state.current === null ? state.cursor - 1 : state.cursor;
  for (let i = 0; i <= last && i < state.schedule.length; i++) {
    const e = state.schedule[i];
    if (e !== undefined && e.combatantId === c.id && e.part !== "target" && !state.delayedTurns.includes(e.key))
      return true;
  }
  return false;
}

/** SEG-16: a free attack (immediate) or an immediate attack (uses the unspent major action). */
export function attack(state: SegmentState, id: string, targetId: string, immediate: boolean): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  const target = segmentCombatant(state, targetId);
  if (target === null || targetId === id) return err("TEMPO.ERRORS.Segment.InvalidTarget", { id, targetId });
  const entry = currentEntry(state);
  if (!running(state) || entry === null) return err("TEMPO.ERRORS.Segment.NoTrigger");
  if (c.defeated) return err("TEMPO.ERRORS.Segment.Defeated", { id });
  if (c.surprised) return err("TEMPO.ERRORS.Segment.Surprised", { id });
  if (segmentDeclarationOf(state, c).action === "complex") return err("TEMPO.ERRORS.Segment.ComplexAlone", { id });
  const attacked = c.attackedRound === state.round ? c.attacked : [];
  if (attacked.includes(targetId)) return err("TEMPO.ERRORS.Segment.OpponentAlreadyAttacked", { id, targetId });
  if (c.attackedRound === state.round && c.freeAttackAt === state.cursor)
    return err("TEMPO.ERRORS.Segment.OneFreeAttackPerSegment", { id });
  if (immediate && majorSpent(state, c)) return err("TEMPO.ERRORS.Segment.MajorSpent", { id });
  const d = draft(state);
  const round = state.round;
  const at = { round, combatantId: id, targetId, segment: entry.segment, during: state.current };
  d.events.push(immediate ? { type: "immediateAttack", ...at } : { type: "freeAttack", ...at });
  let updated: SegmentCombatant = {
    ...c,
    attackedRound: round,
    attacked: [...attacked, targetId],
    freeAttackAt: state.cursor,
  };
  // SEG-16: a free attack breaks the attacker's concentration; an immediate one replaces its declared
  // major action, with that action's consequences (a spell being cast is lost).
  if (spellPending(state, id)) updated = failCasting(d, updated);
  if (immediate) {
    // The immediate attack is its major action: the turns of the declared one that are still to come go.
    updated = { ...updated, majorSpentRound: round };
    d.state = unschedule(putSegmentCombatant(d.state, updated), id).state;
  } else {
    d.state = putSegmentCombatant(d.state, updated);
  }
  return done(d);
}

/** SEG-11: one spell per round, an immediate one included; SEG-8: not during a complex activity. */
export function immediateSpell(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (c.defeated) return err("TEMPO.ERRORS.Segment.Defeated", { id });
  // SEG-8: a complex activity allows nothing else that round, an immediate spell included.
  if (segmentDeclarationOf(state, c).action === "complex") return err("TEMPO.ERRORS.Segment.ComplexAlone", { id });
  const declaredSpell = segmentDeclarationOf(state, c).action === "spell" && c.majorSpentRound !== state.round;
  if (declaredSpell || c.immediateSpellRound === state.round || c.castingFailedRound === state.round) {
    return err("TEMPO.ERRORS.Segment.OneSpellPerRound", { id });
  }
  return ok({
    state: putSegmentCombatant(state, { ...c, immediateSpellRound: state.round }),
    events: [{ type: "immediateSpell", round: state.round, combatantId: id }],
    requests: [],
  });
}

/**
 * SEG-11: the caster names its spell's target on its own D1 turn (the "target" turn of its group). A spell
 * declared with a target may have it named again there. **Ruling:** only then: before D1 the target may
 * be left out, and after it the spell goes off on the target named (or on none named, the GM's call).
 */
export function nameTarget(state: SegmentState, id: string, targetId: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (typeof targetId !== "string" || targetId === id || segmentCombatant(state, targetId) === null)
    return err("TEMPO.ERRORS.Segment.InvalidTarget", { id, targetId: String(targetId) });
  const entry = currentEntry(state);
  if (entry === null || entry.part !== "target" || state.current !== id)
    return err("TEMPO.ERRORS.Segment.NotTargetTurn", { id });
  const declaration = { ...segmentDeclarationOf(state, c), targetId };
  return ok({
    state: putSegmentCombatant(state, { ...c, declaration }),
    events: [{ type: "targetNamed", round: state.round, combatantId: id, targetId }],
    requests: [],
  });
}

/** SEG-11: the target in force of the creature's declaration this round (declared, or named on D1), or null. */
export function segmentTargetInForce(state: SegmentState, id: string): string | null {
  const c = segmentCombatant(state, id);
  return c === null ? null : segmentDeclarationOf(state, c).targetId;
}

/**
 * SEG-11: the creatures a declared item's card rolls on. **Ruling:** the target in force (named on the D1
 * turn) replaces the ones recorded when the item was declared unless it is one of them; with none in
 * force, the recorded ones.
 */
export function segmentRollTargets(recorded: readonly string[], inForce: string | null): readonly string[] {
  return inForce === null || recorded.includes(inForce) ? recorded : [inForce];
}

/** SEG-7: the condition changes the creature's band and ties for the turns it has still to take. */
export function setDelayed(state: SegmentState, id: string, delayed: boolean): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (typeof delayed !== "boolean") return err("TEMPO.ERRORS.Segment.InvalidCombatant", { id });
  const updated: SegmentCombatant = { ...c, delayedRound: delayed ? state.round : 0 };
  const d = draft(putSegmentCombatant(state, updated), [
    { type: "delayedSet", round: state.round, combatantId: id, delayed },
  ]);
  if (turnsAhead(state)) reschedule(d, updated);
  return done(d);
}
