/**
 * The save card (issue 11): an end-phase save (PHS-12), a count creature's save against an ongoing effect
 * (CNT-11), a death save (CNT-14) or a concentration check
 * (SEG-10) that its owner rolls from the card, or a spell's save (issue 19, spell-save-card.ts). Before the roll it shows the exact chance of success
 * (the engine's); after it, the total, success or failure in words, and what became of the effect or
 * the concentration, as the engine rules.
 *
 * **Ruling** (CNT-14 and SEG-10 name the save but give no numbers): a death save or a concentration
 * check carries its own formula and target, set by whoever posts it (the defaults the Foundry layer
 * uses are the classic d20 save: 1d20, 10 or more). The end-phase save is always 2d6, 7 or more.
 */
import {
  applyConcentrationTrigger,
  chanceAtLeast,
  endPhaseSaveChance,
  ongoingSaveChance,
  resolveEndPhaseSave,
  resolveOngoingSave,
  rulesSave,
  type ConcentrationMode,
  type EndPhaseSaveKind,
  type I18nKey,
  type Message,
  type Result,
} from "../../engine/index.ts";
import { spellOutcomeMessage, spellSaveLines, type SpellSaveFacts, type SpellSaveLines } from "./spell-save-card.ts";
import {
  percentText,
  verdict,
  type CardButton,
  type CardOdds,
  type CardVerdict,
  type CardViewer,
} from "./card-common.ts";

export type SaveCardKind = "endPhase" | "ongoing" | "death" | "concentration" | "spell";

export interface SaveCardInput {
  readonly kind: SaveCardKind;
  readonly combatantId: string;
  readonly name: string;
  /** The effect saved against (end phase, ongoing) or concentrated on; null for a death save. */
  readonly effect: string | null;
  readonly formula: string;
  readonly target: number;
  /** PHS-12, CNT-11: whether a success ends the effect or sustains it. */
  readonly endPhaseKind: EndPhaseSaveKind;
  /** SEG-10: casting (a failure loses the spell) or maintaining (a failure ends the effect). */
  readonly concentration: ConcentrationMode;
  /** The rolled total, once the owner rolled; null before. */
  readonly total: number | null;
  /** CNT-14: the death save tally after this roll (written with the total, save-outcome-writes.ts). */
  readonly deathSaves?: { readonly successes: number; readonly failures: number; readonly state: string } | null;
  /** Issue 19: a spell's save (kind "spell"): who casts it, which ability, who rolls, what it does. */
  readonly spell?: SpellSaveFacts | null;
}

export interface SaveCardContext {
  readonly title: I18nKey;
  readonly rule: string;
  readonly name: string;
  readonly effect: string | null;
  readonly formula: string;
  readonly target: number;
  readonly total: number | null;
  readonly verdict: CardVerdict | null;
  readonly consequence: Message | null;
  /** CNT-14: the death save tally, once rolled. */
  readonly tally: Message | null;
  readonly odds: readonly CardOdds[] | null;
  /** Issue 19: a spell save's roller, ability and DC, and each outcome. */
  readonly spell: SpellSaveLines | null;
  readonly buttons: readonly CardButton[];
  readonly error: Message | null;
}

const TITLES: Readonly<Record<SaveCardKind, { title: I18nKey; rule: string }>> = {
  endPhase: { title: "TEMPO.CHAT.Save.EndPhase", rule: "PHS-12" },
  ongoing: { title: "TEMPO.CHAT.Save.Ongoing", rule: "CNT-11" },
  death: { title: "TEMPO.CHAT.Save.Death", rule: "CNT-14" },
  concentration: { title: "TEMPO.CHAT.Save.Concentration", rule: "SEG-10" },
  spell: { title: "TEMPO.CHAT.Save.Spell", rule: "" },
};

/** The exact chance of success before the roll (PHS-12's is the engine's 21/36, CNT-11's 11/20). */
function chanceOf(input: SaveCardInput): Result<number> {
  if (input.kind === "endPhase") return { ok: true, value: endPhaseSaveChance() };
  if (input.kind === "ongoing") return { ok: true, value: ongoingSaveChance() };
  return chanceAtLeast(input.formula, input.target);
}

function outcome(input: SaveCardInput, total: number): Result<{ success: boolean; consequence: Message }> {
  if (input.kind === "endPhase" || input.kind === "ongoing") {
    const saved =
      input.kind === "endPhase"
        ? resolveEndPhaseSave(input.endPhaseKind, total)
        : resolveOngoingSave(input.endPhaseKind, total);
    if (!saved.ok) return saved;
    const consequence: Message = saved.value.effectContinues
      ? { key: "TEMPO.CHAT.Save.EffectContinues", data: { effect: input.effect ?? "" } }
      : { key: "TEMPO.CHAT.Save.EffectEnds", data: { effect: input.effect ?? "" } };
    return { ok: true, value: { success: saved.value.success, consequence } };
  }
  const success = total >= input.target;
  if (input.kind === "spell")
    return {
      ok: true,
      value: { success, consequence: spellOutcomeMessage(spellFacts(input), input.effect ?? "", success) },
    };
  if (input.kind === "death") {
    const state = input.deathSaves?.state;
    const key: I18nKey =
      state === "dead"
        ? "TEMPO.CHAT.Save.DeathDead"
        : state === "stable"
          ? "TEMPO.CHAT.Save.DeathStable"
          : success
            ? "TEMPO.CHAT.Save.DeathSuccess"
            : "TEMPO.CHAT.Save.DeathFailure";
    return { ok: true, value: { success, consequence: { key, data: { name: input.name } } } };
  }
  const change = applyConcentrationTrigger(
    { effectId: input.effect ?? "?", mode: input.concentration },
    success ? "savedSuccessfully" : "failedSave",
  );
  if (!change.ok) return change;
  const lost = change.value.lost;
  const key: I18nKey =
    lost === null
      ? "TEMPO.CHAT.Save.ConcentrationKept"
      : lost.outcome === "castingFailed"
        ? "TEMPO.CHAT.Save.CastingFailed"
        : "TEMPO.CHAT.Save.EffectEnds";
  return { ok: true, value: { success, consequence: { key, data: { effect: input.effect ?? "" } } } };
}

/** CNT-14: the tally line of a rolled death save. */
function tallyOf(input: SaveCardInput): Message | null {
  const tally = input.deathSaves;
  if (input.kind !== "death" || tally === null || tally === undefined) return null;
  return { key: "TEMPO.CHAT.Save.DeathTally", data: { successes: tally.successes, failures: tally.failures } };
}

const NO_SPELL: SpellSaveFacts = {
  caster: "",
  ability: "",
  hasDamage: false,
  roller: "gm",
  rule: "",
  itemUuid: "",
  targetUuid: "",
};

function spellFacts(input: SaveCardInput): SpellSaveFacts {
  return input.spell ?? NO_SPELL;
}

/** Builds the save card's context for one viewer: the owner and the GM roll it while it waits. */
export function buildSaveCard(input: SaveCardInput, viewer: CardViewer): SaveCardContext {
  const heading = TITLES[input.kind] ?? TITLES.death;
  // The rules' own save for kinds whose numbers are fixed (engine rulesSave, which the trust check uses too),
  // whatever the card says; a death save, a concentration check and a spell save carry their own.
  const fixed = input.kind === "endPhase" || input.kind === "ongoing" ? rulesSave(input.kind) : null;
  const rules = fixed ?? { formula: input.formula, target: input.target };
  const base = {
    title: heading.title,
    rule: input.kind === "spell" ? spellFacts(input).rule : heading.rule,
    name: input.name,
    effect: input.effect,
    formula: rules.formula,
    target: rules.target,
    total: input.total,
    spell:
      input.kind === "spell" ? spellSaveLines(spellFacts(input), input.name, input.effect ?? "", input.target) : null,
  };
  const chance = chanceOf(input);
  const rolled = input.total === null ? null : outcome(input, input.total);
  const error = !chance.ok ? chance.error : rolled !== null && !rolled.ok ? rolled.error : null;
  if (error !== null || !chance.ok)
    return { ...base, verdict: null, consequence: null, tally: null, odds: null, buttons: [], error };
  const odds: CardOdds[] = [
    { label: { key: "TEMPO.CHAT.Odds.Save", data: { percent: percentText(chance.value) } }, exact: chance.value },
  ];
  const roll: CardButton = { action: "roll", label: { key: "TEMPO.CHAT.Save.Roll" }, icon: "⚄" };
  const done = rolled !== null && rolled.ok ? rolled.value : null;
  return {
    ...base,
    verdict: done === null ? null : verdict(done.success, "TEMPO.CHAT.Save.Success", "TEMPO.CHAT.Save.Failure"),
    consequence: done?.consequence ?? null,
    tally: done === null ? null : tallyOf(input),
    odds: viewer.showOdds ? odds : null,
    buttons: done === null && (viewer.owns || viewer.isGM) ? [roll] : [],
    error: null,
  };
}
