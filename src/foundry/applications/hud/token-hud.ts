/**
 * Issue 19: Tempo's section of core's token HUD. In v13 the TokenHUD is an ApplicationV2
 * (foundry.applications.hud.TokenHUD, https://foundryvtt.com/api/v14/modules/foundry.applications.hud.html),
 * so after each render the hook `renderTokenHUD(application, element, context, options)` fires with the
 * HUD's HTMLElement ("The hook provides the pending application HTML … Hooked functions may modify that
 * HTML or attach interactive listeners to it", https://foundryvtt.com/api/functions/hookEvents.renderApplicationV2.html).
 * Modules add their controls to its columns there (`element.querySelector(".col.right")`, a
 * `<button type="button">` each: Unarekin/FoundryVTT-Sprite-Animations src/tokenHUD.ts; the
 * token-context-menu wiki's "For module authors" page); Draw Steel replaces the class instead
 * (`CONFIG.Token.hudClass`, src/module/applications/hud/token-hud.mjs) — a hook is enough to add a section.
 *
 * For a token whose creature fights in a Tempo combat, the section shows what its action budget has
 * left in words and the buttons the actor sheet offers (src/view/hud/token-hud.ts decides both). Core
 * shows a token's HUD to the users who control it (a player controls the tokens it owns, the GM every
 * token: https://foundryvtt.com/article/tokens/); the section is drawn only for an owner (the GM owns
 * all). The buttons are real `<button>`s with visible labels, reached with Tab and pressed with Enter or
 * Space; they carry `data-tempo-action`, not `data-action`, so core's action dispatch on the HUD's
 * element leaves them to this file's listener. After a button's command the HUD is drawn again, so the
 * text shows what is left now; so it is when the combat changes while the HUD is open (a turn ends, the GM
 * spends for the creature): core does not redraw the token HUD for a combat's changes by itself (Draw
 * Steel asks for it after its combatants change: `combat._refreshTokenHUD(...)`,
 * src/module/data/combatant-group/base.mjs), so the Combat and Combatant update hooks draw it again here.
 */
import type { Message } from "../../../engine/index.ts";
import { buildTokenHud, type TokenHudContext } from "../../../view/hud/token-hud.ts";
import type { ControlContext } from "../../../view/tracker/tracker-controls.ts";
import { localizeMessage } from "../../localize.ts";
import { sheetCombatOfActor } from "../sheets/sheet-documents.ts";
import { HUD_ACTIONS, runHudAction } from "./hud-actions.ts";

/** The part of the rendered HUD this file reads: the bound token's actor, and drawing it again. */
interface HudLike {
  readonly actor?: Actor.Implementation | null;
  readonly object?: { readonly actor?: Actor.Implementation | null } | null;
  render(options?: object): unknown;
}

const SECTION_CLASS = "tempo-token-hud";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const text = (message: Message): string => localizeMessage(message);

function buttonOf(control: ControlContext): HTMLButtonElement {
  const button = el("button", "tempo-control tempo-token-hud__action");
  button.type = "button";
  button.dataset.tempoAction = control.action;
  if (control.command !== null) button.dataset.command = control.command;
  if (control.pressed !== undefined) button.setAttribute("aria-pressed", control.pressed);
  const icon = el("i", control.icon);
  icon.setAttribute("aria-hidden", "true");
  button.append(icon, el("span", "tempo-control__label", text(control.label)));
  if (control.disabled) {
    button.disabled = true;
    button.setAttribute("aria-disabled", "true");
    if (control.reason !== null) {
      button.title = text(control.reason);
      button.dataset.tooltip = text(control.reason);
    }
  }
  return button;
}

function sectionOf(context: TokenHudContext): HTMLElement {
  const section = el("section", SECTION_CLASS);
  const heading = text(context.rulesetLabel);
  section.setAttribute("aria-label", game.i18n.format("TEMPO.HUD.Label", { ruleset: heading }));
  section.append(el("h3", "tempo-token-hud__title", heading));
  if (context.economy.length > 0) {
    const list = el("ul", "tempo-token-hud__budget");
    list.setAttribute("aria-label", game.i18n.localize("TEMPO.TRACKER.Pip.Heading"));
    for (const pip of context.economy) {
      const item = el("li", `tempo-pip ${pip.cssClass}`);
      item.dataset.kind = pip.kind;
      const icon = el("i", pip.icon);
      icon.setAttribute("aria-hidden", "true");
      item.append(icon, ` ${text(pip.label)}: ${text(pip.stateLabel)}`);
      list.append(item);
    }
    section.append(list);
  }
  const actions = context.actions.filter((c) => HUD_ACTIONS.has(c.action));
  if (actions.length > 0) {
    const group = el("div", "tempo-token-hud__actions");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", game.i18n.localize("TEMPO.SHEET.Combat.Actions"));
    group.append(...actions.map(buttonOf));
    section.append(group);
  }
  return section;
}

/** `renderTokenHUD`: adds (or replaces) the Tempo section of the HUD's right column. */
export function renderTempoHud(hud: HudLike, element: HTMLElement): void {
  element.querySelector(`.${SECTION_CLASS}`)?.remove();
  const actor = hud.actor ?? hud.object?.actor ?? null;
  if (actor === null || !actor.isOwner) return;
  const combat = sheetCombatOfActor(actor, game.user);
  const context = combat === null ? null : buildTokenHud(combat);
  if (context === null) return;
  const section = sectionOf(context);
  section.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button[data-tempo-action]");
    const action = button?.dataset.tempoAction;
    if (button === null || button === undefined || action === undefined || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    void runHudAction(actor, action, { command: button.dataset.command }).then(() => hud.render());
  });
  (element.querySelector(".col.right") ?? element).append(section);
}

/** The open HUD drawn again when it shows a creature of a Tempo combat (the budget it shows may have changed). */
function refreshOpenHud(): void {
  // Before the canvas is drawn (or on a page without one) there is no HUD to draw.
  const hud = typeof canvas === "undefined" ? undefined : canvas?.tokens?.hud;
  if (hud === undefined || !hud.rendered) return;
  const actor = hud.object?.actor ?? null;
  if (actor !== null && actor.isOwner && sheetCombatOfActor(actor, game.user) !== null) void hud.render();
}

export function registerTokenHud(): void {
  Hooks.on("renderTokenHUD", (hud: HudLike, element: HTMLElement) => renderTempoHud(hud, element));
  Hooks.on("updateCombat", refreshOpenHud);
  Hooks.on("updateCombatant", refreshOpenHud);
}
