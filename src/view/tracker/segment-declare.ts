/**
 * SEG-2 step 1: declaring a creature's actions from the tracker. The row's control carries the creature's
 * current declaration; the host opens the declare form (templates/combat/segment-declare.hbs: a DialogV2 in
 * Foundry, a dialog element in the preview) with it, reads the form back with `segmentDeclarationFromForm`
 * and gives the engine's `declare` command, which checks the rest (SEG-5, SEG-8, SEG-9, SEG-16).
 */
import {
  SEGMENT_ACTIONS,
  SEGMENT_NO_DECLARATION,
  SEGMENTS_PER_ROUND,
  checkSegmentDeclaration,
  err,
  type HostCommand,
  type I18nKey,
  type Message,
  type Result,
  type SegmentAction,
  type SegmentDeclaration,
  type SegmentTrackerCreature,
} from "../../engine/index.ts";
import { refusal, trackerControl, type ControlContext } from "./tracker-controls.ts";
import { visibleTo, type TrackerInput } from "./tracker-input.ts";

/** The action a declare control carries (the host opens the form for it). */
export const SEGMENT_DECLARE_ACTION = "segmentDeclare";

const ACTION_LABELS: Readonly<Record<SegmentAction, I18nKey>> = {
  none: "TEMPO.TRACKER.Segment.Declare.Action.None",
  parley: "TEMPO.TRACKER.Segment.Declare.Action.Parley",
  flee: "TEMPO.TRACKER.Segment.Declare.Action.Flee",
  charge: "TEMPO.TRACKER.Segment.Declare.Action.Charge",
  innate: "TEMPO.TRACKER.Segment.Declare.Action.Innate",
  missile: "TEMPO.TRACKER.Segment.Declare.Action.Missile",
  melee: "TEMPO.TRACKER.Segment.Declare.Action.Melee",
  other: "TEMPO.TRACKER.Segment.Declare.Action.Other",
  move: "TEMPO.TRACKER.Segment.Declare.Action.Move",
  spell: "TEMPO.TRACKER.Segment.Declare.Action.Spell",
  complex: "TEMPO.TRACKER.Segment.Declare.Action.Complex",
};

/** The `declare` command a control or form gives. */
export function segmentDeclareCommand(combatantId: string, declaration: SegmentDeclaration): HostCommand {
  return { type: "declare", combatantId, declaration };
}

/**
 * The row's "Declare…" control, refused with the engine's own reason when a declaration cannot be made now
 * (locked once the round runs, a defeated creature). Its command carries the declaration the form starts from.
 */
export function segmentDeclareControl(input: TrackerInput, c: SegmentTrackerCreature): ControlContext {
  const probe = segmentDeclareCommand(c.id, SEGMENT_NO_DECLARATION);
  // Only a declaration already made is carried (the form starts from none otherwise): 300 rows stay light.
  const carried = c.declaration === null ? {} : { command: segmentDeclareCommand(c.id, c.declaration) };
  return trackerControl(
    SEGMENT_DECLARE_ACTION,
    "TEMPO.TRACKER.Control.Declare",
    "fa-solid fa-scroll",
    refusal(input, probe),
    { combatantId: c.id, ...carried },
  );
}

export interface SegmentDeclareFormContext {
  readonly combatantId: string;
  readonly name: string;
  readonly actions: readonly { readonly value: SegmentAction; readonly label: Message; readonly selected: boolean }[];
  readonly weaponSpeed: number;
  readonly castingTime: number;
  readonly routines: number;
  /** SEG-16: the routines the creature's stat block gives a round (the field's max). */
  readonly routinesMax: number;
  readonly goesFirst: boolean;
  readonly delay: boolean;
  readonly inMelee: boolean;
  /** SEG-4: 1-segment minor activities taken before the major action (each adds 1 to the speed for ties). */
  readonly minorsBefore: number;
  /** SEG-9: positioning movement of 10 ft or less after the major action. */
  readonly positioning: boolean;
  /**
   * SEG-6, SEG-7: a delaying activity before the major action (loading a light crossbow …): the creature acts
   * in LOW, and with the delayed condition the activity counts as complex.
   */
  readonly delaying: boolean;
  /** The creatures the declaration may name as its target (none selected: no target named). */
  readonly targets: readonly { readonly id: string; readonly name: string; readonly selected: boolean }[];
}

/** A creature the declare form offers as a target. */
export interface SegmentTargetChoice {
  readonly id: string;
  readonly name: string;
}

/** SEG-4: a 1-segment minor activity before the major action (drawing, dropping a shield …). */
const MINOR_BEFORE = { kind: "simple", takesSegment: true, beforeMajor: true } as const;
/** SEG-6: a delaying activity, done in 1 segment before the major action (its own minor, SEG-4's +1 included). */
const DELAYING = { kind: "delaying", takesSegment: true, beforeMajor: true } as const;
/** SEG-9: positioning movement of 10 ft or less, a minor action only after the major one. */
const POSITIONING = { kind: "move", takesSegment: true, beforeMajor: false } as const;

/** The declare form for a creature, filled with its declaration (or none). */
export function buildSegmentDeclareForm(
  combatantId: string,
  name: string,
  declaration: SegmentDeclaration | null,
  targets: readonly SegmentTargetChoice[] = [],
  routinesMax = 1,
): SegmentDeclareFormContext {
  const d = declaration ?? SEGMENT_NO_DECLARATION;
  const minorsBefore = d.minors.filter((m) => m.kind === "simple" && m.takesSegment && m.beforeMajor).length;
  return {
    combatantId,
    name,
    actions: SEGMENT_ACTIONS.map((value) => ({
      value,
      label: { key: ACTION_LABELS[value] },
      selected: value === d.action,
    })),
    weaponSpeed: d.weaponSpeed,
    castingTime: d.castingTime ?? 1,
    routines: d.routines,
    routinesMax: Math.max(1, Number.isSafeInteger(routinesMax) ? routinesMax : 1, d.routines),
    goesFirst: d.goesFirst,
    delay: d.delay,
    inMelee: d.inMelee,
    minorsBefore,
    positioning: d.minors.some((m) => m.kind === "move"),
    delaying: d.minors.some((m) => m.kind === "delaying"),
    targets: targets
      .filter((t) => t.id !== combatantId)
      .map((t) => ({ id: t.id, name: t.name, selected: t.id === d.targetId })),
  };
}

/** The declaration a control's `data-command` carries, when it is a well-formed one; else none. */
export function segmentDeclarationOfCommand(command: unknown): SegmentDeclaration {
  if (typeof command !== "object" || command === null || !("declaration" in command)) return SEGMENT_NO_DECLARATION;
  const declaration = command.declaration;
  if (typeof declaration !== "object" || declaration === null) return SEGMENT_NO_DECLARATION;
  // Read as a declaration only to be checked by the engine, field by field.
  const checked = checkSegmentDeclaration(declaration as SegmentDeclaration);
  return checked.ok ? checked.value : SEGMENT_NO_DECLARATION;
}

/** A whole number typed in a field; NaN for anything else (the engine then names the field that is wrong). */
function wholeNumber(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The declaration a submitted form says (checkboxes are present when ticked, as in FormData). A casting time
 * belongs to a spell only, so it is read for a spell alone. Bad input is the engine's typed error.
 */
export function segmentDeclarationFromForm(fields: Readonly<Record<string, string>>): Result<SegmentDeclaration> {
  const action = SEGMENT_ACTIONS.find((a) => a === fields.action);
  if (action === undefined) return err("TEMPO.ERRORS.Segment.InvalidDeclaration", { action: fields.action ?? "" });
  // SEG-4: an empty field is no minor activity; anything else not a whole number is the engine's error.
  const before = (fields.minorsBefore ?? "").trim() === "" ? 0 : wholeNumber(fields.minorsBefore);
  if (!Number.isSafeInteger(before) || before < 0 || before > SEGMENTS_PER_ROUND)
    return err("TEMPO.ERRORS.Segment.InvalidMinors", { max: SEGMENTS_PER_ROUND });
  const minors = [
    ...Array.from({ length: before }, () => MINOR_BEFORE),
    ...(fields.delaying !== undefined ? [DELAYING] : []),
    ...(fields.positioning !== undefined ? [POSITIONING] : []),
  ];
  const target = (fields.target ?? "").trim();
  return checkSegmentDeclaration({
    action,
    targetId: target === "" ? null : target,
    weaponSpeed: wholeNumber(fields.weaponSpeed),
    castingTime: action === "spell" ? wholeNumber(fields.castingTime) : null,
    routines: wholeNumber(fields.routines),
    goesFirst: fields.goesFirst !== undefined,
    delay: fields.delay !== undefined,
    inMelee: fields.inMelee !== undefined,
    minors,
  });
}

/** SEG-11, SEG-16: the creatures a declaration (or a caster in D1) may name as its target, as this viewer sees them. */
export function segmentTargetChoices(input: TrackerInput, combatantId: string): SegmentTargetChoice[] {
  return input.combatants
    .filter((c) => c.id !== combatantId && visibleTo(input, c))
    .map((c) => ({ id: c.id, name: c.name }));
}
