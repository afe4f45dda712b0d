/**
 * What every sheet builder reads, whatever hosts the sheet (Foundry's documents or the preview's sample
 * documents): the actor's and items' plain statistics (the shapes src/engine/actors and src/engine/items
 * define), the world's ruleset and DR setting, and — when the actor fights in a combat — the tracker's own
 * input (src/view/tracker/tracker-input.ts), so "now" (actions left, declarations, what the rules refuse)
 * is read exactly as the tracker reads it.
 */
import type {
  ActorActionOverrides,
  ActorStats,
  ConditionId,
  DrMode,
  ItemStatsByType,
  ItemType,
  RulesetId,
} from "../../engine/index.ts";
import type { TrackerInput } from "../tracker/tracker-input.ts";

/** A sheet is drawn for reading and acting (play) or for changing the document's fields (edit). */
export type SheetMode = "play" | "edit";

/** One owned item as a sheet reads it. */
export type SheetItem = {
  readonly [T in ItemType]: {
    readonly id: string;
    readonly name: string;
    readonly img: string | null;
    readonly type: T;
    readonly stats: ItemStatsByType[T];
    /** The item's description (HTML from the document's HTML field, already enriched by the host). */
    readonly description: string;
  };
}[ItemType];

export type SheetItemOf<T extends ItemType> = Extract<SheetItem, { readonly type: T }>;

/** The actor's combat now: the tracker's input and the combatant that is this actor in it. */
export interface SheetCombat {
  readonly input: TrackerInput;
  readonly combatantId: string;
}

export type ActorType = "character" | "npc";

export interface ActorSheetInput {
  readonly actor: {
    readonly id: string;
    readonly name: string;
    readonly img: string | null;
    readonly type: ActorType;
    readonly stats: ActorStats;
    /** Biography HTML ("" when the actor has none). */
    readonly biography: string;
    /** The conditions on the actor now (its status effects). */
    readonly conditions: readonly ConditionId[];
    /** SEG-16: the action resources it stores (absent: the rules' default). */
    readonly actions?: ActorActionOverrides;
  };
  readonly items: readonly SheetItem[];
  /** The world's ruleset (the `ruleset` setting), or the combat's when the actor fights in one. */
  readonly ruleset: RulesetId;
  /** DR-2 *(setting)*. */
  readonly drMode: DrMode;
  readonly mode: SheetMode;
  /** The viewer may change the actor (owner): edit mode and the action buttons need it. */
  readonly editable: boolean;
  readonly combat: SheetCombat | null;
}

export interface ItemSheetInput {
  readonly item: SheetItem;
  readonly ruleset: RulesetId;
  readonly mode: SheetMode;
  readonly editable: boolean;
  /** The owner's AP and primary modifier for the derived values (src/engine/items ItemOwner); null: unowned. */
  readonly owner: { readonly ap: number | null; readonly primaryModifier: number | null } | null;
}
