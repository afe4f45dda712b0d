/**
 * State, commands and events of the count-up track (RULES §1). The state is plain JSON: `null` for
 * "no value", a persistent vector for the roster (see shared/persistent-vector.ts), numbers and strings only.
 *
 * The state is stored in `Combat.system` and every step is sent as a key-by-key diff, so nothing in it is
 * rebuilt for everyone at a round boundary (issue 8): the order on a shared count is one list kept sorted
 * as contest dice come in (`tieOrder`), a round is walked count by count through it (`count`, `scan`),
 * CNT-13's lowering is worked out when a record is read (`countRound`), and the dice still wanted follow
 * from the records (see requests.ts), so a new round writes a handful of fields.
 */
import type { CommonCommand, CommonEvent } from "../contract.ts";
import type { PersistentVector, SlotIndex } from "../shared/persistent-vector.ts";

/** CNT-4 setting: a surprise round follows from the rolls, or only when the GM declares one. */
export type CountSurpriseMode = "automatic" | "declared";

export interface CountOptions {
  readonly surprise: CountSurpriseMode;
}

/** What the Foundry layer passes for each combatant (no names: the view looks them up by id). */
export interface CountCombatantInput {
  readonly id: string;
  /** CNT-1: the higher of the INT and DEX modifiers (see `countInitiativeBonus`). */
  readonly bonus: number;
  readonly isPlayer: boolean;
  readonly defeated: boolean;
}

export interface CountCombatant {
  readonly id: string;
  readonly bonus: number;
  readonly isPlayer: boolean;
  readonly defeated: boolean;
  /**
   * CNT-2: the opening roll's result (d20 − bonus); 0 or below has surprise (CNT-4). Null until rolled, and
   * for a creature that rolls once the first round has begun (a late joiner has no surprise).
   */
  readonly result: number | null;
  /**
   * The tracked count 0 … 19 (20 while unconscious, CNT-14) in round `countRound`. Null until rolled.
   * Read it through `countIn` / `getCombatant`: CNT-13 lowers an idle creature's count from the next
   * round on without a write at the round boundary.
   */
  readonly count: number | null;
  /** The round `count` was last brought up to date for (−1: before the first round). */
  readonly countRound: number;
  /** CNT-5: contest totals kept for the encounter. */
  readonly contest: readonly number[];
  /**
   * CNT-5, issue 18 item 5: how many of the last `contest` totals were rolled as the GM's secret (only
   * hidden creatures were level with it): the players' copy leaves them out (hidden-ties.ts).
   */
  readonly secretContest: number;
  /** CNT-4: marked surprised by the GM: no actions or reactions in the surprise round. */
  readonly surprised: boolean;
  /** CNT-14. */
  readonly unconscious: boolean;
  /** The last round in which it started a turn (−1: never). */
  readonly turnRound: number;
  /** The count that turn started on (−1: never); the tracker shows a finished turn there. */
  readonly turnCount: number;
  /** The last round in which it spent its action (CNT-13). */
  readonly actedRound: number;
  /** The last round in which it used its reaction (CNT-12). */
  readonly reactedRound: number;
  /** The last round in which one of its actions resolved (CNT-11). */
  readonly resolvedRound: number;
  /** The last round for which its saving throws were called (CNT-11). */
  readonly savesRound: number;
  /** CNT-10: the pending spell it is casting, or null. */
  readonly casting: string | null;
  /** Its pending actions, in declaration order. */
  readonly pending: readonly CountPendingRef[];
}

/** Where a pending action is kept: bucket `at` (absolute position), slot `index`. */
export interface CountPendingRef {
  readonly id: string;
  readonly at: number;
  readonly index: number;
}

/** One creature's place in this round's track order, with the count it acts (or acted) on this round. */
export interface CountTurn {
  readonly id: string;
  readonly count: number;
  /** Its turn this round is over (or its place has passed: a defeated creature is skipped, DEF-1). */
  readonly done: boolean;
}

export type CountDeclaredKind = "attack" | "charged" | "spell" | "other";

/** What a creature declares on its turn (CNT-6). */
export type CountActionInput =
  /**
   * CNT-7: one target per weapon attack (null: not chosen); the k-th resolves at count + k × delay.
   * `properties`: the weapon's property names, checked by `parseWeaponProperties` (any case, each once).
   */
  | { readonly kind: "attack"; readonly properties: readonly string[]; readonly targets: readonly (string | null)[] }
  /** FEAT-CHARGED: one attack whose delay is the primary weapon ability modifier. */
  | {
      readonly kind: "charged";
      readonly properties: readonly string[];
      readonly modifier: number;
      readonly target: string | null;
    }
  /** CNT-8: `origin` is an area spell's point of origin (fixed once declared, CNT-12), else null. */
  | {
      readonly kind: "spell";
      readonly slotLevel: number;
      readonly targets: readonly string[];
      readonly origin: string | null;
    }
  /** Any other action with a known delay (0: it resolves at once). */
  | { readonly kind: "other"; readonly delay: number };

export interface CountPendingAction {
  /** Unique for the whole encounter ("a1", "a2", …). */
  readonly id: string;
  readonly combatantId: string;
  readonly kind: CountDeclaredKind;
  readonly declaredRound: number;
  readonly declaredCount: number;
  /** Where it resolves (CNT-9). */
  readonly round: number;
  readonly count: number;
  readonly delay: number;
  /** k of n for staggered attacks (CNT-7); 1 of 1 otherwise. */
  readonly attack: number;
  readonly attacks: number;
  readonly targets: readonly string[];
  readonly origin: string | null;
  readonly slotLevel: number | null;
}

/** CNT-12: what a reaction does. */
export type CountReactionInput =
  | { readonly kind: "retarget"; readonly actionId: string; readonly targets: readonly string[] }
  | { readonly kind: "redirect"; readonly actionIds: readonly string[]; readonly target: string }
  | { readonly kind: "stopCasting" };

export type CountStatus =
  /** Not started. */
  | "setup"
  /** Waiting for the first initiative rolls. */
  | "rolling"
  /** Waiting for tie contests before `upcomingRound` can start. */
  | "contest"
  /** A creature's turn. */
  | "turns"
  /** The end step at count 20. */
  | "end";

export interface CountState {
  readonly scheme: "count";
  readonly options: CountOptions;
  readonly status: CountStatus;
  /** The round under way (0 is the surprise round); −1 before the first round. */
  readonly round: number;
  /** The round that starts once its contests are in (status "contest"), else −1. */
  readonly upcomingRound: number;
  /**
   * CNT-5: the latest round whose ties have been put to contest. Never lowered: when the GM declares a
   * surprise round while round 1's contests are out (CNT-4), those dice stay wanted during round 0.
   */
  readonly contestRound: number;
  /** CNT-4 "GM declares" mode: the GM has declared a surprise round. */
  readonly surpriseDeclared: boolean;
  /** Slot → combatant (null once it left). */
  readonly combatants: PersistentVector<CountCombatant>;
  /** Id → slot. */
  readonly slots: SlotIndex;
  /**
   * CNT-5: every combatant's slot, in the order creatures on a shared count act: higher kept contest
   * totals first, then by id (`compareCountTies`). It changes only when contest dice come in or the
   * roster changes, never at a round boundary.
   */
  readonly tieOrder: readonly number[];
  /** The count under way: −1 before a round's first turn, 0 … 19 during turns, 20 in the end step. */
  readonly count: number;
  /** Index in `tieOrder` of the last creature whose turn the walk took on `count` (−1: none yet). */
  readonly scan: number;
  /** The creature whose turn is under way (status "turns"), else null. */
  readonly current: string | null;
  /**
   * Creatures still to act this round whose place moved behind the turn under way (a new count, a
   * contest total): they act right after it on the same count, in tie order, so nobody loses a turn.
   */
  readonly queued: readonly string[];
  /** Pending actions by absolute position (round × 20 + count), each in declaration order. */
  readonly pending: Readonly<Record<string, PersistentVector<CountPendingAction>>>;
  readonly nextAction: number;
}

export type CountCommand =
  | CommonCommand
  | { readonly type: "join"; readonly combatant: CountCombatantInput }
  | { readonly type: "declare"; readonly combatantId: string; readonly action: CountActionInput }
  | { readonly type: "react"; readonly combatantId: string; readonly reaction: CountReactionInput }
  | { readonly type: "unconscious"; readonly combatantId: string }
  | { readonly type: "regainConsciousness"; readonly combatantId: string }
  | { readonly type: "markSurprised"; readonly combatantId: string; readonly surprised: boolean }
  | { readonly type: "declareSurprise"; readonly value: boolean };

export type CountEvent =
  | CommonEvent
  /** CNT-2: the initiative total (1d20 − bonus, the creature's result) and the count it is tracked on. */
  | { readonly type: "initiativeRolled"; readonly combatantId: string; readonly total: number; readonly count: number }
  /** CNT-5: the contest total (1d20 + bonus), kept for the encounter. */
  | { readonly type: "contestRolled"; readonly combatantId: string; readonly total: number }
  | { readonly type: "endStep"; readonly round: number }
  | { readonly type: "actionDeclared"; readonly action: CountPendingAction }
  | { readonly type: "actionResolved"; readonly action: CountPendingAction }
  /** The owner was defeated or unconscious when the action came due. */
  | { readonly type: "actionCancelled"; readonly action: CountPendingAction }
  /** CNT-10: the caster spent its action: the spell is lost with its slot. */
  | { readonly type: "castingLost"; readonly action: CountPendingAction }
  /** CNT-12: the caster stopped with its reaction: the slot is kept. */
  | { readonly type: "castingStopped"; readonly action: CountPendingAction }
  | { readonly type: "actionRetargeted"; readonly action: CountPendingAction; readonly from: readonly string[] }
  | { readonly type: "reactionUsed"; readonly combatantId: string; readonly kind: CountReactionInput["kind"] }
  | { readonly type: "savesDue"; readonly combatantId: string; readonly round: number }
  | { readonly type: "deathSavesDue"; readonly combatantId: string; readonly round: number }
  | { readonly type: "countLowered"; readonly combatantId: string; readonly from: number; readonly to: number }
  | { readonly type: "combatantUnconscious"; readonly combatantId: string }
  | { readonly type: "consciousnessRegained"; readonly combatantId: string; readonly count: number }
  | { readonly type: "surpriseDeclared"; readonly value: boolean }
  | { readonly type: "surpriseMarked"; readonly combatantId: string; readonly surprised: boolean };
