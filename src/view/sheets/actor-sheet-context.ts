/**
 * The actor sheet's context, one object per part (templates/sheets/actor/*.hbs), built from plain data
 * (sheet-input.ts). The Foundry sheet (src/foundry/applications/sheets) and the preview's sheet page call
 * this same function and render the same templates.
 */
import type { Message } from "../../engine/index.ts";
import { buildActorBudget, type ActorBudgetContext } from "./actor-budget.ts";
import { buildActorCombat, type ActorCombatContext } from "./actor-combat.ts";
import { buildActorEffects, type ActorEffectsContext } from "./actor-effects.ts";
import {
  actorDerivedOf,
  buildActorAttributes,
  buildActorHeader,
  type ActorAttributesContext,
  type ActorHeaderContext,
} from "./actor-header.ts";
import { buildItemRow, type ItemRowContext } from "./item-rows.ts";
import type { ActorSheetInput, SheetMode } from "./sheet-input.ts";
import { RULESET_SHEETS } from "./sheet-ruleset.ts";

export type ActorTabId = "combat" | "inventory" | "spells" | "effects" | "biography";
export const ACTOR_TABS: readonly ActorTabId[] = ["combat", "inventory", "spells", "effects", "biography"];

export interface TabContext {
  readonly id: ActorTabId;
  readonly label: Message;
  readonly active: boolean;
  /** "true"/"false" for aria-selected. */
  readonly selected: string;
  readonly cssClass: string;
}

export interface ActorSheetContext {
  readonly mode: SheetMode;
  readonly modeToggle: { readonly label: Message; readonly pressed: string; readonly shown: boolean };
  readonly tabList: readonly TabContext[];
  /** Each panel's class: "active" for the tab shown. */
  readonly tabClass: Readonly<Record<ActorTabId, string>>;
  readonly header: ActorHeaderContext;
  readonly attributes: ActorAttributesContext;
  readonly combat: ActorCombatContext;
  /** The world's ruleset's action resources for a fresh turn (play, no combat); the stored override (edit). */
  readonly budget: ActorBudgetContext;
  readonly inventory: {
    readonly weapons: readonly ItemRowContext[];
    readonly armor: readonly ItemRowContext[];
    readonly feats: readonly ItemRowContext[];
    readonly powers: readonly ItemRowContext[];
    readonly gear: readonly ItemRowContext[];
    readonly empty: boolean;
  };
  readonly spells: { readonly spells: readonly ItemRowContext[]; readonly empty: boolean };
  readonly effects: ActorEffectsContext;
  /** Play: the biography's HTML (enriched by the host); edit: the stored HTML in a text area bound to the field. */
  readonly biography: { readonly html: string; readonly empty: boolean; readonly editing: boolean };
}

const TAB_LABELS: Readonly<Record<ActorTabId, `TEMPO.${string}`>> = {
  combat: "TEMPO.SHEET.Tab.combat",
  inventory: "TEMPO.SHEET.Tab.inventory",
  spells: "TEMPO.SHEET.Tab.spells",
  effects: "TEMPO.SHEET.Tab.effects",
  biography: "TEMPO.SHEET.Tab.biography",
};

export function buildTabs(active: ActorTabId): TabContext[] {
  return ACTOR_TABS.map((id) => ({
    id,
    label: { key: TAB_LABELS[id] },
    active: id === active,
    selected: id === active ? "true" : "false",
    cssClass: id === active ? "active" : "",
  }));
}

export function buildActorSheetContext(input: ActorSheetInput, tab: ActorTabId = "combat"): ActorSheetContext {
  const derived = actorDerivedOf(input);
  const rows = input.items.map((item) => buildItemRow(input, item));
  const of = (type: ItemRowContext["type"]) => rows.filter((r) => r.type === type);
  const powers = RULESET_SHEETS[input.ruleset].powers || input.mode === "edit" ? of("power") : [];
  const inventory = { weapons: of("weapon"), armor: of("armor"), feats: of("feat"), powers, gear: of("gear") };
  const spells = of("spell");
  return {
    mode: input.mode,
    modeToggle: {
      label: { key: input.mode === "edit" ? "TEMPO.SHEET.Mode.ToPlay" : "TEMPO.SHEET.Mode.ToEdit" },
      pressed: input.mode === "edit" ? "true" : "false",
      shown: input.editable,
    },
    tabList: buildTabs(tab),
    tabClass: Object.fromEntries(ACTOR_TABS.map((id) => [id, id === tab ? "active" : ""])) as Record<
      ActorTabId,
      string
    >,
    header: buildActorHeader(input),
    attributes: buildActorAttributes(input, derived),
    combat: buildActorCombat(input, derived),
    budget: buildActorBudget(input, derived),
    inventory: { ...inventory, empty: Object.values(inventory).every((list) => list.length === 0) },
    spells: { spells, empty: spells.length === 0 },
    effects: buildActorEffects(input),
    biography: {
      html: input.actor.biography,
      empty: input.actor.biography.trim() === "",
      editing: input.mode === "edit",
    },
  };
}
