/**
 * Segment rounds: what the tracker shows. Step boundaries 1–8 (position = step × 100), the ten segment
 * boundaries of step 7 (position 700 + segment, SEG-1), the groups with their d6 and band, and the turns
 * in the order they happen, each with its declaration when the viewer may see it (SEG-2: declarations
 * stay hidden from other players until revealed).
 */
import type { Message } from "../../core/result.ts";
import type { TimelineEntry } from "../contract.ts";
import { SEGMENTS_PER_ROUND, segmentTieSpeed } from "./declaration.ts";
import { segmentDeclarationOf, segmentGroupRoll } from "./order.ts";
import { segmentRoundSchedule } from "./round-schedule.ts";
import { segmentCombatant, segmentCombatants } from "./state.ts";
import type { SegmentCombatant, SegmentDeclaration, SegmentEntry, SegmentState, SegmentViewer } from "./types.ts";

/** A tracker row; `hidden` marks a declaration this viewer may not see (its `detail` is then withheld). */
export interface SegmentTimelineEntry extends TimelineEntry {
  readonly hidden: boolean;
}

/** SEG-2: the labels of the round's steps 1–8, in order. */
export const SEGMENT_STEP_LABELS: readonly Message[] = [
  { key: "TEMPO.COMBAT.Segment.Step.Declare" },
  { key: "TEMPO.COMBAT.Segment.Step.Initiative" },
  { key: "TEMPO.COMBAT.Segment.Step.Fast" },
  { key: "TEMPO.COMBAT.Segment.Step.FirstRoutines" },
  { key: "TEMPO.COMBAT.Segment.Step.Groups" },
  { key: "TEMPO.COMBAT.Segment.Step.RestRoutines" },
  { key: "TEMPO.COMBAT.Segment.Step.Spells" },
  { key: "TEMPO.COMBAT.Segment.Step.End" },
];

const FAST_LABELS: readonly Message[] = [
  { key: "TEMPO.COMBAT.Segment.Fast.Parley" },
  { key: "TEMPO.COMBAT.Segment.Fast.Flee" },
  { key: "TEMPO.COMBAT.Segment.Fast.Charge" },
  { key: "TEMPO.COMBAT.Segment.Fast.GoesFirst" },
];

const HIGH: Message = { key: "TEMPO.COMBAT.Segment.High" };
const LOW: Message = { key: "TEMPO.COMBAT.Segment.Low" };

const ACTION_KEYS: Readonly<Record<SegmentDeclaration["action"], Message["key"]>> = {
  none: "TEMPO.COMBAT.Segment.Action.None",
  parley: "TEMPO.COMBAT.Segment.Action.Parley",
  flee: "TEMPO.COMBAT.Segment.Action.Flee",
  charge: "TEMPO.COMBAT.Segment.Action.Charge",
  innate: "TEMPO.COMBAT.Segment.Action.Innate",
  missile: "TEMPO.COMBAT.Segment.Action.Missile",
  melee: "TEMPO.COMBAT.Segment.Action.Melee",
  other: "TEMPO.COMBAT.Segment.Action.Other",
  move: "TEMPO.COMBAT.Segment.Action.Move",
  spell: "TEMPO.COMBAT.Segment.Action.Spell",
  complex: "TEMPO.COMBAT.Segment.Action.Complex",
};

/** SEG-2: the declaration as a message: the action, with its weapon speed or casting time. */
export function segmentDeclarationMessage(declaration: SegmentDeclaration): Message {
  const key = ACTION_KEYS[declaration.action];
  if (declaration.action === "spell") return { key, data: { segments: declaration.castingTime ?? 1 } };
  return { key, data: { speed: segmentTieSpeed(declaration), routines: declaration.routines } };
}

function label(state: SegmentState, entry: SegmentEntry, c: SegmentCombatant | null): Message {
  switch (entry.part) {
    case "fast": {
      const decl = c === null ? null : segmentDeclarationOf(state, c);
      const at = decl === null ? 3 : ["parley", "flee", "charge"].indexOf(decl.action);
      return FAST_LABELS[at < 0 ? 3 : at] ?? HIGH;
    }
    case "firstRoutine":
      return { key: "TEMPO.COMBAT.Segment.Step.FirstRoutines" };
    case "restRoutines":
      return { key: "TEMPO.COMBAT.Segment.Step.RestRoutines" };
    case "complex":
      return { key: "TEMPO.COMBAT.Segment.GoLast" };
    case "spell":
      return { key: "TEMPO.COMBAT.Segment.Segment", data: { segment: entry.segment } };
    default:
      return entry.band === "high" ? HIGH : LOW;
  }
}

function visibility(
  state: SegmentState,
  c: SegmentCombatant,
  viewer: SegmentViewer | null,
): { detail: Message | null; hidden: boolean } {
  if (c.declaredRound !== state.round || c.declaration === null) return { detail: null, hidden: false };
  const sees = c.revealed || (viewer !== null && (viewer.gm || viewer.combatantIds.includes(c.id)));
  return sees
    ? { detail: segmentDeclarationMessage(c.declaration), hidden: false }
    : { detail: { key: "TEMPO.COMBAT.Segment.Declared" }, hidden: true };
}

function boundary(state: SegmentState, step: number, segment: number): SegmentTimelineEntry {
  const stepLabel = SEGMENT_STEP_LABELS[step - 1] ?? SEGMENT_STEP_LABELS[0] ?? null;
  const inStep7 = state.step === 7;
  return {
    key: segment === 0 ? `segment:step:${step}` : `segment:segment:${segment}`,
    kind: "boundary",
    combatantId: null,
    round: state.round,
    position: step * 100 + segment,
    label: segment === 0 ? stepLabel : { key: "TEMPO.COMBAT.Segment.Segment", data: { segment } },
    groupId: null,
    active: segment === 0 ? state.step === step : inStep7 && state.segment === segment,
    done: segment === 0 ? state.step > step : state.step > 7 || (inStep7 && state.segment > segment),
    defeated: false,
    detail: null,
    hidden: false,
  };
}

/** SEG-1, SEG-2: the tracker for one viewer: the GM sees every declaration, a player its own and the revealed ones. */
export function segmentTimelineFor(state: SegmentState, viewer: SegmentViewer | null): readonly SegmentTimelineEntry[] {
  const rows: SegmentTimelineEntry[] = [boundary(state, 1, 0)];
  // Before the schedule exists everyone is listed here; afterwards only those with no turn this round
  // (they joined after their step, or gave their turns up), so nobody ever drops off the tracker.
  const schedule = segmentRoundSchedule(state);
  const scheduled = new Set(schedule.map((e) => e.combatantId));
  // SEG-2: a turn's place and label tell its declaration (a fast action, a spell's segment), so a creature
  // whose declaration this viewer may not see stays here, "declared", until it acts (which reveals it).
  const withheld = new Set<string>();
  for (const c of segmentCombatants(state)) {
    const hidden = visibility(state, c, viewer).hidden;
    if (hidden) withheld.add(c.id);
    if (!scheduled.has(c.id) || hidden) {
      rows.push({
        key: `segment:declare:${c.id}`,
        kind: "pending",
        combatantId: c.id,
        round: state.round,
        position: 100,
        label: SEGMENT_STEP_LABELS[0] ?? null,
        groupId: c.groupId,
        active: false,
        done: c.declaredRound === state.round && state.round > 0,
        defeated: c.defeated,
        ...visibility(state, c, viewer),
      });
    }
  }
  rows.push(boundary(state, 2, 0));
  const groups = new Set<string>(Object.keys(state.groupRolls));
  for (const r of state.rolls) groups.add(r.groupId);
  for (const c of segmentCombatants(state)) if (!c.defeated) groups.add(c.groupId);
  const best = (except: string): number =>
    Math.max(
      Number.NEGATIVE_INFINITY,
      ...Object.entries(state.groupRolls)
        .filter(([g]) => g !== except)
        .map(([, r]) => r),
    );
  for (const groupId of groups) {
    const roll = segmentGroupRoll(state, groupId);
    rows.push({
      key: `segment:group:${groupId}`,
      kind: "group",
      combatantId: null,
      round: state.round,
      position: 200,
      label: roll === undefined ? { key: "TEMPO.COMBAT.Segment.Rolling" } : roll >= best(groupId) ? HIGH : LOW,
      groupId,
      active: false,
      done: roll !== undefined,
      defeated: false,
      detail: roll === undefined ? null : { key: "TEMPO.COMBAT.Segment.GroupRoll", data: { roll } },
      hidden: false,
    });
  }
  let step = 2;
  let segment = 0;
  const reach = (toStep: number, toSegment: number): void => {
    while (step < toStep) {
      if (step === 7) while (segment < SEGMENTS_PER_ROUND) rows.push(boundary(state, 7, ++segment));
      rows.push(boundary(state, ++step, 0));
    }
    if (step === 7) while (segment < toSegment) rows.push(boundary(state, 7, ++segment));
  };
  schedule.forEach((entry, i) => {
    reach(entry.step, entry.step === 7 ? entry.segment : 0);
    const c = segmentCombatant(state, entry.combatantId);
    if (c === null || withheld.has(c.id)) return;
    const active = i === state.cursor && state.current !== null;
    rows.push({
      key: `segment:turn:${entry.key}`,
      kind: "turn",
      combatantId: c.id,
      round: state.round,
      position: step * 100 + (step === 7 ? segment : 0),
      label: label(state, entry, c),
      groupId: c.groupId,
      active,
      done: i < state.cursor || (i === state.cursor && state.current === null),
      defeated: c.defeated,
      ...visibility(state, c, viewer),
    });
  });
  reach(8, 0);
  return rows;
}

/**
 * SEG-1, SEG-2: the public tracker (what any list of the host's timeline shows a player): a declaration not
 * yet revealed is hidden, and so are the turns whose place would tell it.
 */
export function segmentTimeline(state: SegmentState): readonly SegmentTimelineEntry[] {
  return segmentTimelineFor(state, null);
}
