/**
 * The one interface every turn-order scheme implements (ARCHITECTURE: "One interface, five schemes").
 *
 * State is plain JSON (no `undefined`, no Map, no class instances) so the Foundry layer can store it
 * in `Combat.system` and a reload restores it exactly. Transitions are pure and must not mutate
 * their input; unchanged parts of the state are shared, not copied, so a turn step stays O(1) or
 * O(log n) even with thousands of combatants.
 */
import type { I18nKey, Message, Result } from "../core/result.ts";

export type RulesetId = "count" | "standard" | "phase" | "segment" | "rotation";

export const RULESET_IDS: readonly RulesetId[] = ["count", "standard", "phase", "segment", "rotation"];

/** Each ruleset's name, as an i18n key; written out key by key so the i18n audit finds every label. */
export const RULESET_LABELS: Readonly<Record<RulesetId, I18nKey>> = {
  count: "TEMPO.RULESETS.count",
  standard: "TEMPO.RULESETS.standard",
  phase: "TEMPO.RULESETS.phase",
  segment: "TEMPO.RULESETS.segment",
  rotation: "TEMPO.RULESETS.rotation",
};

/**
 * The engine never rolls. When a scheme needs dice it returns a request; the adapter rolls it
 * (Foundry's `Roll`, scripted results in tests) and feeds the total back with a `rolls` command.
 */
export interface DiceRequest {
  /** Unique within the state (a counter kept in the state, never random). */
  readonly id: string;
  /** Who rolls, or null for a roll that belongs to no one creature (a segment group's d6). */
  readonly combatantId: string | null;
  /**
   * The group the roll is for: a segment group's d6 (SEG-2), a rotation group's shared initiative or tie
   * roll (ROT-4, ROT-5, rolled by its first member). Null for a creature's own roll.
   */
  readonly groupId: string | null;
  /** A formula in the dice module's syntax, e.g. "1d20", "2d6", "1d6". */
  readonly formula: string;
  /** Why the roll is asked for, as an i18n key (shown on the roll's chat card). */
  readonly reason: I18nKey;
}

/**
 * The reason keys a scheme's dice requests carry, by kind of roll (each scheme exports its own as
 * `<SCHEME>_ROLL_REASONS`). `initiative` is always a creature's own initiative roll, where the scheme has
 * one; the others only settle an order already rolled (ties) or are a group's roll.
 */
export type RollReasons = Readonly<Record<string, I18nKey>>;

export interface RollResult {
  readonly requestId: string;
  readonly total: number;
  /**
   * Issue 18 item 5: a tie roll the GM made in secret (host/secret-ties.ts names them); a scheme that
   * keeps such a total marks it (CNT-5: initiative/count/hidden-ties.ts). Absent: a public roll.
   */
  readonly secret?: boolean;
}

/** Commands every scheme understands. Schemes add their own (declare, delay, react, …). */
export type CommonCommand =
  | { readonly type: "start" }
  | { readonly type: "next" }
  | { readonly type: "rolls"; readonly results: readonly RollResult[] }
  | { readonly type: "leave"; readonly combatantId: string }
  | { readonly type: "defeat"; readonly combatantId: string }
  | { readonly type: "revive"; readonly combatantId: string }
  | { readonly type: "setInitiative"; readonly combatantId: string; readonly value: number };
// `join` is scheme-specific because each scheme needs different inputs for the new combatant.

/** Events every scheme may emit. Schemes add their own (pending resolved, phase started, …). */
export type CommonEvent =
  | { readonly type: "combatStarted" }
  | { readonly type: "roundStarted"; readonly round: number }
  | { readonly type: "roundEnded"; readonly round: number }
  | { readonly type: "turnStarted"; readonly round: number; readonly combatantId: string }
  | { readonly type: "turnEnded"; readonly round: number; readonly combatantId: string }
  | { readonly type: "combatantJoined"; readonly combatantId: string }
  | { readonly type: "combatantLeft"; readonly combatantId: string }
  | { readonly type: "combatantDefeated"; readonly combatantId: string }
  | { readonly type: "combatantRevived"; readonly combatantId: string }
  | { readonly type: "initiativeSet"; readonly combatantId: string; readonly value: number };

export interface Transition<S, E> {
  readonly state: S;
  readonly events: readonly E[];
  readonly requests: readonly DiceRequest[];
}

/** What the tracker shows, one row each, in display order. */
export interface TimelineEntry {
  /** Unique and stable across renders (used as a DOM key). */
  readonly key: string;
  readonly kind: "turn" | "pending" | "boundary" | "group";
  /** The combatant this row is about, or null for a phase/segment/round boundary. */
  readonly combatantId: string | null;
  /** Round this entry belongs to (0 = a surprise or planning round where the scheme has one). */
  readonly round: number;
  /**
   * Where in the round: the count (count), the initiative value (standard, rotation),
   * the segment/step (segment), or the phase index (phase). Ordered ascending or descending as the
   * scheme shows it; the view never re-sorts.
   */
  readonly position: number;
  /** The scheme-specific label of the position ("Count 7", "Movement", "Segment 3", "HIGH"). */
  readonly label: Message | null;
  /** The group this row belongs to (segment groups, rotation enemy groups), or null. */
  readonly groupId: string | null;
  /** This row is the one acting now. */
  readonly active: boolean;
  /** This row has already happened this round. */
  readonly done: boolean;
  /** The combatant is defeated: shown, skipped (DEF-1). */
  readonly defeated: boolean;
  /** A pending action's description (CNT-6), a declaration (SEG-2), or null. */
  readonly detail: Message | null;
}

export interface Scheduler<S, C, E> {
  readonly id: RulesetId;
  /** Applies one command. On error the caller keeps its state: nothing was changed. */
  apply(state: S, command: C): Result<Transition<S, E>>;
  /** What the tracker shows for this state. */
  timeline(state: S): readonly TimelineEntry[];
  /** The id of the combatant whose turn it is, or null (not started, between phases, waiting on dice). */
  current(state: S): string | null;
  /** Dice requests still waiting for results. */
  pending(state: S): readonly DiceRequest[];
}
