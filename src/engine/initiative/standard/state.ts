/**
 * Standard turn order (seeds/001, RULES §2): the state the `standard` scheduler keeps.
 *
 * Plain JSON: `null` for "no value", records keyed by combatant id, no classes. The Foundry layer
 * stores it in `Combat.system`; a reload restores it exactly.
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { DiceRequest, RollReasons } from "../contract.ts";
import { noNegativeZero } from "../shared/highest-first.ts";
import { NO_ROUND_YET, type LinearRound } from "../shared/round-order.ts";

/** STD-4: one round is 5 seconds. */
export const STANDARD_ROUND_SECONDS = 5;
/** STD-4: 12 rounds make a minute. */
export const STANDARD_ROUNDS_PER_MINUTE = 12;

export interface StandardCombatant {
  readonly id: string;
  /** STD-1, STD-2: added to the d20 and the first tie-breaker. An integer. */
  readonly dexBonus: number;
  /** STD-1: the initiative total (1d20 + DEX), or null until rolled. */
  readonly initiative: number | null;
  /**
   * STD-2 ruling: tie-breaker rolls (1d20 each) kept for the encounter, asked for only while the
   * creature is level with another one on initiative and DEX. Compared element by element, higher first.
   */
  readonly tieBreak: readonly number[];
  /** DEF-1: skipped in the order, keeps its place and data. */
  readonly defeated: boolean;
}

/** `setup`: before start. `rolling`: initiative being rolled, no round yet. `running`: rounds under way. */
export type StandardStatus = "setup" | "rolling" | "running";

/** A dice request waiting for its total, with what the engine needs to check and apply it. */
/** STD-1, STD-2: the reasons of standard's dice requests, by the kind of pending roll they ask for. */
export const STANDARD_ROLL_REASONS = {
  initiative: "TEMPO.COMBAT.Standard.InitiativeRoll",
  tieBreak: "TEMPO.COMBAT.Standard.TieBreakRoll",
} as const satisfies Readonly<Record<StandardPendingRoll["kind"], string>> & RollReasons;

export interface StandardPendingRoll {
  readonly request: DiceRequest;
  readonly kind: "initiative" | "tieBreak";
  /** Lowest and highest legal total (a total outside is a typed error, e.g. a mistyped manual roll). */
  readonly min: number;
  readonly max: number;
}

/** A readied action (Ready ruling, scheduler.ts): what sets it off, and the round it was readied in. */
export interface StandardReadied {
  readonly trigger: string;
  readonly round: number;
}

/** Ready ruling: the longest trigger text kept (a sentence, not a document). */
export const STANDARD_TRIGGER_MAX_LENGTH = 200;

/**
 * `order` holds every combatant with an initiative while running, and is empty before (STD-4).
 *
 * Delay and Ready (the rulings in scheduler.ts) are kept in records keyed by combatant id, so giving
 * one of those commands writes a few keys, never a whole list.
 */
export interface StandardState extends LinearRound {
  readonly scheme: "standard";
  readonly status: StandardStatus;
  readonly combatants: Readonly<Record<string, StandardCombatant>>;
  /** STD-3: creatures that joined a running combat and have not started a turn yet → the round they joined. */
  readonly firstTurnDue: Readonly<Record<string, number>>;
  /** Delay: creatures that stepped out of this round's order and have not re-entered → the round. */
  readonly delayed: Readonly<Record<string, number>>;
  /** Delay: creatures that re-entered this round after a delay → the round (they may not delay again in it). */
  readonly reentered: Readonly<Record<string, number>>;
  /**
   * Delay: how many delays deep a creature's place is. One that re-entered took the total of the
   * creature it followed and this rank + 1, so on equal totals it sorts after it. Absent means 0 (the
   * place its own roll gave).
   */
  readonly delayRank: Readonly<Record<string, number>>;
  /**
   * STD-6: how many actions have been used this combat (`use`); absent until the first. Each use changes
   * the state, so the combat's undo history holds it as its own step.
   */
  readonly uses?: number;
  /** Ready: readied actions, kept until the creature's next turn starts or the trigger resolves them. */
  readonly readied: Readonly<Record<string, StandardReadied>>;
  readonly rolls: readonly StandardPendingRoll[];
  /** Counter for request ids ("std-1", "std-2", …): unique within the state, never random. */
  readonly nextRequest: number;
}

/** One creature at creation time. `initiative` may be given already rolled (null: roll at start). */
export interface StandardCombatantInput {
  readonly id: string;
  readonly dexBonus: number;
  readonly initiative?: number | null;
}

/** STD-3: a combatant id is a non-empty string that cannot reach an object's prototype. */
export function validStandardId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0 && id !== "__proto__";
}

/** STD-1: builds the state before `start`. Typed errors for duplicate ids, a fractional DEX bonus, a bad initiative. */
export function createStandardState(combatants: readonly StandardCombatantInput[] = []): Result<StandardState> {
  const record: Record<string, StandardCombatant> = {};
  for (const input of combatants) {
    if (!validStandardId(input.id)) return err("TEMPO.ERRORS.Standard.InvalidId");
    if (Object.hasOwn(record, input.id)) return err("TEMPO.ERRORS.Standard.DuplicateCombatant", { id: input.id });
    if (!Number.isInteger(input.dexBonus)) return err("TEMPO.ERRORS.Standard.InvalidModifier", { id: input.id });
    const initiative = input.initiative ?? null;
    if (initiative !== null && !Number.isFinite(initiative)) {
      return err("TEMPO.ERRORS.Standard.InvalidInitiative", { id: input.id });
    }
    record[input.id] = {
      id: input.id,
      dexBonus: noNegativeZero(input.dexBonus),
      initiative: initiative === null ? null : noNegativeZero(initiative),
      tieBreak: [],
      defeated: false,
    };
  }
  return ok({
    scheme: "standard",
    status: "setup",
    ...NO_ROUND_YET,
    combatants: record,
    firstTurnDue: {},
    delayed: {},
    reentered: {},
    delayRank: {},
    readied: {},
    rolls: [],
    nextRequest: 1,
  });
}
