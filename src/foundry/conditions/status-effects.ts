/**
 * The rules' conditions as v13 status effects (issue 10 item 3): one `CONFIG.statusEffects` entry per
 * condition of the engine's table, `{ id, name, img }` with the name as an i18n key (core localizes
 * status names when it shows them and when it makes the effect) and the system's own icon.
 *
 * Registered at `init`, as dnd5e (`_configureStatusEffects` in dnd5e.mjs) and Draw Steel build their
 * lists from their condition tables. Core's own entries stay (its "dead" marks the defeated); an entry
 * of core's with one of our ids (core ships "unconscious") is replaced by ours.
 *
 * Each entry's `reference` is the UUID of its page in the conditions journal pack (condition-pages.ts),
 * the field dnd5e gives its condition status effects for the same purpose.
 */
import { CONDITION_IDS, CONDITIONS, type ConditionId, type I18nKey } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { conditionReference } from "./condition-pages.ts";

export interface TempoStatusEffect {
  readonly id: ConditionId;
  readonly name: I18nKey;
  readonly img: string;
  /** The condition's journal page (a compendium UUID). */
  readonly reference: string;
}

/** The icon a condition shows on tokens, shipped by the build from icons/conditions/. */
export function conditionIcon(id: ConditionId): string {
  return `systems/${SYSTEM_ID}/icons/conditions/${id}.svg`;
}

export function tempoStatusEffects(): readonly TempoStatusEffect[] {
  return CONDITION_IDS.map((id) => ({
    id,
    name: CONDITIONS[id].name,
    img: conditionIcon(id),
    reference: conditionReference(id),
  }));
}

/** Adds the conditions to `CONFIG.statusEffects`, after core's own (see the file comment). */
export function registerStatusEffects(): void {
  const ours = tempoStatusEffects();
  const ids = new Set<string>(CONDITION_IDS);
  const core = CONFIG.statusEffects.filter((status) => !ids.has(status.id));
  CONFIG.statusEffects = [...core, ...ours] as typeof CONFIG.statusEffects;
}
