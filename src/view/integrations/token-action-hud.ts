/**
 * Issue 22 item 4, Token Action HUD Core (Larkinabout/fvtt-token-action-hud-core): what its HUD lists
 * for a creature of Tempo, in three groups of one "Tempo" tab. Nothing is decided here that the token
 * HUD and the sheet do not already decide:
 * - "Actions left": the token HUD's budget in words (hud/token-hud.ts `buildTokenHud`: the tracker row's
 *   economy), one entry per action kind, its state ("2 left", "spent") as the entry's info, and in a
 *   ruleset with AP the creature's AP, as the sheet's combat part shows it (AP-1);
 * - "Combat": the token HUD's buttons (the sheet's `combatControlsOf`: End turn, Declare…, Delay, React…,
 *   Defend, Disengage, the rotation tasks that spend actions …), each tried on the state first, so a
 *   refused one is listed as refused with the engine's reason;
 * - "Attacks and casts": the sheet's item rows' Attack/Cast/Move with… buttons (item-rows.ts `use`), each
 *   with the row's values (damage, and the ruleset's delay, speed or AP cost and swings) as its details.
 * The module's entries are plain objects (`{ id, name, info1, cssClass, tooltip, system }`,
 * module/handlers/action-handlers/action-handler.mjs `createAction`); src/foundry/integrations/
 * actions-api.ts localizes these views for `CONFIG.TEMPO.actions`, which Tempo's Token Action HUD module
 * (src/modules/token-action-hud/) turns into them.
 */
import type { I18nKey, Message } from "../../engine/index.ts";
import { buildTokenHud } from "../hud/token-hud.ts";
import { buildItemRow, type ItemValue } from "../sheets/item-rows.ts";
import { RULESET_SHEETS } from "../sheets/sheet-ruleset.ts";
import type { ActorSheetInput } from "../sheets/sheet-input.ts";
import type { ControlContext } from "../tracker/tracker-controls.ts";

export type TahGroupId = "tempo-budget" | "tempo-combat" | "tempo-items";

/** The groups in the order the HUD shows them, with their names. */
export const TAH_GROUPS: readonly { readonly id: TahGroupId; readonly name: I18nKey }[] = [
  { id: "tempo-budget", name: "TEMPO.INTEGRATIONS.TokenActionHud.Budget" },
  { id: "tempo-combat", name: "TEMPO.INTEGRATIONS.TokenActionHud.Combat" },
  { id: "tempo-items", name: "TEMPO.INTEGRATIONS.TokenActionHud.Items" },
];

/** The tab that holds them. */
export const TAH_TAB: { readonly id: string; readonly name: I18nKey } = {
  id: "tempo",
  name: "TEMPO.INTEGRATIONS.TokenActionHud.Tab",
};

export interface TahEntry {
  /** Stable per actor, so the module keeps a user's choice of shown entries between turns. */
  readonly id: string;
  readonly name: Message;
  readonly icon: string;
  /** A budget entry's state ("2 left"); null for a button. */
  readonly info: Message | null;
  /** The control a click gives (null for a budget entry, which does nothing). */
  readonly control: ControlContext | null;
  /** The owned item an Attack/Cast button uses. */
  readonly itemId: string | null;
  /** The item row's values (an Attack/Cast button's damage, delay, speed, swings …); empty otherwise. */
  readonly details: readonly ItemValue[];
}

export interface TahGroup {
  readonly id: TahGroupId;
  readonly entries: readonly TahEntry[];
}

const buttonEntry = (
  id: string,
  control: ControlContext,
  itemId: string | null = null,
  details: readonly ItemValue[] = [],
): TahEntry => ({ id, name: control.label, icon: control.icon, info: null, control, itemId, details });

const factEntry = (id: string, name: Message, icon: string, info: Message): TahEntry => ({
  id,
  name,
  icon,
  info,
  control: null,
  itemId: null,
  details: [],
});

/**
 * The groups for the creature `input` describes, as this viewer may act for it: nothing for a viewer who
 * may not (a read-only sheet: not the owner). `runs` says which control actions the caller can run (the
 * token HUD's own list); the others are left out, as the token HUD leaves them out.
 */
export function tokenActionHudGroups(input: ActorSheetInput, runs: (action: string) => boolean): TahGroup[] {
  if (!input.editable) return [];
  const hud = input.combat === null ? null : buildTokenHud(input.combat);
  const budget: TahEntry[] = (hud?.economy ?? []).map((pip) =>
    factEntry(`budget-${pip.kind}`, pip.label, pip.icon, pip.stateLabel),
  );
  // AP-1: the creature's AP (its swings per Full action are on each weapon's entry).
  if (RULESET_SHEETS[input.ruleset].ap)
    budget.push(
      factEntry("budget-ap", { key: "TEMPO.SHEET.Ap" }, "fa-solid fa-bolt", {
        key: "TEMPO.SHEET.Budget.Count",
        data: { count: input.actor.stats.ap.max },
      }),
    );
  const combat = (hud?.actions ?? [])
    .filter((c) => runs(c.action))
    .map((c) => buttonEntry(`${c.action}-${c.label.key}`, c));
  const items: TahEntry[] = [];
  for (const item of input.items) {
    const row = buildItemRow(input, item);
    if (row.use !== null && runs(row.use.action))
      items.push(buttonEntry(`item-${item.id}`, row.use, item.id, row.values));
  }
  const groups: TahGroup[] = [
    { id: "tempo-budget", entries: budget },
    { id: "tempo-combat", entries: combat },
    { id: "tempo-items", entries: items },
  ];
  return groups.filter((g) => g.entries.length > 0);
}
