/**
 * PHS-12: adds the end-phase save field (view/effects/end-phase-save-field.ts) to every ActiveEffect
 * config, so a GM marks an effect as calling for a save without a macro. Added on the
 * `renderActiveEffectConfig` hook to the config's details tab, as Draw Steel adds its "ends" field to
 * the duration tab (src/module/apps/hooks/activeEffectConfig.mjs); the config form saves the named
 * `flags.tempo.endPhaseSave` with the rest of the effect.
 */
import { endPhaseSaveFieldHtml, endPhaseSaveFieldName } from "../../view/effects/end-phase-save-field.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { endPhaseSaveKindOf } from "./end-phase-save-flag.ts";

/** Puts the field in the rendered config (once: a re-render keeps the one already there). */
export function addEndPhaseSaveField(effect: unknown, root: HTMLElement): void {
  if (root.querySelector(`[name="${endPhaseSaveFieldName(SYSTEM_ID)}"]`) !== null) return;
  const tab = root.querySelector<HTMLElement>('.tab[data-tab="details"]') ?? root.querySelector<HTMLElement>("form");
  if (tab === null) return;
  const html = endPhaseSaveFieldHtml(
    SYSTEM_ID,
    endPhaseSaveKindOf(effect),
    (key) => game.i18n.localize(key),
    (text) => foundry.utils.escapeHTML(text),
  );
  tab.insertAdjacentHTML("beforeend", html);
}

export function registerEffectConfigField(): void {
  Hooks.on("renderActiveEffectConfig", (app, html) => {
    addEndPhaseSaveField((app as { document?: unknown }).document, html as HTMLElement);
  });
}
