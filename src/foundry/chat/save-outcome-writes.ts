/**
 * What a rolled save card changes, written by whoever writes the card's total (its author, or the
 * active GM answering a card request). The engine decides (engine/conditions/save-outcomes.ts); this
 * reads the documents it needs, and writes:
 * - PHS-12, CNT-11: the saved-against ActiveEffect is deleted when the save ends it (one write); an effect
 *   no longer on the creature is a refusal and nothing is written.
 * - SEG-10: a failed check sends `interrupt` through the combat in a segment casting, then deletes what
 *   is left of `concentrating` / `casting` on the actor (one write, none when the step already did).
 * - CNT-14: the tally goes on the combatant (`flags.tempo.deathSaves`, one write) and on the card;
 *   the third failure puts core's defeated status on the actor, which reaches the engine as `defeat`
 *   like a token HUD toggle (status-sync.ts). A stable or dead creature's roll is refused first.
 * - Issue 19, a spell's save: a damaging spell's damage card, all of it on a failure, half on a success
 *   (spell-saves.ts); a spell without damage writes nothing (its card says what happens).
 * - SEG-10 "fails a save": any other save the creature fails (a spell's, an end-phase or ongoing save, a
 *   death save) ends its concentration too, decided and written on the active GM's client
 *   (conditions/concentration-ends.ts), after the card and its plan.
 * The plan is made before anything is written, so a refusal changes nothing.
 */
import {
  concentrationCheckOutcome,
  endPhaseSaveEndsEffect,
  ongoingSaveEndsEffect,
  readDeathSaveTally,
  recordDeathSave,
  type DeathSaveOutcome,
  type Message,
  type Result,
  type RulesetId,
} from "../../engine/index.ts";
import type { SaveCardInput } from "../../view/chat/save-card.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { effectsCarrying, statusEffectData } from "../conditions/status-effect-data.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { cardCombatant } from "./card-viewer.ts";
import { deathSavesOf, writeDeathTally } from "./death-save-tally.ts";
import { postDamageAfterSave, spellSaveTarget } from "./spell-saves.ts";
import { endConcentrationAfter } from "../conditions/concentration-ends.ts";
import { endPhaseSaveKindOf } from "../conditions/end-phase-save-flag.ts";
import { isEffectOff } from "../compat/expiry-events.ts";

export type SavePlan =
  | { readonly kind: "none" }
  | { readonly kind: "endEffect"; readonly actor: Actor.Implementation; readonly effectId: string }
  | {
      readonly kind: "loseConcentration";
      readonly actor: Actor.Implementation;
      readonly combat: TempoCombat | null;
      readonly combatantId: string;
      readonly interrupt: boolean;
    }
  | { readonly kind: "deathSave"; readonly combatant: Combatant.Implementation; readonly outcome: DeathSaveOutcome }
  | { readonly kind: "spellDamage"; readonly model: TempoCardModel; readonly success: boolean };

const NONE: SavePlan = { kind: "none" };

function actorOf(model: TempoCardModel): Actor.Implementation | null {
  const combatant = cardCombatant(model);
  if (combatant !== null) return combatant.actor ?? null;
  const speaker = (model.parent as { speaker?: { actor?: unknown } } | null)?.speaker;
  return typeof speaker?.actor === "string" ? (game.actors.get(speaker.actor) ?? null) : null;
}

function combatOf(model: TempoCardModel): Combat.Implementation | null {
  if (model.combatId === null) return null;
  return (game.combats.get(model.combatId) as Combat.Implementation | undefined) ?? null;
}

/** PHS-12, CNT-11: the actor's own enabled effect of this name that calls for a save. */
function savingEffectId(actor: Actor.Implementation, name: string | null): string | null {
  for (const effect of actor.effects.contents) {
    if (endPhaseSaveKindOf(effect) !== null && effect.name === name && !isEffectOff(effect)) return effect.id;
  }
  return null;
}

function planEndPhase(model: TempoCardModel, input: SaveCardInput, total: number): Result<SavePlan> {
  const ends =
    input.kind === "ongoing"
      ? ongoingSaveEndsEffect(input.endPhaseKind, total)
      : endPhaseSaveEndsEffect(input.endPhaseKind, total);
  if (!ends.ok) return ends;
  if (!ends.value) return { ok: true, value: NONE };
  const actor = actorOf(model);
  const effectId = actor === null ? null : savingEffectId(actor, input.effect);
  if (actor === null || effectId === null)
    return {
      ok: false,
      error: { key: "TEMPO.CHAT.Save.NoEffect", data: { effect: input.effect ?? "?", name: input.name } },
    };
  return { ok: true, value: { kind: "endEffect", actor, effectId } };
}

function planConcentration(
  model: TempoCardModel,
  input: SaveCardInput,
  total: number,
  target: number,
): Result<SavePlan> {
  const combat = combatOf(model);
  const ruleset: RulesetId = tempoModelOf(combat)?.host.id ?? game.settings.get(SYSTEM_ID, "ruleset");
  const outcome = concentrationCheckOutcome(ruleset, input.concentration, total, target);
  if (!outcome.ok) return outcome;
  const actor = actorOf(model);
  if (!outcome.value.clears || actor === null) return { ok: true, value: NONE };
  const tempo = combat instanceof TempoCombat ? combat : null;
  const interrupt = outcome.value.interrupt && tempo !== null && input.combatantId !== "";
  return {
    ok: true,
    value: { kind: "loseConcentration", actor, combat: tempo, combatantId: input.combatantId, interrupt },
  };
}

function planDeathSave(model: TempoCardModel, total: number, target: number): Result<SavePlan> {
  const combatant = cardCombatant(model);
  if (combatant === null) return { ok: true, value: NONE };
  const outcome = recordDeathSave(readDeathSaveTally(deathSavesOf(combatant)), total >= target);
  return outcome.ok ? { ok: true, value: { kind: "deathSave", combatant, outcome: outcome.value } } : outcome;
}

/**
 * What this save on this card will change (nothing written yet): `total` of the recorded roll against
 * the rules' `target` (issue 18: engine checkedSaveRoll, never the card's own numbers).
 */
export function planSaveOutcome(model: TempoCardModel, save: { total: number; target: number }): Result<SavePlan> {
  if (model.card.type !== "save") return { ok: true, value: NONE };
  const input = model.input as unknown as SaveCardInput;
  if (input.kind === "endPhase" || input.kind === "ongoing") return planEndPhase(model, input, save.total);
  if (input.kind === "concentration") return planConcentration(model, input, save.total, save.target);
  // Issue 19: a spell's save; a damaging spell's damage is rolled now (postDamageAfterSave).
  if (input.kind === "spell")
    return { ok: true, value: { kind: "spellDamage", model, success: save.total >= save.target } };
  return planDeathSave(model, save.total, save.target);
}

/** The card fields a plan adds to the card's one update (the death save tally the card shows). */
export function planCardFields(plan: SavePlan): Record<string, unknown> {
  if (plan.kind !== "deathSave") return {};
  return { "system.input.deathSaves": { ...plan.outcome.tally, state: plan.outcome.state } };
}

/** Writes a plan (after the card's own update). */
export async function writeSavePlan(plan: SavePlan): Promise<Message | null> {
  if (plan.kind === "endEffect") {
    await plan.actor.deleteEmbeddedDocuments("ActiveEffect", [plan.effectId]);
  } else if (plan.kind === "loseConcentration") {
    if (plan.interrupt && plan.combat !== null)
      await plan.combat.tempoCommand({ type: "interrupt", combatantId: plan.combatantId });
    const left = effectsCarrying(plan.actor, ["concentrating", "casting"]);
    if (left.length > 0) await plan.actor.deleteEmbeddedDocuments("ActiveEffect", left);
  } else if (plan.kind === "spellDamage") {
    await postDamageAfterSave(plan.model, plan.success);
  } else if (plan.kind === "deathSave") {
    await writeDeathTally(plan.combatant, plan.outcome.tally);
    const actor = plan.combatant.actor;
    const dead = plan.outcome.state === "dead" ? statusEffectData("dead") : null;
    if (dead !== null && actor !== null) await actor.createEmbeddedDocuments("ActiveEffect", [dead]);
  }
  return null;
}

/**
 * SEG-10: the creature that failed this save loses its concentration (a concentration check's own plan
 * already says what its failure ends). The saver: a spell save's target, else the card's creature.
 */
export async function endConcentrationOnFailedSave(
  model: TempoCardModel,
  save: { total: number; target: number },
): Promise<void> {
  if (model.card.type !== "save" || save.total >= save.target) return;
  const kind = (model.input as unknown as SaveCardInput).kind;
  if (kind === "concentration") return;
  const saver = kind === "spell" ? spellSaveTarget(model) : actorOf(model);
  if (saver !== null) await endConcentrationAfter(saver, "failedSave");
}
