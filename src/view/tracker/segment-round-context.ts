/**
 * The segment tracker's part (RULES §4): the round's steps 1–8 with the current one marked (SEG-2), the
 * declarations of step 1, the groups with their d6 (step 2), and the action part of the round (steps 3–7)
 * as a grid of the ten segments (segment-grid-context.ts): fast actions A–C, multi-attack routines, HIGH
 * and LOW with their groups, what goes last (SEG-8), and each spell across its casting time (SEG-1, SEG-5).
 * Everything comes from the engine's `segmentTrackerFacts` for this viewer: a declaration the viewer may
 * not see is not in it (SEG-2).
 */
import {
  SEGMENT_STEP_LABELS,
  segmentTrackerFactsOf,
  type I18nKey,
  type Message,
  type SegmentTrackerCreature,
  type SegmentTrackerFacts,
  type SegmentTrackerTurn,
} from "../../engine/index.ts";
import { segmentDeclareControl } from "./segment-declare.ts";
import {
  buildSegmentGrid,
  segmentGroups,
  type SegmentGridContext,
  type SegmentGroupContext,
  type SegmentLaneKey,
} from "./segment-grid-context.ts";
import { segmentCreatureRow, segmentTurnRow, type SegmentRowContext } from "./segment-rows.ts";
import { visibleTo, type TrackerScope } from "./tracker-input.ts";

export type { SegmentGroupContext } from "./segment-grid-context.ts";

export type SegmentStepState = "current" | "done" | "upcoming";

export interface SegmentStepContext {
  readonly step: number;
  readonly label: Message;
  readonly state: SegmentStepState;
  readonly stateLabel: Message;
  readonly stateIcon: string;
  readonly current: boolean;
  readonly cssClass: string;
  /** Step 1: who declares (everyone before the round is scheduled, a late joiner after). */
  readonly rows: readonly SegmentRowContext[];
  /** Step 2. */
  readonly groups: readonly SegmentGroupContext[];
}

export interface SegmentRoundContext {
  readonly steps: readonly SegmentStepContext[];
  readonly grid: SegmentGridContext;
}

const STEP_STATES: Readonly<Record<SegmentStepState, { label: I18nKey; icon: string }>> = {
  current: { label: "TEMPO.TRACKER.Segment.StepNow", icon: "fa-solid fa-play" },
  done: { label: "TEMPO.TRACKER.Segment.StepDone", icon: "fa-solid fa-check" },
  upcoming: { label: "TEMPO.TRACKER.Segment.StepUpcoming", icon: "fa-regular fa-circle" },
};

type Lanes = Map<SegmentLaneKey, Map<number, SegmentRowContext[]>>;

interface Built {
  readonly declaring: SegmentRowContext[];
  readonly lanes: Lanes;
  readonly spells: Map<number, SegmentRowContext[]>;
}

function add<K>(map: Map<K, SegmentRowContext[]>, key: K, row: SegmentRowContext): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [row]);
  else list.push(row);
}

function addToLane(lanes: Lanes, lane: SegmentLaneKey, segment: number, row: SegmentRowContext): void {
  let bySegment = lanes.get(lane);
  if (bySegment === undefined) {
    bySegment = new Map();
    lanes.set(lane, bySegment);
  }
  add(bySegment, segment, row);
}

/** The lane a turn of steps 3–6 is drawn in (step 7's spells have lanes of their own). */
function laneOf(turn: SegmentTrackerTurn): SegmentLaneKey {
  if (turn.step === 3) return "fast";
  if (turn.step === 4) return "firstRoutine";
  if (turn.step === 6) return "restRoutines";
  if (turn.part === "complex") return "last";
  return turn.band;
}

/** Every row, in the engine's order, sorted into step 1 or the lane and segment it happens in. */
function buildRows(facts: SegmentTrackerFacts, scope: TrackerScope): Built {
  const built: Built = { declaring: [], lanes: new Map(), spells: new Map() };
  const creatures = new Map<string, SegmentTrackerCreature>(facts.creatures.map((c) => [c.id, c]));
  const declaring = new Set<string>();
  // Step 1: whoever has no turn this round (everyone until the round is scheduled).
  for (const c of facts.creatures) {
    if (c.scheduled) continue;
    const row = segmentCreatureRow(c, facts.round, 1, scope);
    if (row !== null) built.declaring.push(withDeclare(row, c, facts, scope, declaring));
  }
  for (const turn of facts.turns) {
    const c = creatures.get(turn.combatantId);
    const row = c === undefined ? null : segmentTurnRow(turn, c, facts.round, scope);
    if (c === undefined || row === null) continue;
    const placed = withDeclare(row, c, facts, scope, declaring);
    if (turn.step === 7) add(built.spells, turn.segment, placed);
    else addToLane(built.lanes, laneOf(turn), turn.segment, placed);
  }
  // A creature whose declaration this viewer may not see waits in its group's band (segment 1), placed no
  // further: where its turns fall would tell its declaration (SEG-2).
  for (const c of facts.creatures) {
    if (!c.scheduled || !c.withheld) continue;
    const row = segmentCreatureRow(c, facts.round, 5, scope);
    if (row !== null) addToLane(built.lanes, c.rollBand ?? "low", 1, withDeclare(row, c, facts, scope, declaring));
  }
  return built;
}

/**
 * SEG-2 step 1: the declare control, on the creature's first row. A player gets it on what it owns (refused
 * with the engine's reason outside step 1); the GM, who declares for every creature, on each row during step 1.
 */
function withDeclare(
  row: SegmentRowContext,
  c: SegmentTrackerCreature,
  facts: SegmentTrackerFacts,
  scope: TrackerScope,
  declaring: Set<string>,
): SegmentRowContext {
  const viewer = scope.input.viewer;
  const owned = scope.byId.get(c.id)?.owned ?? false;
  if (declaring.has(c.id) || !(viewer.isGM ? facts.step === 1 : owned)) return row;
  declaring.add(c.id);
  return { ...row, actions: [segmentDeclareControl(scope.input, c), ...row.actions] };
}

function stepState(facts: SegmentTrackerFacts, step: number): SegmentStepState {
  if (facts.step === step) return "current";
  return facts.step > step ? "done" : "upcoming";
}

/** The segment part for this viewer, or null when the host is not the segment host. */
export function buildSegmentRoundContext(scope: TrackerScope): SegmentRoundContext | null {
  const { input } = scope;
  const owned = input.combatants.filter((c) => c.owned).map((c) => c.id);
  const facts = segmentTrackerFactsOf(input.host, input.state, { gm: input.viewer.isGM, combatantIds: owned });
  if (facts === null) return null;
  const built = buildRows(facts, scope);
  const groups = segmentGroups(facts, scope.groupNames, (id) => visibleTo(input, scope.byId.get(id)));
  const steps = SEGMENT_STEP_LABELS.map((label, i): SegmentStepContext => {
    const step = i + 1;
    const state = stepState(facts, step);
    return {
      step,
      label,
      state,
      stateLabel: { key: STEP_STATES[state].label },
      stateIcon: STEP_STATES[state].icon,
      current: state === "current",
      cssClass: `is-${state}`,
      rows: step === 1 ? built.declaring : [],
      groups: step === 2 ? groups : [],
    };
  });
  return { steps, grid: buildSegmentGrid(facts, built, groups) };
}
