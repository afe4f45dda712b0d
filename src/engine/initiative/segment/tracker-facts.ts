/**
 * Segment rounds: what the segment tracker draws for one viewer (SEG-1, SEG-2, SEG-5 to SEG-7, SEG-10),
 * read from the state in one pass (O(n) over creatures and turns), nothing decided again in the view.
 *
 * Declarations stay hidden from other players until revealed (SEG-2). A turn's place tells its declaration
 * too (step 3 is a fast action, step 4 a multi-attack, a spell sits in the segment its casting ends), so for
 * a creature whose declaration the viewer may not see, neither the declaration nor those turns are given:
 * only that it declared, and its group's band. Its turns appear once it acts, which reveals it (turns.ts).
 */
import { segmentGroupRoll, segmentRivalRolls, segmentRollBand } from "./order.ts";
import { segmentRoundSchedule } from "./round-schedule.ts";
import { segmentCombatants } from "./state.ts";
import { currentEntry } from "./turns.ts";
import type {
  SegmentBand,
  SegmentCombatant,
  SegmentDeclaration,
  SegmentPart,
  SegmentState,
  SegmentViewer,
} from "./types.ts";

/** SEG-2 step 2: a group, its d6 this round (null while it is rolled) and its band. */
export interface SegmentTrackerGroup {
  readonly id: string;
  readonly roll: number | null;
  /** HIGH when its d6 is at least every other group's (ties: all HIGH); null until it has rolled. */
  readonly band: SegmentBand | null;
}

/** One creature as this viewer may know it this round. */
export interface SegmentTrackerCreature {
  readonly id: string;
  readonly groupId: string;
  readonly defeated: boolean;
  /** SEG-2: it declared for this round. */
  readonly declared: boolean;
  /** The declaration, when it declared and the viewer may see it; null otherwise. */
  readonly declaration: SegmentDeclaration | null;
  /** It declared, and the viewer may not see what (not revealed, not the viewer's). */
  readonly withheld: boolean;
  /** SEG-2: its declaration has been shown to everyone. */
  readonly revealed: boolean;
  /** SEG-2: declarations are locked once the round runs (after step 1). */
  readonly locked: boolean;
  /** HIGH or LOW by its group's d6 (a GM-set initiative, SEG-17 when on); null before its group rolled. */
  readonly rollBand: SegmentBand | null;
  /** SEG-7: it has the delayed condition this round. */
  readonly delayed: boolean;
  /** SEG-6, SEG-16: its major action is used up outside its turn this round. */
  readonly majorSpent: boolean;
  /** SEG-10: its casting failed this round. */
  readonly castingFailed: boolean;
  /** It has turns in this round's schedule (withheld ones included). */
  readonly scheduled: boolean;
}

/** One turn of the round, in rule order. */
export interface SegmentTrackerTurn {
  readonly key: string;
  readonly combatantId: string;
  readonly step: number;
  readonly part: SegmentPart;
  /** The segment it happens in (SEG-5: a spell's, where its casting time ends). */
  readonly segment: number;
  readonly band: SegmentBand;
  readonly active: boolean;
  readonly done: boolean;
  /** SEG-6: the creature announced a delay on this turn and gave it up. */
  readonly gaveUp: boolean;
}

export interface SegmentTrackerFacts {
  readonly round: number;
  /** SEG-2: 0 before the start, then 1 … 8. */
  readonly step: number;
  /** SEG-1: the last segment reached in step 7; 0 before. */
  readonly segment: number;
  /**
   * SEG-1: the segment the round is in now: the segment of the turn under way (steps 3–6 happen in
   * segment 1, a spell in the segment it goes off), else the last one reached in step 7; 0 outside steps 3–7.
   */
  readonly nowSegment: number;
  readonly groups: readonly SegmentTrackerGroup[];
  /** Every creature present, in join order. */
  readonly creatures: readonly SegmentTrackerCreature[];
  /** This round's turns in rule order (none before the group rolls settle), withheld ones left out. */
  readonly turns: readonly SegmentTrackerTurn[];
}

function sees(state: SegmentState, c: SegmentCombatant, viewer: SegmentViewer, owned: ReadonlySet<string>): boolean {
  return c.revealed || viewer.gm || owned.has(c.id) || c.declaredRound !== state.round;
}

function groupsOf(state: SegmentState, creatures: readonly SegmentCombatant[]): SegmentTrackerGroup[] {
  const ids = new Set<string>(Object.keys(state.groupRolls));
  for (const r of state.rolls) ids.add(r.groupId);
  for (const c of creatures) if (!c.defeated) ids.add(c.groupId);
  const rivals = segmentRivalRolls(state);
  return [...ids].map((id) => {
    const roll = segmentGroupRoll(state, id) ?? null;
    return { id, roll, band: roll === null ? null : roll >= rivals(id) ? "high" : "low" };
  });
}

function nowSegmentOf(state: SegmentState): number {
  if (state.step < 3 || state.step > 7) return 0;
  return currentEntry(state)?.segment ?? state.segment;
}

/** SEG-1, SEG-2: the segment tracker's facts for one viewer (the GM sees every declaration). */
export function segmentTrackerFacts(state: SegmentState, viewer: SegmentViewer): SegmentTrackerFacts {
  const owned = new Set(viewer.combatantIds);
  const all = segmentCombatants(state);
  const schedule = segmentRoundSchedule(state);
  const scheduled = new Set<string>();
  for (const e of schedule) scheduled.add(e.combatantId);
  const rivals = segmentRivalRolls(state);
  const withheld = new Set<string>();
  const creatures = all.map((c): SegmentTrackerCreature => {
    const declared = c.declaredRound === state.round && c.declaration !== null && state.round > 0;
    const visible = sees(state, c, viewer, owned);
    if (declared && !visible) withheld.add(c.id);
    const rolled = segmentGroupRoll(state, c.groupId) !== undefined || c.initiativeRound === state.round;
    return {
      id: c.id,
      groupId: c.groupId,
      defeated: c.defeated,
      declared,
      declaration: declared && visible ? c.declaration : null,
      withheld: declared && !visible,
      revealed: declared && c.revealed,
      locked: state.step > 1,
      rollBand: rolled && state.round > 0 ? segmentRollBand(state, c, rivals) : null,
      delayed: state.round > 0 && c.delayedRound === state.round,
      majorSpent: state.round > 0 && c.majorSpentRound === state.round,
      castingFailed: state.round > 0 && c.castingFailedRound === state.round,
      scheduled: scheduled.has(c.id),
    };
  });
  const gaveUp = new Set(state.delayedTurns);
  const turns: SegmentTrackerTurn[] = [];
  schedule.forEach((e, i) => {
    if (withheld.has(e.combatantId)) return;
    turns.push({
      key: e.key,
      combatantId: e.combatantId,
      step: e.step,
      part: e.part,
      segment: e.segment,
      band: e.band,
      active: i === state.cursor && state.current !== null,
      done: i < state.cursor || (i === state.cursor && state.current === null),
      gaveUp: gaveUp.has(e.key),
    });
  });
  return {
    round: state.round,
    step: state.step,
    segment: state.segment,
    nowSegment: nowSegmentOf(state),
    groups: groupsOf(state, all),
    creatures,
    turns,
  };
}
