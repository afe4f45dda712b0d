/**
 * Segment rounds (`segment`, RULES §4): declare (1), group initiative (2), fast actions (3), first
 * multi-attack routines (4), group actions HIGH then LOW (5), remaining routines (6), spells (7), end (8).
 *
 * The whole round is scheduled once when step 3 starts (O(n log n)); a turn step then moves a cursor
 * and reveals the acting creature's declaration (O(log n)). Mid-round changes only touch turns that have
 * not happened yet, so nobody loses or repeats a turn.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { DiceRequest, RollResult, Scheduler, Transition } from "../contract.ts";
import { SEGMENT_SECONDS } from "../../conditions/round-time.ts";
import { slotPush } from "../phase/slots.ts";
import { checkSegmentDeclaration } from "./declaration.ts";
import {
  compareSegmentEntries,
  segmentDeclarationOf,
  segmentEntriesFor,
  segmentGroupRoll,
  segmentInsertAt,
  segmentRivalRolls,
  segmentSortKey,
} from "./order.ts";
import {
  checkSegmentJoin,
  freeSegmentSlot,
  newSegmentCombatant,
  putSegmentCombatant,
  segmentCombatant,
  segmentCombatants,
} from "./state.ts";
import { segmentTimeline } from "./timeline.ts";
import type {
  SegmentCombatant,
  SegmentCommand,
  SegmentDeclaration,
  SegmentEntry,
  SegmentEvent,
  SegmentJoin,
  SegmentPendingRoll,
  SegmentState,
} from "./types.ts";

type Step = Result<Transition<SegmentState, SegmentEvent>>;

interface Draft {
  state: SegmentState;
  readonly events: SegmentEvent[];
  readonly requests: DiceRequest[];
}

const draft = (state: SegmentState, events: SegmentEvent[] = []): Draft => ({ state, events, requests: [] });
const done = (d: Draft): Step => ok({ state: d.state, events: d.events, requests: d.requests });
const running = (s: SegmentState): boolean => s.step >= 3 && s.step <= 7;
const isActive = (c: SegmentCombatant | null): c is SegmentCombatant => c !== null && !c.defeated;

/** SEG-1: seconds from the start of the round to the start of a segment. */
export function segmentStartSeconds(segment: number): number {
  return (segment - 1) * SEGMENT_SECONDS;
}

// ---------------------------------------------------------------------------------------------------
// Group initiative (SEG-2 step 2).

function askGroup(d: Draft, groupId: string): void {
  const s = d.state;
  const request: DiceRequest = {
    id: `segment-${s.nextRequest}`,
    combatantId: null,
    formula: "1d6",
    reason: "TEMPO.COMBAT.Segment.GroupRoll",
  };
  d.state = { ...s, rolls: [...s.rolls, { request, groupId }], nextRequest: s.nextRequest + 1 };
  d.requests.push(request);
}

/** The groups that have a creature still up, in join order. */
function activeGroups(state: SegmentState): string[] {
  const seen = new Set<string>();
  for (const c of segmentCombatants(state)) if (!c.defeated) seen.add(c.groupId);
  return [...seen];
}

function ranking(state: SegmentState): { high: string[]; low: string[] } {
  const groups = Object.entries(state.groupRolls);
  const high: string[] = [];
  const low: string[] = [];
  for (const [group, roll] of groups) {
    const best = Math.max(Number.NEGATIVE_INFINITY, ...groups.filter(([g]) => g !== group).map(([, r]) => r));
    (roll >= best ? high : low).push(group);
  }
  return { high, low };
}

/**
 * While the groups roll (step 2), a group is asked for its d6 exactly when it has a creature still up:
 * a group emptied by a departure or a defeat stops blocking the round, a group revived or joined rolls.
 */
function syncGroupRolls(d: Draft): void {
  const s = d.state;
  if (s.step !== 2) return;
  const active = activeGroups(s);
  const wanted = new Set(active);
  if (s.rolls.some((r) => !wanted.has(r.groupId))) d.state = { ...s, rolls: s.rolls.filter((r) => wanted.has(r.groupId)) };
  for (const group of active) {
    if (segmentGroupRoll(d.state, group) === undefined && !d.state.rolls.some((r) => r.groupId === group)) askGroup(d, group);
  }
}

function rolls(state: SegmentState, results: readonly RollResult[]): Step {
  const byId = new Map<string, SegmentPendingRoll>();
  for (const r of state.rolls) byId.set(r.request.id, r);
  const groupRolls = new Map<string, number>(Object.entries(state.groupRolls));
  const events: SegmentEvent[] = [];
  for (const result of results) {
    const pending = byId.get(result.requestId);
    if (pending === undefined) {
      const again = state.rolls.some((r) => r.request.id === result.requestId);
      return err(again ? "TEMPO.ERRORS.Segment.DuplicateRoll" : "TEMPO.ERRORS.Segment.UnknownRequest", { requestId: result.requestId });
    }
    if (!Number.isInteger(result.total) || result.total < 1 || result.total > 6) {
      return err("TEMPO.ERRORS.Segment.InvalidRoll", { requestId: result.requestId, total: result.total });
    }
    byId.delete(result.requestId);
    groupRolls.set(pending.groupId, result.total);
    events.push({ type: "groupRolled", round: state.round, groupId: pending.groupId, roll: result.total });
  }
  const next: SegmentState = { ...state, groupRolls: Object.fromEntries(groupRolls), rolls: state.rolls.filter((r) => byId.has(r.request.id)) };
  if (next.rolls.length === 0 && results.length > 0) events.push({ type: "groupsRanked", round: state.round, ...ranking(next) });
  return ok({ state: next, events, requests: [] });
}

// ---------------------------------------------------------------------------------------------------
// The schedule.

function buildSchedule(state: SegmentState): SegmentState {
  const entries: SegmentEntry[] = [];
  const rivals = segmentRivalRolls(state);
  for (const c of segmentCombatants(state)) for (const e of segmentEntriesFor(state, c, rivals)) entries.push(e);
  const keyed = entries.map((entry) => ({ entry, ...segmentSortKey(entry) }));
  keyed.sort((a, b) => a.key - b.key || a.slot - b.slot);
  return { ...state, schedule: keyed.map((k) => k.entry), cursor: -1, segment: 0 };
}

/** Emits the step and segment boundaries crossed on the way to `step`/`segment`. */
function cross(d: Draft, step: number, segment: number): void {
  const s = d.state;
  for (let at = s.step + 1; at <= step; at++) d.events.push({ type: "stepStarted", round: s.round, step: at });
  let reached = s.segment;
  if (step === 7) {
    for (let at = s.segment + 1; at <= segment; at++) {
      d.events.push({ type: "segmentStarted", round: s.round, segment: at, seconds: segmentStartSeconds(at) });
    }
    reached = Math.max(reached, segment);
  }
  d.state = { ...s, step: Math.max(s.step, step), segment: reached };
}

function startTurn(d: Draft, entry: SegmentEntry, c: SegmentCombatant): void {
  cross(d, entry.step, entry.segment);
  const round = d.state.round;
  d.state = { ...d.state, current: c.id };
  d.events.push({ type: "turnStarted", round, combatantId: c.id, step: entry.step, segment: entry.segment, part: entry.part });
  if (!c.revealed && c.declaredRound === round) {
    // SEG-2: a declaration stays hidden from the other players until the creature acts on it.
    d.state = putSegmentCombatant(d.state, { ...c, revealed: true });
    d.events.push({ type: "revealed", round, combatantId: c.id });
  }
}

function advance(d: Draft): void {
  const s = d.state;
  for (let i = s.cursor + 1; i < s.schedule.length; i++) {
    const entry = s.schedule[i];
    if (entry === undefined) continue;
    const c = segmentCombatant(s, entry.combatantId);
    if (isActive(c)) {
      d.state = { ...d.state, cursor: i };
      startTurn(d, entry, c);
      return;
    }
  }
  // Step 8: the end of the round.
  d.state = { ...d.state, cursor: s.schedule.length, current: null };
  cross(d, 8, 0);
}

function currentEntry(state: SegmentState): SegmentEntry | null {
  return state.current === null ? null : (state.schedule[state.cursor] ?? null);
}

function newRound(d: Draft, round: number): void {
  d.state = { ...d.state, round, step: 1, segment: 0, groupRolls: {}, schedule: [], cursor: -1, current: null, rolls: [] };
  d.events.push({ type: "roundStarted", round }, { type: "stepStarted", round, step: 1 });
}

function next(state: SegmentState): Step {
  const d = draft(state);
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (state.step === 1) {
    // The declarations are locked; each group rolls its d6.
    d.state = { ...state, step: 2 };
    d.events.push({ type: "stepStarted", round: state.round, step: 2 });
    for (const group of activeGroups(state)) askGroup(d, group);
    return done(d);
  }
  if (state.step === 2) {
    if (state.rolls.length > 0) return err("TEMPO.ERRORS.Segment.RollsPending", { count: state.rolls.length });
    d.state = buildSchedule(state);
    advance(d);
    return done(d);
  }
  if (state.step === 8) {
    d.events.push({ type: "roundEnded", round: state.round });
    newRound(d, state.round + 1);
    return done(d);
  }
  const entry = currentEntry(state);
  if (entry !== null) {
    d.events.push({ type: "turnEnded", round: state.round, combatantId: entry.combatantId, step: entry.step, segment: entry.segment, part: entry.part });
    d.state = { ...d.state, current: null };
  }
  advance(d);
  return done(d);
}

// ---------------------------------------------------------------------------------------------------
// Changing the schedule mid-round.

/** Removes the combatant's turns that have not happened yet (and the current one, if `current`). */
function unschedule(state: SegmentState, id: string, includeCurrent: boolean): { state: SegmentState; removed: SegmentEntry[] } {
  const from = includeCurrent && state.current === id ? state.cursor : state.cursor + 1;
  const removed: SegmentEntry[] = [];
  const kept: SegmentEntry[] = [];
  state.schedule.forEach((e, i) => (i >= from && e.combatantId === id ? removed : kept).push(e));
  if (removed.length === 0) return { state, removed };
  const cursor = includeCurrent && state.current === id ? state.cursor - 1 : state.cursor;
  return { state: { ...state, schedule: kept, cursor, current: includeCurrent && state.current === id ? null : state.current }, removed };
}

/**
 * Puts turns into the part of the schedule still to come. With `clamp`, a turn whose place has already
 * passed comes next (a creature never loses a turn it still had); without, such a turn is dropped (a
 * newcomer does not get turns from steps that are over).
 */
function schedule(state: SegmentState, entries: readonly SegmentEntry[], clamp: boolean): SegmentState {
  let list = state.schedule;
  const at = state.schedule[state.cursor];
  for (const e of entries) {
    if (!clamp && at !== undefined && compareSegmentEntries(e, at) <= 0) continue;
    const i = segmentInsertAt(list, state.cursor + 1, e);
    list = [...list.slice(0, i), e, ...list.slice(i)];
  }
  return list === state.schedule ? state : { ...state, schedule: list };
}

/** Recomputes the turns of `c` that have not happened yet (after a change to its band or actions). */
function reschedule(d: Draft, c: SegmentCombatant, includeCurrent: boolean): void {
  const { state, removed } = unschedule(d.state, c.id, includeCurrent);
  const parts = new Set(removed.map((e) => e.part));
  const fresh = segmentEntriesFor(state, c).filter((e) => parts.has(e.part) || (parts.has("group") && e.part === "complex") || (parts.has("complex") && e.part === "group"));
  d.state = schedule(state, fresh, true);
}

function spellPending(state: SegmentState, id: string): boolean {
  for (let i = state.cursor + 1; i < state.schedule.length; i++) {
    const e = state.schedule[i];
    if (e !== undefined && e.combatantId === id && e.part === "spell") return true;
  }
  return false;
}

/** SEG-10: the casting fails and is lost as if cast. */
function failCasting(d: Draft, c: SegmentCombatant): SegmentCombatant {
  const s = d.state;
  const schedule = s.schedule.filter((e, i) => i <= s.cursor || !(e.combatantId === c.id && e.part === "spell"));
  const failed = { ...c, castingFailedRound: s.round };
  d.state = { ...putSegmentCombatant(s, failed), schedule };
  d.events.push({ type: "castingFailed", round: s.round, combatantId: c.id });
  return failed;
}

function join(state: SegmentState, joining: SegmentJoin): Step {
  const checked = checkSegmentJoin(joining);
  if (!checked.ok) return checked;
  if (segmentCombatant(state, joining.id) !== null) return err("TEMPO.ERRORS.Segment.DuplicateCombatant", { id: joining.id });
  const slot = state.combatants.size;
  const c = newSegmentCombatant(joining, slot);
  const d = draft({ ...state, combatants: slotPush(state.combatants, c), index: { ...state.index, [c.id]: slot } }, [
    { type: "combatantJoined", combatantId: c.id },
  ]);
  syncGroupRolls(d);
  if (running(state)) d.state = schedule(d.state, segmentEntriesFor(d.state, c), false);
  return done(d);
}

function leave(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  const wasCurrent = state.current === id;
  // Its turns up to the cursor are gone too, so the cursor moves back by as many.
  let gone = 0;
  for (let i = 0; i <= state.cursor && i < state.schedule.length; i++) if (state.schedule[i]?.combatantId === id) gone++;
  const schedule = state.schedule.filter((e) => e.combatantId !== id);
  const d = draft({ ...freeSegmentSlot(state, c), schedule, cursor: state.cursor - gone }, [
    { type: "combatantLeft", combatantId: id },
  ]);
  if (wasCurrent) {
    d.state = { ...d.state, current: null };
    advance(d);
  }
  syncGroupRolls(d);
  return done(d);
}

function defeat(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Segment.AlreadyDefeated", { id });
  const d = draft(putSegmentCombatant(state, { ...c, defeated: true }), [{ type: "combatantDefeated", combatantId: id }]);
  syncGroupRolls(d);
  return done(d);
}

function revive(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!c.defeated) return err("TEMPO.ERRORS.Segment.NotDefeated", { id });
  // DEF-1: its turns kept their places; those still to come happen.
  const d = draft(putSegmentCombatant(state, { ...c, defeated: false }), [{ type: "combatantRevived", combatantId: id }]);
  syncGroupRolls(d);
  return done(d);
}

/** The GM's initiative for this creature replaces its group's d6 when deciding HIGH or LOW this round. */
function setInitiative(state: SegmentState, id: string, value: number): Step {
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!Number.isSafeInteger(value)) return err("TEMPO.ERRORS.Segment.InvalidInitiative", { value });
  const updated: SegmentCombatant = { ...c, initiative: value, initiativeRound: state.round };
  const d = draft(putSegmentCombatant(state, updated), [{ type: "initiativeSet", combatantId: id, value }]);
  if (running(state)) reschedule(d, updated, false);
  return done(d);
}

// ---------------------------------------------------------------------------------------------------
// Declarations (SEG-2 step 1).

function declare(state: SegmentState, id: string, declaration: SegmentDeclaration): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (state.step !== 1) return err("TEMPO.ERRORS.Segment.DeclarationsLocked", { id });
  if (c.defeated) return err("TEMPO.ERRORS.Segment.Defeated", { id });
  const checked = checkSegmentDeclaration(declaration);
  if (!checked.ok) return checked;
  const updated: SegmentCombatant = { ...c, declaration: checked.value, declaredRound: state.round, revealed: false };
  return ok({ state: putSegmentCombatant(state, updated), events: [{ type: "declared", round: state.round, combatantId: id }], requests: [] });
}

function reveal(state: SegmentState, id: string | null): Step {
  const d = draft(state);
  const targets = id === null ? segmentCombatants(state) : [segmentCombatant(state, id)];
  for (const c of targets) {
    if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id: id ?? "" });
    if (c.revealed || c.declaredRound !== state.round) continue;
    d.state = putSegmentCombatant(d.state, { ...c, revealed: true });
    d.events.push({ type: "revealed", round: state.round, combatantId: c.id });
  }
  return done(d);
}

// ---------------------------------------------------------------------------------------------------
// Delay (SEG-6, SEG-7), concentration (SEG-10), immediate actions (SEG-11, SEG-16).

/**
 * SEG-6: announced on the creature's own turn during group actions (ruling: "any time during group
 * actions" means when its turn comes). In HIGH it loses its actions until LOW and is delayed for the
 * rest of the round (SEG-7); in LOW it loses its major action and acts again after everyone in LOW.
 */
function delay(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  const entry = currentEntry(state);
  if (entry === null || entry.step !== 5) return err("TEMPO.ERRORS.Segment.NotGroupActions");
  if (state.current !== id) return err("TEMPO.ERRORS.Segment.NotYourTurn", { id });
  if (c.majorSpentRound === state.round) return err("TEMPO.ERRORS.Segment.AlreadyDelayed", { id });
  // SEG-8: a complex activity allows nothing else that round, a delay included.
  if (entry.part === "complex") return err("TEMPO.ERRORS.Segment.ComplexAlone", { id });
  const d = draft(state);
  if (entry.band === "high") {
    const delayed: SegmentCombatant = { ...c, delayedRound: state.round };
    d.state = putSegmentCombatant(d.state, delayed);
    d.events.push({ type: "delayed", round: state.round, combatantId: id, condition: true });
    reschedule(d, delayed, true);
  } else {
    let spent: SegmentCombatant = { ...c, majorSpentRound: state.round };
    d.events.push({ type: "delayed", round: state.round, combatantId: id, condition: false }, { type: "majorActionLost", round: state.round, combatantId: id });
    if (spellPending(state, id)) spent = failCasting(d, spent);
    d.state = putSegmentCombatant(d.state, spent);
    const { state: cut } = unschedule(d.state, id, true);
    d.state = schedule(cut, segmentEntriesFor(cut, spent), true);
  }
  advance(d);
  return done(d);
}

function interrupt(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (!running(state) || !spellPending(state, id)) return err("TEMPO.ERRORS.Segment.NotCasting", { id });
  const d = draft(state);
  failCasting(d, c);
  return done(d);
}

/** Has the creature's declared major action begun (or been given up)? A caster still casting has not. */
function majorSpent(state: SegmentState, c: SegmentCombatant): boolean {
  if (c.majorSpentRound === state.round) return true;
  if (segmentDeclarationOf(state, c).action === "none") return false;
  const last = state.current === null ? state.cursor - 1 : state.cursor;
  for (let i = 0; i <= last && i < state.schedule.length; i++) {
    const e = state.schedule[i];
    if (e !== undefined && e.combatantId === c.id && e.part !== "target") return true;
  }
  return false;
}

function attack(state: SegmentState, id: string, targetId: string, immediate: boolean): Step {
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
  if (c.attackedRound === state.round && c.freeAttackAt === state.cursor) return err("TEMPO.ERRORS.Segment.OneFreeAttackPerSegment", { id });
  if (immediate && majorSpent(state, c)) return err("TEMPO.ERRORS.Segment.MajorSpent", { id });
  const d = draft(state);
  const round = state.round;
  const at = { round, combatantId: id, targetId, segment: entry.segment, during: state.current };
  d.events.push(immediate ? { type: "immediateAttack", ...at } : { type: "freeAttack", ...at });
  let updated: SegmentCombatant = { ...c, attackedRound: round, attacked: [...attacked, targetId], freeAttackAt: state.cursor };
  // SEG-16: a free attack breaks the attacker's concentration; an immediate one replaces its declared
  // major action, with that action's consequences (a spell being cast is lost).
  if (spellPending(state, id)) updated = failCasting(d, updated);
  if (immediate) {
    // The immediate attack is its major action: the turns of the declared one that are still to come go.
    updated = { ...updated, majorSpentRound: round };
    d.state = unschedule(putSegmentCombatant(d.state, updated), id, false).state;
  } else {
    d.state = putSegmentCombatant(d.state, updated);
  }
  return done(d);
}

/** SEG-11: one spell per round, an immediate one included. */
function immediateSpell(state: SegmentState, id: string): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (c.defeated) return err("TEMPO.ERRORS.Segment.Defeated", { id });
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

function surprise(state: SegmentState, id: string, surprised: boolean): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (typeof surprised !== "boolean") return err("TEMPO.ERRORS.Segment.InvalidCombatant", { id });
  return ok({ state: putSegmentCombatant(state, { ...c, surprised }), events: [{ type: "surpriseSet", combatantId: id, surprised }], requests: [] });
}

/** SEG-7: the condition changes the creature's band and ties for the turns it has still to take. */
function setDelayed(state: SegmentState, id: string, delayed: boolean): Step {
  const c = segmentCombatant(state, id);
  if (c === null) return err("TEMPO.ERRORS.Segment.UnknownCombatant", { id });
  if (state.step === 0) return err("TEMPO.ERRORS.Segment.NotStarted");
  if (typeof delayed !== "boolean") return err("TEMPO.ERRORS.Segment.InvalidCombatant", { id });
  const updated: SegmentCombatant = { ...c, delayedRound: delayed ? state.round : 0 };
  const d = draft(putSegmentCombatant(state, updated), [{ type: "delayedSet", round: state.round, combatantId: id, delayed }]);
  if (running(state)) reschedule(d, updated, false);
  return done(d);
}

function start(state: SegmentState): Step {
  if (state.step !== 0) return err("TEMPO.ERRORS.Segment.AlreadyStarted");
  const d = draft(state, [{ type: "combatStarted" }]);
  newRound(d, 1);
  return done(d);
}

export function applySegment(state: SegmentState, command: SegmentCommand): Step {
  switch (command.type) {
    case "start":
      return start(state);
    case "next":
      return next(state);
    case "rolls":
      return state.step === 0 ? err("TEMPO.ERRORS.Segment.NotStarted") : rolls(state, command.results);
    case "join":
      return join(state, command.combatant);
    case "leave":
      return leave(state, command.combatantId);
    case "defeat":
      return defeat(state, command.combatantId);
    case "revive":
      return revive(state, command.combatantId);
    case "setInitiative":
      return setInitiative(state, command.combatantId, command.value);
    case "declare":
      return declare(state, command.combatantId, command.declaration);
    case "reveal":
      return reveal(state, command.combatantId);
    case "delay":
      return delay(state, command.combatantId);
    case "interrupt":
      return interrupt(state, command.combatantId);
    case "freeAttack":
      return attack(state, command.combatantId, command.targetId, false);
    case "immediateAttack":
      return attack(state, command.combatantId, command.targetId, true);
    case "immediateSpell":
      return immediateSpell(state, command.combatantId);
    case "surprise":
      return surprise(state, command.combatantId, command.surprised);
    case "setDelayed":
      return setDelayed(state, command.combatantId, command.delayed);
    default:
      return err("TEMPO.ERRORS.Segment.UnknownCommand");
  }
}

/** The segment-rounds scheduler (RULES §4). Wrap it with `withHistory` for undo/redo. */
export const segmentScheduler: Scheduler<SegmentState, SegmentCommand, SegmentEvent> = {
  id: "segment",
  apply: applySegment,
  timeline: segmentTimeline,
  current: (state) => state.current,
  pending: (state) => state.rolls.map((r) => r.request),
};
