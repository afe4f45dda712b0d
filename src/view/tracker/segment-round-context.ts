/**
 * The segment tracker's part (RULES §4): the round's steps 1–8 with the current one marked (SEG-2), the
 * groups with their d6 and HIGH or LOW (step 2), fast actions A–C (step 3), multi-attack routines (steps 4
 * and 6), the groups' turns HIGH then LOW and what goes last (step 5, SEG-3, SEG-8), and the ten segments of
 * step 7 with each spell in the segment it goes off (SEG-1, SEG-5). Everything comes from the engine's
 * `segmentTrackerFacts` for this viewer: a declaration the viewer may not see is not in it (SEG-2).
 */
import {
  SEGMENT_STEP_LABELS,
  SEGMENTS_PER_ROUND,
  segmentTrackerFactsOf,
  type I18nKey,
  type Message,
  type SegmentBand,
  type SegmentTrackerCreature,
  type SegmentTrackerFacts,
  type SegmentTrackerGroup,
  type SegmentTrackerTurn,
} from "../../engine/index.ts";
import { segmentDeclareControl } from "./segment-declare.ts";
import { segmentCreatureRow, segmentTurnRow, type SegmentRowContext } from "./segment-rows.ts";
import type { TrackerScope } from "./tracker-input.ts";

export type SegmentStepState = "current" | "done" | "upcoming";

export interface SegmentGroupContext {
  readonly id: string;
  readonly name: Message;
  readonly roll: Message;
  /** HIGH or LOW; null until the group's d6 is in (the roll says so). */
  readonly band: Message | null;
  readonly bandIcon: string;
  readonly cssClass: string;
}

/** Step 5: a band's turns (HIGH, LOW, then complex activities last). */
export interface SegmentBandContext {
  readonly key: string;
  readonly label: Message;
  readonly icon: string;
  readonly rows: readonly SegmentRowContext[];
}

/** SEG-1: one of the ten segments of step 7, with the spells that go off in it. */
export interface SegmentCellContext {
  readonly segment: number;
  readonly label: Message;
  readonly active: boolean;
  readonly done: boolean;
  readonly occupied: boolean;
  readonly rows: readonly SegmentRowContext[];
  readonly cssClass: string;
}

export interface SegmentStepContext {
  readonly step: number;
  readonly label: Message;
  readonly state: SegmentStepState;
  readonly stateLabel: Message;
  readonly stateIcon: string;
  readonly current: boolean;
  readonly cssClass: string;
  /** Steps 1, 3, 4, 6: the rows in the engine's order. */
  readonly rows: readonly SegmentRowContext[];
  /** Step 2. */
  readonly groups: readonly SegmentGroupContext[];
  /** Step 5. */
  readonly bands: readonly SegmentBandContext[];
  /** Step 7: all ten segments (the ruler) and those with a spell (the list). */
  readonly segments: readonly SegmentCellContext[];
  readonly spells: readonly SegmentCellContext[];
}

export interface SegmentRoundContext {
  readonly steps: readonly SegmentStepContext[];
}

const STEP_STATES: Readonly<Record<SegmentStepState, { label: I18nKey; icon: string }>> = {
  current: { label: "TEMPO.TRACKER.Segment.StepNow", icon: "fa-solid fa-play" },
  done: { label: "TEMPO.TRACKER.Segment.StepDone", icon: "fa-solid fa-check" },
  upcoming: { label: "TEMPO.TRACKER.Segment.StepUpcoming", icon: "fa-regular fa-circle" },
};

const BANDS: Readonly<Record<SegmentBand, { label: I18nKey; icon: string }>> = {
  high: { label: "TEMPO.COMBAT.Segment.High", icon: "fa-solid fa-angles-up" },
  low: { label: "TEMPO.COMBAT.Segment.Low", icon: "fa-solid fa-angles-down" },
};

/** SEG-2: creatures without a group of their own fight with their side (segmentGroupOf). */
const SIDE_GROUPS: Readonly<Record<string, I18nKey>> = {
  party: "TEMPO.TRACKER.Segment.GroupParty",
  enemies: "TEMPO.TRACKER.Segment.GroupEnemies",
};

function groupContext(group: SegmentTrackerGroup, scope: TrackerScope): SegmentGroupContext {
  const named = scope.groupNames.get(group.id);
  const side = SIDE_GROUPS[group.id];
  const name: Message =
    named === undefined && side !== undefined
      ? { key: side }
      : { key: "TEMPO.TRACKER.Segment.GroupName", data: { name: named ?? group.id } };
  const band = group.band === null ? null : BANDS[group.band];
  return {
    id: group.id,
    name,
    roll:
      group.roll === null
        ? { key: "TEMPO.TRACKER.Segment.NotRolled" }
        : { key: "TEMPO.COMBAT.Segment.GroupRoll", data: { roll: group.roll } },
    band: band === null ? null : { key: band.label },
    bandIcon: band?.icon ?? "",
    cssClass: `is-${group.band ?? "rolling"}`,
  };
}

interface Built {
  readonly byStep: Map<number, SegmentRowContext[]>;
  readonly high: SegmentRowContext[];
  readonly low: SegmentRowContext[];
  readonly last: SegmentRowContext[];
  readonly bySegment: Map<number, SegmentRowContext[]>;
}

/** Every row, in the engine's order, sorted into the step (and band, and segment) it belongs to. */
function buildRows(facts: SegmentTrackerFacts, scope: TrackerScope): Built {
  const built: Built = { byStep: new Map(), high: [], low: [], last: [], bySegment: new Map() };
  const creatures = new Map<string, SegmentTrackerCreature>(facts.creatures.map((c) => [c.id, c]));
  const add = <K>(map: Map<K, SegmentRowContext[]>, key: K, row: SegmentRowContext): void => {
    const list = map.get(key) ?? [];
    list.push(row);
    map.set(key, list);
  };
  const declaring = new Set<string>();
  // Step 1: whoever has no turn this round (everyone until the round is scheduled).
  for (const c of facts.creatures) {
    if (c.scheduled) continue;
    const row = segmentCreatureRow(c, facts.round, 1, scope);
    if (row === null) continue;
    add(built.byStep, 1, withDeclare(row, c, facts, scope, declaring));
  }
  for (const turn of facts.turns) placeTurn(built, turn, creatures, facts, scope, declaring, add);
  // Step 5: a creature whose declaration this viewer may not see waits in its group's band, placed no further.
  for (const c of facts.creatures) {
    if (!c.scheduled || !c.withheld) continue;
    const row = segmentCreatureRow(c, facts.round, 5, scope);
    if (row !== null)
      (c.rollBand === "high" ? built.high : built.low).push(withDeclare(row, c, facts, scope, declaring));
  }
  return built;
}

function placeTurn(
  built: Built,
  turn: SegmentTrackerTurn,
  creatures: ReadonlyMap<string, SegmentTrackerCreature>,
  facts: SegmentTrackerFacts,
  scope: TrackerScope,
  declaring: Set<string>,
  add: <K>(map: Map<K, SegmentRowContext[]>, key: K, row: SegmentRowContext) => void,
): void {
  const c = creatures.get(turn.combatantId);
  const built0 = c === undefined ? null : segmentTurnRow(turn, c, facts.round, scope);
  if (c === undefined || built0 === null) return;
  const row = withDeclare(built0, c, facts, scope, declaring);
  if (turn.step === 7) add(built.bySegment, turn.segment, row);
  else if (turn.step !== 5) add(built.byStep, turn.step, row);
  else if (turn.part === "complex") built.last.push(row);
  else (turn.band === "high" ? built.high : built.low).push(row);
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

function segmentCells(facts: SegmentTrackerFacts, bySegment: Map<number, SegmentRowContext[]>): SegmentCellContext[] {
  const cells: SegmentCellContext[] = [];
  for (let segment = 1; segment <= SEGMENTS_PER_ROUND; segment++) {
    const rows = bySegment.get(segment) ?? [];
    const active = facts.step === 7 && facts.segment === segment;
    const done = facts.step > 7 || (facts.step === 7 && facts.segment > segment);
    const occupied = rows.length > 0;
    cells.push({
      segment,
      label: { key: "TEMPO.COMBAT.Segment.Segment", data: { segment } },
      active,
      done,
      occupied,
      rows,
      cssClass: [active ? "is-active" : "", done ? "is-done" : "", occupied ? "is-occupied" : ""]
        .filter((c) => c !== "")
        .join(" "),
    });
  }
  return cells;
}

function bandsOf(built: Built): SegmentBandContext[] {
  const bands: SegmentBandContext[] = [
    { key: "high", label: { key: BANDS.high.label }, icon: BANDS.high.icon, rows: built.high },
    { key: "low", label: { key: BANDS.low.label }, icon: BANDS.low.icon, rows: built.low },
    { key: "last", label: { key: "TEMPO.COMBAT.Segment.GoLast" }, icon: "fa-solid fa-angles-down", rows: built.last },
  ];
  return bands.filter((b) => b.rows.length > 0);
}

/** The segment part for this viewer, or null when the host is not the segment host. */
export function buildSegmentRoundContext(scope: TrackerScope): SegmentRoundContext | null {
  const { input } = scope;
  const owned = input.combatants.filter((c) => c.owned).map((c) => c.id);
  const facts = segmentTrackerFactsOf(input.host, input.state, { gm: input.viewer.isGM, combatantIds: owned });
  if (facts === null) return null;
  const built = buildRows(facts, scope);
  const cells = segmentCells(facts, built.bySegment);
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
      rows: built.byStep.get(step) ?? [],
      groups: step === 2 ? facts.groups.map((g) => groupContext(g, scope)) : [],
      bands: step === 5 ? bandsOf(built) : [],
      segments: step === 7 ? cells : [],
      spells: step === 7 ? cells.filter((cell) => cell.occupied) : [],
    };
  });
  return { steps };
}
