/**
 * Segment rounds (`segment`, RULES §4): the state, commands and events of the segment scheduler.
 * State is plain JSON; "never" is 0 for round numbers (rounds start at 1), "no value" is `null`.
 */
import type { CommonCommand, CommonEvent, DiceRequest, RollReasons } from "../contract.ts";
import type { PersistentVector, SlotIndex } from "../shared/persistent-vector.ts";

/**
 * The declared major action. `move` is movement taken as the major action (SEG-9); `none` declares
 * no major action (simple activities then happen in D4, SEG-3).
 */
export type SegmentAction =
  "none" | "parley" | "flee" | "charge" | "innate" | "missile" | "melee" | "other" | "move" | "spell" | "complex";

export const SEGMENT_ACTIONS: readonly SegmentAction[] = [
  "none",
  "parley",
  "flee",
  "charge",
  "innate",
  "missile",
  "melee",
  "other",
  "move",
  "spell",
  "complex",
];

/** SEG-3: the parts of a group's turn, D1 to D4. */
export type SegmentOrderStep = "innate" | "missile" | "melee" | "other";

/** A minor action declared with the major one (most need no declaration; those that change timing do). */
export interface SegmentMinor {
  /** `move`: positioning movement of 10 ft or less (SEG-9); `delaying`: a delaying activity (acts in LOW). */
  readonly kind: "simple" | "move" | "delaying";
  /** Takes 1 segment (SEG-4: adds 1 to the weapon speed when taken before the major action). */
  readonly takesSegment: boolean;
  readonly beforeMajor: boolean;
}

/** SEG-2 step 1: what a creature declares for the round. */
export interface SegmentDeclaration {
  readonly action: SegmentAction;
  /** The target, if named (a spell's target is named later, in the caster's D1, SEG-11). */
  readonly targetId: string | null;
  /** SEG-4: weapon speed for ties (0 when it does not apply). */
  readonly weaponSpeed: number;
  /** SEG-5: a spell's casting time in segments, 1–10; null for anything else. */
  readonly castingTime: number | null;
  /** SEG-16: attack routines this round; more than 1 (melee only) is multi-attack (SEG-2 steps 4 and 6). */
  readonly routines: number;
  /** SEG-2 step 3: the creature "goes first". */
  readonly goesFirst: boolean;
  /** SEG-6: a delay declared in step 1: it acts in LOW without the delayed condition. */
  readonly delay: boolean;
  /** SEG-9: the creature is in melee (positioning movement is then not a minor action). */
  readonly inMelee: boolean;
  readonly minors: readonly SegmentMinor[];
}

/** Where a turn sits in the round (SEG-2). */
export type SegmentPart =
  /** Step 3: parley, flee, charge, goes first. */
  | "fast"
  /** Step 4: the first attack routine of a multi-attacker in melee. */
  | "firstRoutine"
  /** Step 5: the creature's turn in its group (D1–D4). */
  | "group"
  /** Step 5, D1: a caster names its spell's target (SEG-11). */
  | "target"
  /** Step 5, after everyone: complex activities go last (SEG-8). */
  | "complex"
  /** Step 6: the remaining attack routines. */
  | "restRoutines"
  /** Step 7: a spell resolves in the segment its casting time ends (SEG-5). */
  | "spell";

export type SegmentBand = "high" | "low";

/** One turn of the round's schedule. */
export interface SegmentEntry {
  /** Unique within the round. */
  readonly key: string;
  readonly combatantId: string;
  readonly step: number;
  readonly part: SegmentPart;
  /** The segment it happens in (1 unless it is a spell). */
  readonly segment: number;
  readonly band: SegmentBand;
  /** The sort key: compared element by element, lower first. */
  readonly rank: readonly number[];
}

export interface SegmentCombatant {
  readonly id: string;
  /** Join order: the last tie-break. */
  readonly slot: number;
  /** SEG-2: the side it rolls group initiative with. */
  readonly groupId: string;
  /** SEG-17: Dexterity reaction adjustment (used only when the setting is on). */
  readonly dexReaction: number;
  /** SEG-16: a surprised creature cannot make free or immediate attacks. */
  readonly surprised: boolean;
  readonly defeated: boolean;
  readonly declaration: SegmentDeclaration | null;
  /** The round `declaration` belongs to; 0 = never. */
  readonly declaredRound: number;
  /** SEG-2: the declaration has been shown to everyone. */
  readonly revealed: boolean;
  /** A GM-set initiative for this round, used instead of the group's d6 (set initiative). */
  readonly initiative: number | null;
  readonly initiativeRound: number;
  /** SEG-7: the round it has the delayed condition in; 0 = never. */
  readonly delayedRound: number;
  /** SEG-6, SEG-16: the round its major action was used up outside its turn; 0 = never. */
  readonly majorSpentRound: number;
  /** SEG-11: the round it cast an immediate spell in; 0 = never. */
  readonly immediateSpellRound: number;
  /** SEG-10: the round its casting failed in; 0 = never. */
  readonly castingFailedRound: number;
  /** SEG-16: opponents it made a free or immediate attack against this round. */
  readonly attackedRound: number;
  readonly attacked: readonly string[];
  /** SEG-16: the moment (schedule index) of its last free attack this round; -1 = none. */
  readonly freeAttackAt: number;
}

export interface SegmentSettings {
  /** SEG-3 (setting): the order of D1–D4 inside a group's turn. */
  readonly groupOrder: readonly SegmentOrderStep[];
  /** SEG-17 (setting, default off): add the Dexterity reaction adjustment when deciding HIGH or LOW. */
  readonly dexReaction: boolean;
}

export const DEFAULT_SEGMENT_SETTINGS: SegmentSettings = {
  groupOrder: ["innate", "missile", "melee", "other"],
  dexReaction: false,
};

/** SEG-2: the reason of segment's one dice request, a group's d6 (no creature rolls its own initiative). */
export const SEGMENT_ROLL_REASONS = {
  group: "TEMPO.COMBAT.Segment.GroupRoll",
} as const satisfies RollReasons;

export interface SegmentPendingRoll {
  readonly request: DiceRequest;
  readonly groupId: string;
}

export interface SegmentState {
  readonly settings: SegmentSettings;
  /** 0 before the combat starts. */
  readonly round: number;
  /** SEG-2: 0 before the combat starts, then 1 (declare) … 8 (end of round). */
  readonly step: number;
  /** SEG-1: the last segment reached in step 7; 0 before. */
  readonly segment: number;
  readonly combatants: PersistentVector<SegmentCombatant>;
  /** Combatant id → slot; a departed combatant's slot holds null. */
  readonly index: SlotIndex;
  /** SEG-2 step 2: each group's d6 this round. */
  readonly groupRolls: Readonly<Record<string, number>>;
  /**
   * The group d6 of the round before, kept when a round starts (absent in states stored before it was):
   * core's initiative shows it until this round's roll is in (issue 17: no `null` written to every
   * creature at a boundary only to be filled again). Never read by the rules.
   */
  readonly lastGroupRolls?: Readonly<Record<string, number>>;
  /**
   * The round's turns in order, built once when the group rolls settle in step 2 (the roll batch writes
   * it). It belongs to round `scheduleRound` and is kept, not cleared, when the next round starts (a stale
   * schedule is never read: see `segmentRoundSchedule`); the next settle replaces it. So no `next`
   * rewrites it whole: a boundary step only moves `cursor`, `step` and `segment`.
   */
  readonly schedule: readonly SegmentEntry[];
  /**
   * The round `schedule` (and `delayedTurns`) belong to; 0 while none does: a group roll of this round is
   * still pending (asking one throws the built schedule away), or the combat has not started.
   */
  readonly scheduleRound: number;
  /** Index in `schedule` of the turn in progress (or last passed); -1 before the first. */
  readonly cursor: number;
  /** Whose turn it is, or null. */
  readonly current: string | null;
  /**
   * SEG-6: keys of this round's turns on which a creature announced a delay. They stay in `schedule` (they
   * happened, and the tracker shows them done) but spent no action. Part of the schedule: emptied when
   * the next round's schedule is built.
   */
  readonly delayedTurns: readonly string[];
  readonly rolls: readonly SegmentPendingRoll[];
  readonly nextRequest: number;
}

export interface SegmentJoin {
  readonly id: string;
  readonly groupId: string;
  readonly dexReaction: number;
  readonly surprised: boolean;
}

/** Who is looking at the tracker: the GM sees every declaration, a player sees its own combatants'. */
export interface SegmentViewer {
  readonly gm: boolean;
  readonly combatantIds: readonly string[];
}

export type SegmentCommand =
  | CommonCommand
  | { readonly type: "join"; readonly combatant: SegmentJoin }
  /** SEG-2 step 1. */
  | { readonly type: "declare"; readonly combatantId: string; readonly declaration: SegmentDeclaration }
  /** Shows a declaration (or all, with null) to everyone. */
  | { readonly type: "reveal"; readonly combatantId: string | null }
  /** SEG-6: announced during group actions (step 5). */
  | { readonly type: "delay"; readonly combatantId: string }
  /** SEG-10: concentration broken (damage, failed save, impeded): a casting in progress fails. */
  | { readonly type: "interrupt"; readonly combatantId: string }
  /** SEG-16. */
  | { readonly type: "freeAttack"; readonly combatantId: string; readonly targetId: string }
  | { readonly type: "immediateAttack"; readonly combatantId: string; readonly targetId: string }
  /** SEG-11. */
  | { readonly type: "immediateSpell"; readonly combatantId: string }
  /** SEG-11: a caster names its spell's target on its D1 turn. */
  | { readonly type: "nameTarget"; readonly combatantId: string; readonly targetId: string }
  | { readonly type: "surprise"; readonly combatantId: string; readonly surprised: boolean }
  /** SEG-7: the delayed condition imposed (or lifted) by something other than the creature's own delay. */
  | { readonly type: "setDelayed"; readonly combatantId: string; readonly delayed: boolean };

type TurnEvents = { readonly type: "turnStarted" } | { readonly type: "turnEnded" };

interface TurnAt {
  readonly round: number;
  readonly combatantId: string;
  readonly step: number;
  readonly segment: number;
  readonly part: SegmentPart;
}

export type SegmentEvent =
  | Exclude<CommonEvent, TurnEvents>
  | ({ readonly type: "turnStarted" } & TurnAt)
  | ({ readonly type: "turnEnded" } & TurnAt)
  | { readonly type: "stepStarted"; readonly round: number; readonly step: number }
  /** SEG-1: a segment starts (step 7), `seconds` into the round. */
  | { readonly type: "segmentStarted"; readonly round: number; readonly segment: number; readonly seconds: number }
  | { readonly type: "declared"; readonly round: number; readonly combatantId: string }
  | { readonly type: "revealed"; readonly round: number; readonly combatantId: string }
  | { readonly type: "groupRolled"; readonly round: number; readonly groupId: string; readonly roll: number }
  | {
      readonly type: "groupsRanked";
      readonly round: number;
      readonly high: readonly string[];
      readonly low: readonly string[];
    }
  | { readonly type: "delayed"; readonly round: number; readonly combatantId: string; readonly condition: boolean }
  | { readonly type: "majorActionLost"; readonly round: number; readonly combatantId: string }
  | { readonly type: "castingFailed"; readonly round: number; readonly combatantId: string }
  | {
      readonly type: "freeAttack";
      readonly round: number;
      readonly combatantId: string;
      readonly targetId: string;
      readonly segment: number;
      readonly during: string | null;
    }
  | {
      readonly type: "immediateAttack";
      readonly round: number;
      readonly combatantId: string;
      readonly targetId: string;
      readonly segment: number;
      readonly during: string | null;
    }
  | { readonly type: "immediateSpell"; readonly round: number; readonly combatantId: string }
  | { readonly type: "targetNamed"; readonly round: number; readonly combatantId: string; readonly targetId: string }
  | { readonly type: "surpriseSet"; readonly combatantId: string; readonly surprised: boolean }
  | { readonly type: "delayedSet"; readonly round: number; readonly combatantId: string; readonly delayed: boolean };
