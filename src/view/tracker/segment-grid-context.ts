/**
 * The segment tracker's grid (issue 9, RULES §4): the action part of the round (steps 3–7) as a table whose
 * columns are the round's ten segments (SEG-1, the one under way marked) and whose lanes are the parts of
 * the round in order: fast actions A–C (step 3), first attack routines (step 4), the HIGH and LOW groups
 * with their d6 (step 5, SEG-2), what goes last (SEG-8), the remaining routines (step 6) and one lane per
 * segment a spell goes off in, spanning its casting time (step 7, SEG-5). Each turn sits in the segment
 * the engine's schedule gives it; nothing is decided here. Cost: O(turns) plus 10 columns per lane.
 */
import {
  SEGMENT_STEP_LABELS,
  SEGMENTS_PER_ROUND,
  type I18nKey,
  type Message,
  type SegmentBand,
  type SegmentTrackerFacts,
} from "../../engine/index.ts";
import type { SegmentRowContext } from "./segment-rows.ts";

/** The lanes a turn can be placed in (spells have one lane per segment they go off in). */
export type SegmentLaneKey = "fast" | "firstRoutine" | "high" | "low" | "last" | "restRoutines";

/** Rows sorted by lane, then by the segment they happen in, each list in the engine's order. */
export interface SegmentLaneRows {
  readonly lanes: ReadonlyMap<SegmentLaneKey, ReadonlyMap<number, readonly SegmentRowContext[]>>;
  readonly spells: ReadonlyMap<number, readonly SegmentRowContext[]>;
}

/** SEG-2 step 2: a group, its d6 and band, and how many creatures fight in it. */
export interface SegmentGroupContext {
  readonly id: string;
  readonly name: Message;
  readonly roll: Message;
  /** HIGH or LOW; null until the group's d6 is in (the roll says so). */
  readonly band: Message | null;
  readonly bandIcon: string;
  readonly bandKey: SegmentBand | null;
  readonly members: Message;
  readonly cssClass: string;
}

/** SEG-1: a column, one segment. */
export interface SegmentColumnContext {
  readonly segment: number;
  readonly label: Message;
  readonly active: boolean;
  readonly done: boolean;
  readonly cssClass: string;
}

/** A cell: one segment with its turns, a spell's casting time, or a run of segments with nothing in them. */
export interface SegmentGridCell {
  readonly segment: number;
  readonly span: number;
  /** Said in words in every cell (the segment, the span, or that nothing happens there). */
  readonly label: Message;
  readonly empty: boolean;
  readonly rows: readonly SegmentRowContext[];
  readonly cssClass: string;
}

export interface SegmentLaneContext {
  readonly key: string;
  readonly label: Message;
  readonly icon: string;
  /** HIGH and LOW: the groups in the band, with their d6. */
  readonly groups: readonly SegmentGroupContext[];
  /** A turn of this lane is under way. */
  readonly current: boolean;
  readonly cssClass: string;
  readonly cells: readonly SegmentGridCell[];
}

export interface SegmentGridContext {
  readonly caption: Message;
  readonly columns: readonly SegmentColumnContext[];
  readonly lanes: readonly SegmentLaneContext[];
}

interface LaneSpec {
  readonly key: SegmentLaneKey;
  readonly label: Message;
  readonly icon: string;
  /** Always drawn, even with nothing in it. */
  readonly always: boolean;
}

const stepLabel = (step: number): Message => SEGMENT_STEP_LABELS[step - 1] ?? { key: "TEMPO.COMBAT.Segment.Rolling" };

const LANES: readonly LaneSpec[] = [
  { key: "fast", label: stepLabel(3), icon: "fa-solid fa-bolt", always: true },
  { key: "firstRoutine", label: stepLabel(4), icon: "fa-solid fa-khanda", always: false },
  { key: "high", label: { key: "TEMPO.COMBAT.Segment.High" }, icon: "fa-solid fa-angles-up", always: true },
  { key: "low", label: { key: "TEMPO.COMBAT.Segment.Low" }, icon: "fa-solid fa-angles-down", always: true },
  { key: "last", label: { key: "TEMPO.COMBAT.Segment.GoLast" }, icon: "fa-solid fa-hourglass-end", always: false },
  { key: "restRoutines", label: stepLabel(6), icon: "fa-solid fa-khanda", always: false },
];

const key = (k: I18nKey, data?: Message["data"]): Message => (data === undefined ? { key: k } : { key: k, data });

function emptyCell(from: number, to: number): SegmentGridCell {
  return {
    segment: from,
    span: to - from + 1,
    label:
      from === to
        ? key("TEMPO.TRACKER.Segment.Grid.EmptyOne", { segment: from })
        : key("TEMPO.TRACKER.Segment.Grid.Empty", { from, to }),
    empty: true,
    rows: [],
    cssClass: "is-empty",
  };
}

/** The ten segments of a lane: a cell per segment with turns, the runs between them merged. */
function laneCells(bySegment: ReadonlyMap<number, readonly SegmentRowContext[]> | undefined): SegmentGridCell[] {
  const cells: SegmentGridCell[] = [];
  let from = 1;
  for (let segment = 1; segment <= SEGMENTS_PER_ROUND; segment++) {
    const rows = bySegment?.get(segment) ?? [];
    if (rows.length === 0) continue;
    if (from < segment) cells.push(emptyCell(from, segment - 1));
    cells.push({
      segment,
      span: 1,
      label: key("TEMPO.COMBAT.Segment.Segment", { segment }),
      empty: false,
      rows,
      cssClass: "is-occupied",
    });
    from = segment + 1;
  }
  if (from <= SEGMENTS_PER_ROUND) cells.push(emptyCell(from, SEGMENTS_PER_ROUND));
  return cells;
}

/** SEG-5: the spells that go off in `segment`, drawn across their casting time (segments 1 to `segment`). */
function spellLane(segment: number, rows: readonly SegmentRowContext[]): SegmentLaneContext {
  const cells: SegmentGridCell[] = [
    {
      segment: 1,
      span: segment,
      label:
        segment === 1
          ? key("TEMPO.TRACKER.Segment.Grid.CastOne")
          : key("TEMPO.TRACKER.Segment.Grid.CastOver", { segment }),
      empty: false,
      rows,
      cssClass: "is-occupied is-casting",
    },
  ];
  if (segment < SEGMENTS_PER_ROUND) cells.push(emptyCell(segment + 1, SEGMENTS_PER_ROUND));
  return {
    key: `spell:${segment}`,
    label: key("TEMPO.TRACKER.Segment.Grid.SpellLane", { segment }),
    icon: "fa-solid fa-wand-magic-sparkles",
    groups: [],
    current: rows.some((r) => r.active),
    cssClass: `tempo-segment__lane--spell${rows.some((r) => r.active) ? " is-current" : ""}`,
    cells,
  };
}

const BANDS: Readonly<Record<SegmentBand, { label: I18nKey; icon: string }>> = {
  high: { label: "TEMPO.COMBAT.Segment.High", icon: "fa-solid fa-angles-up" },
  low: { label: "TEMPO.COMBAT.Segment.Low", icon: "fa-solid fa-angles-down" },
};

/** SEG-2: creatures without a group of their own fight with their side (segmentGroupOf). */
const SIDE_GROUPS: Readonly<Record<string, I18nKey>> = {
  party: "TEMPO.TRACKER.Segment.GroupParty",
  enemies: "TEMPO.TRACKER.Segment.GroupEnemies",
};

/**
 * Every group of the round with its d6 and band; `names` are the world's group names by id. Issue 18: a
 * group counts only the creatures `shows` lets the viewer see, and one whose creatures are all hidden is not
 * drawn.
 */
export function segmentGroups(
  facts: SegmentTrackerFacts,
  names: ReadonlyMap<string, string>,
  shows: (combatantId: string) => boolean = () => true,
): SegmentGroupContext[] {
  const members = new Map<string, number>();
  const seen = new Set<string>();
  const hiddenIn = new Set<string>();
  for (const c of facts.creatures) {
    if (!shows(c.id)) {
      hiddenIn.add(c.groupId);
      continue;
    }
    seen.add(c.groupId);
    if (!c.defeated) members.set(c.groupId, (members.get(c.groupId) ?? 0) + 1);
  }
  return facts.groups
    .filter((group) => seen.has(group.id) || !hiddenIn.has(group.id))
    .map((group) => {
      const named = names.get(group.id);
      const side = SIDE_GROUPS[group.id];
      const band = group.band === null ? null : BANDS[group.band];
      return {
        id: group.id,
        name:
          named === undefined && side !== undefined
            ? key(side)
            : key("TEMPO.TRACKER.Segment.GroupName", { name: named ?? group.id }),
        roll:
          group.roll === null
            ? key("TEMPO.TRACKER.Segment.NotRolled")
            : key("TEMPO.COMBAT.Segment.GroupRoll", { roll: group.roll }),
        band: band === null ? null : key(band.label),
        bandIcon: band?.icon ?? "",
        bandKey: group.band,
        members: key("TEMPO.TRACKER.Segment.Grid.Members", { count: members.get(group.id) ?? 0 }),
        cssClass: `is-${group.band ?? "rolling"}`,
      };
    });
}

function columns(facts: SegmentTrackerFacts): SegmentColumnContext[] {
  const out: SegmentColumnContext[] = [];
  for (let segment = 1; segment <= SEGMENTS_PER_ROUND; segment++) {
    const active = facts.nowSegment === segment;
    const done = facts.step === 8 || (facts.nowSegment > segment && facts.step >= 3);
    out.push({
      segment,
      label: key("TEMPO.COMBAT.Segment.Segment", { segment }),
      active,
      done,
      cssClass: active ? "is-active" : done ? "is-done" : "",
    });
  }
  return out;
}

/** The grid for this viewer, from rows already sorted into lanes (segment-round-context.ts). */
export function buildSegmentGrid(
  facts: SegmentTrackerFacts,
  rows: SegmentLaneRows,
  groups: readonly SegmentGroupContext[],
): SegmentGridContext {
  const lanes: SegmentLaneContext[] = [];
  for (const spec of LANES) {
    const bySegment = rows.lanes.get(spec.key);
    if (!spec.always && bySegment === undefined) continue;
    const current = [...(bySegment?.values() ?? [])].some((list) => list.some((r) => r.active));
    lanes.push({
      key: spec.key,
      label: spec.label,
      icon: spec.icon,
      groups: spec.key === "high" || spec.key === "low" ? groups.filter((g) => g.bandKey === spec.key) : [],
      current,
      cssClass: `tempo-segment__lane--${spec.key}${current ? " is-current" : ""}`,
      cells: laneCells(bySegment),
    });
  }
  const spellSegments = [...rows.spells.keys()].sort((a, b) => a - b);
  for (const segment of spellSegments) lanes.push(spellLane(segment, rows.spells.get(segment) ?? []));
  return {
    caption: key("TEMPO.TRACKER.Segment.Grid.Caption", { round: facts.round }),
    columns: columns(facts),
    lanes,
  };
}
