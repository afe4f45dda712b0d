import type { Message } from "../core/result.ts";

/**
 * What one attack roll did. Plain JSON, so a chat card's data model can store it as is.
 * `total` is the modified roll; `needed` is the smallest modified roll that hits (it already folds
 * in the table rules, defence choice and tie rule of the ruleset). `notes` are i18n keys for the card.
 */
export interface AttackOutcome {
  readonly hit: boolean;
  readonly critical: boolean;
  /** A natural 1 was kept. What it costs depends on the ruleset (an automatic miss, or a fumble note). */
  readonly fumble: boolean;
  /** The kept die face (1–20), after keeping the higher or lower of two dice. */
  readonly face: number;
  readonly total: number;
  readonly needed: number;
  readonly notes: readonly Message[];
}

/**
 * Exact chances of one attack. `hit` includes critical hits; `critical` and `fumble` are each the
 * probability of that flag in the matching {@link AttackOutcome}; `miss` is 1 − hit.
 */
export interface AttackOdds {
  readonly hit: number;
  readonly critical: number;
  readonly fumble: number;
  readonly miss: number;
}

/** One side's d20 check against a fixed number (STL-2 spotting a sneaking creature). */
export interface CheckOutcome {
  readonly success: boolean;
  readonly total: number;
  readonly needed: number;
  readonly notes: readonly Message[];
}

/** An opposed roll between an initiator and a resisting defender (ROT-8 grapple, ROT-9 trip). */
export interface ContestOutcome {
  /** The initiator won the contest. */
  readonly success: boolean;
  readonly attackerTotal: number;
  readonly defenderTotal: number;
  readonly notes: readonly Message[];
}

/** Exact chances of a contest: `success` for the initiator, `tie` the chance of equal totals. */
export interface ContestOdds {
  readonly success: number;
  readonly tie: number;
  readonly failure: number;
}
