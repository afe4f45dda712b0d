/**
 * Every ruleset's action tracker by ruleset id, for the Foundry layer, which picks one from the
 * combat's subtype and the initial state for a new combatant.
 */
import type { RulesetId } from "../initiative/contract.ts";
import { countActions, countEconomy } from "./count-actions.ts";
import { phaseActions, phaseEconomy } from "./phase-actions.ts";
import { rotationActions, rotationEconomy } from "./rotation-actions.ts";
import { segmentActions, segmentEconomy } from "./segment-actions.ts";
import { standardActions, standardEconomy } from "./standard-actions.ts";

/** STD-6, ACT-ROT, SEG-9, CNT-12, PHS-7: the action tracker of each ruleset. */
export const ACTION_ECONOMIES = {
  count: countEconomy,
  standard: standardEconomy,
  phase: phaseEconomy,
  segment: segmentEconomy,
  rotation: rotationEconomy,
} as const satisfies Record<RulesetId, { readonly ruleset: RulesetId }>;

export interface NewCombatantActions {
  /** Joins a combat already running (STD-3). */
  readonly joinedMidCombat: boolean;
  /** Surprised (CNT-4, SEG-16). */
  readonly surprised: boolean;
}

/** STD-3, CNT-4, SEG-16: the tracker state a combatant starts with. */
export const INITIAL_ACTIONS = {
  count: (c: NewCombatantActions) => countActions(c.surprised),
  standard: (c: NewCombatantActions) => standardActions(c.joinedMidCombat),
  phase: () => phaseActions(),
  segment: (c: NewCombatantActions) => segmentActions(c.surprised),
  rotation: () => rotationActions(),
} as const satisfies Record<RulesetId, (c: NewCombatantActions) => unknown>;
