/**
 * What each ruleset's initiative reads of a creature (HostCombatant's facts), from its statistics:
 * CNT-1 the higher of the INT and DEX modifiers, STD-1 the DEX modifier, ROT-1 the initiative
 * modifiers, PHS-2 INT and AGI, SEG-17 the Dexterity reaction adjustment.
 */
import type { RulesetId } from "../initiative/contract.ts";
import { countInitiativeBonus } from "../initiative/count/order.ts";
import type { ActorStats } from "./actor-stats.ts";

/** The numbers HostCombatant takes from a creature (ruleset-host.ts). */
export interface ActorInitiativeFacts {
  readonly initiativeBonus: number;
  readonly int: number;
  readonly agi: number;
  readonly dexReaction: number;
}

function bonusFor(stats: ActorStats, ruleset: RulesetId): number {
  switch (ruleset) {
    case "count":
      return countInitiativeBonus(stats.abilities.int, stats.abilities.dex);
    case "standard":
      return stats.abilities.dex;
    case "rotation":
      return stats.initiative.modifier;
    // Phase rounds roll 2d6 + INT + AGI (PHS-2) and segment groups roll a bare d6 (SEG-2): no bonus.
    case "phase":
    case "segment":
      return 0;
  }
}

/** The facts one ruleset's initiative reads of a creature. */
export function actorInitiativeFacts(stats: ActorStats, ruleset: RulesetId): ActorInitiativeFacts {
  return {
    initiativeBonus: bonusFor(stats, ruleset),
    int: stats.abilities.int,
    agi: stats.abilities.agi,
    dexReaction: stats.initiative.dexReaction,
  };
}

/**
 * The modifier a creature's initiative roll shows in each ruleset: the bonus of CNT-1, STD-1, ROT-1;
 * INT + AGI for PHS-2; the SEG-17 adjustment for segment rounds (added to its group's d6 when the
 * setting is on).
 */
export function initiativeModifiers(stats: ActorStats): Readonly<Record<RulesetId, number>> {
  return {
    count: bonusFor(stats, "count"),
    standard: bonusFor(stats, "standard"),
    phase: stats.abilities.int + stats.abilities.agi,
    segment: stats.initiative.dexReaction,
    rotation: bonusFor(stats, "rotation"),
  };
}
