/**
 * The segment tracker's rows: the shared row (tracker-row.ts) with what segment rounds add, each told in
 * words and an icon (issue 9): the creature's declaration (SEG-2; hidden or revealed, open or locked), the
 * part of the round a turn is (SEG-2 fast actions A–C, multi-attack routines, SEG-5 a spell's segment,
 * SEG-8 going last) and its conditions this round (SEG-6, SEG-7 delayed, SEG-10 a failed casting).
 */
import {
  segmentDeclarationMessage,
  type I18nKey,
  type Message,
  type SegmentTrackerCreature,
  type SegmentTrackerTurn,
  type TimelineEntry,
} from "../../engine/index.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";
import type { TrackerScope } from "./tracker-input.ts";

/** A fact about a row shown as a small label with its icon. */
export interface RowBadge {
  /** A CSS modifier (`tempo-badge--<kind>`). */
  readonly kind: string;
  readonly label: Message;
  readonly icon: string;
}

export interface SegmentRowContext extends TrackerRowContext {
  readonly badges: readonly RowBadge[];
}

const badge = (kind: string, key: I18nKey, icon: string, data?: Message["data"]): RowBadge => ({
  kind,
  label: data === undefined ? { key } : { key, data },
  icon,
});

const REVEALED = badge("revealed", "TEMPO.TRACKER.Segment.Badge.Revealed", "fa-solid fa-eye");
const UNREVEALED = badge("unrevealed", "TEMPO.TRACKER.Segment.Badge.Unrevealed", "fa-solid fa-eye-slash");
const LOCKED = badge("locked", "TEMPO.TRACKER.Segment.Badge.Locked", "fa-solid fa-lock");
const OPEN = badge("open", "TEMPO.TRACKER.Segment.Badge.Open", "fa-solid fa-lock-open");
const LOCKED_UNREVEALED = badge("locked", "TEMPO.TRACKER.Segment.Badge.LockedUnrevealed", "fa-solid fa-lock");
const UNDECLARED = badge("undeclared", "TEMPO.TRACKER.Segment.Badge.Undeclared", "fa-regular fa-square");
const DELAYED = badge("delayed", "TEMPO.TRACKER.Segment.Badge.Delayed", "fa-solid fa-hourglass-half");
const MAJOR_LOST = badge("major-lost", "TEMPO.TRACKER.Segment.Badge.MajorLost", "fa-solid fa-ban");
const CASTING_FAILED = badge(
  "casting-failed",
  "TEMPO.TRACKER.Segment.Badge.CastingFailed",
  "fa-solid fa-wand-sparkles",
);
const GAVE_UP = badge("gave-up", "TEMPO.TRACKER.Segment.Badge.GaveUp", "fa-solid fa-forward");
const TARGET = badge("target", "TEMPO.TRACKER.Segment.Badge.NamesTarget", "fa-solid fa-crosshairs");
const GOES_LAST = badge("last", "TEMPO.COMBAT.Segment.GoLast", "fa-solid fa-angles-down");

/** SEG-2 step 3: A Parley, B Flee, C Charge, then "goes first" (the engine's own labels, said in full: issue 22). */
const FAST: Readonly<Record<string, RowBadge>> = {
  parley: badge("fast", "TEMPO.COMBAT.Segment.Fast.Parley", "fa-solid fa-comments"),
  flee: badge("fast", "TEMPO.COMBAT.Segment.Fast.Flee", "fa-solid fa-person-running"),
  charge: badge("fast", "TEMPO.COMBAT.Segment.Fast.Charge", "fa-solid fa-horse-head"),
};
const GOES_FIRST = badge("fast", "TEMPO.COMBAT.Segment.Fast.GoesFirst", "fa-solid fa-bolt");

/**
 * SEG-2: whether it declared, whether others may see it, whether it can still change. In step 1 a
 * declaration is open, revealed or not; once the round runs it is locked: a revealed one says so beside
 * "Revealed", a hidden one in one badge ("Locked, not yet revealed"), not "Not yet revealed" and "Locked"
 * side by side.
 */
function declarationBadges(c: SegmentTrackerCreature): RowBadge[] {
  if (!c.declared) return c.locked ? [] : [UNDECLARED];
  if (!c.locked) return [c.revealed ? REVEALED : UNREVEALED, OPEN];
  return c.revealed ? [REVEALED, LOCKED] : [LOCKED_UNREVEALED];
}

/** What this turn is, told by the part of the round it is in. */
function partBadges(turn: SegmentTrackerTurn, c: SegmentTrackerCreature): RowBadge[] {
  const d = c.declaration;
  switch (turn.part) {
    case "fast":
      return [(d === null ? undefined : FAST[d.action]) ?? GOES_FIRST];
    case "firstRoutine":
      return [badge("routine", "TEMPO.TRACKER.Segment.Badge.FirstRoutine", "fa-solid fa-khanda")];
    case "restRoutines":
      return [
        badge("routine", "TEMPO.TRACKER.Segment.Badge.RestRoutines", "fa-solid fa-khanda", {
          routines: Math.max(1, (d?.routines ?? 2) - 1),
        }),
      ];
    case "spell":
      return [
        badge("spell", "TEMPO.TRACKER.Segment.Badge.SpellAt", "fa-solid fa-wand-magic-sparkles", {
          segment: turn.segment,
        }),
      ];
    case "target":
      return [TARGET];
    case "complex":
      return [GOES_LAST];
    default:
      return [];
  }
}

function conditionBadges(c: SegmentTrackerCreature): RowBadge[] {
  const out: RowBadge[] = [];
  if (c.delayed) out.push(DELAYED);
  if (c.majorSpent) out.push(MAJOR_LOST);
  if (c.castingFailed) out.push(CASTING_FAILED);
  return out;
}

/** SEG-2: the declaration as the viewer may know it: what it is, that one was made, or nothing. */
function declarationDetail(c: SegmentTrackerCreature): Message | null {
  if (c.declaration !== null) return segmentDeclarationMessage(c.declaration);
  return c.withheld ? { key: "TEMPO.COMBAT.Segment.Declared" } : null;
}

/** The shared row without a value: a segment creature's initiative is its group's d6, shown with the group. */
function segmentRow(entry: TimelineEntry, scope: TrackerScope, badges: RowBadge[]): SegmentRowContext | null {
  const row = buildTrackerRow(entry, scope);
  return row === null ? null : { ...row, value: null, badges };
}

/** A turn of the round (steps 3–7). */
export function segmentTurnRow(
  turn: SegmentTrackerTurn,
  c: SegmentTrackerCreature,
  round: number,
  scope: TrackerScope,
): SegmentRowContext | null {
  const badges = [...partBadges(turn, c), ...declarationBadges(c), ...conditionBadges(c)];
  if (turn.gaveUp) badges.push(GAVE_UP);
  return segmentRow(
    {
      key: `segment:turn:${turn.key}`,
      kind: "turn",
      combatantId: c.id,
      round,
      position: turn.step * 100 + (turn.step === 7 ? turn.segment : 0),
      label: null,
      groupId: c.groupId,
      active: turn.active,
      done: turn.done,
      defeated: c.defeated,
      detail: declarationDetail(c),
    },
    scope,
    badges,
  );
}

/**
 * A creature without a turn of its own to show: in step 1 while it declares (everyone before the round
 * is scheduled, a late joiner after), or in step 5 when its declaration is withheld from this viewer.
 */
export function segmentCreatureRow(
  c: SegmentTrackerCreature,
  round: number,
  step: number,
  scope: TrackerScope,
): SegmentRowContext | null {
  return segmentRow(
    {
      key: `segment:${step === 1 ? "declare" : "withheld"}:${c.id}`,
      kind: "pending",
      combatantId: c.id,
      round,
      position: step * 100,
      label: null,
      groupId: c.groupId,
      active: false,
      done: false,
      defeated: c.defeated,
      detail: declarationDetail(c),
    },
    scope,
    [...declarationBadges(c), ...conditionBadges(c)],
  );
}
