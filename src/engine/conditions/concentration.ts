/**
 * SEG-10: concentration, while casting a spell or maintaining an effect. It ends when the creature takes
 * damage, fails a save, or is impeded (its movement or ability to act); starting another concentration
 * ends the first. A spell whose casting is interrupted fails and is lost as if cast; a maintained effect
 * simply ends. SEG-16: making a free attack breaks it. SEG-19: allies moving through each other jostle it.
 *
 * Ruling (seeds/003): a creature maintaining concentration may still walk up to half its movement rate
 * per round (its full rate when flying or swimming natively); moving farther impedes it.
 */
import { err, ok, type I18nKey, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { CONDITIONS } from "./status-table.ts";

export type ConcentrationMode = "casting" | "maintaining";

export interface Concentration {
  readonly effectId: string;
  readonly mode: ConcentrationMode;
}

export type ConcentrationTrigger =
  | "damage"
  | "failedSave"
  | "impeded"
  | "newConcentration"
  | "freeAttack"
  | "jostled"
  | "savedSuccessfully"
  | "movedSlowly";

/** SEG-10, SEG-16, SEG-19: what each trigger does to concentration, and the reason shown. */
export const CONCENTRATION_TRIGGERS: Readonly<
  Record<ConcentrationTrigger, { readonly breaks: boolean; readonly reason: I18nKey }>
> = {
  damage: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.Damage" },
  failedSave: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.FailedSave" },
  impeded: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.Impeded" },
  newConcentration: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.NewConcentration" },
  freeAttack: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.FreeAttack" },
  jostled: { breaks: true, reason: "TEMPO.CONDITIONS.Concentration.Jostled" },
  savedSuccessfully: { breaks: false, reason: "TEMPO.CONDITIONS.Concentration.Kept" },
  movedSlowly: { breaks: false, reason: "TEMPO.CONDITIONS.Concentration.Kept" },
};

export interface ConcentrationLoss {
  readonly effectId: string;
  /** `castingFailed`: the spell fails and is lost as if cast (its slot is spent); `effectEnded`: a maintained effect ends. */
  readonly outcome: "castingFailed" | "effectEnded";
  readonly reason: I18nKey;
}

export interface ConcentrationChange {
  readonly state: Concentration | null;
  readonly lost: ConcentrationLoss | null;
}

const CONCENTRATION_MODES: readonly ConcentrationMode[] = ["casting", "maintaining"];

/** A known trigger (`Conditions.UnknownTrigger` otherwise; own keys only, so "toString" is unknown too). */
function triggerRule(trigger: ConcentrationTrigger): Result<(typeof CONCENTRATION_TRIGGERS)[ConcentrationTrigger]> {
  return Object.hasOwn(CONCENTRATION_TRIGGERS, trigger)
    ? ok(CONCENTRATION_TRIGGERS[trigger])
    : err("TEMPO.ERRORS.Conditions.UnknownTrigger", { trigger: shown(trigger) });
}

/** A concentration snapshot: a non-empty effect id and a known mode (`Conditions.InvalidConcentration`). */
function checkConcentration(state: Concentration | null): Result<Concentration | null> {
  if (state === null) return ok(null);
  const sound =
    typeof state === "object" &&
    typeof state.effectId === "string" &&
    state.effectId !== "" &&
    CONCENTRATION_MODES.includes(state.mode);
  return sound ? ok(state) : err("TEMPO.ERRORS.Conditions.InvalidConcentration");
}

/** SEG-10: does this happening end concentration? Errors: `Conditions.UnknownTrigger`. */
export function concentrationBroken(trigger: ConcentrationTrigger): Result<boolean> {
  const rule = triggerRule(trigger);
  return rule.ok ? ok(rule.value.breaks) : rule;
}

/** SEG-10: applies a trigger to the creature's concentration. Errors: `Conditions.UnknownTrigger`, `Conditions.InvalidConcentration`. */
export function applyConcentrationTrigger(
  state: Concentration | null,
  trigger: ConcentrationTrigger,
): Result<ConcentrationChange> {
  const rule = triggerRule(trigger);
  if (!rule.ok) return rule;
  const checked = checkConcentration(state);
  if (!checked.ok) return checked;
  if (state === null || !rule.value.breaks) return ok({ state, lost: null });
  const outcome = state.mode === "casting" ? "castingFailed" : "effectEnded";
  return ok({ state: null, lost: { effectId: state.effectId, outcome, reason: rule.value.reason } });
}

/** SEG-10: starting another concentration ends the one before. Errors: `Conditions.InvalidConcentration`. */
export function startConcentration(state: Concentration | null, next: Concentration): Result<ConcentrationChange> {
  const checkedNext = checkConcentration(next);
  if (!checkedNext.ok || next === null) return err("TEMPO.ERRORS.Conditions.InvalidConcentration");
  const ended = applyConcentrationTrigger(state, "newConcentration");
  return ended.ok ? ok({ state: next, lost: ended.value.lost }) : ended;
}

/** SEG-10: the casting completed: a spell with a concentration duration is now maintained, any other ends concentration. */
export function finishCasting(state: Concentration | null, maintained: boolean): Concentration | null {
  if (state === null || state.mode !== "casting") return state;
  return maintained ? { effectId: state.effectId, mode: "maintaining" } : null;
}

/**
 * SEG-10 (ruling above): the trigger a move this round amounts to for a creature maintaining concentration.
 * Errors: `Conditions.InvalidDistance` for a negative or non-finite distance or movement rate.
 */
export function concentrationMoveTrigger(
  feetThisRound: number,
  movementRate: number,
  nativeFlyOrSwim: boolean,
): Result<ConcentrationTrigger> {
  if (![feetThisRound, movementRate].every((n) => Number.isFinite(n) && n >= 0)) {
    return err("TEMPO.ERRORS.Conditions.InvalidDistance", { feet: shown(feetThisRound), rate: shown(movementRate) });
  }
  const allowed = nativeFlyOrSwim ? movementRate : movementRate / 2;
  return ok(feetThisRound <= allowed ? "movedSlowly" : "impeded");
}

/** What the creature holds when something happens to it: a maintained effect, a casting (shown or still secret). */
export interface HeldConcentration {
  readonly concentrating: boolean;
  readonly casting: boolean;
}

/**
 * SEG-10: what a happening ends of the concentration the creature holds: a casting fails and is lost as if
 * cast (`castingFailed`, also when its declaration is still secret); otherwise a maintained effect ends
 * (`effectEnded`). Only in the rulesets whose rules name concentration (CONDITIONS), and only for a trigger
 * that breaks it (CONCENTRATION_TRIGGERS). Null: nothing ends.
 */
export function concentrationLostTo(
  ruleset: RulesetId,
  held: HeldConcentration,
  trigger: ConcentrationTrigger,
): ConcentrationLoss["outcome"] | null {
  const rule = triggerRule(trigger);
  if (!rule.ok || !rule.value.breaks || !CONDITIONS.concentrating.rulesets.includes(ruleset)) return null;
  if (held.casting) return "castingFailed";
  return held.concentrating ? "effectEnded" : null;
}

/**
 * SEG-10 "Concentration ends when the creature takes damage": damage that took hit points or overshield ends
 * it outright, with no check (a hit that DR stopped entirely is no damage taken). Null: nothing ends.
 */
export function damageEndsConcentration(
  ruleset: RulesetId,
  held: HeldConcentration,
  hurt: boolean,
): ConcentrationLoss["outcome"] | null {
  return hurt ? concentrationLostTo(ruleset, held, "damage") : null;
}

/**
 * SEG-10 "… fails a save": any save the creature rolls and fails (a spell's save, an end-of-phase or
 * ongoing save, a death save, a concentration check) ends its concentration; a save it makes keeps it.
 * Null: nothing ends.
 */
export function saveEndsConcentration(
  ruleset: RulesetId,
  held: HeldConcentration,
  saved: boolean,
): ConcentrationLoss["outcome"] | null {
  return concentrationLostTo(ruleset, held, saved ? "savedSuccessfully" : "failedSave");
}
