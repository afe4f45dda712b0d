/**
 * What a rolled save card changes (issue 11): the engine decides, the Foundry layer only writes.
 * - PHS-12 end-phase save and CNT-11 save against an ongoing effect: the effect ends when the save says
 *   it does not continue (a success on an "ends" effect, a failure on a "sustains" one).
 * - SEG-10 concentration check: a failure is a failed save, which breaks concentration; a casting in a
 *   segment combat is interrupted (the scheduler's `interrupt` command, SEG-10 "lost as if cast").
 * - CNT-14 death saves: the tally of ITEM_USE_RULINGS.deathSaveTally (a **Ruling**, see there); a
 *   stable or dead creature gets no more death save cards, and the tally starts over when it falls
 *   unconscious again or wakes.
 * Pure.
 */
import { ITEM_USE_RULINGS } from "../attack/item-use-rulings.ts";
import { err, ok, type Result } from "../core/result.ts";
import { shown } from "../dice/checks.ts";
import type { RulesetId } from "../initiative/contract.ts";
import { applyConcentrationTrigger, type ConcentrationMode } from "./concentration.ts";
import { resolveEndPhaseSave, type EndPhaseSaveKind, type EndPhaseSaveResult } from "./end-phase-save.ts";
import { resolveOngoingSave } from "./ongoing-save.ts";

const endsEffect = (saved: Result<EndPhaseSaveResult>): Result<boolean> =>
  saved.ok ? ok(!saved.value.effectContinues) : saved;

/** PHS-12: whether the effect comes off after this save. Errors: those of resolveEndPhaseSave. */
export function endPhaseSaveEndsEffect(kind: EndPhaseSaveKind, total: number): Result<boolean> {
  return endsEffect(resolveEndPhaseSave(kind, total));
}

/** CNT-11: whether the effect comes off after this save. Errors: those of resolveOngoingSave. */
export function ongoingSaveEndsEffect(kind: EndPhaseSaveKind, total: number): Result<boolean> {
  return endsEffect(resolveOngoingSave(kind, total));
}

export interface ConcentrationCheckOutcome {
  readonly success: boolean;
  /** The creature's `concentrating` and `casting` statuses come off. */
  readonly clears: boolean;
  /** The scheduler is told the casting failed (segment only: `interrupt`). */
  readonly interrupt: boolean;
}

function wholeNumber(value: number): boolean {
  return Number.isInteger(value);
}

/** SEG-10: a concentration check against `target`. Errors: `Conditions.InvalidRoll`, `Conditions.InvalidConcentration`. */
export function concentrationCheckOutcome(
  ruleset: RulesetId,
  mode: ConcentrationMode,
  total: number,
  target: number,
): Result<ConcentrationCheckOutcome> {
  if (!wholeNumber(total) || !wholeNumber(target))
    return err("TEMPO.ERRORS.Conditions.InvalidCheck", { total: shown(total), target: shown(target) });
  const success = total >= target;
  const change = applyConcentrationTrigger({ effectId: "check", mode }, success ? "savedSuccessfully" : "failedSave");
  if (!change.ok) return change;
  const lost = change.value.lost;
  return ok({
    success,
    clears: lost !== null,
    interrupt: lost?.outcome === "castingFailed" && ruleset === "segment",
  });
}

export interface DeathSaveTally {
  readonly successes: number;
  readonly failures: number;
}

export type DeathSaveState = "dying" | "stable" | "dead";

export interface DeathSaveOutcome {
  readonly tally: DeathSaveTally;
  readonly state: DeathSaveState;
}

export const NO_DEATH_SAVES: DeathSaveTally = { successes: 0, failures: 0 };

const LIMITS = ITEM_USE_RULINGS.deathSaveTally;

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

/** A stored tally (anything else is no tally yet: a creature that has not rolled). */
export function readDeathSaveTally(stored: unknown): DeathSaveTally {
  const record = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const successes = count(record.successes);
  const failures = count(record.failures);
  return successes === null || failures === null ? NO_DEATH_SAVES : { successes, failures };
}

/** CNT-14 (ruling): where a tally stands. */
export function deathSaveState(tally: DeathSaveTally): DeathSaveState {
  if (tally.failures >= LIMITS.dead) return "dead";
  return tally.successes >= LIMITS.stable ? "stable" : "dying";
}

/**
 * CNT-14 (ruling): one more death save on the tally. Errors: `Conditions.DeathSavesStable` /
 * `Conditions.DeathSavesDead` when the creature is already stable or dead (the tally does not move).
 */
export function recordDeathSave(tally: DeathSaveTally, success: boolean): Result<DeathSaveOutcome> {
  const before = deathSaveState(tally);
  if (before === "stable") return err("TEMPO.ERRORS.Conditions.DeathSavesStable");
  if (before === "dead") return err("TEMPO.ERRORS.Conditions.DeathSavesDead");
  const next = success
    ? { successes: tally.successes + 1, failures: tally.failures }
    : { successes: tally.successes, failures: tally.failures + 1 };
  return ok({ tally: next, state: deathSaveState(next) });
}

/** Events that start a creature's death saves over (CNT-14 ruling: each time it falls or wakes). */
const TALLY_RESETS: ReadonlySet<string> = new Set(["combatantUnconscious", "consciousnessRegained"]);

/**
 * CNT-14 (ruling): the creatures whose tally a step's events start over: falling unconscious or
 * regaining consciousness begins a fresh tally, so a stable creature that wakes and falls again rolls
 * again. Only creatures with a tally to clear are named.
 */
export function deathTallyResets(
  events: readonly { readonly type: string }[],
  tallyOf: (combatantId: string) => DeathSaveTally,
): string[] {
  const out: string[] = [];
  for (const event of events) {
    const id: unknown = Reflect.get(event, "combatantId");
    if (!TALLY_RESETS.has(event.type) || typeof id !== "string" || out.includes(id)) continue;
    const tally = tallyOf(id);
    if (tally.successes > 0 || tally.failures > 0) out.push(id);
  }
  return out;
}
