/**
 * The system data a new Tempo combat starts with: the world's options of the moment (copied, so a
 * later change of a setting never reaches a running encounter) and the engine's empty state.
 */
import { COMBAT_FORMAT, RULESET_IDS, rulesetHost, storeCombatState, type RulesetId } from "../../engine/index.ts";
import { worldCombatOptions } from "../settings.ts";
import { hostOptionsOf, type CombatOptions } from "./host-options.ts";

function isRuleset(type: string): type is RulesetId {
  return (RULESET_IDS as readonly string[]).includes(type);
}

/** `overrides` replace world options for this combat (a deployed encounter with groups turns ROT-4 on). */
export function initialCombatSystem(
  type: string,
  overrides: Partial<CombatOptions> = {},
): Record<string, unknown> | null {
  if (!isRuleset(type)) return null;
  const options = { ...worldCombatOptions(), ...overrides };
  const state = rulesetHost(type, options.roundSeconds).create([], hostOptionsOf(options));
  const engine = state.ok ? storeCombatState(state.value) : null;
  return { options, engine, format: COMBAT_FORMAT, history: { undo: {}, redo: {} } };
}
