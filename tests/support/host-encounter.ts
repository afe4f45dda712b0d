/**
 * Drives a stored combat of any ruleset through `stepCombat`, the way the Foundry layer does: answer
 * every dice request with a seeded total in the formula's range, otherwise advance. Used by the host
 * tests and by benchmarks.
 */
import {
  formulaMax,
  formulaMin,
  rulesetHost,
  SEGMENT_NO_DECLARATION,
  stepCombat,
  storeCombatState,
  DEFAULT_HOST_OPTIONS,
  type AnyRulesetHost,
  type CombatStep,
  type HostCombatant,
  type HostCommand,
  type HostOptions,
  type RulesetId,
  type SegmentDeclaration,
  type StoreMemo,
  type StoredCombat,
} from "../../src/engine/index.ts";

/** A small deterministic generator (mulberry32) so figures and failures repeat. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Combatant i of n: every third an enemy, a few players, varied bonuses. */
export function hostCombatant(i: number): HostCombatant {
  const side = i % 3 === 0 ? "enemy" : i % 3 === 1 ? "pc" : "ally";
  return {
    id: `c${String(i).padStart(4, "0")}`,
    side,
    initiativeBonus: (i * 7) % 6,
    int: i % 4,
    agi: (i * 3) % 5,
    groupId: null,
    dexReaction: 0,
    surprised: false,
    defeated: false,
  };
}

export function unwrapStep<T>(result: { ok: true; value: T } | { ok: false; error: { key: string } }): T {
  if (!result.ok) throw new Error(`engine refused: ${result.error.key}`);
  return result.value;
}

/** A stored combat of `n` combatants before `start`. */
export function storedEncounter(
  ruleset: RulesetId,
  n: number,
  options: HostOptions = DEFAULT_HOST_OPTIONS,
): { host: AnyRulesetHost; stored: StoredCombat } {
  const host = rulesetHost(ruleset, 6);
  const combatants = Array.from({ length: n }, (_, i) => hostCombatant(i));
  const state = unwrapStep(host.create(combatants, options));
  return { host, stored: { engine: storeCombatState(state), history: { undo: {}, redo: {} } } };
}

/**
 * The command that answers every pending request with a seeded total in its formula's range; `spread`: only
 * the lowest that many totals (low rolls tie often: tie-breakers, roll-offs, contests).
 */
export function rollsFor(
  host: AnyRulesetHost,
  state: unknown,
  random: () => number,
  spread?: number,
): HostCommand | null {
  const requests = host.pending(state);
  if (requests.length === 0) return null;
  const results = requests.map((request) => {
    const min = unwrapStep(formulaMin(request.formula));
    const max = unwrapStep(formulaMax(request.formula));
    return { requestId: request.id, total: Math.min(max, min + Math.floor(random() * (spread ?? max - min + 1))) };
  });
  return { type: "rolls", results };
}

/**
 * Applies `command`, throwing on a refusal, and returns the step. Without `memo` every step reads its
 * stored state back whole; with one (as the Foundry layer passes its per-combat memo) a state this
 * memo's steps wrote is taken as read, so a test that wants read-back checks the final state itself.
 */
export function step(host: AnyRulesetHost, stored: StoredCombat, command: HostCommand, memo?: StoreMemo): CombatStep {
  return unwrapStep(stepCombat(host, stored, command, memo));
}

/** The next command a table would give: the rolls asked for, else `next`. */
export function nextCommand(host: AnyRulesetHost, state: unknown, random: () => number): HostCommand {
  return rollsFor(host, state, random) ?? { type: "next" };
}

/**
 * SEG-2: what creature `i` of a large segment encounter declares (most nothing), so a round has spells,
 * routines and charges over all ten segments.
 */
export function sampleSegmentDeclaration(i: number): SegmentDeclaration | null {
  if (i % 10 === 0) return { ...SEGMENT_NO_DECLARATION, action: "spell", castingTime: 1 + ((i / 10) % 10) };
  if (i % 15 === 1) return { ...SEGMENT_NO_DECLARATION, action: "melee", routines: 2, inMelee: true };
  if (i % 25 === 2) return { ...SEGMENT_NO_DECLARATION, action: "charge", weaponSpeed: 4 };
  return null;
}
