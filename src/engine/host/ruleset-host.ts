/**
 * What a host (the Foundry layer, the preview) needs from a ruleset, the same for all five.
 *
 * A host knows combatants as documents, not as engine records. It hands the engine the facts it
 * reads from them (`HostCombatant`), the GM's per-combat options (`HostOptions`), and commands; it
 * gets back the state to store and what to mirror into core's fields: the turn order, whose turn it
 * is, the round, each combatant's initiative value, and the seconds a transition takes on the
 * world clock (TIME-1).
 */
import type { Result } from "../core/result.ts";
import type { CountSurpriseMode } from "../initiative/count/types.ts";
import type { DiceRequest, RulesetId, TimelineEntry, Transition } from "../initiative/contract.ts";
import type { RotationInitiator } from "../initiative/rotation/state.ts";
import type { BuiltSchedules } from "../initiative/segment/round-schedule.ts";
import type { SegmentOrderStep } from "../initiative/segment/types.ts";

import type { TurnLeft } from "../actions/turn-left.ts";
import type { RowsMemo } from "../storage/column-read.ts";

/** Which side a combatant fights on: a player character, a creature on the players' side, or a foe. */
export type HostSide = "pc" | "ally" | "enemy";

/** The facts of one combatant a ruleset may read; each ruleset uses the ones its rules name. */
export interface HostCombatant {
  readonly id: string;
  readonly side: HostSide;
  /** CNT-1 initiative bonus, STD-1 DEX bonus, ROT-1 initiative modifiers. A whole number. */
  readonly initiativeBonus: number;
  /** PHS-2: INT and AGI. Whole numbers. */
  readonly int: number;
  readonly agi: number;
  /** SEG-2 side group, ROT-4/ROT-5 shared-initiative group; null: on its own (segment: its side's group). */
  readonly groupId: string | null;
  /** SEG-17: the Dexterity reaction adjustment. */
  readonly dexReaction: number;
  /** CNT-4, SEG-16: marked surprised. */
  readonly surprised: boolean;
  /** DEF-1. */
  readonly defeated: boolean;
}

/** The per-combat options of every ruleset (RULES' *(setting)* rulings); each ruleset reads its own. */
export interface HostOptions {
  /** CNT-4. */
  readonly surprise: CountSurpriseMode;
  /** ROT-4. */
  readonly sharedInitiative: boolean;
  /** ROT-5. */
  readonly enemyGroups: boolean;
  /** ROT-6. */
  readonly noThreePlayersInRow: boolean;
  /** ROT-7. */
  readonly planningPhase: boolean;
  readonly initiator: RotationInitiator;
  /** SEG-3. */
  readonly groupOrder: readonly SegmentOrderStep[];
  /** SEG-17. */
  readonly dexReaction: boolean;
}

export const DEFAULT_HOST_OPTIONS: HostOptions = {
  surprise: "automatic",
  sharedInitiative: false,
  enemyGroups: false,
  noThreePlayersInRow: false,
  planningPhase: false,
  initiator: "players",
  groupOrder: ["innate", "missile", "melee", "other"],
  dexReaction: false,
};

/** A command as it arrives from a host: a type and its fields, checked by the scheduler. */
export interface HostCommand {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** An event of any ruleset; read its other fields with `eventString` / `eventNumber` (host-events.ts). */
export interface HostEvent {
  readonly type: string;
}

/**
 * What `RulesetHost#facts` gives of one combatant. A new field must be compared in host-common.ts `equalOr`
 * too, or a changed value would keep the earlier object (issue 17: readers skip a creature whose facts
 * object is the same).
 */
export interface CombatantFacts {
  readonly initiative: number | null;
  readonly defeated: boolean;
}

/**
 * What modules work out once per state for one host (issue 17), by the state's identity: the caller
 * keeps the host, so it keeps this; the engine keeps nothing between calls.
 */
export interface HostMemo {
  /** The segment group ids a state holds (groups/regroup.ts). */
  readonly heldGroups: WeakMap<object, ReadonlySet<string>>;
  /** The conditions a state holds each combatant in (step-conditions.ts). */
  readonly heldConditions: WeakMap<object, unknown>;
  /** The last state whose held conditions were found (step-conditions.ts follows the next one from it). */
  lastHeld: { readonly state: object; readonly held: unknown } | null;
  /**
   * Issue 17: a state without one hidden creature, by the state it left and its id (null: its leave was
   * refused). The published state and each owner's view take the same creatures out of the same state
   * until they part (public-order.ts), so the second pass reuses the first one's leaves. A `leaveAll` of
   * several is kept under their ids joined after a NUL (no id holds one).
   */
  readonly hiddenLeaves: WeakMap<object, Map<string, unknown>>;
  /**
   * Issue 17: the segment schedules this host's steps built, with the parts of the state each was built
   * from (initiative/segment/round-schedule.ts), so that storing the step does not build it again.
   */
  readonly builtSchedules: BuiltSchedules;
}

/** Everything a host reads and does through one ruleset. `S` is the scheduler's state. */
export interface RulesetHost<S> {
  readonly id: RulesetId;
  /** Set by `rulesetHost` (ruleset-hosts.ts); a host without one works everything out each time. */
  readonly memo?: HostMemo;
  /** The state before `start`, with these combatants and options. */
  create(combatants: readonly HostCombatant[], options: HostOptions): Result<S>;
  /** A combatant added to the combat (before or after the start). */
  join(state: S, combatant: HostCombatant): Result<Transition<S, HostEvent>>;
  /** Any command of the ruleset; malformed or illegal commands are typed errors, the state unchanged. */
  apply(state: S, command: HostCommand): Result<Transition<S, HostEvent>>;
  /**
   * Issue 17: the state after every one of `ids` (none acting now) leaves, in one pass, or null where the
   * ruleset does not give it (then each leaves by `apply` in turn). Optional. Where the leaves one by one
   * bring the round, start, acting creature, clock, others' order and pending dice out as they were, it is
   * the state they make; it may keep those where they would not (issue 18: creatures leaving together,
   * public-order.ts), which public-order.ts checks before it keeps it.
   */
  leaveAll?(state: S, ids: readonly string[]): S | null;
  /**
   * A state read back from storage, checked; a typed error when it is not one this ruleset writes. `memo`
   * (issue 17): the page's memo of its reads of this combat, with which what its last accepted state shares
   * with this one is not checked again (initiative/<scheme>/read-memo.ts).
   */
  read(value: unknown, memo?: RowsMemo): Result<S>;
  /** core's `combat.turns`: combatant ids in the order the engine acts them now. */
  order(state: S): readonly string[];
  /** Whose turn it is now, or null (not started, between phases, waiting on dice). */
  current(state: S): string | null;
  /** core's `combat.round`: 0 before the start; a surprise or planning round is 0 too (see `started`). */
  round(state: S): number;
  /** Whether `start` has been applied (rolling, a surprise or a planning round count as started). */
  started(state: S): boolean;
  /**
   * core's `combatant.initiative`: the count, the total, 15.5 after a ROT-2 tie; null until rolled. A
   * value rolled anew each round (phase) stays until the new one is known (issue 17: no `null` written
   * to every creature at a boundary only to be filled again).
   */
  initiative(state: S, combatantId: string): number | null;
  /** DEF-1: whether the engine holds this combatant as defeated (core's `combatant.defeated`). */
  defeated(state: S, combatantId: string): boolean;
  /**
   * Issue 17: `initiative` and `defeated` of every combatant the state holds, in one pass (a host asks
   * them of every creature at every step). Optional: without it each is asked by id.
   */
  facts?(state: S): ReadonlyMap<string, CombatantFacts>;
  /**
   * Issue 17: turns `known`, a copy of the `facts` of `before` that the caller keeps, into those of
   * `after` (a state made from it) in place, reading only what changed; false, `known` unchanged, when
   * they must be found anew. Optional.
   */
  followFacts?(before: S, known: Map<string, CombatantFacts>, after: S): boolean;
  /**
   * Issue 17: every combatant's facts, for a reader that asks them of every combatant in one synchronous
   * pass (no map lookup by state per combatant). A creature's facts object stays the same from state to
   * state while its values do (ruleset-hosts.ts), so a reader may skip work on it. The map is brought up
   * to date in place when a state made from this one is asked next, so keep it no longer than the pass.
   * Given by the registry's hosts (ruleset-hosts.ts), not by a ruleset.
   */
  factsNow?(state: S): ReadonlyMap<string, CombatantFacts> | undefined;
  /** Dice waiting for results. */
  pending(state: S): readonly DiceRequest[];
  timeline(state: S): readonly TimelineEntry[];
  /**
   * TIME-1: seconds of combat time this state stands at (rounds and, in `segment`, segments; turns
   * add none). The world clock moves by the difference between two states, back as well as forward.
   */
  clock(state: S): number;
  /**
   * Issue 19 item 3 (PHS-7, SEG-9, CNT-7): what the creature has left now, in words, where the
   * ruleset keeps its budget in this state (actions/turn-left.ts); absent where the action trackers
   * keep it (standard, rotation: economy-book.ts).
   */
  left?(state: S, combatantId: string): readonly TurnLeft[];
}
