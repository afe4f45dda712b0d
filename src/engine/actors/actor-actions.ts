/**
 * A creature's action resources per ruleset, as a sheet shows them outside combat: what each ruleset's own
 * action tracker (src/engine/actions) has left at the start of a fresh turn (a fresh round where the
 * tracker counts by round). Nothing here restates a rule: each budget is the tracker's initial state, fed
 * the events that open a turn, read back with its `remaining`.
 *
 * The one number a creature may carry differently from the rules' default (`ActorActionOverrides`):
 * SEG-16 attack routines ("normally one per round"; SEG-2 names creatures with multi-attack). No other
 * ruleset lets a creature have more or fewer: STD-6, ACT-ROT, CNT-12 and PHS-5/PHS-7 give every creature
 * the same turn. ACT-ROT's Full actions do not depend on AP either (AP-1 sets the swings per Full action,
 * `ActorDerived.swings`).
 */
import type { ActionLeft } from "../actions/economy.ts";
import { countActions, countEconomy } from "../actions/count-actions.ts";
import { phaseActions, phaseEconomy } from "../actions/phase-actions.ts";
import { rotationActions, rotationEconomy } from "../actions/rotation-actions.ts";
import { segmentActions, segmentEconomy } from "../actions/segment-actions.ts";
import { standardActions, standardEconomy } from "../actions/standard-actions.ts";
import { isWhole, shown } from "../dice/checks.ts";
import type { RulesetId } from "../initiative/contract.ts";
import type { ActorProblem } from "./validate-actor-stats.ts";

/** What a creature stores beside its statistics about its action resources, per ruleset. */
export interface ActorActionOverrides {
  readonly segment: {
    /** SEG-16: attack routines per round (1 unless the creature has multi-attack). */
    readonly attackRoutines: number;
  };
}

/** The rules' default: every creature as the rulesets describe it. */
export const DEFAULT_ACTION_OVERRIDES: ActorActionOverrides = { segment: { attackRoutines: 1 } };

/** SEG-16: a creature makes at least one attack routine per round. */
export const ATTACK_ROUTINES_MIN = 1;

/** The action budget of a fresh turn in each ruleset, as that ruleset's tracker lists it. */
export type ActionBudgets = Readonly<Record<RulesetId, readonly ActionLeft<string>[]>>;

/** The creature's own id in the events fed to its tracker (any id works: only its own turn is opened). */
const SELF = "self";

/** STD-6, ACT-ROT, SEG-9, SEG-11, SEG-16, CNT-12, PHS-5, PHS-7: each ruleset's budget for a fresh turn. */
export function actionBudgets(overrides: ActorActionOverrides = DEFAULT_ACTION_OVERRIDES): ActionBudgets {
  const round = { type: "roundStarted", round: 1 } as const;
  const turn = { type: "turnStarted", round: 1, combatantId: SELF } as const;
  const count = countEconomy.observe(countEconomy.observe(countActions(false), round, SELF), turn, SELF);
  const standard = standardEconomy.observe(standardActions(false), turn, SELF);
  const phase = phaseEconomy.observe(phaseActions(), round, SELF);
  const routines = isWhole(overrides.segment.attackRoutines) ? overrides.segment.attackRoutines : ATTACK_ROUTINES_MIN;
  const segment = segmentEconomy.observe(segmentActions(false, routines), round, SELF);
  const rotation = rotationEconomy.observe(rotationActions(), turn, SELF);
  return {
    count: countEconomy.remaining(count),
    standard: standardEconomy.remaining(standard),
    phase: phaseEconomy.remaining(phase),
    segment: segmentEconomy.remaining(segment),
    rotation: rotationEconomy.remaining(rotation),
  };
}

/** SEG-16: the overrides a creature may store; each problem names its field under `system`. */
export function validateActorActions(overrides: ActorActionOverrides): readonly ActorProblem[] {
  const routines = overrides.segment.attackRoutines;
  if (isWhole(routines) && routines >= ATTACK_ROUTINES_MIN) return [];
  return [
    {
      path: "actions.segment.attackRoutines",
      key: "TEMPO.ERRORS.Actor.AttackRoutines",
      data: { value: shown(routines), min: ATTACK_ROUTINES_MIN },
    },
  ];
}
