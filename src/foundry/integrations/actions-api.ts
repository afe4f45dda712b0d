/**
 * Issue 22 item 4: `CONFIG.TEMPO.actions`, Tempo's public API for HUD modules (README "Public API for HUD
 * modules"). A HUD module (Tempo's own Token Action HUD adapter, src/modules/token-action-hud/, is one)
 * lists what the creature may do now and runs one of those actions; it needs nothing else of Tempo.
 * What is listed is decided in src/view/integrations/token-action-hud.ts (the token HUD's budget and
 * buttons and the sheet's item buttons); this file only localizes it, and `run` presses the control as the
 * token HUD presses its button (`runHudAction`), so a HUD gives exactly the commands the sheet gives. A
 * refused action is listed disabled with the engine's reason; running it says why and changes nothing.
 */
import type { Message } from "../../engine/index.ts";
import { TAH_GROUPS, TAH_TAB, tokenActionHudGroups, type TahEntry } from "../../view/integrations/token-action-hud.ts";
import type { ItemValue } from "../../view/sheets/item-rows.ts";
import { HUD_ACTIONS, runHudAction } from "../applications/hud/hud-actions.ts";
import { actorSheetInputOf } from "../applications/sheets/sheet-documents.ts";
import { localizeMessage } from "../localize.ts";
import { showNotice } from "../notice.ts";

/** One action of the list, every text localized. */
export interface TempoAction {
  /** Stable per actor and control (a HUD may remember a user's choice of shown actions by it). */
  readonly id: string;
  readonly name: string;
  /** Font Awesome classes. */
  readonly icon: string;
  /** A budget entry's state ("2 left", "spent"); null for an action. */
  readonly info: string | null;
  /** The refusal first, then an item's values ("Damage: 1d8 · Delay: 4"); null when there is nothing to say. */
  readonly tooltip: string | null;
  /** False for a budget entry, which only tells (running it does nothing). */
  readonly runnable: boolean;
  /** The rules refuse it now; `reason` says why. */
  readonly disabled: boolean;
  readonly reason: string | null;
  /** A choice in force (a toggle drawn pressed). */
  readonly pressed: boolean;
}

export interface TempoActionGroup {
  readonly id: string;
  readonly name: string;
  readonly actions: readonly TempoAction[];
}

/** The groups a HUD lays out, in order, under one tab (names localized). */
export interface TempoActionsLayout {
  readonly tab: { readonly id: string; readonly name: string };
  readonly groups: readonly { readonly id: string; readonly name: string }[];
}

export type TempoActionResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** `CONFIG.TEMPO.actions`. */
export interface TempoActionsApi {
  layout(): TempoActionsLayout;
  list(tokenOrActor: unknown, user?: User.Implementation): TempoActionGroup[];
  run(tokenOrActor: unknown, actionId: string): Promise<TempoActionResult>;
}

const REFUSED: Message = { key: "TEMPO.INTEGRATIONS.TokenActionHud.Refused" };

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;
const isActor = (value: unknown): value is Actor.Implementation => isObj(value) && value.documentName === "Actor";

/** The actor of an Actor, a TokenDocument or a Token placeable (`token.actor`), else null. */
function actorOf(tokenOrActor: unknown): Actor.Implementation | null {
  if (isActor(tokenOrActor)) return tokenOrActor;
  if (!isObj(tokenOrActor)) return null;
  const actor = tokenOrActor.actor;
  return isActor(actor) ? actor : null;
}

/** An item row's value in words, as the sheet's row shows it: "Damage: 1d8", "Properties: reach, two-handed". */
function valueText(value: ItemValue): string {
  const words = value.words.map(localizeMessage).join(", ");
  const shown = [value.value, words].filter((part) => part !== "").join(" ");
  return `${localizeMessage(value.label)}: ${shown}`;
}

const refusalOf = (entry: TahEntry): Message | null =>
  entry.control?.disabled === true ? (entry.control.reason ?? REFUSED) : null;

function actionOf(entry: TahEntry): TempoAction {
  const refused = refusalOf(entry);
  const reason = refused === null ? null : localizeMessage(refused);
  const tooltip = [...(reason === null ? [] : [reason]), ...entry.details.map(valueText)].join(" · ");
  return {
    id: entry.id,
    name: localizeMessage(entry.name),
    icon: entry.icon,
    info: entry.info === null ? null : localizeMessage(entry.info),
    tooltip: tooltip === "" ? null : tooltip,
    runnable: entry.control !== null,
    disabled: refused !== null,
    reason,
    pressed: entry.control?.pressed === "true",
  };
}

/** The view's groups for `actor` as `user` may act for it: nothing for a user who does not own it. */
function groupsOf(actor: Actor.Implementation | null, user: User.Implementation) {
  if (actor === null || !actor.testUserPermission(user, "OWNER")) return [];
  const input = actorSheetInputOf(actor, "play", true, user);
  return input === null ? [] : tokenActionHudGroups(input, (action) => HUD_ACTIONS.has(action));
}

function layout(): TempoActionsLayout {
  return {
    tab: { id: TAH_TAB.id, name: localizeMessage({ key: TAH_TAB.name }) },
    groups: TAH_GROUPS.map((g) => ({ id: g.id, name: localizeMessage({ key: g.name }) })),
  };
}

function list(tokenOrActor: unknown, user: User.Implementation = game.user): TempoActionGroup[] {
  const names = new Map(layout().groups.map((g) => [g.id, g.name]));
  return groupsOf(actorOf(tokenOrActor), user).map((group) => ({
    id: group.id,
    name: names.get(group.id) ?? group.id,
    actions: group.entries.map(actionOf),
  }));
}

/** Runs the action `actionId` of the current list for this user: its refusal said, or its control pressed. */
async function run(tokenOrActor: unknown, actionId: string): Promise<TempoActionResult> {
  const actor = actorOf(tokenOrActor);
  const entry = groupsOf(actor, game.user)
    .flatMap((g) => g.entries)
    .find((e) => e.id === actionId);
  if (actor === null || entry?.control === undefined || entry.control === null) {
    const message: Message = {
      key: "TEMPO.INTEGRATIONS.Actions.Unavailable",
      data: { action: actionId, name: actor?.name ?? "" },
    };
    showNotice(message);
    return { ok: false, reason: localizeMessage(message) };
  }
  const refused = refusalOf(entry);
  if (refused !== null) {
    showNotice(refused);
    return { ok: false, reason: localizeMessage(refused) };
  }
  await runHudAction(actor, entry.control.action, { command: entry.control.command, itemId: entry.itemId });
  return { ok: true };
}

export const TEMPO_ACTIONS: TempoActionsApi = { layout, list, run };
