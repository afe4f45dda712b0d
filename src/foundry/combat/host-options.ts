import type { HostOptions } from "../../engine/index.ts";

/** A combat's stored options (`system.options`), as the world settings give them. */
export interface CombatOptions {
  readonly surprise: "automatic" | "declared";
  readonly drMode: "perHit" | "perAttack";
  readonly sharedInitiative: boolean;
  readonly enemyGroups: boolean;
  readonly noThreePlayersInRow: boolean;
  readonly planningPhase: boolean;
  readonly initiator: "players" | "enemies" | "both";
  readonly dexReaction: boolean;
  readonly roundSeconds: number;
}

/** The options as the engine reads them (SEG-3's order is the rules' default until it is a setting). */
export function hostOptionsOf(o: CombatOptions): HostOptions {
  return {
    surprise: o.surprise,
    sharedInitiative: o.sharedInitiative,
    enemyGroups: o.enemyGroups,
    noThreePlayersInRow: o.noThreePlayersInRow,
    planningPhase: o.planningPhase,
    initiator: o.initiator,
    groupOrder: ["innate", "missile", "melee", "other"],
    dexReaction: o.dexReaction,
  };
}
