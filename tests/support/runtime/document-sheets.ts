/**
 * What Tempo's sheets build on, as open v13 systems use it (dnd5e, Draw Steel, Everyday Heroes'
 * `registerSheets`):
 * - `foundry.applications.api.HandlebarsApplicationMixin(Base)` returns a subclass of Base (here: Base);
 * - `foundry.applications.sheets.ActorSheetV2` / `ItemSheetV2`, the classes the sheets extend, holding
 *   their `document` and whether the viewer may edit it (`isEditable`);
 * - `foundry.applications.apps.DocumentSheetConfig.registerSheet(documentClass, scope, sheetClass,
 *   { types, makeDefault, label })` (API DocumentSheetConfig.registerSheet: "Register a sheet class as a
 *   candidate which can be used to display documents of a given type"), kept per client: each page runs
 *   `init` and registers its own.
 * The sheets render through the model of ApplicationV2's render pipeline (application-v2.ts), once a test
 * installs its DOM, each with its own application `id`. Their logic runs through sheet-commands.ts and the
 * documents of the model.
 */
import { ApplicationV2Model, type ApplicationOptionsModel, type PartConfig } from "./application-v2.ts";
import { currentClient, type ClientGlobals } from "./context.ts";

/** One `registerSheet` call as a client saw it. */
export interface SheetRegistration {
  readonly documentClass: unknown;
  readonly scope: string;
  readonly sheetClass: unknown;
  readonly options: { readonly types?: readonly string[]; readonly makeDefault?: boolean; readonly label?: string };
}

const registered = new WeakMap<ClientGlobals, SheetRegistration[]>();

/** The sheets `client` registered (in its `init`). */
export function sheetsOf(client: ClientGlobals): readonly SheetRegistration[] {
  return registered.get(client) ?? [];
}

/** What the drop model needs of the sheet's actor and of the dropped item. */
interface DropActor {
  readonly uuid: string;
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<unknown[]>;
}
interface DroppedItem {
  readonly parent: { readonly uuid: string } | null;
  toObject(): object;
}

class DocumentSheetV2Model extends ApplicationV2Model {
  static override DEFAULT_OPTIONS: ApplicationOptionsModel = {};
  static override PARTS: Record<string, PartConfig> = {};
  static override CORE_NAME = "DocumentSheetV2";
  /** The active tab of each tab group (ApplicationV2 `tabGroups`); none chosen yet. */
  readonly tabGroups: Record<string, string | null> = {};
  /** The sheet's document (ActorSheetV2 and ItemSheetV2 expose it as `document`). */
  document: unknown = null;
  /** Whether the viewer may change the document (core: owner, and the sheet not locked). */
  isEditable = true;
  /**
   * The smallest model of ActorSheetV2's default `_onDropItem(event, item)` (Foundry's v13 API page for
   * ActorSheetV2: "Handle a dropped Item on the Actor Sheet"; Draw Steel's and dnd5e's v13 actor sheets
   * extend it rather than replace it): nothing for a viewer who may not edit, a sort (no new item) for an
   * item already on this actor, else one `createEmbeddedDocuments("Item", [item.toObject()])` on the actor.
   */
  async _onDropItem(_event: unknown, item: DroppedItem): Promise<unknown[] | null> {
    const actor = this.document as DropActor;
    if (!this.isEditable || item.parent?.uuid === actor.uuid) return null;
    return actor.createEmbeddedDocuments("Item", [item.toObject()]);
  }
}

/** The `foundry.applications` keys the sheets need. */
export function sheetApplications() {
  return {
    api: { HandlebarsApplicationMixin: <T>(base: T): T => base },
    sheets: {
      ActorSheetV2: class ActorSheetV2 extends DocumentSheetV2Model {},
      ItemSheetV2: class ItemSheetV2 extends DocumentSheetV2Model {},
    },
    apps: {
      DocumentSheetConfig: {
        registerSheet: (
          documentClass: unknown,
          scope: string,
          sheetClass: unknown,
          options: SheetRegistration["options"],
        ): void => {
          const client = currentClient();
          registered.set(client, [...sheetsOf(client), { documentClass, scope, sheetClass, options }]);
        },
      },
    },
  };
}
